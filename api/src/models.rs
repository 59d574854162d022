//! Shapes shared by the API and storage: stored as JSON, documented in OpenAPI.

use design_engine::{Quantities, Size};
use poem_openapi::Object;

use crate::envelope::ApiError;
use serde::{Deserialize, Serialize};

/// A picture of a garment in one colour (front or back).
#[derive(Object, Debug, Clone, Serialize, Deserialize, PartialEq)]
#[oai(rename_all = "camelCase")]
#[serde(rename_all = "camelCase")]
pub struct ImageRef {
    pub url: String,
    #[oai(skip_serializing_if_is_none)]
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub s3_key: Option<String>,
    #[oai(skip_serializing_if_is_none)]
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub bucket: Option<String>,
    #[oai(skip_serializing_if_is_none)]
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub original_size: Option<i64>,
    #[oai(skip_serializing_if_is_none)]
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub uploaded_at: Option<String>,
}

#[derive(Object, Debug, Clone, Serialize, Deserialize, PartialEq)]
#[oai(rename_all = "camelCase")]
#[serde(rename_all = "camelCase")]
pub struct ColorImage {
    pub color: String,
    #[oai(skip_serializing_if_is_none)]
    #[serde(default)]
    pub front_image: Option<ImageRef>,
    #[oai(skip_serializing_if_is_none)]
    #[serde(default)]
    pub back_image: Option<ImageRef>,
}

#[derive(Object, Debug, Clone, Serialize, Deserialize, PartialEq)]
#[oai(rename_all = "camelCase")]
#[serde(rename_all = "camelCase")]
pub struct ProductImage {
    pub url: String,
    #[serde(default)]
    pub is_primary: bool,
}

/// Where a colour's 3D model file is stored.
#[derive(Object, Debug, Clone, Serialize, Deserialize, PartialEq)]
#[oai(rename_all = "camelCase")]
#[serde(rename_all = "camelCase")]
pub struct ModelMetadata {
    pub color: String,
    pub s3_url: String,
    #[serde(default)]
    pub s3_key: String,
    #[serde(default)]
    pub s3_bucket: String,
    #[serde(default)]
    pub original_format: String,
    #[serde(default)]
    pub original_size: i64,
    #[serde(default)]
    pub uploaded_at: String,
}

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

/// A line's names and numbers as their own charge, priced by the engine:
/// "Names and numbers", 30 pieces × ₹100.00 = ₹3,000.00. Money in paise.
#[derive(Object, Debug, Clone, PartialEq)]
#[oai(rename_all = "camelCase")]
pub struct PersonalisationLine {
    /// "Names and numbers", "Names" or "Numbers".
    pub label: String,
    pub pieces: u32,
    /// Per piece for its name (0 when none is printed) and its number.
    pub name_charge: i64,
    pub number_charge: i64,
    pub per_piece: i64,
    /// pieces × per piece
    pub total: i64,
}

impl From<design_engine::roster_pricing::PersonalisationQuote> for PersonalisationLine {
    fn from(q: design_engine::roster_pricing::PersonalisationQuote) -> PersonalisationLine {
        PersonalisationLine {
            label: q.label,
            pieces: q.pieces,
            name_charge: q.name_charge.0,
            number_charge: q.number_charge.0,
            per_piece: q.per_piece.0,
            total: q.total.0,
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
