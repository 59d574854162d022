//! Checkout: the cart priced and rechecked, the order opened with the payment
//! provider, the payment settled, and refunds.

pub mod open;
pub mod quote;
pub mod refunds;
pub mod settle;
