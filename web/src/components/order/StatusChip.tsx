// An order's status as a coloured chip (the spec's colours, in order.css): on
// the customer's orders, the admin's orders and /track.
import './order.css';

import { useT } from '../../lib/i18n';

export function StatusChip({ status }: { status: string }) {
  const t = useT();
  return <span className={`status-chip status-${status}`}>{t('orders.status', { status })}</span>;
}
