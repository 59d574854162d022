// A saved design's read-only share link: Share creates it (a new one each
// time), then it is shown with Copy and Turn off sharing.
import { useEffect, useState } from 'react';
import { shareUrl, useShareDesign, type SavedDesign } from '../../api/designs';
import type { BannerState } from '../../components/Banners';
import { serverErrorText } from '../../lib/api';
import { useT } from '../../lib/i18n';

export const COPIED_MS = 2_000;

interface Props {
  design: SavedDesign;
  disabled: boolean;
  /** Tells the card a share call runs (its other buttons wait). */
  onBusy: (busy: boolean) => void;
  banners: BannerState;
}

export function ShareControls({ design, disabled, onBusy, banners }: Props) {
  const t = useT();
  const share = useShareDesign();
  const [copied, setCopied] = useState(false);
  useEffect(() => onBusy(share.isPending), [share.isPending, onBusy]);
  useEffect(() => {
    if (!copied) return;
    const timer = setTimeout(() => setCopied(false), COPIED_MS);
    return () => clearTimeout(timer);
  }, [copied]);

  const turn = (on: boolean) =>
    share.mutate(
      { id: design._id, on },
      {
        onSuccess: () => banners.success(on ? t('designs.shareOn') : t('designs.shareOff')),
        onError: (e) => banners.error(serverErrorText(e, t('designs.shareFailed'))),
      },
    );

  if (!design.shareToken) {
    return (
      <button className="btn ghost small share-button" disabled={disabled} onClick={() => turn(true)}>
        {share.isPending ? t('designs.sharing') : t('designs.share')}
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
      banners.error(t('designs.copyByHand'));
    }
  };
  return (
    <div className="share-box">
      <label htmlFor={inputId}>{t('designs.shareLink')}</label>
      <div className="row">
        <input id={inputId} readOnly value={url} onFocus={(e) => e.target.select()} />
        <button className="btn small" onClick={() => void copy()}>
          {copied ? t('designs.copied') : t('designs.copy')}
        </button>
      </div>
      <button className="link-button" disabled={disabled} onClick={() => turn(false)}>
        {share.isPending ? t('designs.turningOff') : t('designs.turnOff')}
      </button>
    </div>
  );
}
