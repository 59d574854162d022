// A print area drawn by the engine onto a canvas, with its elements dragged by
// pointer. Each move snaps to the area's guides (snapping.ts; Alt or the
// studio's toggle turns it off), goes through the engine (which clamps it to
// 0..100) and the area is redrawn in the same event, so the decal follows the
// pointer within the frame. A drag is one undo step: the engine's document is
// recorded once, when the pointer lets go. Hit-testing uses the engine's own
// element boxes.
import { useLayoutEffect, useRef } from 'react';
import type { AreaKey, ElementKind, RosterRowInput } from '../../lib/engine';
import { snap, tolerance, type Guide } from './snapping';
import type { StudioHandle } from './useStudio';

declare global {
  interface Window {
    /** Pointer-move → decal-drawn times (ms) of the last drags, for measurement. */
    __studioDragTimings?: number[];
    /** The work of each pointer move of the last drags (snap, engine move, redraw, paint), in ms, for measurement. */
    __studioDragWork?: number[];
    /** The engine's time to draw an area with a roster row (ms), for measurement. */
    __rowPreviewTimings?: number[];
  }
}

function keepLast(list: number[], value: number) {
  list.push(value);
  if (list.length > 500) list.shift();
}

interface Drag {
  kind: ElementKind;
  dx: number;
  dy: number;
  pointer: number;
  /** The dragged element's size and the other elements' centres, in percent of the area. */
  width: number;
  height: number;
  others: { x: number; y: number }[];
}

/** Each canvas's ImageData, reused while its size holds: a frame copies into it rather than allocating. */
const frames = new WeakMap<HTMLCanvasElement, ImageData>();

/** Copies a raster onto the canvas at once (a view of the engine's memory is read before the engine runs again). */
export function paint(canvas: HTMLCanvasElement, raster: { width: number; height: number; pixels: Uint8ClampedArray }) {
  if (canvas.width !== raster.width || canvas.height !== raster.height) {
    canvas.width = raster.width;
    canvas.height = raster.height;
  }
  // Chromium takes no ImageData over the engine's memory itself: one copy into the canvas's own.
  let frame = frames.get(canvas);
  if (frame?.width !== raster.width || frame.height !== raster.height) {
    frame = new ImageData(raster.width, raster.height);
    frames.set(canvas, frame);
  }
  frame.data.set(raster.pixels);
  canvas.getContext('2d')!.putImageData(frame, 0, 0);
}

/**
 * The area as the engine draws it (with a roster row's name and number when
 * one is previewed): a view of the engine's memory, which `paint` copies at
 * once, so a drag's frames allocate nothing.
 */
function draw(studio: StudioHandle['studio'], area: AreaKey, width: number, row?: RosterRowInput) {
  if (!row) return studio.renderAreaView(area, width, undefined);
  const started = performance.now();
  const raster = studio.renderAreaView(area, width, row);
  keepLast((window.__rowPreviewTimings ??= []), performance.now() - started);
  return raster;
}

