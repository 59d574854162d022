//! The API's shared request and response shapes (a product's pictures are
//! `domain::product_media`; a line's names and numbers `core::cart::pricing`).

use design_engine::{Quantities, Size};
use poem_openapi::Object;

use crate::http::error::ApiError;

pub mod cart;
pub mod timeline;
pub mod tracking;

/// Garments per size. Negative or absurd counts are refused with the studio's message.
#[derive(Object, Debug, Clone, Default)]
pub struct SizeQuantities {
    pub s: Option<i64>,
    pub m: Option<i64>,
    pub l: Option<i64>,
    pub xl: Option<i64>,
    pub xxl: Option<i64>,
}

impl SizeQuantities {
    pub fn checked(&self) -> Result<Quantities, ApiError> {
        let v = |q: Option<i64>| q.unwrap_or(0);
        Ok(Quantities::from_signed([
            (Size::S, v(self.s)),
            (Size::M, v(self.m)),
            (Size::L, v(self.l)),
            (Size::XL, v(self.xl)),
            (Size::XXL, v(self.xxl)),
        ])?)
    }
}

#[derive(Object, Debug, Clone)]
#[oai(rename_all = "camelCase")]
pub struct QuantityDto {
    pub s: u32,
    pub m: u32,
    pub l: u32,
    pub xl: u32,
    pub xxl: u32,
}

impl From<design_engine::Quantities> for QuantityDto {
    fn from(q: design_engine::Quantities) -> QuantityDto {
        QuantityDto {
            s: q.s,
            m: q.m,
            l: q.l,
            xl: q.xl,
            xxl: q.xxl,
        }
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
    /// In paise.
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
        amount: order.total_price,
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
