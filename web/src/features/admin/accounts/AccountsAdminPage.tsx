// Accounts (/admin/accounts): the tax invoices and credit notes issued in a
// date range (this month by default), paged, the GSTR-1 totals with the
// reconciliation against the payments recorded, and the exports: GSTR-1 as
// CSV or JSON, and a zip of the documents' PDFs.
import { useState } from 'react';
import { ACCOUNTS_PAGE_SIZE, downloadAccounts, thisMonth, useGstr1, useTaxDocuments, type AccountsDownload, type AccountsRange, type Gstr1 } from '../../../api/accounts';
import { rupees } from '../../../lib/money';
import { Spinner } from '../../../components/Spinner';
import { useBanners, Banners } from '../../../components/Banners';

function Reconciled({ summary }: { summary: Gstr1 }) {
  const r = summary.reconciliation;
  const t = summary.totals;
  return (
    <section className="accounts-summary" aria-label="Reconciliation" data-testid="reconciliation">
      <dl>
        <dt>Invoices</dt>
        <dd>
          {t.invoices.count} · {rupees(t.invoices.total)}
        </dd>
        <dt>Credit notes</dt>
        <dd>
          {t.creditNotes.count} · {rupees(t.creditNotes.total)}
        </dd>
        <dt>Documents, net</dt>
        <dd>{rupees(r.documents)}</dd>
        <dt>Payments</dt>
        <dd>{rupees(r.payments)}</dd>
        <dt>Refunds</dt>
        <dd>{rupees(r.refunds)}</dd>
        <dt>Received, net</dt>
        <dd>{rupees(r.received)}</dd>
      </dl>
      <p className={`notice ${r.reconciled ? 'ok-box' : 'warn-box'}`} role="status">
        {r.reconciled
          ? 'Reconciled: the documents match the payments less refunds.'
          : `Not reconciled: the documents differ from the payments less refunds by ${rupees(r.received - r.documents)}.`}
      </p>
    </section>
  );
}

export default function AccountsAdminPage() {
  const [range, setRange] = useState<AccountsRange>(() => thisMonth());
  const [page, setPage] = useState(1);
  const [downloading, setDownloading] = useState<AccountsDownload | null>(null);
  const banners = useBanners();
  const list = useTaxDocuments(range, page);
  const summary = useGstr1(range);
  const valid = range.from !== '' && range.to !== '' && range.from <= range.to;

  const change = (patch: Partial<AccountsRange>) => {
    setRange((r) => ({ ...r, ...patch }));
    setPage(1);
  };
  const download = (kind: AccountsDownload) => {
    setDownloading(kind);
    downloadAccounts(kind, range)
      .catch((e: Error) => banners.error(e.message))
      .finally(() => setDownloading(null));
  };
  const pagination = list.data?.pagination;
  const documents = list.data?.documents ?? [];

  return (
    <section className="page accounts-page">
      <Banners banners={banners} />
      <div className="admin-head">
        <div>
          <h1>Accounts</h1>
          <p className="muted">Tax invoices and credit notes by the day they were issued (India), for GSTR-1.</p>
        </div>
      </div>

      <div className="admin-controls">
        <label>
          From
          <input type="date" value={range.from} max={range.to} onChange={(e) => change({ from: e.target.value })} />
        </label>
        <label>
          To
          <input type="date" value={range.to} min={range.from} onChange={(e) => change({ to: e.target.value })} />
        </label>
        <button className="btn ghost small" onClick={() => change(thisMonth())}>
          This month
        </button>
        <span className="accounts-downloads">
          <button className="btn small" disabled={!valid || downloading !== null} onClick={() => download('csv')}>
            {downloading === 'csv' ? 'Preparing…' : 'Download GSTR-1 CSV'}
          </button>
          <button className="btn ghost small" disabled={!valid || downloading !== null} onClick={() => download('json')}>
            {downloading === 'json' ? 'Preparing…' : 'Download GSTR-1 JSON'}
          </button>
          <button className="btn ghost small" disabled={!valid || downloading !== null} onClick={() => download('zip')}>
            {downloading === 'zip' ? 'Preparing…' : 'Download PDFs (zip)'}
          </button>
        </span>
      </div>

      {summary.isPending ? (
        <Spinner label="Loading the summary..." />
      ) : summary.isError ? (
        <p className="notice warn-box" role="alert">
          {summary.error.message}
        </p>
      ) : (
        <Reconciled summary={summary.data} />
      )}

      {list.isPending ? (
        <Spinner label="Loading tax documents..." />
      ) : list.isError ? (
        <div className="empty-state" role="alert">
          <p>{list.error.message}</p>
          <button className="btn" onClick={() => void list.refetch()}>
            Try Again
          </button>
        </div>
      ) : documents.length === 0 ? (
        <div className="empty-state">
          <p>No tax documents in this range</p>
        </div>
      ) : (
        <div className="table-wrap">
          <table className={`admin-table ${list.isPlaceholderData ? 'stale' : ''}`} aria-busy={list.isFetching} aria-label="Tax documents">
            <thead>
              <tr>
                <th scope="col">Number</th>
                <th scope="col">Date</th>
                <th scope="col">Order</th>
                <th scope="col">Buyer</th>
                <th scope="col">Place of supply</th>
                <th scope="col">Taxable value</th>
                <th scope="col">Tax</th>
                <th scope="col">Total</th>
              </tr>
            </thead>
            <tbody>
              {documents.map((d) => (
                <tr key={`${d.kind}-${d.number}`} data-testid="tax-document-row">
                  <td>
                    <strong className="mono">{d.number}</strong>
                    <div className="muted">{d.kind === 'invoice' ? 'Tax invoice' : `Credit note against ${d.adjusts ?? ''}`}</div>
                  </td>
                  <td>{d.date}</td>
                  <td>{d.orderNumber}</td>
                  <td>
                    {d.buyerName}
                    {d.gstin && <div className="muted mono">GSTIN {d.gstin}</div>}
                  </td>
                  <td>{d.placeOfSupply}</td>
                  <td>{rupees(d.taxableValue)}</td>
                  <td>{d.igst > 0 ? `IGST ${rupees(d.igst)}` : `CGST ${rupees(d.cgst)} + SGST ${rupees(d.sgst)}`}</td>
                  <td>{d.kind === 'invoice' ? rupees(d.total) : `−${rupees(d.total)}`}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}

      {pagination && pagination.pages > 1 && (
        <nav className="pager" aria-label="Pagination">
          <span>
            Showing {(page - 1) * ACCOUNTS_PAGE_SIZE + 1} to {Math.min(page * ACCOUNTS_PAGE_SIZE, pagination.total)} of {pagination.total} documents
          </span>
          <button className="btn ghost small" onClick={() => setPage((p) => p - 1)} disabled={page <= 1 || list.isFetching}>
            Previous
          </button>
          <button className="btn ghost small" onClick={() => setPage((p) => p + 1)} disabled={page >= pagination.pages || list.isFetching}>
            Next
          </button>
        </nav>
      )}
    </section>
  );
}
