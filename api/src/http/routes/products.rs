//! Products: the catalogue (cached in memory, with an `ETag`), one product,
//! and the admin's create, change and delete. What is checked and stored is
//! `core::products`; this file reads the requests and builds the answers.

use design_engine::garment::{AreaBox, AreaSpec, Side};
use design_engine::size_chart::SizeChart;
use std::collections::BTreeMap;

use design_engine::roster_pricing::PersonalisationCharges;
use design_engine::tiers::PriceTier;
use poem::web::Data;
use poem_openapi::param::{Header, Path, Query};
use poem_openapi::payload::Json;
use poem_openapi::types::multipart::{JsonField, Upload};
use poem_openapi::{ApiResponse, Multipart, Object, OpenApi};

use super::Tag;
use crate::core::products::edit;
use crate::core::products::edit::{ModelFile, ProductChanges};
use crate::core::products::form;
use crate::core::products::form::{FormFile, FormFiles};
use crate::db::products;
use crate::db::products::{Filter, Product};
use crate::domain::product_media::{ColorImage, ModelMetadata, ProductImage};
use crate::http::auth::BearerAuth;
use crate::http::cached_json::CachedJson;
use crate::http::dto::PersonalisationChargesDto;
use crate::http::envelope::Envelope;
use crate::http::error::ApiError;
use crate::http::fails::Fails;
use crate::http::fails::status::*;
use crate::http::price_tiers;
use crate::http::price_tiers::PriceTierDto;
use crate::state::AppState;

/// A product as the store shows it. `price` is in paise.
#[derive(Object, Debug, Clone)]
#[oai(rename_all = "camelCase")]
pub struct ProductDto {
    #[oai(rename = "_id")]
    pub id: String,
    pub name: String,
    pub description: String,
    /// Unit price in paise (₹45.00 is 4500).
    pub price: i64,
    pub category: String,
    pub brand: String,
    pub is_featured: bool,
    pub stock: i64,
    pub colors: Vec<String>,
    pub sizes: Vec<String>,
    /// The first colour, shown first.
    pub default_color: String,
    /// colour → 3D model path
    pub models: BTreeMap<String, String>,
    pub model_metadata: Vec<ModelMetadata>,
    pub color_images: Vec<ColorImage>,
    pub images: Vec<ProductImage>,
    pub created_at: i64,
    pub updated_at: i64,
    /// The HSN code its tax invoices carry: the admin's, or the engine's
    /// default for the category (t-shirts 6109, polo shirts 6105, shirts 6205).
    pub hsn: String,
    /// The quantity tiers per cart line (one design in one colour): the
    /// admin's, or the engine's defaults. The first starts at 25 with no discount.
    pub price_tiers: Vec<PriceTierDto>,
    /// True when the admin set the tiers; false: the engine's defaults.
    pub custom_price_tiers: bool,
    /// Where the garment was made, as its listing says: the admin's, or India.
    pub country_of_origin: String,
    // The measurements per size, when the admin gave a chart (not a doc
    // comment: no allOf wrapper).
    #[oai(skip_serializing_if_is_none)]
    pub size_chart: Option<SizeChartDto>,
    // What a printed name and a printed number add to each piece, in paise
    // (the store's, `NAME_CHARGE` and `NUMBER_CHARGE`).
    pub personalisation_charges: PersonalisationChargesDto,
    // Where designs print: each area's key, label, inches, side and box on
    // that side's picture (the specification's two unless the admin set others).
    pub print_areas: Vec<PrintAreaDto>,
    // Extra paise a piece for some sizes, by the product's size label.
    pub size_prices: BTreeMap<String, i64>,
    // Every colour's swatch (`#RRGGBB`): the store's, or the product's own.
    pub color_hex: BTreeMap<String, String>,
}

