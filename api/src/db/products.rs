//! Product queries.

use design_engine::size_chart::SizeChart;
use std::collections::BTreeMap;

use serde::{Deserialize, Serialize};
use sqlx::FromRow;

use design_engine::Size;
use design_engine::garment::{AreaSpec, Garment, builtin_areas};
use design_engine::money::Paise;
use design_engine::tiers::{PriceTiers, ProductPricing};

use super::DbError;
use super::{Db, now_ms};
use crate::domain::product_media::{ColorImage, ImageRef, ModelMetadata, ProductImage};

#[derive(FromRow)]
struct Row {
    id: String,
    slug: Option<String>,
    name: String,
    description: String,
    price: i64,
    category: String,
    brand: String,
    is_featured: i64,
    stock: i64,
    colors: String,
    sizes: String,
    models: String,
    model_metadata: String,
    color_images: String,
    images: String,
    created_at: i64,
    updated_at: i64,
    hsn: Option<String>,
    price_tiers: Option<String>,
    country_of_origin: Option<String>,
    size_chart: Option<String>,
    print_areas: Option<String>,
    size_prices: Option<String>,
    color_hex: Option<String>,
}

/// A product as stored.
#[derive(Debug, Clone, Serialize, Deserialize)]
pub struct Product {
    pub id: String,
    pub slug: Option<String>,
    pub name: String,
    pub description: String,
    pub price: i64,
    pub category: String,
    pub brand: String,
    pub is_featured: bool,
    pub stock: i64,
    pub colors: Vec<String>,
    pub sizes: Vec<String>,
    pub models: BTreeMap<String, String>,
    pub model_metadata: Vec<ModelMetadata>,
    pub color_images: Vec<ColorImage>,
    pub images: Vec<ProductImage>,
    pub created_at: i64,
    pub updated_at: i64,
    /// The HSN code the admin set; None: the engine's default for the category.
    pub hsn: Option<String>,
    /// The quantity tiers the admin set; None: the engine's defaults.
    pub price_tiers: Option<PriceTiers>,
    /// The country of origin the admin set; None: India.
    pub country_of_origin: Option<String>,
    /// The size chart the admin set, checked by the engine; None: none.
    pub size_chart: Option<SizeChart>,
    /// Its print areas, checked by the engine; None: the specification's two.
    pub print_areas: Option<Vec<AreaSpec>>,
    /// Extra paise a piece for some of its sizes (keyed by its labels).
    pub size_prices: BTreeMap<String, Paise>,
    /// Swatches of its colours the store does not know (`#RRGGBB`).
    pub color_hex: BTreeMap<String, String>,
}

impl Product {
    /// The HSN code its invoices carry.
    pub fn hsn_code(&self) -> String {
        self.hsn
            .clone()
            .unwrap_or_else(|| design_engine::tax::default_hsn(&self.category).to_string())
    }

    /// The country of origin its listing names.
    pub fn origin(&self) -> String {
        self.country_of_origin
            .clone()
            .unwrap_or_else(|| design_engine::origin::DEFAULT_COUNTRY_OF_ORIGIN.to_string())
    }

    /// What its lines cost: its price, its tiers (or the engine's defaults)
    /// and its sizes' surcharges.
    pub fn pricing(&self) -> ProductPricing {
        ProductPricing::new(
            Paise(self.price),
            self.price_tiers.clone().unwrap_or_default(),
        )
        .with_size_prices(self.size_prices.clone())
    }

    /// Its print areas (the specification's two unless the admin set others).
    pub fn areas(&self) -> Vec<AreaSpec> {
        self.print_areas.clone().unwrap_or_else(builtin_areas)
    }

    /// What its designs are checked and priced against: its colours with
    /// their swatches, its sizes with their surcharges, its print areas.
    pub fn garment(&self) -> Garment {
        Garment {
            colors: self.colors.clone(),
            color_hex: self.color_hex.clone(),
            sizes: self.sizes.iter().filter_map(|s| Size::parse(s)).collect(),
            size_prices: self.size_prices.clone(),
            print_areas: self.areas(),
        }
    }
}

/// What a cart line or a saved design reads of its product now, to check
/// and price the design again: `product_terms!()` selects it from `products p`.
#[derive(FromRow, Debug, Clone)]
pub struct Terms {
    pub product_price: i64,
    pub product_price_tiers: Option<String>,
    pub product_colors: String,
    pub product_sizes: String,
    pub product_print_areas: Option<String>,
    pub product_size_prices: Option<String>,
    pub product_color_hex: Option<String>,
}

