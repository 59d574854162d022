//! GST on apparel, worked out inside GST-inclusive prices: the states and
//! their codes, GSTINs with their check character, the dated rate table, the
//! CGST + SGST or IGST split by place of supply, and each line's taxable value
//! and tax to the paisa, so that the taxable value plus the tax is exactly
//! what the buyer paid. The studio, the cart, checkout and every document use
//! these figures and no others.
//!
//! Sources: rates by sale value per piece, Notification 1/2017-Central Tax
//! (Rate) as amended with effect from 22 September 2025 (5% up to ₹2,500 a
//! piece, 18% above; before, 5% up to ₹1,000 and 12% above); the split, IGST
//! Act s.10(1)(a) (goods delivered: the place of delivery); state codes and the
//! GSTIN check character, the GST portal's published scheme.

mod date;
mod gst;
mod gstin;
mod hsn;
mod states;
mod words;

pub use date::Date;
pub use gst::{
    LineTax, OrderTax, Split, b2c_large_above, credit_tax, line_tax, order_tax, rate_bps,
};
pub use gstin::{Gstin, GstinError, buyer_gstin};
pub use hsn::{HsnError, check_hsn, default_hsn};
pub use states::{GstState, STATES};
pub use words::in_words;

#[cfg(test)]
mod tests;
