//! `GET /store`: the store's runtime facts, the ones its configuration sets,
//! which the browser must take from the server and never from a copy of its
//! own: the gateway fee policy, the support contact, how shipments are booked,
//! the seller and its grievance officer, and the claim window.

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
    // The seller, as the footer and the pages name it (empty strings for what production
    // has not configured). Not doc comments: they would wrap the references in allOf.
    pub seller: Seller,
    // The grievance officer the contact page names.
    pub grievance_officer: GrievanceOfficerFacts,
    /// Days after delivery within which a misprint, a defect or damage may
    /// be reported (`CLAIM_WINDOW_DAYS`).
    pub claim_window_days: i64,
    /// Paying in two parts (issue 52): the advance in whole percent of the
    /// total (`ADVANCE_PERCENT`; 0: not offered), for orders of at least
    /// `advanceMinTotal` paise (`ADVANCE_MIN_TOTAL`); the cart's `advance`
    /// holds a total's split.
    pub advance_percent: u8,
    pub advance_min_total: i64,
}

/// The seller (`COMPANY_*`).
#[derive(Object, Debug, Clone, PartialEq, Eq)]
#[oai(rename_all = "camelCase")]
pub struct Seller {
    /// `COMPANY_NAME`: the legal name on invoices.
    pub legal_name: String,
    /// `COMPANY_ADDRESS`: the registered address, on one line.
    pub address: String,
    /// `COMPANY_GSTIN`.
    pub gstin: String,
    /// `COMPANY_EMAIL` (or `SUPPORT_EMAIL` when unset).
    pub email: String,
    /// `COMPANY_PHONE`.
    pub phone: String,
}

/// The grievance officer (`GRIEVANCE_OFFICER_*`).
#[derive(Object, Debug, Clone, PartialEq, Eq)]
#[oai(rename_all = "camelCase")]
pub struct GrievanceOfficerFacts {
    pub name: String,
    pub designation: String,
    pub email: String,
    /// Empty when not given (optional).
    pub phone: String,
    /// Whether name, designation and e-mail are all configured; false: the
    /// contact page says the officer's details are not published yet.
    pub complete: bool,
}

impl StoreFacts {
    pub fn of(state: &AppState) -> StoreFacts {
        let bps = state.config.gateway_fee_bps;
        let company = &state.config.company;
        let officer = &company.grievance;
        StoreFacts {
            advance_percent: state.config.payment_terms.advance.percent,
            advance_min_total: state.config.payment_terms.advance.min_total.0,
            gateway_fee_bps: bps,
            gateway_label: design_engine::pricing::gateway_label(bps),
            support_email: state.config.company.support_email.clone(),
            support_phone: state.config.company.phone.clone(),
            shipping_provider: state.shipping.name().to_string(),
            seller: Seller {
                legal_name: company.name.clone(),
                address: company.address.clone(),
                gstin: company.gstin.clone(),
                email: company.email.clone(),
                phone: company.phone.clone(),
            },
            grievance_officer: GrievanceOfficerFacts {
                name: officer.name.clone(),
                designation: officer.designation.clone(),
                email: officer.email.clone(),
                phone: officer.phone.clone(),
                complete: officer.is_complete(),
            },
            claim_window_days: state.config.claim_window_days,
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
    /// The store's fee policy, support contact, seller, grievance officer and
    /// claim window, as configured (public).
    #[oai(path = "/store", method = "get")]
    async fn facts(&self, state: Data<&AppState>) -> Result<StoreAnswer, Fails<{ ANY }>> {
        Ok(StoreAnswer::Ok(
            Envelope::ok("Store facts", StoreFacts::of(&state)),
            STORE_CACHE.to_string(),
        ))
    }
}
