//! A product's quantity tiers as the API shows and takes them: the engine's
//! table (`design_engine::tiers`) in the OpenAPI schema; an admin's table is
//! checked by the engine in `core::products::edit`.

use design_engine::tiers::{PriceTier, PriceTiers};
use poem_openapi::Object;

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
