// The checkout's GSTIN field, checked as the shopper types by the engine's
// own rule (the server runs the same one): format, check character, state
// code, and registered in the billing state. The engine is fetched only once
// a GSTIN is typed, so consumers' checkouts never download it.
import { useEffect, useMemo, useState } from 'react';
import { gstinChecker, type GstinCheck } from '../lib/engine';

type Checker = (gstin: string, billingState: string) => GstinCheck;

export function useGstinCheck(gstin: string, billingState: string): GstinCheck {
  const [checker, setChecker] = useState<Checker | null>(null);
  const wanted = gstin.trim() !== '';
  useEffect(() => {
    if (!wanted || checker) return;
    let live = true;
    // Not loaded (offline): the server still checks it at Place Order.
    gstinChecker()
      .then((c) => live && setChecker(() => c))
      .catch(() => {});
    return () => {
      live = false;
    };
  }, [wanted, checker]);
  return useMemo(() => (wanted && checker ? checker(gstin, billingState) : { error: null }), [wanted, checker, gstin, billingState]);
}
