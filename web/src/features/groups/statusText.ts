// The words for a group that takes no rows, as the server refuses a row in
// each state (api/src/routes/group_orders.rs, refuse_rows): shown before
// anyone tries. A refusal that does arrive shows the server's own message.
import type { PublicGroupOrder } from '../../api/groupOrders';

export const GROUP_CLOSED = 'This group order is closed: the organiser has placed it.';
export const GROUP_CANCELLED = 'This group order was cancelled.';
export const GROUP_DEADLINE_PASSED = "This group order's deadline has passed: ask the organiser to extend it.";

/** Why a group takes no new or changed rows; null while it is open. */
export function closedText(group: Pick<PublicGroupOrder, 'status' | 'deadlinePassed'>): string | null {
  // A placed group (its order paid) refuses rows as a closed one does.
  if (group.status === 'closed' || group.status === 'placed') return GROUP_CLOSED;
  if (group.status === 'cancelled') return GROUP_CANCELLED;
  return group.deadlinePassed ? GROUP_DEADLINE_PASSED : null;
}
