//! `GET /store`: the store's runtime facts, the ones its configuration sets,
//! which the browser must take from the server and never from a copy of its
//! own: the gateway fee policy, the support contact and how shipments are booked.

use poem::web::Data;
use poem_openapi::payload::Json;
use poem_openapi::{ApiResponse, Object, OpenApi};

use super::Tag;
use crate::http::envelope::Envelope;
use crate::http::fails::Fails;
use crate::http::fails::status::*;
use crate::state::AppState;

/// Browsers and proxies may keep the facts for five minutes: they change only
/// when the store restarts with another configuration, and checkout charges
/// the server's own figures whatever a page showed.
pub const STORE_CACHE: &str = "public, max-age=300";

#[derive(Object, Debug, Clone, PartialEq, Eq)]
#[oai(rename_all = "camelCase")]
pub struct StoreFacts {
    /// The payment gateway fee in basis points of the subtotal
    /// (`GATEWAY_FEE_PERCENT`; 250 = 2.5%). 0: the merchant absorbs it and
    /// no breakdown shows a gateway line.
    pub gateway_fee_bps: i64,
    /// The fee's label on every breakdown, made by the engine: "Payment Gateway (2.5%)".
    pub gateway_label: String,
    /// Where customers write about an order (`SUPPORT_EMAIL`).
    pub support_email: String,
    /// The number customers call (`COMPANY_PHONE`).
    pub support_phone: String,
    /// How shipments are booked (`SHIPPING_PROVIDER`): `manual` (the admin
    /// types in the courier, AWB and tracking URL) or `shiprocket`.
    pub shipping_provider: String,
}

impl StoreFacts {
    pub fn of(state: &AppState) -> StoreFacts {
        let bps = state.config.gateway_fee_bps;
        StoreFacts {
            gateway_fee_bps: bps,
            gateway_label: design_engine::pricing::gateway_label(bps),
            support_email: state.config.company.support_email.clone(),
            support_phone: state.config.company.phone.clone(),
            shipping_provider: state.shipping.name().to_string(),
        }
    }
}

#[derive(ApiResponse)]
pub enum StoreAnswer {
    /// The facts, cacheable by anyone for five minutes.
    #[oai(status = 200)]
    Ok(
        Json<Envelope<StoreFacts>>,
        #[oai(header = "Cache-Control")] String,
    ),
}

pub struct StoreApi;

#[OpenApi(tag = "Tag::Store")]
impl StoreApi {
    /// The store's fee policy and support contact, as configured (public).
    #[oai(path = "/store", method = "get")]
    async fn facts(&self, state: Data<&AppState>) -> Result<StoreAnswer, Fails<{ ANY }>> {
        Ok(StoreAnswer::Ok(
            Envelope::ok("Store facts", StoreFacts::of(&state)),
            STORE_CACHE.to_string(),
        ))
    }
}
