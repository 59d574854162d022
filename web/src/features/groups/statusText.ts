// The words for a group that takes no rows, as the server refuses a row in
// each state (api/src/routes/group_orders.rs, refuse_rows): shown before
// anyone tries. A refusal that does arrive shows the server's own message.
import type { PublicGroupOrder } from '../../api/groupOrders';
import type { MessageId } from '../../lib/i18n';

/** A translator: a page's `useT()`, or English in a test (`(id, v) => translate('en', id, v)`). */
export type Translate = (id: MessageId, values?: Record<string, string | number>) => string;

/** Why a group takes no new or changed rows (the catalogue's id of its words); null while it is open. */
export function closedText(group: Pick<PublicGroupOrder, 'status' | 'deadlinePassed'>): MessageId | null {
  // A placed group (its order paid) refuses rows as a closed one does.
  if (group.status === 'closed' || group.status === 'placed') return 'groups.closed';
  if (group.status === 'cancelled') return 'groups.cancelled';
  return group.deadlinePassed ? 'groups.deadlinePassed' : null;
}