/// The columns of `Terms` (a macro, so that queries can `concat!` it).
#[macro_export]
macro_rules! product_terms {
    () => {
        "p.price AS product_price, p.price_tiers AS product_price_tiers, p.colors AS product_colors, \
         p.sizes AS product_sizes, p.print_areas AS product_print_areas, \
         p.size_prices AS product_size_prices, p.color_hex AS product_color_hex"
    };
}

impl Terms {
    /// The product's pricing now: its price, quantity tiers and size surcharges.
    pub fn pricing(&self) -> Result<ProductPricing, DbError> {
        Ok(
            pricing(self.product_price, self.product_price_tiers.as_deref())?
                .with_size_prices(json_or_default(self.product_size_prices.as_deref())?),
        )
    }

    /// The product's garment now (`Product::garment`).
    pub fn garment(&self) -> Result<Garment, DbError> {
        let sizes: Vec<String> = serde_json::from_str(&self.product_sizes)?;
        let areas: Option<Vec<AreaSpec>> = self
            .product_print_areas
            .as_deref()
            .map(serde_json::from_str)
            .transpose()?;
        Ok(Garment {
            colors: serde_json::from_str(&self.product_colors)?,
            color_hex: json_or_default(self.product_color_hex.as_deref())?,
            sizes: sizes.iter().filter_map(|s| Size::parse(s)).collect(),
            size_prices: json_or_default(self.product_size_prices.as_deref())?,
            print_areas: areas.unwrap_or_else(builtin_areas),
        })
    }
}

/// A product's pricing from its stored price and `price_tiers` column (JSON
/// the engine checks again on reading; NULL is the engine's defaults).
pub fn pricing(price: i64, tiers: Option<&str>) -> Result<ProductPricing, serde_json::Error> {
    let tiers = match tiers {
        Some(json) => serde_json::from_str(json)?,
        None => PriceTiers::defaults(),
    };
    Ok(ProductPricing::new(Paise(price), tiers))
}

fn tiers_json(tiers: &Option<PriceTiers>) -> Result<Option<String>, serde_json::Error> {
    tiers.as_ref().map(serde_json::to_string).transpose()
}

impl TryFrom<Row> for Product {
    type Error = serde_json::Error;
    fn try_from(r: Row) -> Result<Product, serde_json::Error> {
        Ok(Product {
            id: r.id,
            slug: r.slug,
            name: r.name,
            description: r.description,
            price: r.price,
            category: r.category,
            brand: r.brand,
            is_featured: r.is_featured != 0,
            stock: r.stock,
            colors: serde_json::from_str(&r.colors)?,
            sizes: serde_json::from_str(&r.sizes)?,
            models: serde_json::from_str(&r.models)?,
            model_metadata: serde_json::from_str(&r.model_metadata)?,
            color_images: serde_json::from_str(&r.color_images)?,
            images: serde_json::from_str(&r.images)?,
            created_at: r.created_at,
            updated_at: r.updated_at,
            hsn: r.hsn,
            price_tiers: r
                .price_tiers
                .as_deref()
                .map(serde_json::from_str)
                .transpose()?,
            country_of_origin: r.country_of_origin,
            size_chart: r
                .size_chart
                .as_deref()
                .map(serde_json::from_str)
                .transpose()?,
            print_areas: r
                .print_areas
                .as_deref()
                .map(serde_json::from_str)
                .transpose()?,
            size_prices: json_or_default(r.size_prices.as_deref())?,
            color_hex: json_or_default(r.color_hex.as_deref())?,
        })
    }
}

const COLUMNS: &str = "id, slug, name, description, price, category, brand, is_featured, stock, colors, sizes, \
                       models, model_metadata, color_images, images, created_at, updated_at, hsn, price_tiers, country_of_origin, size_chart, \
                       print_areas, size_prices, color_hex";

fn json_or_default<T: serde::de::DeserializeOwned + Default>(
    json: Option<&str>,
) -> Result<T, serde_json::Error> {
    json.map_or_else(|| Ok(T::default()), serde_json::from_str)
}

/// A map as a column keeps it: NULL when empty.
fn map_json<V: Serialize>(map: &BTreeMap<String, V>) -> Result<Option<String>, serde_json::Error> {
    (!map.is_empty())
        .then(|| serde_json::to_string(map))
        .transpose()
}

