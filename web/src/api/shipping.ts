// Shipping: the admin books a shipment (by hand: courier, AWB, tracking URL;
// or through Shiprocket) and downloads labels; the customer, or anyone with
// the order number and its e-mail, sees where the parcel is; checkout asks for
// the courier's delivery estimate. PDFs need the bearer token, so they are
// fetched and saved as blobs.
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, messageOf, unwrap } from '../lib/api';
import type { components } from '../lib/schema';
import { saveBlob } from './adminOrders';
import { fileNameOf } from './taxDocuments';
import type { Order } from './orders';

export type Tracking = components['schemas']['Tracking'];
export type TrackingScan = components['schemas']['TrackingScan'];
export type ShipmentState = components['schemas']['ShipmentState'];
export type ShipmentRequest = components['schemas']['ShipmentRequest'];
export type TrackAnswer = components['schemas']['TrackAnswer'];
export type DeliveryEstimate = components['schemas']['DeliveryEstimate'];

export const SHIP_FAILED = 'Failed to create the shipment';
export const TRACKING_FAILED = 'Failed to fetch the tracking details';
export const LABEL_FAILED = 'Failed to download the label';
export const LABELS_FAILED = 'Failed to download the labels';
export const TRACK_FAILED = 'Failed to find the order. Please try again.';


/** Orders in these statuses have a shipment to show. */
export function hasShipped(order: Pick<Order, 'status'>): boolean {
  return order.status === 'shipped' || order.status === 'delivered';
}

/** The order's tracking (owner or admin), asked only once it has shipped. */
export function useTracking(orderId: string, enabled: boolean) {
  return useQuery({
    queryKey: ['tracking', orderId],
    enabled,
    queryFn: async () => unwrap(await api.GET('/orders/{id}/tracking', { params: { path: { id: orderId } } }), TRACKING_FAILED),
  });
}

/** The admin ships the order; the lists, the details and its tracking load again. */
export function useCreateShipment(orderId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (body: ShipmentRequest) =>
      unwrap(await api.POST('/orders/{id}/shipment', { params: { path: { id: orderId } }, body }), SHIP_FAILED),
    onSuccess: (tracking) => {
      queryClient.setQueryData(['tracking', orderId], tracking);
      void queryClient.invalidateQueries({ queryKey: ['admin-orders'] });
    },
  });
}

/** Saves the order's shipping label. */
export async function downloadLabel(order: Pick<Order, '_id' | 'orderNumber'>): Promise<void> {
  const result = await api.GET('/orders/{id}/shipment/label.pdf', { params: { path: { id: order._id } }, parseAs: 'blob' });
  if (result.error !== undefined || !result.data) throw new Error(messageOf(result.error, LABEL_FAILED));
  saveBlob(result.data as Blob, fileNameOf(result.response.headers.get('content-disposition'), `label-${order.orderNumber}.pdf`));
}

/** Saves the labels of many shipped orders as one PDF (409 names the orders without a shipment). */
export async function downloadLabels(orderIds: string[]): Promise<void> {
  const result = await api.POST('/orders/labels', { body: { orderIds }, parseAs: 'blob' });
  if (result.error !== undefined || !result.data) throw new Error(messageOf(result.error, LABELS_FAILED));
  saveBlob(result.data as Blob, fileNameOf(result.response.headers.get('content-disposition'), 'labels.pdf'));
}

/** Anyone with the order number and its e-mail: status, timeline, tracking. 404 carries the server's message. */
export async function trackOrder(orderNumber: string, email: string): Promise<TrackAnswer> {
  return unwrap(await api.GET('/track', { params: { query: { orderNumber, email } } }), TRACK_FAILED);
}

/**
 * The courier's estimate for a complete pincode (undefined otherwise). A
 * failed request is no answer at all: checkout never waits on it.
 */
export function useDeliveryEstimate(pincode: string | undefined) {
  return useQuery({
    queryKey: ['delivery-estimate', pincode],
    enabled: pincode !== undefined,
    staleTime: 10 * 60_000,
    retry: false,
    queryFn: async () => unwrap(await api.GET('/shipping/estimate', { params: { query: { pincode: pincode! } } }), 'No estimate'),
  });
}
