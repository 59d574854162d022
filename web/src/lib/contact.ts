// A shopper's e-mail address and mobile number, checked by the server's rules
// (api domain::contact: Email::parse and Phone::parse), so a form never lets
// through what the server refuses, nor refuses what it takes. Both sides are
// tested against the same cases (api/tests/cases/contact.json). The cleaners
// that tidy a phone number while it is typed are in inputs.ts.

/** Unicode White_Space: what Rust's `trim` and `char::is_whitespace` see (JS's `\s` also counts U+FEFF and misses U+0085). */
const SPACE = /\p{White_Space}/u;
const EDGE_SPACE = /^\p{White_Space}+|\p{White_Space}+$/gu;

/** The server counts an address's length in UTF-8 bytes. */
const utf8Length = (text: string) => new TextEncoder().encode(text).length;

/**
 * The address as the server keeps it (trimmed, lower case), or null when it is
 * refused: over 254 bytes, any space inside, not exactly one `@`, nothing
 * before it, or a domain without a dot or starting or ending with one.
 */
export function parseEmail(raw: string): string | null {
  const email = raw.replace(EDGE_SPACE, '').toLowerCase();
  if (utf8Length(email) > 254 || SPACE.test(email)) return null;
  const at = email.indexOf('@');
  if (at < 0) return null;
  const local = email.slice(0, at);
  const domain = email.slice(at + 1);
  const ok = local !== '' && !domain.includes('@') && domain.includes('.') && !domain.startsWith('.') && !domain.endsWith('.');
  return ok ? email : null;
}

/**
 * An Indian mobile number's 10 digits, or null: the digits typed (separators
 * dropped), less a leading 91 from 12 of them or a leading 0 from 11, must be
 * exactly 10 and not start with 0.
 */
export function parsePhone(raw: string): string | null {
  let digits = raw.replace(/[^0-9]/g, '');
  if (digits.length === 12 && digits.startsWith('91')) digits = digits.slice(2);
  else if (digits.length === 11 && digits.startsWith('0')) digits = digits.slice(1);
  return digits.length === 10 && !digits.startsWith('0') ? digits : null;
}
