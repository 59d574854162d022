//! The API's shared request and response shapes (a product's pictures are
//! `domain::product_media`; a line's names and numbers `core::cart::pricing`).

use std::collections::BTreeMap;

use design_engine::size::MAX_SIZE_LABEL;
use design_engine::{Quantities, Size, StudioError};
use poem_openapi::{NewType, Object};

use crate::http::error::ApiError;

pub mod cart;
pub mod ticket;
pub mod timeline;
pub mod tracking;

/// Garments per size, keyed by the product's size labels in lower case (`s`,
/// `m`, `l`, `xl`, `xxl`, `3xl`, `2-3y`); a size left out is 0. Negative or
/// absurd counts are refused with the studio's message.
#[derive(NewType, Debug, Clone, Default)]
#[oai(from_parameter = false, from_multipart = false, to_header = false)]
pub struct SizeQuantities(pub BTreeMap<String, i64>);

impl SizeQuantities {
    pub fn checked(&self) -> Result<Quantities, ApiError> {
        let mut sized = Vec::with_capacity(self.0.len());
        for (key, &n) in &self.0 {
            let size = Size::parse(key).ok_or_else(|| {
                StudioError::UnknownSize(key.chars().take(MAX_SIZE_LABEL).collect())
            })?;
            sized.push((size, n));
        }
        Ok(Quantities::from_signed(sized)?)
    }
}

/// Garments per size, keyed by the product's size labels in lower case.
#[derive(NewType, Debug, Clone)]
#[oai(from_parameter = false, from_multipart = false, to_header = false)]
pub struct QuantityDto(pub BTreeMap<String, u32>);

impl From<&Quantities> for QuantityDto {
    fn from(q: &Quantities) -> QuantityDto {
        QuantityDto(q.iter().map(|(s, n)| (s.key(), n)).collect())
    }
}

/// What a printed name and a printed number add to each piece, in paise.
#[derive(Object, Debug, Clone, Copy, PartialEq)]
pub struct PersonalisationChargesDto {
    pub name: i64,
    pub number: i64,
}

impl From<design_engine::roster_pricing::PersonalisationCharges> for PersonalisationChargesDto {
    fn from(c: design_engine::roster_pricing::PersonalisationCharges) -> Self {
        PersonalisationChargesDto {
            name: c.name.0,
            number: c.number.0,
        }
    }
}

/// Where a page sits in a list.
#[derive(Object, Debug)]
pub struct Pagination {
    pub page: i64,
    pub limit: i64,
    pub total: i64,
    pub pages: i64,
}

impl Pagination {
    pub fn new(page: i64, limit: i64, total: i64) -> Pagination {
        Pagination {
            page,
            limit,
            total,
            pages: (total + limit - 1) / limit.max(1),
        }
    }
}

#[derive(Object, Debug, Clone)]
#[oai(rename_all = "camelCase")]
pub struct OrderRef {
    #[oai(rename = "_id")]
    pub id: String,
    pub order_number: String,
}

/// What the browser's checkout needs to collect the payment.
#[derive(Object, Debug)]
#[oai(rename_all = "camelCase")]
pub struct CreatedOrder {
    /// The provider's order id (`order_...`), to open its checkout with.
    pub order_id: String,
    /// In paise: what this payment collects (an order paid in two parts:
    /// its advance, or its balance).
    pub amount: i64,
    pub currency: String,
    pub key_id: String,
    pub provider: String,
    pub order: OrderRef,
}

/// What the browser needs to pay for a stored order with the provider.
pub fn created(state: &crate::state::AppState, order: crate::db::orders::Order) -> CreatedOrder {
    CreatedOrder {
        order_id: order.provider_order_id.clone().unwrap_or_default(),
        amount: order.first_payment(),
        currency: order.currency.clone(),
        key_id: state.payments.key_id().to_string(),
        provider: order.provider.clone(),
        order: OrderRef {
            id: order.id,
            order_number: order.order_number,
        },
    }
}

/// A member's row: a size (S, M, L, XL, XXL), and the name and number where
/// the design prints them.
#[derive(Object, Debug)]
pub struct GroupRowRequest {
    pub size: String,
    pub name: Option<String>,
    pub number: Option<String>,
}

impl GroupRowRequest {
    /// The row as typed, for `core::groups` to check.
    pub fn input(&self) -> crate::core::groups::RowInput<'_> {
        crate::core::groups::RowInput {
            size: &self.size,
            name: self.name.as_deref(),
            number: self.number.as_deref(),
        }
    }
}
