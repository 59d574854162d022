// A print area drawn by the engine onto a canvas, with its elements dragged by
// pointer. Each move goes through the engine (which clamps it to 0..100) and
// the area is redrawn in the same event, so the decal follows the pointer
// within the frame. Hit-testing uses the engine's own element boxes.
import { useEffect, useRef } from 'react';
import type { AreaKey, ElementKind } from '../../lib/engine';
import type { StudioHandle } from './useStudio';

declare global {
  interface Window {
    /** Pointer-move → decal-drawn times (ms) of the last drags, for measurement. */
    __studioDragTimings?: number[];
  }
}

export function paint(canvas: HTMLCanvasElement, raster: { width: number; height: number; pixels: Uint8ClampedArray }) {
  if (canvas.width !== raster.width || canvas.height !== raster.height) {
    canvas.width = raster.width;
    canvas.height = raster.height;
  }
  canvas.getContext('2d')!.putImageData(new ImageData(new Uint8ClampedArray(raster.pixels), raster.width, raster.height), 0, 0);
}

export function AreaCanvas({ handle, area, pixelWidth, interactive, label }: { handle: StudioHandle; area: AreaKey; pixelWidth: number; interactive: boolean; label: string }) {
  const canvas = useRef<HTMLCanvasElement>(null);
  const drag = useRef<{ kind: ElementKind; dx: number; dy: number; pointer: number } | null>(null);
  const { studio, version } = handle;

  useEffect(() => {
    if (canvas.current && pixelWidth > 0) paint(canvas.current, studio.renderArea(area, pixelWidth));
  }, [studio, area, pixelWidth, version]);

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
    const box = studio.elementBoxes(area, el.width).find((b) => b.kind === kind)!;
    drag.current = { kind, dx: box.x - x, dy: box.y - y, pointer: e.pointerId };
    el.setPointerCapture(e.pointerId);
    e.preventDefault();
  };

  const move = (e: React.PointerEvent<HTMLCanvasElement>) => {
    const d = drag.current;
    if (!d || d.pointer !== e.pointerId) return;
    const started = e.timeStamp;
    const { x, y, el } = at(e);
    const px = ((x + d.dx) / el.width) * 100;
    const py = ((y + d.dy) / el.height) * 100;
    studio.moveElement(area, d.kind, px, py);
    paint(el, studio.renderArea(area, el.width));
    requestAnimationFrame(() => {
      const timings = (window.__studioDragTimings ??= []);
      timings.push(performance.now() - started);
      if (timings.length > 500) timings.shift();
    });
  };

  const up = (e: React.PointerEvent<HTMLCanvasElement>) => {
    if (!drag.current) return;
    drag.current = null;
    e.currentTarget.releasePointerCapture(e.pointerId);
    // Save the final position (re-renders the rest of the studio once, not per move).
    handle.change(() => {});
  };

  return (
    <canvas
      ref={canvas}
      className={`area-canvas ${interactive ? 'interactive' : ''}`}
      data-area={area}
      aria-label={label}
      onPointerDown={down}
      onPointerMove={move}
      onPointerUp={up}
      onPointerCancel={up}
    />
  );
}
