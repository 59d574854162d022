// Where a shopper gets help with a payment or an order: the store's configured
// contact (SUPPORT_EMAIL and COMPANY_PHONE, from GET /api/store), the same one
// the invoices print.

/** A `tel:` link for a phone number as written ("+91 80 4000 1234"). */
export function telHref(phone: string): string {
  return `tel:${phone.replace(/[^\d+]/g, '')}`;
}
