import { useRef } from 'react';
import { PrintQualityBadge } from '../../components/PrintQuality';
import { FACTS, type AreaKey } from '../../lib/engine';
import { areaLabel, contentOf } from '../../lib/printAreas';
import type { StudioHandle } from './useStudio';
import { useT } from '../../lib/i18n';

/** Signs between an element and its details: the same in every language. */
const DOT = ' · ';
const REMOVE = '✕';
const TIMES = '×';
const PERCENT = '%';
const OPEN_QUOTE = '“';
const CLOSE_QUOTE = '”';

/**
 * The texts and images of the product's areas, each removable, with 'remove all' per kind. Each image has its print
 * quality beside it and can be resized here, the badge following live; one pull of a slider is one undo step.
 */
export function ElementList({ handle, onMessage }: { handle: StudioHandle; onMessage: (kind: 'ok' | 'error', text: string) => void }) {
  const { design } = handle;
  const tr = useT();
  // Counts the slider gestures (a pointer pressed, a key pressed): the changes of one gesture are one undo step.
  const gesture = useRef(0);
  const resize = (area: AreaKey, width: number, height: number) => {
    const error = handle.change((s) => void s.setImageSize(area, width, height), `image-size:${area}:${gesture.current}`);
    if (error) onMessage('error', error);
  };
  const startGesture = () => void (gesture.current += 1);
  const areas = handle.garment.printAreas;
  const label = (area: AreaKey) => areaLabel(areas, area);
  const texts = areas.flatMap(({ key }) => {
    const text = contentOf(design, key).text;
    return text ? [[key, text] as const] : [];
  });
  const images = areas.flatMap(({ key }) => {
    const image = contentOf(design, key).image;
    return image ? [[key, image] as const] : [];
  });

  const clear = (kind: 'text' | 'image') => {
    handle.change((s) => s.clear(kind));
    onMessage('ok', kind === 'text' ? tr('studio.allTextsRemoved') : tr('studio.allImagesRemoved'));
  };

  return (
    <section className="panel" aria-labelledby="elements-heading">
      <h2 id="elements-heading">{tr('studio.yourElements')}</h2>
      {texts.length === 0 && images.length === 0 && <p className="muted">{tr('studio.nothingYet')}</p>}
      {texts.length > 0 && (
        <>
          <div className="row spread">
            <strong>{tr('studio.texts')}</strong>
            <button className="btn ghost small" onClick={() => clear('text')}>
              {tr('studio.removeAll')}
            </button>
          </div>
          <ul className="element-list">
            {texts.map(([area, t]) => (
              <li key={area}>
                <span style={{ color: t.color, fontFamily: t.font }}>{OPEN_QUOTE}
                  {t.text}
                  {CLOSE_QUOTE}</span>
                <span className="muted">
                  {DOT}
                  {label(area)}
                  {DOT}
                  {t.font} {t.size}
                </span>
                <button className="btn ghost small" aria-label={tr('studio.removeTextOn', { area: label(area) })} onClick={() => handle.change((s) => s.remove(area, 'text'))}>
                  {REMOVE}
                </button>
              </li>
            ))}
          </ul>
        </>
      )}
      {images.length > 0 && (
        <>
          <div className="row spread">
            <strong>{tr('studio.images')}</strong>
            <button className="btn ghost small" onClick={() => clear('image')}>
              {tr('studio.removeAll')}
            </button>
          </div>
          <ul className="element-list">
            {images.map(([area, img]) => (
              <li key={area}>
                <span>{img.name || tr('studio.image')}</span>
                <span className="muted">
                  {DOT}
                  {label(area)}
                  {DOT}
                  {img.size.width}
                  {TIMES}
                  {img.size.height}
                  {PERCENT}
                </span>
                <PrintQualityBadge quality={handle.studio.printQuality(area)} area={area} />
                <label className="check small">
                  <input type="checkbox" checked={img.useEmbroidery} onChange={(e) => handle.change((s) => s.setEmbroidery(area, e.target.checked))} /> {tr('studio.embroideryShort')}
                </label>
                <button className="btn ghost small" aria-label={tr('studio.removeImageOn', { area: label(area) })} onClick={() => handle.change((s) => s.remove(area, 'image'))}>
                  {REMOVE}
                </button>
                <div className="image-resize">
                  {(['width', 'height'] as const).map((side) => (
                    <label key={side} className="small">
                      {tr(side === 'width' ? 'studio.imageWidth' : 'studio.imageHeight', { width: String(img.size[side]), height: String(img.size[side]) })}
                      <input
                        type="range"
                        aria-label={tr('studio.imageSideOn', { side, area: label(area) })}
                        min={FACTS.imageSizeMin}
                        max={FACTS.imageSizeMax}
                        value={img.size[side]}
                        onPointerDown={startGesture}
                        onKeyDown={startGesture}
                        onChange={(e) => {
                          const v = Number(e.target.value);
                          resize(area, side === 'width' ? v : img.size.width, side === 'height' ? v : img.size.height);
                        }}
                      />
                    </label>
                  ))}
                </div>
              </li>
            ))}
          </ul>
        </>
      )}
    </section>
  );
}
