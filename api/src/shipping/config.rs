//! Shipping's settings: `SHIPPING_PROVIDER` (manual or shiprocket), the
//! Shiprocket API user, the pickup point, the garments' weights and sizes,
//! and the tracking webhook's token.

use super::parcel::Pieces;
use crate::env::{Secret, env_or};

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ShippingKind {
    Manual,
    Shiprocket,
}

impl ShippingKind {
    pub fn as_str(self) -> &'static str {
        match self {
            ShippingKind::Manual => "manual",
            ShippingKind::Shiprocket => "shiprocket",
        }
    }
}

/// Shiprocket's API user (made in its panel: Settings > API).
#[derive(Debug, Clone)]
pub struct ShiprocketConfig {
    /// `SHIPROCKET_EMAIL` and `SHIPROCKET_PASSWORD`.
    pub email: String,
    pub password: Secret,
    /// `SHIPROCKET_API_BASE`, default https://apiv2.shiprocket.in/v1/external (a stand-in in tests).
    pub api_base: String,
}

#[derive(Debug, Clone)]
pub struct ShippingConfig {
    pub kind: ShippingKind,
    pub shiprocket: ShiprocketConfig,
    /// `SHIPPING_PICKUP_LOCATION` (default Primary): the pickup address's
    /// nickname in Shiprocket's panel.
    pub pickup_location: String,
    /// `SHIPPING_PICKUP_PINCODE`: where parcels leave from (serviceability
    /// asks from here); default the seller's `COMPANY_PINCODE`.
    pub pickup_pincode: String,
    /// `SHIPPING_GARMENTS`: each garment type's weight and folded size.
    pub pieces: Pieces,
    /// `SHIPPING_WEBHOOK_TOKEN`: the tracking webhook's `X-Api-Key`. Unset:
    /// the webhook answers 401 to everything.
    pub webhook_token: Secret,
    /// `SHIPPING_POLL_MINUTES` (default 360): a shipment in transit whose
    /// updates stopped for this long is asked for by its AWB.
    pub poll_minutes: i64,
}

impl ShippingConfig {
    pub fn shiprocket_configured(&self) -> bool {
        !self.shiprocket.email.is_empty() && !self.shiprocket.password.is_empty()
    }

    pub fn from_env(company_pincode: &str) -> anyhow::Result<ShippingConfig> {
        let kind = match env_or("SHIPPING_PROVIDER", "manual")
            .to_ascii_lowercase()
            .as_str()
        {
            "manual" => ShippingKind::Manual,
            "shiprocket" => ShippingKind::Shiprocket,
            other => anyhow::bail!("SHIPPING_PROVIDER must be manual or shiprocket, not {other}"),
        };
        let pickup_pincode = env_or("SHIPPING_PICKUP_PINCODE", company_pincode);
        anyhow::ensure!(
            pickup_pincode.is_empty() || design_engine::pincode::is_pincode(&pickup_pincode),
            "SHIPPING_PICKUP_PINCODE must be six digits, the first not 0, not {pickup_pincode:?}"
        );
        let config = ShippingConfig {
            kind,
            shiprocket: ShiprocketConfig {
                email: env_or("SHIPROCKET_EMAIL", ""),
                password: Secret::new(env_or("SHIPROCKET_PASSWORD", "")),
                api_base: env_or(
                    "SHIPROCKET_API_BASE",
                    "https://apiv2.shiprocket.in/v1/external",
                )
                .trim_end_matches('/')
                .to_string(),
            },
            pickup_location: env_or("SHIPPING_PICKUP_LOCATION", "Primary"),
            pickup_pincode,
            pieces: Pieces::parse(&env_or("SHIPPING_GARMENTS", "")).map_err(anyhow::Error::msg)?,
            webhook_token: Secret::new(env_or("SHIPPING_WEBHOOK_TOKEN", "")),
            poll_minutes: match env_or("SHIPPING_POLL_MINUTES", "360").parse() {
                Ok(m) if (1..=10_080).contains(&m) => m,
                _ => anyhow::bail!(
                    "SHIPPING_POLL_MINUTES must be a whole number of minutes from 1 to 10080"
                ),
            },
        };
        if kind == ShippingKind::Shiprocket && !config.shiprocket_configured() {
            tracing::warn!(
                "SHIPROCKET_EMAIL and SHIPROCKET_PASSWORD are not set: creating a shipment answers 503"
            );
        }
        if config.webhook_token.is_empty() {
            tracing::warn!("SHIPPING_WEBHOOK_TOKEN is not set: tracking webhooks will be refused");
        }
        Ok(config)
    }
}

impl Default for ShippingConfig {
    fn default() -> ShippingConfig {
        ShippingConfig {
            kind: ShippingKind::Manual,
            shiprocket: ShiprocketConfig {
                email: String::new(),
                password: Secret::new(""),
                api_base: "https://apiv2.shiprocket.in/v1/external".into(),
            },
            pickup_location: "Primary".into(),
            pickup_pincode: String::new(),
            pieces: Pieces::default(),
            webhook_token: Secret::new(""),
            poll_minutes: 360,
        }
    }
}
