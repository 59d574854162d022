// Sends the cart kept in this browser to the server cart once the shopper is
// signed in for real with the server back: each line through the normal
// add-to-cart route, with the unit price the shopper was shown, so the server
// revalidates it as it does every line. What changed is reported, never
// hidden: a new price is named with the old one (the line goes in at the price
// the server names, sent back to it), a line the server refuses stays in this
// browser with the server's reason. A line leaves the local cart only once the
// server took it.
import { ApiError, isUnreachable, serverUnreachable } from './api';
import type { Design, LineQuote, ProductPricing } from './engine';
import { garmentsOf, linePricing, type LocalLine } from './localCart';
import { rupees } from './money';
import { currentLanguage, translate } from './i18n';

export interface Repriced {
  line: LocalLine;
  /** Unit prices in paise: as shown offline, and as the server charges now. */
  was: number;
  now: number;
  /** The line's total (garments and design fee) at each. */
  wasTotal: number;
  nowTotal: number;
}

export interface MergeReport {
  /** Taken at the price the shopper saw. */
  taken: LocalLine[];
  /** Taken at a new price. */
  repriced: Repriced[];
  /** Refused or not sent: still in this browser, with the reason. */
  kept: { line: LocalLine; reason: string }[];
}

/** What the merge needs from the server, the engine and the local store. */
export interface MergeDeps {
  /** Sends the design's pictures to the server (the cart refuses a design whose pictures it lacks). */
  upload: (design: Design) => Promise<void>;
  /** POST /cart/items with the unit price shown (its quantity tier's); throws an ApiError with the server's message and code. */
  add: (design: Design, unitPrice: number) => Promise<void>;
  /** The product's pricing now: its price in paise and its tiers (GET /products/{id}). */
  currentPricing: (productId: string) => Promise<ProductPricing>;
  quote: (design: Design, pricing: ProductPricing) => Promise<LineQuote>;
  /** Forgets a line the server took. */
  forget: (id: string) => Promise<void>;
}

const PRICE_MISMATCH = 'PRICE_MISMATCH';

function reasonOf(e: unknown): string {
  if (e instanceof ApiError) return e.message;
  return isUnreachable(e) ? serverUnreachable() : translate(currentLanguage(), 'studio.addFailed');
}

export async function mergeLocalCart(lines: LocalLine[], deps: MergeDeps): Promise<MergeReport> {
  const report: MergeReport = { taken: [], repriced: [], kept: [] };
  for (const [i, line] of lines.entries()) {
    try {
      await deps.upload(line.design);
      // The price per piece the shopper saw: the product's, in the tier the line reaches.
      const was = await deps.quote(line.design, linePricing(line));
      try {
        await deps.add(line.design, was.unitPrice);
        await deps.forget(line.id);
        report.taken.push(line);
        continue;
      } catch (e) {
        if (!(e instanceof ApiError && e.code === PRICE_MISMATCH)) throw e;
      }
      // The price changed since the shopper saw it: added at the new one (sent
      // back to the server, which refuses it if it moved again), and named.
      const now = await deps.quote(line.design, await deps.currentPricing(line.design.productId));
      await deps.add(line.design, now.unitPrice);
      await deps.forget(line.id);
      report.repriced.push({ line, was: was.unitPrice, now: now.unitPrice, wasTotal: was.total, nowTotal: now.total });
    } catch (e) {
      if (isUnreachable(e)) {
        // The server went away again: this line and every later one stay here.
        report.kept.push(...lines.slice(i).map((l) => ({ line: l, reason: serverUnreachable() })));
        break;
      }
      report.kept.push({ line, reason: reasonOf(e) });
    }
  }
  return report;
}

/** A line as the shopper knows it: 'T-Shirt Normal (white, 25 items)'. */
export function lineLabel(line: LocalLine): string {
  const n = garmentsOf(line);
  return translate(currentLanguage(), 'cart.merge.lineLabel', { name: line.name, color: line.design.color, count: n });
}

/** The notice's sentences: one per repriced line and one per line kept in this browser. */
export function describeMerge(report: MergeReport): { repriced: string[]; kept: string[] } {
  return {
    repriced: report.repriced.map(
      (r) =>
        translate(currentLanguage(), 'cart.merge.repricedLine', {
          line: lineLabel(r.line),
          was: rupees(r.was),
          now: rupees(r.now),
          nowTotal: rupees(r.nowTotal),
          wasTotal: rupees(r.wasTotal),
        }),
    ),
    kept: report.kept.map((k) => translate(currentLanguage(), 'cart.merge.keptLine', { line: lineLabel(k.line), reason: k.reason })),
  };
}

/** Whether the shopper must be told anything (lines taken as they were need no word). */
export function needsNotice(report: MergeReport): boolean {
  return report.repriced.length > 0 || report.kept.length > 0;
}
