// City and state from the pincode (checkout and the saved addresses): 500 ms
// after six digits are typed, the server's offline table is asked; a newer
// keystroke cancels the wait and makes an older answer stale. The fields stay
// editable.
import { useCallback, useEffect, useRef, useState } from 'react';
import { INVALID_PINCODE, PINCODE_LOOKUP_FAILED, usePincodeLookup, type PincodeDetails } from '../api/pincode';
import { ApiError } from '../lib/api';
import { isPincode } from '../lib/pincode';
import { useT } from '../lib/i18n';

export const PINCODE_DEBOUNCE_MS = 500;

export type PincodeStatus = { kind: 'idle' } | { kind: 'looking' } | { kind: 'found'; place: string } | { kind: 'error'; message: string };

export function usePincodeAutofill(onFound: (details: PincodeDetails) => void) {
  const lookup = usePincodeLookup();
  const t = useT();
  const [status, setStatus] = useState<PincodeStatus>({ kind: 'idle' });
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  const latest = useRef('');
  const found = useRef(onFound);
  found.current = onFound;
  useEffect(() => () => clearTimeout(timer.current), []);

  /** Call with every new pincode value the shopper types. */
  const pincodeChanged = useCallback(
    (pin: string) => {
      clearTimeout(timer.current);
      latest.current = pin;
      if (!isPincode(pin)) {
        // Fewer than six digits wait for more; six that are no pincode (a leading 0) are refused without asking.
        setStatus(pin.length === 6 ? { kind: 'error', message: INVALID_PINCODE } : { kind: 'idle' });
        return;
      }
      timer.current = setTimeout(async () => {
        setStatus({ kind: 'looking' });
        try {
          const details = await lookup(pin);
          if (latest.current !== pin) return;
          found.current(details);
          setStatus({ kind: 'found', place: `${details.city}, ${details.state}` });
        } catch (e) {
          if (latest.current !== pin) return;
          const message = e instanceof ApiError && e.status === 404 ? INVALID_PINCODE : PINCODE_LOOKUP_FAILED;
          setStatus({ kind: 'error', message });
        }
      }, PINCODE_DEBOUNCE_MS);
    },
    [lookup],
  );

  /** An unknown pincode (not a failed lookup, which should not block the order). */
  const unknown = status.kind === 'error' && status.message === INVALID_PINCODE;
  const invalid = unknown ? t('address.invalidPincode') : undefined;
  // The status keeps the API's words to tell the two errors apart; the shopper reads them in their language.
  const shown: PincodeStatus = status.kind === 'error' ? { kind: 'error', message: invalid ?? t('address.pincodeLookupFailed') } : status;
  return { status: shown, pincodeChanged, invalid };
}
