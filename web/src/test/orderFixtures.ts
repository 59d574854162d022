// A delivered order's story as the server tells it: every step of its timeline, labelled in the server's English
// (api/src/http/dto/timeline.rs; a claim's lines from api/src/core/messages/claims.rs), and its parcel's tracking.
import type { TimelineEvent } from '../api/orders';
import type { Tracking } from '../api/shipping';

const day = (d: number, hour = 6) => Date.UTC(2026, 10, d, hour);

/** Paid to delivered, through the store's default production stages, then a claim refunded. */
export function fullTimeline(): TimelineEvent[] {
  return [
    { kind: 'paid', label: 'Paid', at: day(22) },
    { kind: 'proofApproved', label: 'Proof approved', at: day(22, 9) },
    { kind: 'inProduction', label: 'In production', at: day(23) },
    { kind: 'stage', label: 'Printing', at: day(23, 9) },
    { kind: 'stage', label: 'Quality check', at: day(24) },
    { kind: 'stage', label: 'Packed', at: day(24, 9) },
    { kind: 'shipped', label: 'Shipped', at: day(25) },
    { kind: 'outForDelivery', label: 'Out for delivery', at: day(27) },
    { kind: 'delivered', label: 'Delivered', at: day(27, 9) },
    { kind: 'claimFiled', label: 'Problem reported: 2 pieces (M × 2)', at: day(28) },
    { kind: 'claimRefunded', label: 'Refunded ₹598.00 for 2 pieces (M × 2)', at: day(29) },
  ];
}

/** The same steps in Hindi, as the page should say them. */
export const FULL_TIMELINE_HINDI = [
  'भुगतान हुआ',
  'प्रूफ़ को मंज़ूरी मिली',
  'बनना शुरू हुआ',
  'तैयारी: छपाई',
  'तैयारी: गुणवत्ता की जाँच',
  'तैयारी: पैक हो गया',
  'भेज दिया गया',
  'डिलीवरी के लिए निकला',
  'डिलीवर हो गया',
  'समस्या बताई गई: 2 पीस (M × 2)',
  '2 पीस (M × 2) के लिए ₹598.00 रिफ़ंड किया गया',
];

/** The parcel, delivered; its courier's name, AWB and scans are the courier's words. */
export function deliveredTracking(): Tracking {
  return {
    courier: 'Delhivery',
    awb: 'DL123456789',
    trackingUrl: 'https://www.delhivery.com/track/package/DL123456789',
    state: 'delivered',
    currentStatus: 'DELIVERED',
    shippedAt: day(25),
    events: [{ at: day(27, 9), activity: 'Delivered', location: 'Connaught Place' }],
  };
}

/** The words of `deliveredTracking` a Hindi page shows as the courier wrote them, and AWB (a technical word, kept). */
export const COURIER_WORDS = ['Delhivery', 'Delivered', 'Connaught', 'Place', 'AWB'];
