// Keyboard placement: one focusable handle over each element of the print
// area (pointer events pass through to the canvas below, which drags). Tab
// selects an element; the arrow keys move it 1% (10% with Shift), + and −
// resize it, Delete removes it. Every move goes through the engine, which
// clamps it, and the result is announced.
import { useId, useState, type KeyboardEvent } from 'react';
import type { AreaKey, ElementKind } from '../../lib/engine';
import { describeImage, describeText } from './describeDesign';
import { contentOf } from '../../lib/printAreas';
import type { StudioHandle } from './useStudio';
import { useT } from '../../lib/i18n';

/** The width the handles are laid out at; only the proportions matter. */
const LAYOUT_WIDTH = 1000;
const STEPS: Record<string, [number, number]> = { ArrowLeft: [-1, 0], ArrowRight: [1, 0], ArrowUp: [0, -1], ArrowDown: [0, 1] };

export function ElementHandles({ handle, area }: { handle: StudioHandle; area: AreaKey }) {
  const { studio, design } = handle;
  const [said, setSaid] = useState('');
  const t = useT();
  const keysId = useId();
  const content = contentOf(design, area);
  const spec = handle.garment.printAreas.find((a) => a.key === area);
  const label = spec?.label ?? area;
  const layoutHeight = spec ? (LAYOUT_WIDTH * spec.heightInches) / spec.widthInches : LAYOUT_WIDTH;
  let boxes: ReturnType<typeof studio.elementBoxes> = [];
  try {
    boxes = studio.elementBoxes(area, LAYOUT_WIDTH);
  } catch {
    // A text whose font has not arrived yet has no box: no handle until it has.
  }

  const describe = (kind: ElementKind) => (kind === 'text' ? content.text && describeText(t, content.text) : content.image && describeImage(t, content.image)) ?? '';

  const onKeyDown = (e: KeyboardEvent, kind: ElementKind) => {
    const step = STEPS[e.key];
    const grow = e.key === '+' || e.key === '=' ? 1 : e.key === '-' || e.key === '_' ? -1 : 0;
    let error: string | null;
    if (step) {
      const position = (kind === 'text' ? content.text : content.image)!.position;
      const by = e.shiftKey ? 10 : 1;
      error = handle.change((s) => s.moveElement(area, kind, position.x + step[0] * by, position.y + step[1] * by));
    } else if (grow && kind === 'text' && content.text) {
      // Out of range, the engine refuses with its own message, which is announced.
      const text = content.text;
      error = handle.change((s) => s.setText(area, text.text, text.font, text.size + grow * (e.shiftKey ? 4 : 1), text.color));
    } else if (grow && kind === 'image' && content.image) {
      const { width, height } = content.image.size;
      const by = grow * (e.shiftKey ? 10 : 5);
      error = handle.change((s) => void s.setImageSize(area, width + by, height + by));
    } else if (e.key === 'Delete' || e.key === 'Backspace') {
      // Focus must not fall to the page: the area's other element, else its print-area choice.
      const next =
        e.currentTarget.parentElement?.querySelector<HTMLElement>(`.element-handle:not([data-kind="${kind}"])`) ??
        document.querySelector<HTMLElement>(`[role="radiogroup"][aria-label="${t('studio.printArea')}"] [aria-checked="true"]`);
      handle.change((s) => s.remove(area, kind));
      setSaid(t('studio.elementRemoved', { kind, area: label }));
      next?.focus();
      e.preventDefault();
      return;
    } else {
      return;
    }
    e.preventDefault();
    if (error) return setSaid(error);
    // The document after the change: the engine may have clamped it.
    const now = contentOf(studio.design(), area);
    const el = kind === 'text' ? now.text && describeText(t, now.text) : now.image && describeImage(t, now.image);
    if (el) setSaid(el.charAt(0).toUpperCase() + el.slice(1));
  };

  return (
    <>
      {boxes.map((b) => (
        <button
          key={b.kind}
          type="button"
          className="element-handle"
          data-kind={b.kind}
          style={{
            left: `${((b.x - b.width / 2) / LAYOUT_WIDTH) * 100}%`,
            top: `${((b.y - b.height / 2) / layoutHeight) * 100}%`,
            width: `${(b.width / LAYOUT_WIDTH) * 100}%`,
            height: `${(b.height / layoutHeight) * 100}%`,
          }}
          aria-label={t('studio.elementHandle', { kind: b.kind, area: label, description: describe(b.kind) })}
          aria-describedby={keysId}
          onKeyDown={(e) => onKeyDown(e, b.kind)}
        />
      ))}
      <span id={keysId} className="visually-hidden">
        {t('studio.handleKeys')}
      </span>
      <span className="visually-hidden" aria-live="polite">
        {said}
      </span>
    </>
  );
}
