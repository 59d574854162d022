//! The design engine: every rule of the design studio in one crate, with no
//! I/O and no async, so it runs the same in the browser (WebAssembly) and in
//! the server (native), and both agree on every placement, message, price and pixel.

pub mod catalogue;
pub mod design;
pub mod effects;
pub mod elements;
pub mod error;
pub mod facts;
pub mod group_share;
pub mod hash;
pub mod personalisation;
pub mod placement;
pub mod preflight;
pub mod pricing;
pub mod quantities;
pub mod render;
pub mod roster;
pub mod roster_pricing;
pub mod tax;
pub mod tiers;

#[cfg(not(any(feature = "text", feature = "wasm")))]
compile_error!(
    "design-engine shapes texts itself (feature `text`) or asks the browser's text module (feature `wasm`)"
);

pub use design::{Design, PrintArea};
pub use elements::{ElementKind, Font, ImageElement, TextElement};
pub use error::StudioError;
pub use personalisation::{PersonalField, PersonalStyle};
pub use pricing::{LineQuote, OrderQuote, Paise};
pub use quantities::{Quantities, Size};
pub use roster::RosterRow;
pub use tiers::{PriceTier, PriceTiers, ProductPricing};
