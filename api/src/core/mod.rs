//! The store's business logic, one module per capability. It takes domain
//! types and the shared state, reads and writes through `db`, and reaches the
//! outside world through the providers (payments, shipping, sms, mail,
//! storage); it knows nothing of HTTP.

pub mod accounts;
pub mod backups;
pub mod cart;
pub mod checkout;
pub mod claims;
pub mod coupons;
pub mod designs;
pub mod documents;
pub mod fulfilment;
pub mod groups;
pub mod library;
pub mod messages;
pub mod notify;
pub mod pages;
pub mod products;
pub mod proofs;
pub mod quotes;
pub mod support;
