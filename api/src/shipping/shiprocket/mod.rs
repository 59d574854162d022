//! Shiprocket's REST API (apiv2.shiprocket.in/v1/external): sign in with the
//! API user and keep the token (signing in again on 401), serviceability,
//! booking (an adhoc order looked up by our order number before any retry,
//! since Shiprocket has no idempotency key; then the AWB and the pickup),
//! labels and tracking. The base URL is configurable so tests run this very
//! client against a local stand-in.
//!
//! - `auth`: the token (signing in, again on 401) and the authenticated call;
//! - `serviceability`: whether and how fast a courier serves a pincode;
//! - `booking`: the order found or created, its AWB and its pickup;
//! - `labels`: the label PDF; `track`: a shipment's tracking;
//! - `errors`: Shiprocket's answers read and turned into `ShippingError`;
//! - `values`: units and formats (rupees, kilograms, ids, AWBs, dates).

mod auth;
mod booking;
mod errors;
mod labels;
mod serviceability;
mod track;
mod values;

pub use labels::MAX_LABEL_BYTES;

use std::time::Duration;

use tokio::sync::Mutex;

use super::config::ShiprocketConfig;
use crate::env::Secret;

pub struct ShiprocketClient {
    http: reqwest::Client,
    base: String,
    email: String,
    password: Secret,
    token: Mutex<TokenSlot>,
    /// Pause before looking an order up again after a lost create answer
    /// (Shiprocket may still be finishing the create).
    relook_pause: Duration,
}

/// The signed-in token and its generation: a call refused with generation
/// `g` signs in again only if the token is still `g`, so one sign-in serves
/// every call refused with the same token.
#[derive(Default)]
struct TokenSlot {
    generation: u64,
    token: Option<Secret>,
}

impl ShiprocketClient {
    pub fn new(config: &ShiprocketConfig) -> ShiprocketClient {
        ShiprocketClient::with_timeouts(config, Duration::from_secs(10), Duration::from_secs(30))
    }

    /// Tests shorten the whole-request timeout to lose an answer quickly.
    pub fn with_timeouts(
        config: &ShiprocketConfig,
        connect: Duration,
        request: Duration,
    ) -> ShiprocketClient {
        let http = reqwest::Client::builder()
            .connect_timeout(connect)
            .timeout(request)
            .build()
            .unwrap_or_default();
        ShiprocketClient {
            http,
            base: config.api_base.trim_end_matches('/').to_string(),
            email: config.email.clone(),
            password: config.password.clone(),
            token: Mutex::new(TokenSlot::default()),
            relook_pause: (request / 10).min(Duration::from_secs(2)),
        }
    }
}

#[cfg(test)]
mod tests;