#[derive(Debug, Default)]
pub struct Filter {
    pub category: Option<String>,
    pub search: Option<String>,
    pub brand: Option<String>,
    pub featured: Option<bool>,
    pub limit: i64,
}

#[tracing::instrument(skip(db))]
pub async fn list(db: &Db, f: &Filter) -> Result<Vec<Product>, DbError> {
    let search = f
        .search
        .as_ref()
        .map(|s| format!("%{}%", s.to_lowercase().replace(['%', '_'], "")));
    let sql = format!(
        "SELECT {COLUMNS} FROM products \
         WHERE ($1 IS NULL OR LOWER(category) = LOWER($1)) \
           AND ($2 IS NULL OR LOWER(name) LIKE $2 OR LOWER(description) LIKE $2) \
           AND ($3 IS NULL OR LOWER(brand) = LOWER($3)) \
           AND ($4 IS NULL OR is_featured = $4) \
         ORDER BY created_at, id LIMIT $5"
    );
    let rows: Vec<Row> = sqlx::query_as(&sql)
        .bind(f.category.clone())
        .bind(search)
        .bind(f.brand.clone())
        .bind(f.featured.map(i64::from))
        .bind(f.limit)
        .fetch_all(db)
        .await?;
    Ok(rows
        .into_iter()
        .map(Product::try_from)
        .collect::<Result<_, _>>()?)
}

#[tracing::instrument(skip(db))]
pub async fn get(db: &Db, id: &str) -> Result<Option<Product>, DbError> {
    let row: Option<Row> = sqlx::query_as(&format!("SELECT {COLUMNS} FROM products WHERE id = $1"))
        .bind(id)
        .fetch_optional(db)
        .await?;
    Ok(row.map(Product::try_from).transpose()?)
}

pub async fn distinct(db: &Db, column: &str) -> Result<Vec<String>, DbError> {
    debug_assert!(column == "category" || column == "brand");
    let sql =
        format!("SELECT DISTINCT {column} FROM products WHERE {column} <> '' ORDER BY {column}");
    Ok(sqlx::query_scalar(&sql).fetch_all(db).await?)
}

pub async fn insert(db: &Db, p: &Product) -> Result<(), DbError> {
    let mut tx = super::begin_write(db).await?;
    sqlx::query(&format!(
        "INSERT INTO products ({COLUMNS}) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16, $17, $18, $19, $20, $21, $22, $23, $24)"
    ))
    .bind(&p.id)
    .bind(&p.slug)
    .bind(&p.name)
    .bind(&p.description)
    .bind(p.price)
    .bind(&p.category)
    .bind(&p.brand)
    .bind(i64::from(p.is_featured))
    .bind(p.stock)
    .bind(serde_json::to_string(&p.colors)?)
    .bind(serde_json::to_string(&p.sizes)?)
    .bind(serde_json::to_string(&p.models)?)
    .bind(serde_json::to_string(&p.model_metadata)?)
    .bind(serde_json::to_string(&p.color_images)?)
    .bind(serde_json::to_string(&p.images)?)
    .bind(p.created_at)
    .bind(p.updated_at)
    .bind(&p.hsn)
    .bind(tiers_json(&p.price_tiers)?)
    .bind(&p.country_of_origin)
    .bind(p.size_chart.as_ref().map(serde_json::to_string).transpose()?)
    .bind(p.print_areas.as_ref().map(serde_json::to_string).transpose()?)
    .bind(map_json(&p.size_prices)?)
    .bind(map_json(&p.color_hex)?)
    .execute(&mut *tx)
    .await?;
    bump_version(&mut tx).await?;
    tx.commit().await?;
    Ok(())
}

/// Seeds the engine's built-in catalogue into an empty store.
/// A built-in garment's generated pictures in one colour (served from ASSETS_DIR).
fn builtin_pictures(slug: &str, colour: &str) -> ColorImage {
    let picture = |side| ImageRef {
        url: format!(
            "/api/catalogue/{}",
            design_engine::catalogue::picture_path(slug, colour, side)
                .trim_start_matches("pictures/")
        ),
        s3_key: None,
        bucket: None,
        original_size: None,
        uploaded_at: None,
    };
    ColorImage {
        color: colour.to_string(),
        front_image: Some(picture("front")),
        back_image: Some(picture("back")),
    }
}

