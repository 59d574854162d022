// "Download labels" for the selected orders: one PDF of their shipping
// labels; the server names the orders that have no shipment (409).
import { useState } from 'react';
import { LABELS_FAILED, downloadLabels } from '../../../api/shipping';
import type { Order } from '../../../api/orders';

export function BulkLabelsButton({ selected, onError }: { selected: Order[]; onError: (message: string) => void }) {
  const [busy, setBusy] = useState(false);
  const download = () => {
    setBusy(true);
    downloadLabels(selected.map((o) => o._id))
      .catch((e: Error) => onError(e.message || LABELS_FAILED))
      .finally(() => setBusy(false));
  };
  return (
    <button className="btn ghost small" onClick={download} disabled={busy || selected.length === 0}>
      {busy ? 'Preparing labels…' : 'Download labels'}
    </button>
  );
}