export function AreaCanvas({
  handle,
  area,
  pixelWidth,
  interactive,
  label,
  snapping = false,
  row,
}: {
  handle: StudioHandle;
  area: AreaKey;
  pixelWidth: number;
  interactive: boolean;
  label: string;
  /** Whether drags snap to the guides (Alt held turns it off for the moment). */
  snapping?: boolean;
  /** The roster row previewed on a personalised design. */
  row?: RosterRowInput;
}) {
  const canvas = useRef<HTMLCanvasElement>(null);
  const guideX = useRef<HTMLDivElement>(null);
  const guideY = useRef<HTMLDivElement>(null);
  const drag = useRef<Drag | null>(null);
  const { studio, version } = handle;

  const rowKey = row ? JSON.stringify(row) : '';
  // Before the frame is shown: the area appears drawn, never as an empty canvas for a frame.
  useLayoutEffect(() => {
    if (canvas.current && pixelWidth > 0) paint(canvas.current, draw(studio, area, pixelWidth, rowKey ? (JSON.parse(rowKey) as RosterRowInput) : undefined));
  }, [studio, area, pixelWidth, version, rowKey]);

  /** Pointer position in the canvas's own pixels. */
  const at = (e: React.PointerEvent<HTMLCanvasElement>) => {
    const rect = e.currentTarget.getBoundingClientRect();
    const el = e.currentTarget;
    return { x: ((e.clientX - rect.left) / rect.width) * el.width, y: ((e.clientY - rect.top) / rect.height) * el.height, el };
  };

  const down = (e: React.PointerEvent<HTMLCanvasElement>) => {
    if (!interactive) return;
    const { x, y, el } = at(e);
    const kind = studio.elementAt(area, el.width, x, y);
    if (!kind) return;
    const boxes = studio.elementBoxes(area, el.width);
    const box = boxes.find((b) => b.kind === kind)!;
    const percent = (b: (typeof boxes)[number]) => ({ x: (b.x / el.width) * 100, y: (b.y / el.height) * 100 });
    drag.current = {
      kind,
      dx: box.x - x,
      dy: box.y - y,
      pointer: e.pointerId,
      width: (box.width / el.width) * 100,
      height: (box.height / el.height) * 100,
      others: boxes.filter((b) => b.kind !== kind).map(percent),
    };
    el.setPointerCapture(e.pointerId);
    e.preventDefault();
  };

  const move = (e: React.PointerEvent<HTMLCanvasElement>) => {
    const d = drag.current;
    if (!d || d.pointer !== e.pointerId) return;
    const started = e.timeStamp;
    const work = performance.now();
    const { x, y, el } = at(e);
    let px = ((x + d.dx) / el.width) * 100;
    let py = ((y + d.dy) / el.height) * 100;
    let guides: Guide[] = [];
    if (snapping && !e.altKey) {
      const rect = el.getBoundingClientRect();
      ({ x: px, y: py, guides } = snap({ x: px, y: py, width: d.width, height: d.height, others: d.others, ...tolerance(rect.width, rect.height) }));
    }
    const placed = studio.moveElement(area, d.kind, px, py);
    // A guide shows only where the element really is: the engine may have clamped it off the line.
    showGuides(guides.filter((g) => placed && Math.abs((g.axis === 'x' ? placed.x : placed.y) - (g.axis === 'x' ? px : py)) < 0.01));
    paint(el, draw(studio, area, el.width, row));
    keepLast((window.__studioDragWork ??= []), performance.now() - work);
    requestAnimationFrame(() => keepLast((window.__studioDragTimings ??= []), performance.now() - started));
  };

  /** Shows the guide lines snapped to (set on the elements directly: a drag re-renders nothing but the canvas). */
  const showGuides = (guides: Guide[]) => {
    for (const [axis, line] of [['x', guideX.current], ['y', guideY.current]] as const) {
      if (!line) continue;
      const guide = guides.find((g) => g.axis === axis);
      line.hidden = !guide;
      if (guide) line.style[axis === 'x' ? 'left' : 'top'] = `${guide.at}%`;
      line.dataset.kind = guide?.kind ?? '';
    }
  };

  const up = (e: React.PointerEvent<HTMLCanvasElement>) => {
    if (!drag.current) return;
    drag.current = null;
    showGuides([]);
    e.currentTarget.releasePointerCapture(e.pointerId);
    // Save the final position as one undo step (re-renders the rest of the studio once, not per move).
    handle.change(() => {});
  };

  return (
    <>
      <canvas
        ref={canvas}
        className={`area-canvas ${interactive ? 'interactive' : ''}`}
        data-area={area}
        data-row={rowKey || undefined}
        aria-label={label}
        onPointerDown={down}
        onPointerMove={move}
        onPointerUp={up}
        onPointerCancel={up}
      />
      {interactive && (
        <>
          <div ref={guideX} className="snap-guide" data-axis="x" data-testid="snap-guide-x" hidden aria-hidden="true" />
          <div ref={guideY} className="snap-guide" data-axis="y" data-testid="snap-guide-y" hidden aria-hidden="true" />
        </>
      )}
    </>
  );
}
