//! Creating, changing and deleting products (admin): the checks the admin
//! panel makes, the specification's defaults, and the product's files claimed
//! (or released) with it.

use design_engine::size_chart::{SizeChart, check_size_chart};
use std::collections::BTreeMap;

use design_engine::catalogue::{DEFAULT_SIZES, PartialProduct};
use design_engine::colour::colour_name;
use design_engine::garment::{
    AreaSpec, GarmentError, check_colours, check_print_areas, check_size_prices, check_sizes,
};
use design_engine::money::Paise;
use design_engine::tiers::{PriceTier, PriceTiers};

use super::files;
use crate::db::products;
use crate::db::products::Product;
use crate::domain::product_media::{ColorImage, ModelMetadata, ProductImage};
use crate::error::Failure;
use crate::state::AppState;

/// A colour's 3D model file as the admin panel gives it.
#[derive(Debug, Clone, Default)]
pub struct ModelFile {
    pub color: String,
    pub file_url: String,
    pub s3_key: Option<String>,
    pub bucket: Option<String>,
    pub original_size: Option<i64>,
}

/// What an admin sets on a product: what is given replaces the product's,
/// what is missing gets the specification's default on create and stays as
/// it is on update. `price` is in paise.
#[derive(Debug, Clone, Default)]
pub struct ProductChanges {
    pub name: Option<String>,
    pub description: Option<String>,
    pub price: Option<i64>,
    pub category: Option<String>,
    pub brand: Option<String>,
    pub is_featured: Option<bool>,
    pub stock: Option<i64>,
    pub colors: Option<Vec<String>>,
    pub sizes: Option<Vec<String>>,
    pub number_of_colors: Option<i64>,
    pub color_models: Option<Vec<ModelFile>>,
    pub models: Option<BTreeMap<String, String>>,
    pub model_metadata: Option<Vec<ModelMetadata>>,
    pub color_images: Option<Vec<ColorImage>>,
    pub images: Option<Vec<ProductImage>>,
    /// 4, 6 or 8 digits; empty goes back to the category's default.
    pub hsn: Option<String>,
    /// Checked by the engine; an empty table goes back to its defaults.
    pub price_tiers: Option<Vec<PriceTier>>,
    /// Checked by the engine; empty goes back to the default, India.
    pub country_of_origin: Option<String>,
    /// Checked by the engine against the sizes; no measurements removes it.
    pub size_chart: Option<SizeChart>,
    /// Checked by the engine; an empty list goes back to the specification's two.
    pub print_areas: Option<Vec<AreaSpec>>,
    /// Extra paise a piece by size label, checked against the sizes.
    pub size_prices: Option<BTreeMap<String, i64>>,
    /// Swatches (`#RRGGBB`) of colours the store does not know.
    pub color_hex: Option<BTreeMap<String, String>>,
}

fn garment_refusal(e: GarmentError) -> Failure {
    Failure::bad_request_code(e.message, e.code)
}

/// The message of a product id that names no product.
fn not_found() -> Failure {
    Failure::not_found("Product not found in database.")
}

