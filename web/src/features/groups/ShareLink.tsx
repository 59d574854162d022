// The group's link to send round: shown in a box, with Copy, and Share where
// the browser has the Web Share API (phones: WhatsApp and the like).
import { useEffect, useState } from 'react';
import { groupUrl } from '../../api/groupOrders';
import { useT } from '../../lib/i18n';

export const COPIED_MS = 2_000;

export function ShareLink({ path, title }: { path: string; title: string }) {
  const t = useT();
  const url = groupUrl(path);
  const [copied, setCopied] = useState(false);
  const [note, setNote] = useState<string | null>(null);
  const canShare = typeof navigator !== 'undefined' && typeof navigator.share === 'function';
  useEffect(() => {
    if (!copied) return;
    const timer = setTimeout(() => setCopied(false), COPIED_MS);
    return () => clearTimeout(timer);
  }, [copied]);

  const copy = async () => {
    try {
      await navigator.clipboard.writeText(url);
      setNote(null);
      setCopied(true);
    } catch {
      // No clipboard (permission, or an insecure page): the link is selected to copy by hand.
      (document.getElementById('group-link') as HTMLInputElement | null)?.select();
      setNote(t('groups.copyByHand'));
    }
  };
  const share = () => navigator.share({ title, text: t('groups.shareText', { title }), url }).catch(() => {});

  return (
    <div className="share-box group-share">
      <label htmlFor="group-link">{t('groups.linkForGroup')}</label>
      <div className="row">
        <input id="group-link" readOnly value={url} onFocus={(e) => e.target.select()} />
        <button className="btn small" type="button" onClick={() => void copy()}>
          {copied ? t('groups.copied') : t('groups.copy')}
        </button>
        {canShare && (
          <button className="btn ghost small" type="button" onClick={() => void share()}>
            {t('groups.share')}
          </button>
        )}
      </div>
      <p className="small-print" role="status">
        {note}
      </p>
    </div>
  );
}
