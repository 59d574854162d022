// A group's deadline is a day the organiser picks: it ends at 23:59 of that
// day in the browser's time zone, sent as Unix ms. The server judges whether
// it is in the future and within its limit, with its own message.

/** 'YYYY-MM-DD' of a moment, in local time (what a date input holds). */
export function dateInputValue(ms: number): string {
  const d = new Date(ms);
  const two = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${two(d.getMonth() + 1)}-${two(d.getDate())}`;
}

/** The end of a picked day (23:59 local) as Unix ms; null for an empty or malformed value. */
export function deadlineFromDate(value: string): number | null {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  if (!m) return null;
  const end = new Date(Number(m[1]), Number(m[2]) - 1, Number(m[3]), 23, 59, 0, 0).getTime();
  return Number.isNaN(end) ? null : end;
}

export const DAY_MS = 24 * 3600 * 1000;
/** The date a new group offers first: two weeks from today. */
export const DEFAULT_DAYS = 14;
