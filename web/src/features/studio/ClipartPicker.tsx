import { useState } from 'react';
import { useClipart, type ClipArtItem } from '../../api/library';
import { useT } from '../../lib/i18n';
import type { AreaKey } from '../../lib/engine';
import type { StudioHandle } from './useStudio';

/**
 * The clip-art library: search by name or tag, a category, one colour. The
 * engine draws the chosen clip-art from its SVG, sharp at any size.
 */
export function ClipartPicker({ handle, area, onMessage }: { handle: StudioHandle; area: AreaKey; onMessage: (kind: 'ok' | 'error', text: string) => void }) {
  const [q, setQ] = useState('');
  const [category, setCategory] = useState('');
  const [colour, setColour] = useState('#000000');
  const [busy, setBusy] = useState(false);
  const t = useT();
  const found = useClipart(category, q.trim().slice(0, 64));

  const add = async (item: ClipArtItem) => {
    setBusy(true);
    try {
      const res = await fetch(item.svgUrl);
      if (!res.ok) return onMessage('error', t('studio.clipartFailed'));
      const svg = await res.text();
      const error = handle.change((s) => {
        s.provideClipart(item.id, svg);
        s.setClipart(area, item.id, colour, item.name);
      });
      onMessage(error ? 'error' : 'ok', error ?? t('studio.clipartAdded', { name: item.name }));
    } catch {
      onMessage('error', t('studio.clipartFailed'));
    } finally {
      setBusy(false);
    }
  };

  const page = found.data;
  return (
    <div className="stack clipart-picker">
      <label htmlFor="clipart-q">{t('studio.searchClipart')}</label>
      <input id="clipart-q" type="search" maxLength={64} value={q} placeholder={t('studio.clipartPlaceholder')} onChange={(e) => setQ(e.target.value)} />
      <div className="row">
        <div className="stack">
          <label htmlFor="clipart-category">{t('studio.category')}</label>
          <select id="clipart-category" value={category} onChange={(e) => setCategory(e.target.value)}>
            <option value="">{t('studio.all')}</option>
            {page?.categories.map((c) => (
              <option key={c.id} value={c.id}>
                {c.label}
              </option>
            ))}
          </select>
        </div>
        <div className="stack">
          <label htmlFor="clipart-colour">{t('studio.clipartColour')}</label>
          <input id="clipart-colour" type="color" value={colour} onChange={(e) => setColour(e.target.value)} />
        </div>
      </div>
      {found.isError && <p className="notice error">{t('studio.clipartFailed')}</p>}
      {page && (
        <>
          <p className="hint muted" aria-live="polite">
            {page.total > page.items.length ? t('studio.clipartFoundShowing', { total: String(page.total), shown: String(page.items.length) }) : t('studio.clipartFound', { total: String(page.total) })}
          </p>
          <ul className="clipart-grid" aria-label={t('studio.sourceClipart')}>
            {page.items.map((item) => (
              <li key={item.id}>
                <button type="button" className="clipart-tile" disabled={busy} title={item.name} aria-label={t('studio.addNamed', { name: item.name })} onClick={() => void add(item)}>
                  <img src={item.svgUrl} alt="" width={40} height={40} loading="lazy" />
                </button>
              </li>
            ))}
          </ul>
        </>
      )}
    </div>
  );
}
