// The receipt (the server's idempotency key) that makes one payment attempt one
// order, kept in sessionStorage: checkout's under its own key, a group
// member's payment under one per group.

/** Where checkout keeps its receipt. */
export const CHECKOUT_RECEIPT_KEY = 'checkout.receipt';

/** After a cancelled order (ORDER_CANCELLED): the next Place Order makes a new order. */
export function forgetReceipt(key = CHECKOUT_RECEIPT_KEY): void {
  try {
    sessionStorage.removeItem(key);
  } catch {
    // nothing kept
  }
}

function randomId(): string {
  const c = globalThis.crypto;
  // Razorpay takes receipts of at most 40 characters: 'rcpt_' and 32 hex digits.
  if (c?.randomUUID) return c.randomUUID().replace(/-/g, '');
  const bytes = new Uint8Array(16);
  if (c?.getRandomValues) c.getRandomValues(bytes);
  else for (let i = 0; i < bytes.length; i++) bytes[i] = Math.floor(Math.random() * 256);
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}

/**
 * The receipt (the server's idempotency key) for this checkout attempt: the same
 * while the cart, amount and addresses stay the same (a double click, a reload,
 * a retry after a failed payment all reach the same order), a new one when any
 * of them changes. `key`: where it is kept (checkout's own by default; a
 * group's payment keeps its own).
 */
export function receiptFor(fingerprint: string, key = CHECKOUT_RECEIPT_KEY): string {
  try {
    const kept = JSON.parse(sessionStorage.getItem(key) ?? 'null') as { receipt?: string; fingerprint?: string } | null;
    if (kept?.receipt && kept.fingerprint === fingerprint) return kept.receipt;
  } catch {
    // a new one below
  }
  const receipt = `rcpt_${randomId()}`;
  try {
    sessionStorage.setItem(key, JSON.stringify({ receipt, fingerprint }));
  } catch {
    // not kept: a retry makes a new order, which the server allows
  }
  return receipt;
}
