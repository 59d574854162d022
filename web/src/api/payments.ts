// Paying for the cart: the provider's settings, creating the order, the
// built-in test provider's popup outcome, verifying a payment and the test-mode
// "save test order". Money is integer paise; the server prices its own cart and
// refuses an amount that differs from it.
import { useQuery } from '@tanstack/react-query';
import { api, unwrap } from '../lib/api';
import type { components } from '../lib/schema';

type Schemas = components['schemas'];
export type AddressInput = Schemas['AddressInput'];
/** An address as the server stored it: `street` joins both lines. */
export type ShippingAddress = Schemas['ShippingAddress'];
export type PaymentMethods = Schemas['PaymentMethods'];
export type CreateOrderRequest = Schemas['CreateOrderRequest'];
export type CreatedOrder = Schemas['CreatedOrder'];
export type PaymentFailure = Schemas['PaymentFailure'];
export type OrderConfirmation = Schemas['Confirmation'];
export type SaveTestOrderRequest = Schemas['SaveTestOrderRequest'];
/** What a provider hands back after a successful payment (Razorpay's fields). */
export type PaymentProof = Omit<Schemas['VerifyRequest'], 'orderId'>;
/** The test popup's outcome: the schema has all fields optional, this says which come together. */
export type TestPayment = { proof: PaymentProof } | { failure: PaymentFailure };

/** Which provider is active and whether test mode (the test buttons) is on. */
export function usePaymentMethods() {
  return useQuery({
    queryKey: ['payment-methods'],
    staleTime: 5 * 60_000,
    queryFn: async () => unwrap(await api.GET('/payments/methods'), 'Failed to load payment methods'),
  });
}

/** A pending order and the provider's order to pay it; the same receipt gives the same order. */
export async function createPaymentOrder(body: CreateOrderRequest): Promise<CreatedOrder> {
  return unwrap(await api.POST('/payments/create-order', { body }), 'Failed to create order');
}

/** The built-in test provider's popup: a payment signed as Razorpay signs it, or a decline. */
export async function completeTestPayment(orderId: string, outcome: 'success' | 'failure'): Promise<TestPayment> {
  const o = unwrap(await api.POST('/payments/test/complete', { body: { orderId, outcome } }), 'Test payment failed');
  if (o.razorpayOrderId && o.razorpayPaymentId && o.razorpaySignature) {
    return { proof: { razorpayOrderId: o.razorpayOrderId, razorpayPaymentId: o.razorpayPaymentId, razorpaySignature: o.razorpaySignature } };
  }
  return { failure: o.error ?? { code: '', description: '' } };
}

/** Checks the provider's signature on the server: the order becomes paid and confirmed. */
export async function verifyPayment(proof: PaymentProof, orderId: string): Promise<OrderConfirmation> {
  return unwrap(await api.POST('/payments/verify', { body: { ...proof, orderId } }), 'Payment verification failed. Please contact support.');
}

/** Test mode only: a paid order straight from the server's cart. */
export async function saveTestOrder(body: SaveTestOrderRequest): Promise<OrderConfirmation> {
  return unwrap(await api.POST('/payments/save-test-order', { body }), 'Failed to create order');
}

/** The balance of an order paid in two parts: the provider's order for exactly the balance (the same one until paid). */
export async function createBalancePayment(orderId: string): Promise<CreatedOrder> {
  return unwrap(await api.POST('/orders/{id}/balance', { params: { path: { id: orderId } } }), 'Failed to start the balance payment');
}
