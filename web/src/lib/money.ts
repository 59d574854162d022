// Display of amounts the engine or the server computed (integer paise).

// Written out by hand, not with Intl.NumberFormat: a page's first Intl formatter loads the browser's locale data,
// 30-80 ms on the main thread before the home page or the studio can paint. The same text as
// `new Intl.NumberFormat('en-IN', { style: 'currency', currency: 'INR' })` (money.test.ts holds them together).
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

/** A rate in basis points as a shopper reads it: 500 → "5%", 1250 → "12.5%". */
export function percentOff(bps: number): string {
  return `${bps / 100}%`;
}
