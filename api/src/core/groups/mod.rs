//! Group orders' rules. An organiser starts a group from a saved design and
//! shares its link; signed-in members add their own rows (a size, and the
//! name and number the design prints) until the deadline; the organiser
//! closes the rows into one line of their cart, or (members paying) each
//! member pays for their own pieces and the paid pieces go to print
//! together. Every studio rule and every price is the engine's.
//!
//! - `organiser`: starting, changing, closing and cancelling a group, top-ups
//!   and removals, as the organiser asks.
//! - `members`: a member's own pieces by the link: join, change, withdraw.
//! - `payments`: members paying for their pieces; when their orders may be made.
//! - `closing`: how a group ends (closed or cancelled), everyone told.
//! - `refunds`: what a row leaving its group owes back.
//! - `clock`: deadlines, grace, the minimum, placed and shipped, unasked.
//! - `views`: what the organiser, the link and a member see, priced now.
//! - `holds`: who reaches a group, and when it takes changes.
//! - `rows`: a row checked by the engine, and the design the rows make.
//! - `notify`: the letters sent (their words are `core::messages::groups`).

pub mod clock;
pub mod closing;
pub mod holds;
pub mod members;
pub mod notify;
pub mod organiser;
pub mod payments;
pub mod refunds;
pub mod rows;
pub mod views;

// What the rest of the server calls: the clock, a group's end, whether a
// member's order may be made, and a row as typed.
pub use clock::{run, tick};
pub use closing::{cancel, close};
pub use payments::may_make;
pub use rows::RowInput;
