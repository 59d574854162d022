import { shopperDateFormat } from './dateFormat';

const dateTimeFormat = shopperDateFormat({ day: 'numeric', month: 'short', year: 'numeric', hour: 'numeric', minute: '2-digit' });

/** Unix milliseconds as a date and time in India's format, in the shopper's language. */
export function formatDate(ms: number): string {
  const d = new Date(ms);
  return Number.isNaN(d.getTime()) ? '' : dateTimeFormat.format(d);
}
