// The saved-design quantity rule (spec section 4): minus lowers the first
// non-zero size, in the order s, m, l, xl (and our xxl last; a product's own
// sizes after those, as the design keys them), and is refused at a total of 1
// or less; plus raises the first non-zero size, or sets m to 1 when every size is 0.
import { orderedSizes, totalOf, type Quantities } from '../../lib/sizes';

export function canLower(q: Quantities): boolean {
  return totalOf(q) > 1;
}

/** One item fewer, or null when the total is 1 or less. */
export function lowered(q: Quantities): Quantities | null {
  if (!canLower(q)) return null;
  const size = orderedSizes(q).find((s) => s.count > 0)!.key;
  return { ...q, [size]: q[size] - 1 };
}

/** One item more. */
export function raised(q: Quantities): Quantities {
  const size = orderedSizes(q).find((s) => s.count > 0)?.key;
  return size ? { ...q, [size]: q[size] + 1 } : { ...q, m: 1 };
}
