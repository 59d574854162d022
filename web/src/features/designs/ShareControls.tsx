// A saved design's read-only share link: Share creates it (a new one each
// time), then it is shown with Copy and Turn off sharing.
import { useEffect, useState } from 'react';
import { SHARE_FAILED, shareUrl, useShareDesign, type SavedDesign } from '../../api/designs';
import type { BannerState } from '../../components/Banners';
import { serverErrorText } from '../../lib/api';

export const COPIED_MS = 2_000;

interface Props {
  design: SavedDesign;
  disabled: boolean;
  /** Tells the card a share call runs (its other buttons wait). */
  onBusy: (busy: boolean) => void;
  banners: BannerState;
}

export function ShareControls({ design, disabled, onBusy, banners }: Props) {
  const share = useShareDesign();
  const [copied, setCopied] = useState(false);
  useEffect(() => onBusy(share.isPending), [share.isPending, onBusy]);
  useEffect(() => {
    if (!copied) return;
    const t = setTimeout(() => setCopied(false), COPIED_MS);
    return () => clearTimeout(t);
  }, [copied]);

  const turn = (on: boolean) =>
    share.mutate(
      { id: design._id, on },
      {
        onSuccess: () => banners.success(on ? 'Share link created: anyone with it can see this design.' : 'Sharing is turned off: the link no longer works.'),
        onError: (e) => banners.error(serverErrorText(e, SHARE_FAILED)),
      },
    );

  if (!design.shareToken) {
    return (
      <button className="btn ghost small share-button" disabled={disabled} onClick={() => turn(true)}>
        {share.isPending ? 'Sharing…' : 'Share'}
      </button>
    );
  }
  const url = shareUrl(design.shareToken);
  const inputId = `share-${design._id}`;
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(url);
      setCopied(true);
    } catch {
      // No clipboard (permission or an insecure page): the link is selected to copy by hand.
      (document.getElementById(inputId) as HTMLInputElement | null)?.select();
      banners.error('Copy the link from the box (the browser did not allow copying).');
    }
  };
  return (
    <div className="share-box">
      <label htmlFor={inputId}>Share link</label>
      <div className="row">
        <input id={inputId} readOnly value={url} onFocus={(e) => e.target.select()} />
        <button className="btn small" onClick={() => void copy()}>
          {copied ? 'Copied' : 'Copy'}
        </button>
      </div>
      <button className="link-button" disabled={disabled} onClick={() => turn(false)}>
        {share.isPending ? 'Turning off…' : 'Turn off sharing'}
      </button>
    </div>
  );
}