/// A print area as the product defines it: a camelCase key unique in the
/// product, a label, the printable size in inches (0.5 to 24 each way), the
/// side it prints on, and its box on that side's picture in percent.
#[derive(Object, Debug, Clone)]
#[oai(rename_all = "camelCase")]
pub struct PrintAreaDto {
    pub key: String,
    pub label: String,
    pub width_inches: f64,
    pub height_inches: f64,
    // `front` or `back`.
    pub side: String,
    #[oai(rename = "box")]
    pub area_box: AreaBoxDto,
}

/// Where an area sits on its side's picture, in percent: its top-left corner, width and height.
#[derive(Object, Debug, Clone, Copy)]
pub struct AreaBoxDto {
    pub x: f64,
    pub y: f64,
    pub w: f64,
    pub h: f64,
}

impl From<AreaSpec> for PrintAreaDto {
    fn from(a: AreaSpec) -> PrintAreaDto {
        PrintAreaDto {
            key: a.key,
            label: a.label,
            width_inches: a.width_inches,
            height_inches: a.height_inches,
            side: match a.side {
                Side::Front => "front",
                Side::Back => "back",
            }
            .to_string(),
            area_box: AreaBoxDto {
                x: a.area_box.x,
                y: a.area_box.y,
                w: a.area_box.w,
                h: a.area_box.h,
            },
        }
    }
}

impl PrintAreaDto {
    /// The area for the engine to check; a side other than front or back is refused.
    fn spec(self) -> Result<AreaSpec, ApiError> {
        let side = match self.side.trim() {
            "front" => Side::Front,
            "back" => Side::Back,
            _ => {
                return Err(ApiError::bad_request_code(
                    format!(
                        "Print area {}: the side must be front or back",
                        self.key.chars().take(24).collect::<String>()
                    ),
                    design_engine::garment::INVALID_PRINT_AREAS,
                ));
            }
        };
        let b = self.area_box;
        Ok(AreaSpec {
            key: self.key,
            label: self.label,
            width_inches: self.width_inches,
            height_inches: self.height_inches,
            side,
            area_box: AreaBox {
                x: b.x,
                y: b.y,
                w: b.w,
                h: b.h,
            },
        })
    }
}

impl ProductDto {
    /// The product as the API shows it, with the store's charges for names and numbers.
    pub fn new(p: Product, charges: PersonalisationCharges) -> ProductDto {
        ProductDto {
            personalisation_charges: charges.into(),
            hsn: p.hsn_code(),
            price_tiers: price_tiers::shown(&p.pricing().tiers),
            custom_price_tiers: p.price_tiers.is_some(),
            country_of_origin: p.origin(),
            size_chart: p.size_chart.clone().map(Into::into),
            print_areas: p.areas().into_iter().map(Into::into).collect(),
            size_prices: p
                .size_prices
                .iter()
                .map(|(k, v)| (k.clone(), v.0))
                .collect(),
            color_hex: {
                let garment = p.garment();
                p.colors
                    .iter()
                    .filter_map(|c| Some((c.clone(), garment.hex(c)?)))
                    .collect()
            },
            default_color: p.colors.first().cloned().unwrap_or_else(|| "white".into()),
            id: p.id,
            name: p.name,
            description: p.description,
            price: p.price,
            category: p.category,
            brand: p.brand,
            is_featured: p.is_featured,
            stock: p.stock,
            colors: p.colors,
            sizes: p.sizes,
            models: p.models,
            model_metadata: p.model_metadata,
            color_images: p.color_images,
            images: p.images,
            created_at: p.created_at,
            updated_at: p.updated_at,
        }
    }
}

/// A colour's 3D model as uploaded by the admin panel.
#[derive(Object, Debug, Clone)]
#[oai(rename_all = "camelCase")]
pub struct ColorModel {
    pub color: String,
    pub file_url: String,
    pub s3_key: Option<String>,
    pub bucket: Option<String>,
    pub original_size: Option<i64>,
}

