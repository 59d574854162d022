//! One `#[OpenApi]` struct per area of the API.

pub mod health;
pub mod products;

#[derive(poem_openapi::Tags)]
pub enum Tag {
    /// Availability.
    Health,
    /// The catalogue.
    Products,
}
