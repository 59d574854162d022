//! A product's quantity tiers as the API shows and takes them: the engine's
//! table (`design_engine::tiers`) in the OpenAPI schema, checked by the engine.

use design_engine::tiers::{PriceTier, PriceTiers};
use poem_openapi::Object;

use crate::http::error::ApiError;

/// From `minPieces` pieces in a cart line, `discountBps` basis points off the
/// unit price (500 is 5%).
#[derive(Object, Debug, Clone, Copy, PartialEq, Eq)]
#[oai(rename_all = "camelCase")]
pub struct PriceTierDto {
    pub min_pieces: u32,
    pub discount_bps: u32,
}

impl From<PriceTier> for PriceTierDto {
    fn from(t: PriceTier) -> PriceTierDto {
        PriceTierDto {
            min_pieces: t.min_pieces,
            discount_bps: t.discount_bps,
        }
    }
}

/// The tiers as a product shows them.
pub fn shown(tiers: &PriceTiers) -> Vec<PriceTierDto> {
    tiers.tiers().iter().map(|&t| t.into()).collect()
}

/// An admin's table, checked by the engine (its message names the tier at
/// fault); an empty one is the engine's defaults (`None`).
pub fn checked(rows: &[PriceTierDto]) -> Result<Option<PriceTiers>, ApiError> {
    if rows.is_empty() {
        return Ok(None);
    }
    let tiers = rows
        .iter()
        .map(|t| PriceTier::new(t.min_pieces, t.discount_bps))
        .collect();
    Ok(Some(PriceTiers::new(tiers)?))
}