/// Create or change a product (admin). Missing fields get the specification's
/// defaults on create and stay as they are on update. `price` is in paise.
#[derive(Object, Debug, Clone, Default)]
#[oai(rename_all = "camelCase")]
pub struct ProductInput {
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
    pub color_models: Option<Vec<ColorModel>>,
    pub models: Option<BTreeMap<String, String>>,
    pub model_metadata: Option<Vec<ModelMetadata>>,
    pub color_images: Option<Vec<ColorImage>>,
    pub images: Option<Vec<ProductImage>>,
    /// The HSN code for tax invoices: 4, 6 or 8 digits; empty goes back to
    /// the category's default.
    pub hsn: Option<String>,
    /// The quantity tiers, checked by the engine: the first at 25 pieces with
    /// no discount, then strictly more pieces and more off, at most 8 tiers
    /// and 50% off. An empty list goes back to the engine's defaults.
    pub price_tiers: Option<Vec<PriceTierDto>>,
    /// Where the garment was made, e.g. "Bangladesh" (2 to 60 letters); empty
    /// goes back to the default, India.
    pub country_of_origin: Option<String>,
    // The size chart, checked by the engine: a unit (`in` or `cm`), 1 to 6
    // measurements, one row per size the product is sold in; no measurements
    // removes it (not a doc comment: no allOf wrapper).
    pub size_chart: Option<SizeChartDto>,
    // Print areas, 1 to 8, checked by the engine; an empty list goes back to
    // the specification's two.
    pub print_areas: Option<Vec<PrintAreaDto>>,
    // Extra paise a piece by size label (`{"3XL": 5000}`), for sizes the product comes in.
    pub size_prices: Option<BTreeMap<String, i64>>,
    // Swatches (`#RRGGBB`) by colour name, needed for colours the store does not know.
    pub color_hex: Option<BTreeMap<String, String>>,
}

/// A size chart: each size's measurements, in one unit.
#[derive(Object, Debug, Clone)]
pub struct SizeChartDto {
    /// `in` or `cm`.
    pub unit: String,
    /// The measurements' names, e.g. Chest and Length.
    pub measurements: Vec<String>,
    /// Each size's numbers, one per measurement, keyed by the product's sizes.
    pub rows: BTreeMap<String, Vec<f64>>,
}

impl From<SizeChart> for SizeChartDto {
    fn from(c: SizeChart) -> SizeChartDto {
        SizeChartDto {
            unit: c.unit,
            measurements: c.measurements,
            rows: c.rows,
        }
    }
}

impl From<SizeChartDto> for SizeChart {
    fn from(c: SizeChartDto) -> SizeChart {
        SizeChart {
            unit: c.unit,
            measurements: c.measurements,
            rows: c.rows,
        }
    }
}

impl TryFrom<ProductInput> for ProductChanges {
    type Error = ApiError;
    fn try_from(i: ProductInput) -> Result<ProductChanges, ApiError> {
        let print_areas = match i.print_areas {
            Some(areas) => Some(
                areas
                    .into_iter()
                    .map(PrintAreaDto::spec)
                    .collect::<Result<_, _>>()?,
            ),
            None => None,
        };
        Ok(ProductChanges {
            print_areas,
            size_prices: i.size_prices,
            color_hex: i.color_hex,
            name: i.name,
            description: i.description,
            price: i.price,
            category: i.category,
            brand: i.brand,
            is_featured: i.is_featured,
            stock: i.stock,
            colors: i.colors,
            sizes: i.sizes,
            number_of_colors: i.number_of_colors,
            color_models: i.color_models.map(|models| {
                models
                    .into_iter()
                    .map(|m| ModelFile {
                        color: m.color,
                        file_url: m.file_url,
                        s3_key: m.s3_key,
                        bucket: m.bucket,
                        original_size: m.original_size,
                    })
                    .collect()
            }),
            models: i.models,
            model_metadata: i.model_metadata,
            color_images: i.color_images,
            images: i.images,
            hsn: i.hsn,
            country_of_origin: i.country_of_origin,
            size_chart: i.size_chart.map(Into::into),
            price_tiers: i.price_tiers.map(|rows| {
                rows.iter()
                    .map(|t| PriceTier::new(t.min_pieces, t.discount_bps))
                    .collect()
            }),
        })
    }
}

