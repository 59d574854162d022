// Amounts in integer paise as people read them (`rupees`, for amounts the
// engine or the server computed) and as a merchant writes them (`parseRupees`).
// Both follow the engine's money module and are tested against its cases
// (design-engine/tests/cases/money.json), without loading the engine.

// Written out by hand, not with Intl.NumberFormat: a page's first Intl formatter loads the browser's locale data,
// 30-80 ms on the main thread before the home page or the studio can paint. The same text as
// `new Intl.NumberFormat('en-IN', { style: 'currency', currency: 'INR' })` and the engine's `Paise::format_inr`
// (money.test.ts holds all three together).
let intl: Intl.NumberFormat | undefined;

/** Indian digit grouping of a whole number's digits: the last three, then pairs (12,34,567). */
function grouped(digits: string): string {
  if (digits.length <= 3) return digits;
  const head = digits.slice(0, -3);
  return `${head.replace(/\B(?=(\d{2})+$)/g, ',')},${digits.slice(-3)}`;
}

export function rupees(paise: number): string {
  // Integer paise, as every amount is, below ₹10^12 (where paise / 100 is still exact to the paisa for Intl):
  // anything else (and -0) is Intl's to write.
  if (!Number.isInteger(paise) || Math.abs(paise) >= 1e14 || Object.is(paise, -0)) {
    intl ??= new Intl.NumberFormat('en-IN', { style: 'currency', currency: 'INR' });
    return intl.format(paise / 100);
  }
  const abs = Math.abs(paise);
  const whole = grouped(String(Math.floor(abs / 100)));
  const fraction = String(abs % 100).padStart(2, '0');
  return `${paise < 0 ? '-' : ''}₹${whole}.${fraction}`;
}

/** What a merchant may type: up to five rupee digits, then optionally a point and one or two paise digits. */
const TYPED_RUPEES = /^([0-9]{1,5})(?:\.([0-9]{1,2}))?$/;

/**
 * Rupees as a merchant types them ("60", "59.5", "59.50") in paise, by the
 * engine's rule (`Paise::parse_rupees`): null for anything else, so "5.555" is
 * refused, never rounded, as are signs, "₹", spaces, "1e3", "1,000" and
 * amounts over ₹99,999.99. The caller trims what was typed first.
 */
export function parseRupees(text: string): number | null {
  const m = TYPED_RUPEES.exec(text);
  if (!m) return null;
  return Number(m[1]) * 100 + Number((m[2] ?? '').padEnd(2, '0'));
}

/** A rate in basis points as a shopper reads it: 500 → "5%", 1250 → "12.5%". */
export function percentOff(bps: number): string {
  return `${bps / 100}%`;
}
