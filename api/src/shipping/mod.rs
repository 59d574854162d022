//! Shipping: one interface, two providers chosen by `SHIPPING_PROVIDER`.
//! `manual` (the default): the admin books with any courier and types in its
//! name, the AWB and a tracking URL. `shiprocket`: Shiprocket's REST API books,
//! labels and tracks. Tracking updates arrive the same way for both (the
//! webhook, in Shiprocket's shape), so a manual merchant can point any
//! tracking service at it.

pub mod config;
pub mod parcel;
pub mod shiprocket;
pub mod tracking;

use std::collections::HashMap;
use std::sync::Mutex;
use std::time::{Duration, Instant};

pub use crate::domain::shipment::{Booking, Scan, ShipmentState, TrackingUpdate};
pub use config::{ShippingConfig, ShippingKind};
pub use parcel::{Garment, Parcel};

/// What a courier is asked to carry: one order, to one address.
#[derive(Debug, Clone)]
pub struct Consignment {
    /// Our order number: Shiprocket's `order_id` (the key we look it up by).
    pub order_number: String,
    /// "YYYY-MM-DD HH:MM" in India time.
    pub order_date: String,
    pub name: String,
    pub email: String,
    /// Ten digits.
    pub phone: String,
    pub address_line1: String,
    pub address_line2: String,
    pub city: String,
    pub state: String,
    pub pincode: String,
    pub items: Vec<ConsignmentItem>,
    /// What the buyer paid for the goods, in paise.
    pub sub_total: i64,
    pub parcel: Parcel,
}

#[derive(Debug, Clone)]
pub struct ConsignmentItem {
    pub name: String,
    pub sku: String,
    pub units: u32,
    /// Per unit, in paise.
    pub selling_price: i64,
    pub hsn: String,
}

/// Whether a courier delivers from our pickup pincode to a buyer's.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Serviceability {
    /// The fastest recommended courier's estimate.
    Serviceable {
        courier: String,
        /// YYYY-MM-DD.
        etd: Option<String>,
        days: Option<u32>,
    },
    Unserviceable {
        message: String,
    },
}

#[derive(Debug, thiserror::Error)]
pub enum ShippingError {
    #[error("shipping provider unreachable: {0}")]
    Unreachable(String),
    #[error("shipping provider refused: {0}")]
    Refused(String),
    #[error("no courier serves this pincode: {0}")]
    Unserviceable(String),
    #[error("shipping provider answered unexpectedly: {0}")]
    Malformed(String),
    #[error("the shipping provider is not configured")]
    Unconfigured,
}

enum Provider {
    Manual,
    Shiprocket(shiprocket::ShiprocketClient),
    /// `shiprocket` chosen without its credentials: the store runs, booking answers 503.
    Unconfigured,
}

/// How long a pincode's estimate is kept, and how many are.
const ESTIMATE_TTL: Duration = Duration::from_secs(6 * 60 * 60);
const ESTIMATES_KEPT: usize = 20_000;

/// The active shipping provider.
pub struct Shipping {
    provider: Provider,
    pub config: ShippingConfig,
    /// Estimates by pincode: checkout asks on every pincode typed, the courier need not hear of each.
    estimates: Mutex<HashMap<String, (Instant, Serviceability)>>,
}

impl Shipping {
    pub fn from_config(config: ShippingConfig) -> Shipping {
        let provider = match config.kind {
            ShippingKind::Manual => Provider::Manual,
            ShippingKind::Shiprocket if !config.shiprocket_configured() => Provider::Unconfigured,
            ShippingKind::Shiprocket => {
                Provider::Shiprocket(shiprocket::ShiprocketClient::new(&config.shiprocket))
            }
        };
        Shipping {
            provider,
            config,
            estimates: Mutex::default(),
        }
    }

    /// `manual` or `shiprocket`, as stored on shipments.
    pub fn name(&self) -> &'static str {
        self.config.kind.as_str()
    }

    pub fn shiprocket(&self) -> Option<&shiprocket::ShiprocketClient> {
        match &self.provider {
            Provider::Shiprocket(c) => Some(c),
            Provider::Manual | Provider::Unconfigured => None,
        }
    }

    fn client(&self) -> Result<&shiprocket::ShiprocketClient, ShippingError> {
        match &self.provider {
            Provider::Shiprocket(c) => Ok(c),
            Provider::Manual | Provider::Unconfigured => Err(ShippingError::Unconfigured),
        }
    }

    /// The courier's estimate for a delivery pincode. None: the provider
    /// cannot say (manual shipping, or the provider is unreachable: checkout
    /// must not stop because an estimate is missing).
    pub async fn estimate(&self, pincode: &str, weight_grams: u32) -> Option<Serviceability> {
        let client = self.shiprocket()?;
        if let Some((at, s)) = self.estimates.lock().ok()?.get(pincode)
            && at.elapsed() < ESTIMATE_TTL
        {
            return Some(s.clone());
        }
        match client
            .serviceability(&self.config.pickup_pincode, pincode, weight_grams)
            .await
        {
            Ok(s) => {
                if let Ok(mut kept) = self.estimates.lock() {
                    if kept.len() >= ESTIMATES_KEPT {
                        kept.clear();
                    }
                    kept.insert(pincode.to_string(), (Instant::now(), s.clone()));
                }
                Some(s)
            }
            Err(e) => {
                tracing::warn!(error = %e, "delivery estimate unavailable");
                None
            }
        }
    }

    /// Books through the provider: an order, its AWB, a pickup. Safe to call
    /// again after a lost answer: the provider's order is looked up by our
    /// order number before one is created.
    pub async fn book(&self, consignment: &Consignment) -> Result<Booking, ShippingError> {
        self.client()?
            .book(consignment, &self.config.pickup_location)
            .await
    }

    /// The provider's label PDF for its shipments, several on one document.
    pub async fn labels(&self, shipment_ids: &[String]) -> Result<Vec<u8>, ShippingError> {
        self.client()?.labels(shipment_ids).await
    }

    /// The provider's tracking of an AWB (the polling that backs the webhook up).
    pub async fn track(&self, awb: &str) -> Result<Option<TrackingUpdate>, ShippingError> {
        self.client()?.track(awb).await
    }
}