pub async fn seed_builtin(db: &Db) -> Result<usize, DbError> {
    let count: i64 = sqlx::query_scalar("SELECT COUNT(*) FROM products")
        .fetch_one(db)
        .await?;
    if count > 0 {
        return Ok(0);
    }
    let now = now_ms();
    let builtin = design_engine::catalogue::builtin_catalogue();
    for (i, b) in builtin.iter().enumerate() {
        let p = Product {
            id: b.id.clone(),
            slug: Some(b.slug.clone()),
            name: b.name.clone(),
            description: b.description.clone(),
            price: b.price.0,
            category: b.category.clone(),
            brand: b.brand.clone(),
            is_featured: b.is_featured,
            stock: i64::from(b.stock),
            colors: b.colors.clone(),
            sizes: b.sizes.iter().map(|s| s.label().to_string()).collect(),
            models: b.models.clone(),
            model_metadata: Vec::new(),
            color_images: b
                .colors
                .iter()
                .map(|c| builtin_pictures(&b.slug, c))
                .collect(),
            images: Vec::new(),
            // Keep the catalogue's order.
            created_at: now + i as i64,
            updated_at: now + i as i64,
            hsn: None,
            price_tiers: None,
            country_of_origin: None,
            size_chart: None,
            print_areas: None,
            size_prices: BTreeMap::new(),
            color_hex: BTreeMap::new(),
        };
        insert(db, &p).await?;
    }
    Ok(builtin.len())
}

pub async fn update(db: &Db, p: &Product) -> Result<bool, DbError> {
    let mut tx = super::begin_write(db).await?;
    let done = sqlx::query(
        "UPDATE products SET name = $1, description = $2, price = $3, category = $4, brand = $5, is_featured = $6, \
         stock = $7, colors = $8, sizes = $9, models = $10, model_metadata = $11, color_images = $12, images = $13, \
         updated_at = $14, hsn = $16, price_tiers = $17, country_of_origin = $18, size_chart = $19, \
         print_areas = $20, size_prices = $21, color_hex = $22 WHERE id = $15",
    )
    .bind(&p.name)
    .bind(&p.description)
    .bind(p.price)
    .bind(&p.category)
    .bind(&p.brand)
    .bind(i64::from(p.is_featured))
    .bind(p.stock)
    .bind(serde_json::to_string(&p.colors)?)
    .bind(serde_json::to_string(&p.sizes)?)
    .bind(serde_json::to_string(&p.models)?)
    .bind(serde_json::to_string(&p.model_metadata)?)
    .bind(serde_json::to_string(&p.color_images)?)
    .bind(serde_json::to_string(&p.images)?)
    .bind(now_ms())
    .bind(&p.id)
    .bind(&p.hsn)
    .bind(tiers_json(&p.price_tiers)?)
    .bind(&p.country_of_origin)
    .bind(p.size_chart.as_ref().map(serde_json::to_string).transpose()?)
    .bind(p.print_areas.as_ref().map(serde_json::to_string).transpose()?)
    .bind(map_json(&p.size_prices)?)
    .bind(map_json(&p.color_hex)?)
    .execute(&mut *tx)
    .await?;
    bump_version(&mut tx).await?;
    tx.commit().await?;
    Ok(done.rows_affected() > 0)
}

pub async fn delete(db: &Db, id: &str) -> Result<bool, DbError> {
    let mut tx = super::begin_write(db).await?;
    let deleted = sqlx::query("DELETE FROM products WHERE id = $1")
        .bind(id)
        .execute(&mut *tx)
        .await?
        .rows_affected()
        > 0;
    bump_version(&mut tx).await?;
    tx.commit().await?;
    Ok(deleted)
}

/// Marks the catalogue changed, in the transaction that changes a product
/// (every instance's in-memory catalogue then reads it again: `catalogue_cache`).
pub async fn bump_version(tx: &mut sqlx::AnyConnection) -> Result<(), sqlx::Error> {
    sqlx::query(BUMP_VERSION).execute(tx).await?;
    Ok(())
}

/// [`bump_version`], as part of a script, when `condition` (SQL) holds.
pub fn bump_version_if(script: &mut crate::db::script::Script, condition: &str) {
    script.push(&format!("{BUMP_VERSION} AND ({condition})"));
}

const BUMP_VERSION: &str = "UPDATE catalogue_version SET version = version + 1 WHERE id = 1";

/// The catalogue's version (see [`bump_version`]).
pub async fn version(db: &Db) -> Result<i64, sqlx::Error> {
    sqlx::query_scalar("SELECT version FROM catalogue_version WHERE id = 1")
        .fetch_one(db)
        .await
}
