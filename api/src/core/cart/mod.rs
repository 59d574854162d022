//! The cart: adding a design to it, and pricing it with the engine.

pub mod add_design;
pub mod pricing;
