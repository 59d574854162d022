// The group's link to send round: shown in a box, with Copy, and Share where
// the browser has the Web Share API (phones: WhatsApp and the like).
import { useEffect, useState } from 'react';
import { groupUrl } from '../../api/groupOrders';

export const COPIED_MS = 2_000;

export function ShareLink({ path, title }: { path: string; title: string }) {
  const url = groupUrl(path);
  const [copied, setCopied] = useState(false);
  const [note, setNote] = useState<string | null>(null);
  const canShare = typeof navigator !== 'undefined' && typeof navigator.share === 'function';
  useEffect(() => {
    if (!copied) return;
    const t = setTimeout(() => setCopied(false), COPIED_MS);
    return () => clearTimeout(t);
  }, [copied]);

  const copy = async () => {
    try {
      await navigator.clipboard.writeText(url);
      setNote(null);
      setCopied(true);
    } catch {
      // No clipboard (permission, or an insecure page): the link is selected to copy by hand.
      (document.getElementById('group-link') as HTMLInputElement | null)?.select();
      setNote('Copy the link from the box (the browser did not allow copying).');
    }
  };
  const share = () => navigator.share({ title, text: `Join “${title}”: pick your size`, url }).catch(() => {});

  return (
    <div className="share-box group-share">
      <label htmlFor="group-link">Link for your group</label>
      <div className="row">
        <input id="group-link" readOnly value={url} onFocus={(e) => e.target.select()} />
        <button className="btn small" type="button" onClick={() => void copy()}>
          {copied ? 'Copied' : 'Copy'}
        </button>
        {canShare && (
          <button className="btn ghost small" type="button" onClick={() => void share()}>
            Share
          </button>
        )}
      </div>
      <p className="small-print" role="status">
        {note}
      </p>
    </div>
  );
}
