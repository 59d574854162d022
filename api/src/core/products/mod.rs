//! Products: creating, changing and deleting them (`edit`), with their files
//! in one form (`form`), and their files (models and pictures) in storage
//! (`files`).

pub mod edit;
pub mod files;
pub mod form;

/// A product's garment now (the built-in one for a product since deleted):
/// what print files and proofs size each area by and colour the garment with.
pub async fn garment_of(
    db: &crate::db::Db,
    product_id: &str,
) -> Result<design_engine::garment::Garment, crate::error::Failure> {
    Ok(match crate::db::products::get(db, product_id).await? {
        Some(p) => p.garment(),
        None => design_engine::garment::Garment::with_colours(Vec::new()),
    })
}
