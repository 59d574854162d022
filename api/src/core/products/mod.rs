//! Products: creating, changing and deleting them (`edit`), with their files
//! in one form (`form`), and their files (models and pictures) in storage
//! (`files`).

pub mod edit;
pub mod files;
pub mod form;

/// A product's print areas with their inches (the specification's two for a
/// product since deleted): what print files and proofs size each area by.
pub async fn areas_of(
    db: &crate::db::Db,
    product_id: &str,
) -> Result<Vec<design_engine::PrintArea>, crate::error::Failure> {
    Ok(match crate::db::products::get(db, product_id).await? {
        Some(p) => p.garment().areas(),
        None => design_engine::PrintArea::ALL.to_vec(),
    })
}
