import { useState } from 'react';
import { CLIPART_FAILED, useClipart, type ClipArtItem } from '../../api/library';
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
  const found = useClipart(category, q.trim().slice(0, 64));

  const add = async (item: ClipArtItem) => {
    setBusy(true);
    try {
      const res = await fetch(item.svgUrl);
      if (!res.ok) return onMessage('error', CLIPART_FAILED);
      const svg = await res.text();
      const error = handle.change((s) => {
        s.provideClipart(item.id, svg);
        s.setClipart(area, item.id, colour, item.name);
      });
      onMessage(error ? 'error' : 'ok', error ?? `${item.name} added`);
    } catch {
      onMessage('error', CLIPART_FAILED);
    } finally {
      setBusy(false);
    }
  };

  const page = found.data;
  return (
    <div className="stack clipart-picker">
      <label htmlFor="clipart-q">Search clip-art</label>
      <input id="clipart-q" type="search" maxLength={64} value={q} placeholder="trophy, diya, lotus…" onChange={(e) => setQ(e.target.value)} />
      <div className="row">
        <div className="stack">
          <label htmlFor="clipart-category">Category</label>
          <select id="clipart-category" value={category} onChange={(e) => setCategory(e.target.value)}>
            <option value="">All</option>
            {page?.categories.map((c) => (
              <option key={c.id} value={c.id}>
                {c.label}
              </option>
            ))}
          </select>
        </div>
        <div className="stack">
          <label htmlFor="clipart-colour">Clip-art colour</label>
          <input id="clipart-colour" type="color" value={colour} onChange={(e) => setColour(e.target.value)} />
        </div>
      </div>
      {found.isError && <p className="notice error">{CLIPART_FAILED}</p>}
      {page && (
        <>
          <p className="hint muted" aria-live="polite">
            {page.total} found{page.total > page.items.length ? `, showing ${page.items.length}` : ''}
          </p>
          <ul className="clipart-grid" aria-label="Clip-art">
            {page.items.map((item) => (
              <li key={item.id}>
                <button type="button" className="clipart-tile" disabled={busy} title={item.name} aria-label={`Add ${item.name}`} onClick={() => void add(item)}>
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
