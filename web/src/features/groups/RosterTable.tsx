// The group's rows as they come in: member, size, name and number, and when
// they joined, and (members paying) whether their piece is paid; each
// removable while the group is open (the member is e-mailed by the server,
// and refunded when they paid), after a confirmation.
import { useState } from 'react';
import type { GroupRow } from '../../api/groupOrders';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { formatDate } from '../../lib/formatDate';
import type { PrintedFields } from './printedFields';
import { useT } from '../../lib/i18n';

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
  const t = useT();
  const [removing, setRemoving] = useState<GroupRow | null>(null);
  if (rows.length === 0) return <p className="muted empty-roster">{t('groups.nobodyYet')}</p>;
  const describe = (r: GroupRow) => [r.size, r.name, r.number].filter(Boolean).join(' ');
  return (
    <div className="roster-scroll" tabIndex={0} role="region" aria-label={t('groups.roster')}>
      <table className="group-roster">
        <thead>
          <tr>
            <th scope="col">{t('groups.col.member')}</th>
            <th scope="col">{t('groups.size')}</th>
            {fields.name && <th scope="col">{t('groups.col.name')}</th>}
            {fields.number && <th scope="col">{t('groups.number')}</th>}
            <th scope="col">{t('groups.col.joined')}</th>
            {membersPay && <th scope="col">{t('groups.col.payment')}</th>}
            {onRemove && (
              <th scope="col">
                <span className="visually-hidden">{t('groups.col.actions')}</span>
              </th>
            )}
          </tr>
        </thead>
        <tbody>
          {rows.map((r) => (
            <tr key={r._id} data-testid="group-row">
              <td>
                {r.member}
                {r.topUp && <span className="chip-label">{t('groups.topUpMark')}</span>}
              </td>
              <td>{r.size}</td>
              {fields.name && <td>{r.name ?? ''}</td>}
              {fields.number && <td>{r.number ?? ''}</td>}
              <td>{formatDate(r.joinedAt)}</td>
              {membersPay && (
                <td data-testid="row-paid">
                  <span className={`paid-marker ${r.paid ? 'is-paid' : 'not-paid'}`}>{r.paid ? t('groups.paid') : t('groups.notPaid')}</span>
                </td>
              )}
              {onRemove && (
                <td>
                  <button className="btn ghost small danger-text" type="button" disabled={busy} onClick={() => setRemoving(r)} aria-label={t('groups.removeLabel', { member: r.member, piece: describe(r) })}>
                    {t('groups.remove')}
                  </button>
                </td>
              )}
            </tr>
          ))}
        </tbody>
      </table>
      {removing && onRemove && (
        <ConfirmDialog
          title={t('groups.removePiece')}
          question={t('groups.removeQuestion', { member: removing.member, piece: describe(removing) })}
          confirmLabel={t('groups.remove')}
          cancelLabel={t('groups.cancel')}
          onConfirm={() => {
            onRemove(removing);
            setRemoving(null);
          }}
          onCancel={() => setRemoving(null)}
        >
          {t(removing.topUp ? 'groups.removeNote.topUp' : 'groups.removeNote.member')}
          {membersPay && removing.paid && t('groups.removeNote.refunded')}
        </ConfirmDialog>
      )}
    </div>
  );
}
