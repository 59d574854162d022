// Moving an order into production without an approved proof: the server
// refused (409 PROOF_NOT_APPROVED); the admin may go ahead with a written
// reason, which the server records in the order's events.
import { useId, useState } from 'react';
import type { Order } from '../../../api/orders';
import type { OrderStatus } from '../../../api/adminOrders';
import { Dialog } from '../../../components/Dialog';

export const MAX_OVERRIDE_REASON = 500;

export function OverrideDialog({
  order,
  status,
  message,
  onConfirm,
  onCancel,
}: {
  order: Order;
  status: OrderStatus;
  message: string;
  onConfirm: (reason: string) => void;
  onCancel: () => void;
}) {
  const [reason, setReason] = useState('');
  const id = useId();
  const trimmed = reason.trim();
  return (
    <Dialog title={`Mark as ${status} without an approved proof`} onClose={onCancel}>
      <p>{message}</p>
      <form
        className="proof-changes"
        onSubmit={(e) => {
          e.preventDefault();
          if (trimmed) onConfirm(trimmed);
        }}
      >
        <label htmlFor={id}>Override reason (recorded with order {order.orderNumber})</label>
        <textarea id={id} value={reason} maxLength={MAX_OVERRIDE_REASON} rows={3} onChange={(e) => setReason(e.target.value)} required autoFocus />
        <div className="row">
          <button className="btn danger" type="submit" disabled={!trimmed}>
            Override and mark {status}
          </button>
          <button className="btn ghost" type="button" onClick={onCancel}>
            Keep the status
          </button>
        </div>
      </form>
    </Dialog>
  );
}
