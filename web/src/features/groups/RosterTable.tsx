// The group's rows as they come in: member, size, name and number, and when
// they joined, and (members paying) whether their piece is paid; each
// removable while the group is open (the member is e-mailed by the server,
// and refunded when they paid), after a confirmation.
import { useState } from 'react';
import type { GroupRow } from '../../api/groupOrders';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { formatDate } from '../../lib/formatDate';
import type { PrintedFields } from './printedFields';

export function RosterTable({
  rows,
  fields,
  onRemove,
  busy,
  membersPay = false,
}: {
  rows: GroupRow[];
  fields: PrintedFields;
  onRemove?: (row: GroupRow) => void;
  busy: boolean;
  membersPay?: boolean;
}) {
  const [removing, setRemoving] = useState<GroupRow | null>(null);
  if (rows.length === 0) return <p className="muted empty-roster">Nobody has joined yet. Send the link round: rows appear here as people join.</p>;
  const describe = (r: GroupRow) => [r.size, r.name, r.number].filter(Boolean).join(' ');
  return (
    <div className="roster-scroll" tabIndex={0} role="region" aria-label="Roster">
      <table className="group-roster">
        <thead>
          <tr>
            <th scope="col">Member</th>
            <th scope="col">Size</th>
            {fields.name && <th scope="col">Name</th>}
            {fields.number && <th scope="col">Number</th>}
            <th scope="col">Joined</th>
            {membersPay && <th scope="col">Payment</th>}
            {onRemove && (
              <th scope="col">
                <span className="visually-hidden">Actions</span>
              </th>
            )}
          </tr>
        </thead>
        <tbody>
          {rows.map((r) => (
            <tr key={r._id} data-testid="group-row">
              <td>
                {r.member}
                {r.topUp && <span className="chip-label"> (top-up)</span>}
              </td>
              <td>{r.size}</td>
              {fields.name && <td>{r.name ?? ''}</td>}
              {fields.number && <td>{r.number ?? ''}</td>}
              <td>{formatDate(r.joinedAt)}</td>
              {membersPay && (
                <td data-testid="row-paid">
                  <span className={`paid-marker ${r.paid ? 'is-paid' : 'not-paid'}`}>{r.paid ? 'Paid' : 'Not paid'}</span>
                </td>
              )}
              {onRemove && (
                <td>
                  <button className="btn ghost small danger-text" type="button" disabled={busy} onClick={() => setRemoving(r)} aria-label={`Remove ${r.member}’s piece (${describe(r)})`}>
                    Remove
                  </button>
                </td>
              )}
            </tr>
          ))}
        </tbody>
      </table>
      {removing && onRemove && (
        <ConfirmDialog
          title="Remove piece"
          question={`Remove ${removing.member}’s piece (${describe(removing)})?`}
          confirmLabel="Remove"
          onConfirm={() => {
            onRemove(removing);
            setRemoving(null);
          }}
          onCancel={() => setRemoving(null)}
        >
          {removing.topUp ? 'It is one of your own top-up pieces.' : 'They will get an e-mail saying so.'}
          {membersPay && removing.paid && ' Its payment is refunded.'}
        </ConfirmDialog>
      )}
    </div>
  );
}
