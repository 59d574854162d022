//! Checkout: the cart priced and rechecked before money moves, and refunds.

pub mod quote;
pub mod refunds;
