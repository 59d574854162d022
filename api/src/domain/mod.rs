//! The store's domain types. Each is parsed once, where a value enters (a
//! request body, a query, a stored row), and the rest of the code takes the
//! type, never the raw string.

pub mod address;
pub mod claim;
pub mod company;
pub mod contact;
pub mod grievance;
pub mod india_time;
mod language;
pub mod numbering;
pub mod order_number;
mod order_status;
pub mod payment_terms;
mod pincode;
pub mod pincodes;
pub mod product_media;
mod role;
pub mod shipment;
pub mod stages;
mod stored_text;
pub mod ticket;

pub use contact::{Email, Phone};
pub use language::Language;
pub use order_status::OrderStatus;
pub use pincode::Pincode;
pub use role::Role;