impl ProductChanges {
    /// Applies the changes to a product, checking what the admin panel checks.
    fn apply(self, p: &mut Product) -> Result<(), Failure> {
        if let Some(name) = self.name {
            if name.trim().is_empty() {
                return Err(Failure::bad_request("Please enter a product name"));
            }
            p.name = name.trim().to_string();
        }
        if let Some(price) = self.price {
            if price <= 0 {
                return Err(Failure::bad_request("Please enter a valid price"));
            }
            p.price = price;
        }
        if let Some(stock) = self.stock {
            if stock < 0 {
                return Err(Failure::bad_request("Stock cannot be negative"));
            }
            p.stock = stock;
        }
        if let Some(n) = self.number_of_colors
            && !(1..=10).contains(&n)
        {
            return Err(Failure::bad_request("Select between 1-10 colors"));
        }
        if let Some(models) = self.color_models {
            for (i, m) in models.iter().enumerate() {
                if m.color.trim().is_empty() {
                    return Err(Failure::bad_request(format!(
                        "Please enter a color name for color {}",
                        i + 1
                    )));
                }
                let uploaded = m.s3_key.as_deref().is_some_and(|k| !k.trim().is_empty());
                if m.file_url.trim().is_empty() && !uploaded {
                    return Err(Failure::bad_request(format!(
                        "Please upload a GLB file for color {}",
                        i + 1
                    )));
                }
            }
            let now = uploaded_at_now();
            p.models = models
                .iter()
                .map(|m| (colour_name(&m.color), m.file_url.clone()))
                .collect();
            p.model_metadata = models
                .iter()
                .map(|m| ModelMetadata {
                    color: colour_name(&m.color),
                    s3_url: m.file_url.clone(),
                    s3_key: m.s3_key.clone().unwrap_or_default(),
                    s3_bucket: m.bucket.clone().unwrap_or_default(),
                    original_format: "glb".into(),
                    original_size: m.original_size.unwrap_or(0),
                    uploaded_at: now.clone(),
                })
                .collect();
            if self.colors.is_none() {
                p.colors = models.iter().map(|m| colour_name(&m.color)).collect();
            }
        }
        let text = |v: Option<String>| v.map(|s| s.trim().to_string());
        if let Some(d) = text(self.description) {
            p.description = d;
        }
        if let Some(c) = text(self.category).filter(|c| !c.is_empty()) {
            p.category = c;
        }
        if let Some(b) = text(self.brand) {
            p.brand = b;
        }
        if let Some(f) = self.is_featured {
            p.is_featured = f;
        }
        if let Some(c) = self.colors {
            p.colors = c
                .into_iter()
                .map(|c| c.trim().to_lowercase())
                .filter(|c| !c.is_empty())
                .collect();
        }
        if let Some(s) = self.sizes {
            p.sizes = if s.is_empty() {
                DEFAULT_SIZES
                    .iter()
                    .map(|s| s.label().to_string())
                    .collect()
            } else {
                let sizes = check_sizes(&s).map_err(garment_refusal)?;
                sizes.iter().map(|s| s.label().to_string()).collect()
            };
        }
        if let Some(areas) = self.print_areas {
            p.print_areas = if areas.is_empty() {
                None
            } else {
                Some(check_print_areas(areas).map_err(garment_refusal)?)
            };
        }
        if let Some(prices) = self.size_prices {
            p.size_prices = prices.into_iter().map(|(k, v)| (k, Paise(v))).collect();
        }
        match self.color_hex {
            Some(hex) => p.color_hex = hex,
            // Colours changed alone: the swatches of colours no longer sold go with them.
            None => p.color_hex.retain(|name, _| p.colors.contains(name)),
        }
        // Surcharges name sizes, swatches colours: checked whenever either side changes.
        let sizes = p.garment().sizes;
        let prices: BTreeMap<String, i64> = p
            .size_prices
            .iter()
            .map(|(k, v)| (k.clone(), v.0))
            .collect();
        p.size_prices = check_size_prices(&prices, &sizes).map_err(garment_refusal)?;
        if !p.colors.is_empty() || !p.color_hex.is_empty() {
            let (colors, hex) = check_colours(&p.colors, &p.color_hex).map_err(garment_refusal)?;
            p.colors = colors;
            p.color_hex = hex;
        }
        if let Some(m) = self.models {
            p.models = m;
        }
        if let Some(m) = self.model_metadata {
            p.model_metadata = m;
        }
        if let Some(c) = self.color_images {
            p.color_images = c;
        }
        if let Some(i) = self.images {
            p.images = i;
        }
        if let Some(tiers) = self.price_tiers {
            p.price_tiers = checked_tiers(tiers)?;
        }
        if let Some(c) = self.country_of_origin {
            p.country_of_origin = match c.trim() {
                "" => None,
                name => Some(design_engine::origin::country_of_origin(name).map_err(|e| {
                    Failure::bad_request_code(
                        e.to_string(),
                        design_engine::origin::OriginError::CODE,
                    )
                })?),
            };
        }
        if let Some(chart) = self.size_chart {
            p.size_chart = (!chart.measurements.is_empty()).then_some(chart);
        }
        // A chart holds a row for every size: checked whenever either changes.
        if let Some(chart) = p.size_chart.take() {
            p.size_chart = Some(check_size_chart(chart, &p.sizes).map_err(|e| {
                Failure::bad_request_code(
                    e.to_string(),
                    design_engine::size_chart::SizeChartError::CODE,
                )
            })?);
        }
        if let Some(h) = self.hsn {
            p.hsn = match h.trim() {
                "" => None,
                code => Some(
                    design_engine::tax::check_hsn(code)
                        .map_err(|e| Failure::bad_request(e.to_string()))?,
                ),
            };
        }
        Ok(())
    }
}

