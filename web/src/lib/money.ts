// Display of amounts the engine or the server computed (integer paise).
const inr = new Intl.NumberFormat('en-IN', { style: 'currency', currency: 'INR' });

export function rupees(paise: number): string {
  return inr.format(paise / 100);
}

/** A rate in basis points as a shopper reads it: 500 → "5%", 1250 → "12.5%". */
export function percentOff(bps: number): string {
  return `${bps / 100}%`;
}
