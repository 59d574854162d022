import { useRef, useState } from 'react';
import { checkUpload, FACTS, removeBackground, type AreaKey } from '../../lib/engine';
import { engineError } from '../../lib/engineMessages';
import { useT } from '../../lib/i18n';
import { useAuth } from '../../lib/auth';
import { putImage } from '../../lib/imageStore';
import { isSvgFile, SVG_MIME } from '../../lib/svgLogo';
import { addSvgLogo } from './svgUpload';
import type { StudioHandle } from './useStudio';

/**
 * An uploaded picture for the chosen print area. The engine checks the type and
 * the 5 MB limit (with the spec's messages), removes the background and draws
 * the embroidery effect, all in the browser. An SVG logo (1 MB, signed in) is
 * cleaned by the server first (svgUpload.ts).
 */
export function ImageUpload({ handle, area, onMessage }: { handle: StudioHandle; area: AreaKey; onMessage: (kind: 'ok' | 'error', text: string) => void }) {
  const input = useRef<HTMLInputElement>(null);
  const [file, setFile] = useState<File | null>(null);
  const [width, setWidth] = useState(FACTS.imageSizeDefault);
  const [height, setHeight] = useState(FACTS.imageSizeDefault);
  const [dropBackground, setDropBackground] = useState(false);
  const [embroidery, setEmbroidery] = useState(false);
  const [busy, setBusy] = useState(false);
  const t = useT();

  const { isAuthenticated, offline } = useAuth();
  const svg = file !== null && isSvgFile(file);

  const choose = async (f: File | undefined) => {
    if (!f) return setFile(null);
    // The engine's check, before the file is read (it checks again on add);
    // an SVG's limit is the server's sanitiser's.
    try {
      await checkUpload(isSvgFile(f) ? SVG_MIME : f.type, f.size);
      if (isSvgFile(f) && (!isAuthenticated || offline)) {
        onMessage('error', t('studio.svgSignIn'));
        return resetInput();
      }
      setFile(f);
    } catch (e) {
      onMessage('error', engineError(t, e));
      resetInput();
    }
  };
  const resetInput = () => {
    setFile(null);
    if (input.current) input.current.value = '';
  };

  const add = async () => {
    if (!file) return;
    setBusy(true);
    try {
      if (isSvgFile(file)) {
        const error = await addSvgLogo(handle, area, file, (s) => {
          s.setImageSize(area, width, height);
          s.setEmbroidery(area, embroidery);
        }, t);
        if (error) return onMessage('error', error);
        resetInput();
        return onMessage('ok', t('studio.logoAdded'));
      }
      let bytes: Uint8Array = new Uint8Array(await file.arrayBuffer());
      let mime = file.type;
      if (dropBackground) {
        try {
          bytes = await removeBackground(bytes, mime);
          mime = 'image/png';
        } catch {
          // On failure the original picture is used (as the spec says).
        }
      }
      let sha = '';
      const error = handle.change((s) => {
        const asset = s.addImage(area, bytes, mime, file.name);
        sha = asset.sha256;
        s.setImageSize(area, width, height);
        s.setEmbroidery(area, embroidery);
      });
      if (error) return onMessage('error', error);
      await putImage(sha, { bytes, mime, name: file.name });
      resetInput();
      onMessage('ok', t('studio.imageAdded'));
    } finally {
      setBusy(false);
    }
  };

  return (
    <div className="stack">
      <input ref={input} type="file" accept="image/*,.svg" aria-label={t('studio.uploadImage')} onChange={(e) => void choose(e.target.files?.[0])} />
      <p className="hint muted">{t('studio.uploadHint')}</p>
      <label htmlFor="img-w">{t('studio.imageWidth', { width: String(width) })}</label>
      <input id="img-w" type="range" min={FACTS.imageSizeMin} max={FACTS.imageSizeMax} value={width} onChange={(e) => setWidth(Number(e.target.value))} />
      <label htmlFor="img-h">{t('studio.imageHeight', { height: String(height) })}</label>
      <input id="img-h" type="range" min={FACTS.imageSizeMin} max={FACTS.imageSizeMax} value={height} onChange={(e) => setHeight(Number(e.target.value))} />
      <label className="check">
        <input type="checkbox" checked={dropBackground && !svg} disabled={svg} onChange={(e) => setDropBackground(e.target.checked)} /> {t('studio.removeBackground')}
      </label>
      <label className="check">
        <input type="checkbox" checked={embroidery} onChange={(e) => setEmbroidery(e.target.checked)} /> {t('studio.embroidery')}
      </label>
      <button className="btn" disabled={!file || busy} onClick={add}>
        {busy ? t('studio.adding') : t('studio.addImage')}
      </button>
    </div>
  );
}
