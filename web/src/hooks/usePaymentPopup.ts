// Paying an order the server has just created (a `CreatedOrder`, as
// /payments/create-order and a group member's /rows/mine/pay answer): the
// provider's popup — our own test dialog for the built-in test provider
// (render `testOrder` with TestPaymentDialog), Razorpay's checkout otherwise —
// then the server verifies the signature. What follows a payment is the
// caller's: checkout goes to /order-confirmation or /order-failed, a group's
// pages stay where they are.
import { useCallback, useRef, useState } from 'react';
import { completeTestPayment, verifyPayment, type CreatedOrder, type OrderConfirmation, type PaymentProof } from '../api/payments';
import { ApiError } from '../lib/api';
import { FALLBACK, type ErrorData } from '../lib/paymentFailure';
import { currentLanguage, translate } from '../lib/i18n';
import { loadRazorpay } from '../lib/razorpay';

export const STORE_NAME = 'Legacy Threads';

/** Who pays, for Razorpay's prefill. */
export interface Payer {
  fullName: string;
  email: string;
  /** Ten digits, without +91. */
  phone: string;
}

export interface PaymentHandlers {
  /** The payment is verified: the order is paid. */
  onPaid: (confirmation: OrderConfirmation) => void;
  /** The provider declined, or the server did not verify the payment (the order's number is given when known). */
  onFailed: (error: ErrorData) => void;
}

export function usePaymentPopup(handlers: PaymentHandlers) {
  const inFlight = useRef(false);
  const [processing, setProcessing] = useState(false);
  const [testOrder, setTestOrder] = useState<CreatedOrder | null>(null);
  const [testPaying, setTestPaying] = useState(false);
  // The latest handlers, so the callbacks below stay the same between renders.
  const latest = useRef(handlers);
  latest.current = handlers;

  /** Claims the one payment that may run at a time; false while another runs. */
  const begin = useCallback(() => {
    if (inFlight.current) return false;
    inFlight.current = true;
    setProcessing(true);
    return true;
  }, []);

  const release = useCallback(() => {
    inFlight.current = false;
    setProcessing(false);
  }, []);

  const failed = useCallback(
    (error: ErrorData) => {
      setTestOrder(null);
      release();
      latest.current.onFailed(error);
    },
    [release],
  );

  const verify = useCallback(
    async (created: CreatedOrder, proof: PaymentProof) => {
      let confirmation: OrderConfirmation;
      try {
        confirmation = await verifyPayment(proof, created.order._id);
      } catch (e) {
        const orderNumber = created.order.orderNumber;
        failed(
          e instanceof ApiError
            ? { code: e.code || 'PAYMENT_VERIFICATION_FAILED', description: e.message || FALLBACK.verification, orderNumber }
            : { code: 'PAYMENT_VERIFICATION_ERROR', description: FALLBACK.verification, orderNumber },
        );
        return;
      }
      setTestOrder(null);
      release();
      latest.current.onPaid(confirmation);
    },
    [failed, release],
  );

  const openRazorpay = useCallback(
    async (created: CreatedOrder, payer: Payer) => {
      const orderNumber = created.order.orderNumber;
      try {
        await loadRazorpay();
      } catch {
        failed({ code: 'ORDER_PLACEMENT_ERROR', description: FALLBACK.placing, orderNumber });
        return;
      }
      const rzp = new window.Razorpay!({
        key: created.keyId,
        amount: created.amount,
        currency: created.currency,
        order_id: created.orderId,
        name: STORE_NAME,
        description: translate(currentLanguage(), 'payment.popupDescription', { number: orderNumber }),
        prefill: { name: payer.fullName, email: payer.email, contact: `+91${payer.phone}` },
        theme: { color: '#ea580c' },
        handler: (r) => void verify(created, { razorpayOrderId: r.razorpay_order_id, razorpayPaymentId: r.razorpay_payment_id, razorpaySignature: r.razorpay_signature }),
        modal: { ondismiss: release },
      });
      rzp.on('payment.failed', (r) => {
        rzp.close();
        failed({ code: r.error?.code || FALLBACK.unknownCode, description: r.error?.description || FALLBACK.placing, orderNumber });
      });
      rzp.open();
    },
    [failed, release, verify],
  );

  /**
   * Creates the order (`create`) and opens the provider's popup. A second call
   * while one runs does nothing (false). A failed `create` is thrown back, the
   * button ready again: what to say about it is the caller's.
   */
  const pay = useCallback(
    async (create: () => Promise<CreatedOrder>, payer: Payer): Promise<boolean> => {
      if (!begin()) return false;
      let created: CreatedOrder;
      try {
        created = await create();
      } catch (e) {
        release();
        throw e;
      }
      if (created.provider === 'test') setTestOrder(created);
      else await openRazorpay(created, payer);
      return true;
    },
    [begin, openRazorpay, release],
  );

  /** The test dialog's Pay and Fail buttons. */
  const payTest = useCallback(
    async (outcome: 'success' | 'failure') => {
      const created = testOrder;
      if (!created || testPaying) return;
      const orderNumber = created.order.orderNumber;
      setTestPaying(true);
      try {
        const result = await completeTestPayment(created.orderId, outcome);
        if ('failure' in result) {
          failed({ code: result.failure.code || FALLBACK.unknownCode, description: result.failure.description || FALLBACK.placing, orderNumber });
          return;
        }
        await verify(created, result.proof);
      } catch (e) {
        failed({
          code: (e instanceof ApiError && e.code) || FALLBACK.unknownCode,
          description: (e instanceof ApiError && e.message) || FALLBACK.placing,
          orderNumber,
        });
      } finally {
        setTestPaying(false);
      }
    },
    [failed, testOrder, testPaying, verify],
  );

  /** Closing the popup without paying: the button is ready again (the same receipt reaches the same order). */
  const dismissTest = useCallback(() => {
    if (testPaying) return;
    setTestOrder(null);
    release();
  }, [release, testPaying]);

  return { processing, begin, release, pay, testOrder, testPaying, payTest, dismissTest };
}
