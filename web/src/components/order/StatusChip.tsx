// An order's status as a coloured chip (the spec's colours, in order.css): on
// the customer's orders, the admin's orders and /track.
import './order.css';

/** A status as a word with a capital: 'pending' → 'Pending'. */
export const statusLabel = (status: string) => status.charAt(0).toUpperCase() + status.slice(1);

export function StatusChip({ status }: { status: string }) {
  return <span className={`status-chip status-${status}`}>{statusLabel(status)}</span>;
}
