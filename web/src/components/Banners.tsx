// Green success and red error banners: both dismissible; a success vanishes
// after 3 s (the spec's banner time), an error stays until dismissed or replaced.
import { useCallback, useEffect, useMemo, useState } from 'react';
import { useT } from '../lib/i18n';

// The close sign, the same in every language.
const CLOSE = '×';

export const SUCCESS_MS = 3000;

export interface BannerState {
  ok: string | null;
  err: string | null;
  success: (message: string) => void;
  error: (message: string) => void;
  dismiss: (which: 'ok' | 'err') => void;
}

export function useBanners(): BannerState {
  const [ok, setOk] = useState<string | null>(null);
  const [err, setErr] = useState<string | null>(null);
  useEffect(() => {
    if (!ok) return;
    const t = setTimeout(() => setOk(null), SUCCESS_MS);
    return () => clearTimeout(t);
  }, [ok]);
  const success = useCallback((m: string) => {
    setErr(null);
    setOk(m);
  }, []);
  const error = useCallback((m: string) => {
    setOk(null);
    setErr(m);
  }, []);
  const dismiss = useCallback((which: 'ok' | 'err') => (which === 'ok' ? setOk(null) : setErr(null)), []);
  return useMemo(() => ({ ok, err, success, error, dismiss }), [ok, err, success, error, dismiss]);
}

export function Banners({ banners }: { banners: BannerState }) {
  const t = useT();
  return (
    <>
      <div role="status" aria-live="polite">
        {banners.ok && (
          <p className="notice ok dismissible">
            <span>{banners.ok}</span>
            <button className="dismiss" aria-label={t('dialog.dismissMessage')} onClick={() => banners.dismiss('ok')}>
              {CLOSE}
            </button>
          </p>
        )}
      </div>
      <div role="alert">
        {banners.err && (
          <p className="notice error dismissible">
            <span>{banners.err}</span>
            <button className="dismiss" aria-label={t('dialog.dismissError')} onClick={() => banners.dismiss('err')}>
              {CLOSE}
            </button>
          </p>
        )}
      </div>
    </>
  );
}
