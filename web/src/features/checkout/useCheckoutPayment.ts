// Place Order: create the order on the server (it re-prices its cart and
// refuses a different amount), then the provider's popup — our own test dialog
// for the built-in test provider, Razorpay's checkout otherwise — then the
// server verifies the signature. Success goes to /order-confirmation, a failed
// payment or verification to /order-failed with the form kept for Try Again.
import { useCallback, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import {
  completeTestPayment,
  createPaymentOrder,
  saveTestOrder,
  verifyPayment,
  type CreateOrderRequest,
  type CreatedOrder,
  type OrderConfirmation,
  type PaymentProof,
  type SaveTestOrderRequest,
} from '../../api/payments';
import { ApiError } from '../../lib/api';
import { FALLBACK, type ErrorData } from './failure';
import { forgetCheckout, forgetReceipt, type CheckoutForm } from './form';
import { loadRazorpay } from './razorpay';

/** A message shown above Place Order; `paidOrder` adds a link to My Orders. */
export interface Problem {
  message: string;
  paidOrder?: boolean;
}

export const STORE_NAME = 'Legacy Threads';

export function useCheckoutPayment() {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const inFlight = useRef(false);
  const [processing, setProcessing] = useState(false);
  const [problem, setProblem] = useState<Problem | null>(null);
  const [testOrder, setTestOrder] = useState<CreatedOrder | null>(null);
  const [testPaying, setTestPaying] = useState(false);
  const formRef = useRef<CheckoutForm | null>(null);

  const release = useCallback(() => {
    inFlight.current = false;
    setProcessing(false);
  }, []);

  const failed = useCallback(
    (errorData: ErrorData) => {
      setTestOrder(null);
      release();
      navigate('/order-failed', { state: { errorData: { ...errorData, formData: formRef.current ?? undefined } } });
    },
    [navigate, release],
  );

  const succeeded = useCallback(
    (orderData: OrderConfirmation) => {
      forgetCheckout();
      setTestOrder(null);
      release();
      // The server took the paid lines out of the cart.
      void queryClient.invalidateQueries({ queryKey: ['cart'] });
      void queryClient.invalidateQueries({ queryKey: ['orders'] });
      navigate('/order-confirmation', { state: { orderData }, replace: true });
    },
    [navigate, queryClient, release],
  );

  const verify = useCallback(
    async (created: CreatedOrder, proof: PaymentProof) => {
      let orderData: OrderConfirmation;
      try {
        orderData = await verifyPayment(proof, created.order._id);
      } catch (e) {
        const orderNumber = created.order.orderNumber;
        failed(
          e instanceof ApiError
            ? { code: e.code || 'PAYMENT_VERIFICATION_FAILED', description: e.message || FALLBACK.verification, orderNumber }
            : { code: 'PAYMENT_VERIFICATION_ERROR', description: FALLBACK.verification, orderNumber },
        );
        return;
      }
      succeeded(orderData);
    },
    [failed, succeeded],
  );

  const openRazorpay = useCallback(
    async (created: CreatedOrder, form: CheckoutForm) => {
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
        description: `Order ${orderNumber}`,
        prefill: { name: form.shipping.fullName, email: form.shipping.email, contact: `+91${form.shipping.phone}` },
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

  /** What the shopper can act on here stays on the page; anything else goes to /order-failed. */
  const creationFailed = useCallback(
    (e: unknown) => {
      release();
      if (!(e instanceof ApiError)) return failed({ code: 'ORDER_PLACEMENT_ERROR', description: FALLBACK.placing });
      // The session ended: the route guard takes the shopper to login (the form is kept).
      if (e.status === 401) return;
      if (e.code === 'ORDER_CANCELLED') {
        // That receipt's order is gone for good: the next Place Order makes a new one.
        forgetReceipt();
        return setProblem({ message: e.message });
      }
      // Too many orders waiting for payment, or too many at once: the shopper can act on it here.
      if (e.code === 'TOO_MANY_OPEN_ORDERS' || e.status === 429) return setProblem({ message: e.message });
      if (e.code === 'ORDER_ALREADY_PAID') {
        void queryClient.invalidateQueries({ queryKey: ['cart'] });
        return setProblem({ message: e.message, paidOrder: true });
      }
      if (e.status === 400 || e.status === 422) {
        // An address field, a changed amount, an empty cart: the cart is fetched again to show what changed.
        void queryClient.invalidateQueries({ queryKey: ['cart'] });
        return setProblem({ message: e.message || FALLBACK.createOrder });
      }
      failed({ code: 'ORDER_PLACEMENT_ERROR', description: e.message || FALLBACK.createOrder });
    },
    [failed, queryClient, release],
  );

  /** Creates the order and opens the provider's popup. A second call while one runs does nothing. */
  const placeOrder = useCallback(
    async (request: CreateOrderRequest, form: CheckoutForm) => {
      if (inFlight.current) return;
      inFlight.current = true;
      formRef.current = form;
      setProcessing(true);
      setProblem(null);
      let created: CreatedOrder;
      try {
        created = await createPaymentOrder(request);
      } catch (e) {
        return creationFailed(e);
      }
      if (created.provider === 'test') setTestOrder(created);
      else await openRazorpay(created, form);
    },
    [creationFailed, openRazorpay],
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

  /** Closing the popup without paying: the button is ready again, the same receipt is reused. */
  const dismissTest = useCallback(() => {
    if (testPaying) return;
    setTestOrder(null);
    release();
  }, [release, testPaying]);

  /** Test mode only: a paid test order straight from the server's cart. */
  const saveTest = useCallback(
    async (request: SaveTestOrderRequest) => {
      if (inFlight.current) return;
      inFlight.current = true;
      setProcessing(true);
      setProblem(null);
      try {
        succeeded(await saveTestOrder(request));
      } catch (e) {
        release();
        setProblem({ message: (e instanceof ApiError && e.message) || FALLBACK.createOrder });
      }
    },
    [release, succeeded],
  );

  return { processing, problem, setProblem, placeOrder, testOrder, testPaying, payTest, dismissTest, saveTest };
}