/// `POST /upload/product`: the product and its files in one form.
#[derive(Multipart, Debug)]
#[oai(rename_all = "camelCase")]
pub struct ProductForm {
    pub product: JsonField<ProductInput>,
    /// `{colour}.glb` files, one per colour.
    pub models: Vec<Upload>,
    /// `{colour}.png` front pictures.
    pub front_images: Vec<Upload>,
    /// `{colour}.png` back pictures.
    pub back_images: Vec<Upload>,
}

/// A file of the form, as the product's logic reads it.
fn form_file(upload: Upload) -> FormFile {
    FormFile {
        name: upload.file_name().unwrap_or_default().to_string(),
        body: Box::new(upload.into_async_read()),
    }
}

pub struct ProductsApi;

/// Caches may keep the catalogue but must ask again (with `If-None-Match`) before using it.
const REVALIDATE: &str = "public, no-cache";

#[derive(ApiResponse)]
pub enum CatalogueAnswer {
    /// The products.
    #[oai(status = 200)]
    Ok(
        CachedJson<Envelope<Vec<ProductDto>>>,
        #[oai(header = "ETag")] String,
        #[oai(header = "Cache-Control")] String,
    ),
    /// The copy named by `If-None-Match` is current.
    #[oai(status = 304)]
    NotModified(#[oai(header = "ETag")] String),
}

const MAX_LIMIT: i64 = 100;

#[OpenApi(tag = "Tag::Products")]
impl ProductsApi {
    /// List products, optionally filtered by category, brand, featured flag or a search text.
    #[oai(path = "/products", method = "get")]
    // poem-openapi takes each query parameter and header as an argument.
    #[allow(clippy::too_many_arguments)]
    async fn list(
        &self,
        state: Data<&AppState>,
        category: Query<Option<String>>,
        search: Query<Option<String>>,
        brand: Query<Option<String>>,
        #[oai(name = "isFeatured")] is_featured: Query<Option<bool>>,
        /// At most 100 (the default).
        limit: Query<Option<i64>>,
        /// The `ETag` of a copy the client holds: 304 when it is still current.
        #[oai(name = "If-None-Match")]
        if_none_match: Header<Option<String>>,
    ) -> Result<CatalogueAnswer, Fails<{ ANY }>> {
        let blank = |s: Option<String>| s.map(|s| s.trim().to_string()).filter(|s| !s.is_empty());
        let filter = Filter {
            category: blank(category.0),
            search: blank(search.0),
            brand: blank(brand.0),
            featured: is_featured.0,
            limit: limit.0.unwrap_or(MAX_LIMIT).clamp(1, MAX_LIMIT),
        };
        // Served from memory; the database is read again only after a product changes.
        let key = format!("{filter:?}");
        let answer = state
            .catalogue
            .get_or_load(&key, async {
                let list = products::list(&state.db, &filter).await?;
                Ok::<_, ApiError>(CachedJson::encode(&Envelope {
                    success: true,
                    message: "Products fetched".to_string(),
                    data: list
                        .into_iter()
                        .map(|p| ProductDto::new(p, state.config.personalisation))
                        .collect::<Vec<_>>(),
                }))
            })
            .await?;
        if if_none_match.0.is_some_and(|tags| answer.matches(&tags)) {
            return Ok(CatalogueAnswer::NotModified(answer.etag.clone()));
        }
        Ok(CatalogueAnswer::Ok(
            CachedJson::from_encoded(answer.body.clone()),
            answer.etag.clone(),
            REVALIDATE.to_string(),
        ))
    }

    /// The categories in use.
    #[oai(path = "/products/categories", method = "get")]
    async fn categories(
        &self,
        state: Data<&AppState>,
    ) -> Result<Json<Envelope<Vec<String>>>, Fails<{ ANY }>> {
        Ok(Envelope::ok(
            "Categories fetched",
            products::distinct(&state.db, "category").await?,
        ))
    }

