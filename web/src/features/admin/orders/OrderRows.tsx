// The orders table's body. A page holds at most a hundred rows and draws
// them all; Show All may hold thousands, so from VIRTUAL_FROM rows only those
// near the screen are in the page (the rest are one spacer row above and one
// below), and scrolling and typing in the search stay quick.
import { useLayoutEffect, useRef, useState, type ReactNode } from 'react';
import { useWindowVirtualizer } from '@tanstack/react-virtual';
import type { Order } from '../../../api/orders';

export const VIRTUAL_FROM = 200;
/** A row's height before it is measured (status chip, stage line). */
const ESTIMATED_ROW_PX = 72;

type Row = (order: Order, index: number, measure?: (el: HTMLTableRowElement | null) => void) => ReactNode;

export function OrderRows({ orders, row }: { orders: Order[]; row: Row }) {
  if (orders.length < VIRTUAL_FROM) return <tbody>{orders.map((o, i) => row(o, i))}</tbody>;
  return <VirtualRows orders={orders} row={row} />;
}

function VirtualRows({ orders, row }: { orders: Order[]; row: Row }) {
  const body = useRef<HTMLTableSectionElement>(null);
  const [offset, setOffset] = useState(0);
  // Where the table starts on the page, so the window's scroll maps to rows.
  useLayoutEffect(() => setOffset(body.current ? body.current.getBoundingClientRect().top + window.scrollY : 0), []);
  const rows = useWindowVirtualizer({ count: orders.length, estimateSize: () => ESTIMATED_ROW_PX, overscan: 8, scrollMargin: offset });
  const items = rows.getVirtualItems();
  const above = items.length > 0 ? items[0].start - offset : 0;
  const below = items.length > 0 ? rows.getTotalSize() - (items[items.length - 1].end - offset) : 0;
  return (
    <tbody ref={body} data-testid="virtual-rows">
      {above > 0 && <tr aria-hidden className="spacer-row" style={{ height: above }} />}
      {items.map((item) => row(orders[item.index], item.index, rows.measureElement))}
      {below > 0 && <tr aria-hidden className="spacer-row" style={{ height: below }} />}
    </tbody>
  );
}
