//! One `#[OpenApi]` struct per area of the API.

pub mod auth;
pub mod cart;
pub mod dev;
pub mod health;
pub mod models;
pub mod newsletter;
pub mod products;
pub mod users;

#[derive(poem_openapi::Tags)]
pub enum Tag {
    /// Availability.
    Health,
    /// Sign-up, sign-in and sessions.
    Auth,
    /// The catalogue.
    Products,
    /// The cart, priced by the design engine.
    Cart,
    /// Profile, addresses and preferences.
    Users,
    /// The newsletter.
    Newsletter,
}
