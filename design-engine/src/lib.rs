//! The design engine: every rule of the design studio in one crate, with no
//! I/O and no async, so it runs the same in the browser (WebAssembly) and in
//! the server (native), and both agree on every placement, message, price and pixel.
//!
//! In layers, each importing only those below it:
//! - the bottom, importing nothing of the crate: `money` (paise, rounding,
//!   rupees written and read), `limits`, `pincode`, `placement`,
//!   `colour`, `short_label`, `size`, `print_area`, `personal_field`; then `error`, which names them;
//! - commerce, which never imports `design`: `coupon`, `roster_pricing` (the charge
//!   for names and numbers), `tiers`, `pricing`, `held_price`, `group_share`, `tax`, and
//!   the `catalogue` and a product's `garment` (areas, sizes, colours),
//!   `payment_plan` (an advance and the balance);
//! - the design's parts: `quantities`, `elements`, `personalisation`, `roster`;
//! - `design`, the document, with its prices and checks; `hash`, `preflight`;
//! - pixels: `codec` (decoding and encoding uploads), which `effects` and
//!   `render` share; `facts` for the pages, at the top.

pub mod catalogue;
pub mod codec;
pub mod colour;
pub mod coupon;

pub mod design;
pub mod effects;
pub mod elements;
pub mod error;
pub mod facts;
pub mod garment;
pub mod group_share;
pub mod hash;
pub mod held_price;
pub mod limits;
pub mod money;
pub mod origin;
pub mod payment_plan;
pub mod personal_field;
pub mod personalisation;
pub mod piece_share;
pub mod pincode;
pub mod placement;
pub mod preflight;
pub mod pricing;
pub mod print_area;
pub mod quantities;
pub mod render;
pub mod roster;
pub mod roster_pricing;
pub mod short_label;
pub mod size;
pub mod size_chart;
#[cfg(feature = "svg")]
pub mod svg_logo;
pub mod tax;
pub mod tiers;

#[cfg(not(any(feature = "text", feature = "wasm")))]
compile_error!(
    "design-engine shapes texts itself (feature `text`) or asks the browser's text module (feature `wasm`)"
);

pub use design::{Design, PrintArea};
pub use elements::{ElementKind, Font, ImageElement, TextElement};
pub use error::StudioError;
pub use money::Paise;
pub use personal_field::PersonalField;
pub use personalisation::PersonalStyle;
pub use pricing::{LineQuote, OrderQuote};
pub use quantities::Quantities;
pub use roster::RosterRow;
pub use size::Size;
pub use tiers::{PriceTier, PriceTiers, ProductPricing};
