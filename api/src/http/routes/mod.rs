//! One `#[OpenApi]` struct per area of the API.

pub mod artwork;
pub mod auth;
pub mod background;
pub mod cart;
pub mod coupons;
pub mod designs;
pub mod dev;
pub mod files;
pub mod fonts;
pub mod group_members;
pub mod group_orders;
pub mod group_payments;
pub mod health;
pub mod library;
pub mod metrics;
pub mod model_files;
pub mod newsletter;
pub mod orders;
pub mod pages;
pub mod payments;
pub mod pincode;
pub mod products;
pub mod quotes;
pub mod shipping;
pub mod store;
pub mod support;
pub mod support_admin;
pub mod upload;
pub mod users;
pub mod whatsapp;

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
    /// Checkout: the order from the server's cart, the provider's payment, its verification.
    Payments,
    /// The customer's orders.
    Orders,
    /// City and state of an Indian pincode (an offline table).
    Pincode,
    /// The pictures in shoppers' designs.
    Artwork,
    /// The admin's uploads of 3D models and colour images.
    Upload,
    /// Saved designs and their read-only share links.
    Designs,
    /// The store's runtime facts: its fee policy and support contact.
    Store,
    /// Clip-art and starter templates to design with.
    Library,
    /// Group orders: one link, each member's own row, one order.
    GroupOrders,
    /// The store's policy pages: about, contact, terms, privacy, refunds, shipping, cookies.
    Pages,
    /// The complaints desk: tickets, their threads and deadlines.
    Support,
    /// Coupons: the admin's terms (the shopper's are under Cart and Payments).
    Coupons,
    /// Quotes with a negotiated price: made by an admin, accepted by the customer into the cart.
    Quotes,
}
