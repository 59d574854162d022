// One side of the garment with its print areas' boxes: the product's picture
// (or a plain outline), each box dragged to move, its corners to resize, and
// with the keyboard: arrows move the focused box by 1%, Shift + arrows resize it.
import { useRef } from 'react';
import { CORNERS, keyedBox, moveBox, resizeBox, type Corner } from './box';
import type { AreaBox, AreaRow, Side } from './garment';

interface Drag {
  index: number;
  corner: Corner | null;
  startX: number;
  startY: number;
  box: AreaBox;
}

export const areaName = (a: AreaRow, i: number) => a.label.trim() || a.key.trim() || `Print area ${i + 1}`;

/** A plain tee's silhouette on the pictures' 600 × 720 grid; the back's neckline sits higher. */
function Outline({ side }: { side: Side }) {
  const neck = side === 'front' ? 'Q300 150 360 70' : 'Q300 100 360 70';
  return (
    <svg className="area-stage-picture" viewBox="0 0 600 720" aria-hidden>
      <path
        d={`M240 70 ${neck} L470 110 L580 250 L500 300 L460 250 L460 680 L140 680 L140 250 L100 300 L20 250 L130 110 Z`}
        fill="#f3f4f6"
        stroke="#9ca3af"
        strokeWidth="4"
        strokeLinejoin="round"
      />
    </svg>
  );
}

export function AreaStage({
  areas,
  side,
  selected,
  picture,
  onSelect,
  onBox,
  hintId,
}: {
  areas: AreaRow[];
  side: Side;
  selected: number;
  /** The side's picture of the product's first colour, if it has one. */
  picture?: { url: string; alt: string };
  onSelect: (index: number) => void;
  onBox: (index: number, box: AreaBox) => void;
  hintId: string;
}) {
  const stage = useRef<HTMLDivElement>(null);
  const drag = useRef<Drag | null>(null);

  const start = (index: number, corner: Corner | null) => (e: React.PointerEvent<HTMLElement>) => {
    if (e.button !== 0) return;
    e.stopPropagation();
    onSelect(index);
    e.currentTarget.setPointerCapture?.(e.pointerId);
    drag.current = { index, corner, startX: e.clientX, startY: e.clientY, box: areas[index].box };
  };
  const move = (e: React.PointerEvent) => {
    const d = drag.current;
    const rect = stage.current?.getBoundingClientRect();
    if (!d || !rect || rect.width === 0 || rect.height === 0) return;
    const dx = ((e.clientX - d.startX) / rect.width) * 100;
    const dy = ((e.clientY - d.startY) / rect.height) * 100;
    onBox(d.index, d.corner ? resizeBox(d.box, d.corner, dx, dy) : moveBox(d.box, dx, dy));
  };
  const end = () => {
    drag.current = null;
  };
  const key = (index: number) => (e: React.KeyboardEvent) => {
    const box = keyedBox(areas[index].box, e.key, e.shiftKey);
    if (!box) return;
    e.preventDefault();
    onSelect(index);
    onBox(index, box);
  };

  return (
    <div className="area-stage" ref={stage} onPointerMove={move} onPointerUp={end} onPointerCancel={end}>
      {picture ? <img className="area-stage-picture" src={picture.url} alt={picture.alt} width={600} height={720} draggable={false} /> : <Outline side={side} />}
      {areas.map((a, i) =>
        a.side !== side ? null : (
          <button
            key={i}
            type="button"
            className={`area-box${i === selected ? ' selected' : ''}`}
            style={{ left: `${a.box.x}%`, top: `${a.box.y}%`, width: `${a.box.w}%`, height: `${a.box.h}%` }}
            aria-label={`${areaName(a, i)} box: ${a.box.x}% from the left, ${a.box.y}% from the top, ${a.box.w}% by ${a.box.h}%`}
            aria-describedby={hintId}
            aria-pressed={i === selected}
            onPointerDown={start(i, null)}
            onKeyDown={key(i)}
            onClick={() => onSelect(i)}
          >
            <span className="area-box-name">{areaName(a, i)}</span>
            {i === selected && CORNERS.map((c) => <span key={c} className={`area-handle ${c}`} aria-hidden onPointerDown={start(i, c)} />)}
          </button>
        ),
      )}
    </div>
  );
}
