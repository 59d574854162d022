// Place Order: create the order on the server (it re-prices its cart and
// refuses a different amount), then the provider's popup and the server's
// verification (usePaymentPopup). Success goes to /order-confirmation, a failed
// payment or verification to /order-failed with the form kept for Try Again.
import { useCallback, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { createPaymentOrder, saveTestOrder, type CreateOrderRequest, type OrderConfirmation, type SaveTestOrderRequest } from '../../api/payments';
import { ApiError } from '../../lib/api';
import { FALLBACK, type ErrorData } from '../../lib/paymentFailure';
import type { CheckoutForm } from '../../lib/checkoutForm';
import { forgetReceipt } from '../../lib/receipt';
import { forgetCheckout } from './form';
import { usePaymentPopup } from '../../hooks/usePaymentPopup';

/** A message shown above Place Order; `paidOrder` adds a link to My Orders. */
export interface Problem {
  message: string;
  paidOrder?: boolean;
}

export function useCheckoutPayment() {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [problem, setProblem] = useState<Problem | null>(null);
  const formRef = useRef<CheckoutForm | null>(null);

  const succeeded = useCallback(
    (orderData: OrderConfirmation) => {
      forgetCheckout();
      // The server took the paid lines out of the cart.
      void queryClient.invalidateQueries({ queryKey: ['cart'] });
      void queryClient.invalidateQueries({ queryKey: ['orders'] });
      navigate('/order-confirmation', { state: { orderData }, replace: true });
    },
    [navigate, queryClient],
  );
  const toFailurePage = useCallback(
    (errorData: ErrorData) => navigate('/order-failed', { state: { errorData: { ...errorData, formData: formRef.current ?? undefined } } }),
    [navigate],
  );
  const popup = usePaymentPopup({ onPaid: succeeded, onFailed: toFailurePage });
  const { begin, release, pay } = popup;

  /** What the shopper can act on here stays on the page; anything else goes to /order-failed. */
  const creationFailed = useCallback(
    (e: unknown) => {
      release();
      if (!(e instanceof ApiError)) return toFailurePage({ code: 'ORDER_PLACEMENT_ERROR', description: FALLBACK.placing });
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
      toFailurePage({ code: 'ORDER_PLACEMENT_ERROR', description: e.message || FALLBACK.createOrder });
    },
    [toFailurePage, queryClient, release],
  );

  /** Creates the order and opens the provider's popup. A second call while one runs does nothing. */
  const placeOrder = useCallback(
    async (request: CreateOrderRequest, form: CheckoutForm) => {
      formRef.current = form;
      setProblem(null);
      try {
        await pay(() => createPaymentOrder(request), form.shipping);
      } catch (e) {
        creationFailed(e);
      }
    },
    [creationFailed, pay],
  );

  /** Test mode only: a paid test order straight from the server's cart. */
  const saveTest = useCallback(
    async (request: SaveTestOrderRequest) => {
      if (!begin()) return;
      setProblem(null);
      let orderData: OrderConfirmation;
      try {
        orderData = await saveTestOrder(request);
      } catch (e) {
        release();
        setProblem({ message: (e instanceof ApiError && e.message) || FALLBACK.createOrder });
        return;
      }
      release();
      succeeded(orderData);
    },
    [begin, release, succeeded],
  );

  return {
    processing: popup.processing,
    problem,
    setProblem,
    placeOrder,
    testOrder: popup.testOrder,
    testPaying: popup.testPaying,
    payTest: popup.payTest,
    dismissTest: popup.dismissTest,
    saveTest,
  };
}