    /// The brands in use.
    #[oai(path = "/products/brands", method = "get")]
    async fn brands(
        &self,
        state: Data<&AppState>,
    ) -> Result<Json<Envelope<Vec<String>>>, Fails<{ ANY }>> {
        Ok(Envelope::ok(
            "Brands fetched",
            products::distinct(&state.db, "brand").await?,
        ))
    }

    /// Create a product (admin). Name and a price above 0 are required.
    #[oai(path = "/products", method = "post")]
    async fn create(
        &self,
        state: Data<&AppState>,
        auth: BearerAuth,
        body: Json<ProductInput>,
    ) -> Result<Json<Envelope<ProductDto>>, Fails<{ ADMIN | BODY | CONFLICT | UNAVAILABLE }>> {
        auth.0.require_admin()?;
        let product = edit::create(&state, body.0.try_into()?).await?;
        Ok(Envelope::ok(
            "Product created",
            ProductDto::new(product, state.config.personalisation),
        ))
    }

    /// Change a product (admin).
    #[oai(path = "/products/:id", method = "put")]
    async fn update(
        &self,
        state: Data<&AppState>,
        auth: BearerAuth,
        id: Path<String>,
        body: Json<ProductInput>,
    ) -> Result<
        Json<Envelope<ProductDto>>,
        Fails<{ ADMIN | BODY | NOT_FOUND | CONFLICT | UNPROCESSABLE | UNAVAILABLE }>,
    > {
        auth.0.require_admin()?;
        let product = edit::update(&state, &id.0, body.0.try_into()?).await?;
        Ok(Envelope::ok(
            "Product updated",
            ProductDto::new(product, state.config.personalisation),
        ))
    }

    /// Create a product with its files in one multipart/form-data request
    /// (admin; for API clients and small files: the whole request is at most
    /// 100 MB, larger files go through the upload URLs). `product` is the JSON
    /// of `POST /products`; each file's name says its colour: `models` are
    /// `{colour}.glb`, `frontImages` and `backImages` are `{colour}.png`.
    /// Every file is checked (GLB 2.0, PNG) before the product exists.
    #[oai(path = "/upload/product", method = "post", tag = "Tag::Upload")]
    async fn create_with_files(
        &self,
        state: Data<&AppState>,
        auth: BearerAuth,
        form: ProductForm,
    ) -> Result<
        Json<Envelope<ProductDto>>,
        Fails<{ ADMIN | BODY | CONFLICT | UNPROCESSABLE | UNAVAILABLE }>,
    > {
        auth.0.require_admin()?;
        let files = FormFiles {
            models: form.models.into_iter().map(form_file).collect(),
            front_images: form.front_images.into_iter().map(form_file).collect(),
            back_images: form.back_images.into_iter().map(form_file).collect(),
        };
        let product = form::create_with_files(&state, form.product.0.try_into()?, files).await?;
        Ok(Envelope::ok(
            "Product created",
            ProductDto::new(product, state.config.personalisation),
        ))
    }

    /// Delete a product (admin); cart lines of it go with it.
    #[oai(path = "/products/:id", method = "delete")]
    async fn delete(
        &self,
        state: Data<&AppState>,
        auth: BearerAuth,
        id: Path<String>,
    ) -> Result<Json<Envelope<bool>>, Fails<{ ADMIN | NOT_FOUND }>> {
        auth.0.require_admin()?;
        edit::delete(&state, &id.0).await?;
        Ok(Envelope::ok("Product deleted", true))
    }

    /// One product by its 24-character id.
    #[oai(path = "/products/:id", method = "get")]
    async fn get(
        &self,
        state: Data<&AppState>,
        id: Path<String>,
    ) -> Result<Json<Envelope<ProductDto>>, Fails<{ ANY | NOT_FOUND }>> {
        let product = edit::get(&state, &id.0).await?;
        Ok(Envelope::ok(
            "Product fetched",
            ProductDto::new(product, state.config.personalisation),
        ))
    }
}
