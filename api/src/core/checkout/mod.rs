//! Checkout: the cart priced and rechecked, the order opened with the payment
//! provider, the payment settled, the balance of an order paid in two
//! parts, and refunds.

pub mod balance;
pub mod open;
pub mod quote;
pub mod refunds;
pub mod settle;
