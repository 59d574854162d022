// Display of amounts the engine or the server computed (integer paise).
const inr = new Intl.NumberFormat('en-IN', { style: 'currency', currency: 'INR' });

export function rupees(paise: number): string {
  return inr.format(paise / 100);
}
