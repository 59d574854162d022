// Cleaners for Indian phone and pincode inputs, as typed or pasted (checkout,
// profile, saved addresses).

/** Phone input: digits only, at most 10 (a pasted +91 or leading 0 is dropped). */
export function cleanPhone(raw: string): string {
  let digits = raw.replace(/\D/g, '');
  if (digits.length > 10 && digits.startsWith('91')) digits = digits.slice(2);
  else if (digits.length > 10 && digits.startsWith('0')) digits = digits.slice(1);
  return digits.slice(0, 10);
}

/** Pincode input: digits only, at most 6. */
export function cleanPincode(raw: string): string {
  return raw.replace(/\D/g, '').slice(0, 6);
}