/// An admin's table of quantity tiers, checked by the engine (its message
/// names the tier at fault); an empty one is the engine's defaults (`None`).
fn checked_tiers(tiers: Vec<PriceTier>) -> Result<Option<PriceTiers>, Failure> {
    if tiers.is_empty() {
        return Ok(None);
    }
    Ok(Some(PriceTiers::new(tiers)?))
}

/// When a file was given to a product: milliseconds since the epoch, as the
/// admin panel shows them.
fn uploaded_at_now() -> String {
    crate::db::now_ms().to_string()
}

/// Creates a product from an admin's input: the specification's checks and
/// defaults, its uploaded files checked and claimed.
pub async fn create(state: &AppState, changes: ProductChanges) -> Result<Product, Failure> {
    if changes.name.as_deref().is_none_or(|n| n.trim().is_empty()) {
        return Err(Failure::bad_request("Please enter a product name"));
    }
    if changes.price.is_none_or(|p| p <= 0) {
        return Err(Failure::bad_request("Please enter a valid price"));
    }
    let defaults = PartialProduct::default();
    let now = crate::db::now_ms();
    let mut product = Product {
        id: crate::ids::new_id(),
        slug: None,
        name: defaults.name_or_default(),
        description: String::new(),
        price: defaults.price_or_default().0,
        category: defaults.category_or_default(),
        brand: String::new(),
        is_featured: false,
        stock: 0,
        colors: Vec::new(),
        sizes: defaults
            .sizes_or_default()
            .iter()
            .map(|s| s.label().to_string())
            .collect(),
        models: BTreeMap::new(),
        model_metadata: Vec::new(),
        color_images: Vec::new(),
        images: Vec::new(),
        created_at: now,
        updated_at: now,
        hsn: None,
        price_tiers: None,
        country_of_origin: None,
        size_chart: None,
        print_areas: None,
        size_prices: BTreeMap::new(),
        color_hex: BTreeMap::new(),
    };
    changes.apply(&mut product)?;
    let files = files::resolve(state, &mut product).await?;
    products::insert(&state.db, &product).await?;
    state.catalogue.invalidate();
    files::settle(state, &product.id, &files).await?;
    Ok(product)
}

/// Changes a product; files it no longer names are removed. Answers the
/// product as stored.
pub async fn update(
    state: &AppState,
    id: &str,
    changes: ProductChanges,
) -> Result<Product, Failure> {
    let mut product = products::get(&state.db, id).await?.ok_or_else(not_found)?;
    changes.apply(&mut product)?;
    let files = files::resolve(state, &mut product).await?;
    let updated = products::update(&state.db, &product).await?;
    state.catalogue.invalidate();
    if !updated {
        return Err(not_found());
    }
    // Files the product no longer names are removed.
    files::settle(state, &product.id, &files).await?;
    products::get(&state.db, id).await?.ok_or_else(not_found)
}

/// Deletes a product (cart lines of it go with it) and its files.
pub async fn delete(state: &AppState, id: &str) -> Result<(), Failure> {
    let deleted = products::delete(&state.db, id).await?;
    state.catalogue.invalidate();
    if !deleted {
        return Err(not_found());
    }
    files::settle(state, id, &[]).await
}

/// One product by its id; an id that is not one names no product.
pub async fn get(state: &AppState, id: &str) -> Result<Product, Failure> {
    let product = if crate::ids::is_id(id) {
        products::get(&state.db, id).await?
    } else {
        None
    };
    product.ok_or_else(not_found)
}
