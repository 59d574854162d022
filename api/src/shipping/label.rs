//! Shipping labels drawn by the store, for shipments booked by hand: one A6
//! page per order (from, to, order number, pieces, courier and AWB with its
//! QR code), many orders on one PDF.
