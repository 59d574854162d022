// One line for an address, as orders and confirmations show it:
// "12 Janpath, Connaught Place, New Delhi, Delhi 110001, India".
export interface AddressParts {
  /** Both lines joined, as the server stores them; else the lines are joined here. */
  street?: string;
  addressLine1?: string;
  addressLine2?: string;
  city?: string;
  state?: string;
  zipCode?: string;
  country?: string;
}

export function addressLine(a: AddressParts): string {
  const street = a.street || [a.addressLine1, a.addressLine2].filter(Boolean).join(', ');
  return [street, a.city, [a.state, a.zipCode].filter(Boolean).join(' '), a.country].filter(Boolean).join(', ');
}
