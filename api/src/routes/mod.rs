//! One `#[OpenApi]` struct per area of the API.

pub mod auth;
pub mod dev;
pub mod health;
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
    /// Profile, addresses and preferences.
    Users,
}
