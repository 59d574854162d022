// The courier's delivery estimate under checkout's pincode: asked 500 ms after
// the sixth digit, for that pincode only. A pincode no courier serves blocks
// the order until it changes; an unknown estimate is said quietly; a failed
// request says nothing and blocks nothing.
import { useDeliveryEstimate } from '../api/shipping';
import { useDebounced } from '../components/three/useDebounced';
import { isPincode } from '../lib/pincode';
import { PINCODE_DEBOUNCE_MS } from './usePincodeAutofill';

export interface DeliveryNote {
  message: string;
  /** No courier serves the pincode: shown as the field's error, and the order waits. */
  blocks: boolean;
  /** The store cannot say (couriers booked by hand): a muted hint. */
  quiet: boolean;
}

export function useDeliveryNote(pincode: string): DeliveryNote | undefined {
  const settled = useDebounced(pincode, PINCODE_DEBOUNCE_MS);
  const complete = isPincode(settled) ? settled : undefined;
  const estimate = useDeliveryEstimate(complete);
  // An answer for an older pincode says nothing about this one.
  if (settled !== pincode || !estimate.data) return undefined;
  const { message, known, serviceable } = estimate.data;
  return { message, blocks: !serviceable, quiet: !known };
}
