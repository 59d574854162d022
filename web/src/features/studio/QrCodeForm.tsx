import { useState } from 'react';
import type { AreaKey } from '../../lib/engine';
import type { StudioHandle } from './useStudio';
import { useT } from '../../lib/i18n';

/** A link's start, as an example: the same in every language. */
const QR_PLACEHOLDER = 'https://…';

/** What a QR code can hold: the engine counts bytes (letters outside A–Z take more). */
const MAX_QR_BYTES = 300;

/**
 * A QR code the engine draws (error correction M, its quiet zone kept), in
 * one colour; saving checks it stands out from the garment enough to scan.
 */
export function QrCodeForm({ handle, area, onMessage }: { handle: StudioHandle; area: AreaKey; onMessage: (kind: 'ok' | 'error', text: string) => void }) {
  const [text, setText] = useState('');
  const [colour, setColour] = useState('#000000');
  const bytes = new TextEncoder().encode(text).length;
  const t = useT();

  const add = () => {
    const error = handle.change((s) => s.setQrCode(area, text, colour));
    onMessage(error ? 'error' : 'ok', error ?? t('studio.qrAdded'));
  };

  return (
    <div className="stack">
      <label htmlFor="qr-text">{t('studio.qrText')}</label>
      <textarea id="qr-text" rows={3} value={text} placeholder={QR_PLACEHOLDER} aria-describedby="qr-count" onChange={(e) => setText(e.target.value)} />
      <p id="qr-count" className={bytes > MAX_QR_BYTES ? 'hint error' : 'hint muted'}>
        {t('studio.qrBytes', { bytes: String(bytes), max: String(MAX_QR_BYTES) })}
      </p>
      <label htmlFor="qr-colour">{t('studio.qrColour')}</label>
      <input id="qr-colour" type="color" value={colour} onChange={(e) => setColour(e.target.value)} />
      <button type="button" className="btn" disabled={!text.trim() || bytes > MAX_QR_BYTES} onClick={add}>
        {t('studio.addQr')}
      </button>
    </div>
  );
}
