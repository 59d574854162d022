use std::collections::BTreeMap;

use design_engine::roster_pricing::PersonalisationCharges;
use poem_openapi::param::{Header, Path, Query};
use poem_openapi::payload::Json;
use poem_openapi::types::multipart::{JsonField, Upload};
use poem_openapi::{ApiResponse, Multipart, Object, OpenApi};

use super::Tag;
use crate::db::products;
use crate::db::products::{Filter, Product};
use crate::domain::product_media::{ColorImage, ImageRef, ModelMetadata, ProductImage};
use crate::http::auth::BearerAuth;
use crate::http::cached_json::CachedJson;
use crate::http::dto::PersonalisationChargesDto;
use crate::http::envelope::Envelope;
use crate::http::error::ApiError;
use crate::http::fails::Fails;
use crate::http::fails::status::*;
use crate::http::price_tiers;
use crate::http::price_tiers::PriceTierDto;
use crate::storage::{Bucket, Key, Source};
use design_engine::catalogue::{PartialProduct, colour_name};
use poem::web::Data;

use crate::core::products::files;
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
    // What a printed name and a printed number add to each piece, in paise
    // (the store's, `NAME_CHARGE` and `NUMBER_CHARGE`).
    pub personalisation_charges: PersonalisationChargesDto,
}

impl ProductDto {
    /// The product as the API shows it, with the store's charges for names and numbers.
    pub fn new(p: Product, charges: PersonalisationCharges) -> ProductDto {
        ProductDto {
            personalisation_charges: charges.into(),
            hsn: p.hsn_code(),
            price_tiers: price_tiers::shown(&p.pricing().tiers),
            custom_price_tiers: p.price_tiers.is_some(),
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
}

impl ProductInput {
    /// Applies the input to a product, checking what the admin panel checks.
    fn apply(self, p: &mut Product) -> Result<(), ApiError> {
        if let Some(name) = self.name {
            if name.trim().is_empty() {
                return Err(ApiError::bad_request("Please enter a product name"));
            }
            p.name = name.trim().to_string();
        }
        if let Some(price) = self.price {
            if price <= 0 {
                return Err(ApiError::bad_request("Please enter a valid price"));
            }
            p.price = price;
        }
        if let Some(stock) = self.stock {
            if stock < 0 {
                return Err(ApiError::bad_request("Stock cannot be negative"));
            }
            p.stock = stock;
        }
        if let Some(n) = self.number_of_colors
            && !(1..=10).contains(&n)
        {
            return Err(ApiError::bad_request("Select between 1-10 colors"));
        }
        if let Some(models) = self.color_models {
            for (i, m) in models.iter().enumerate() {
                if m.color.trim().is_empty() {
                    return Err(ApiError::bad_request(format!(
                        "Please enter a color name for color {}",
                        i + 1
                    )));
                }
                let uploaded = m.s3_key.as_deref().is_some_and(|k| !k.trim().is_empty());
                if m.file_url.trim().is_empty() && !uploaded {
                    return Err(ApiError::bad_request(format!(
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
            p.sizes = s;
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
            p.price_tiers = price_tiers::checked(&tiers)?;
        }
        if let Some(h) = self.hsn {
            p.hsn = match h.trim() {
                "" => None,
                code => Some(
                    design_engine::tax::check_hsn(code)
                        .map_err(|e| ApiError::bad_request(e.to_string()))?,
                ),
            };
        }
        Ok(())
    }
}

fn uploaded_at_now() -> String {
    // Milliseconds since the epoch, as the admin panel shows them.
    crate::db::now_ms().to_string()
}

/// Creates a product from an admin's input: the specification's checks and
/// defaults, its uploaded files checked and claimed. (`POST /products` and
/// `POST /upload/product`.)
pub async fn create_product(state: &AppState, input: ProductInput) -> Result<Product, ApiError> {
    if input.name.as_deref().is_none_or(|n| n.trim().is_empty()) {
        return Err(ApiError::bad_request("Please enter a product name"));
    }
    if input.price.is_none_or(|p| p <= 0) {
        return Err(ApiError::bad_request("Please enter a valid price"));
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
    };
    input.apply(&mut product)?;
    let files = files::resolve(state, &mut product).await?;
    products::insert(&state.db, &product).await?;
    state.catalogue.invalidate();
    files::settle(state, &product.id, &files).await?;
    Ok(product)
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

/// Stores one file of the form under a new key and checks it; returns its
/// colour (the file name's stem) and key.
async fn store_form_file(
    state: &AppState,
    upload: Upload,
    bucket: Bucket,
) -> Result<(String, Key), ApiError> {
    let name = upload.file_name().unwrap_or_default().to_string();
    let (kind, ext, content_type) = files::kind_of(&name)?;
    let (stem, _) = name.rsplit_once('.').unwrap_or((&name, ""));
    let colour = colour_name(stem);
    if kind != bucket || colour.is_empty() {
        let expected = if bucket == Bucket::Models {
            "{colour}.glb"
        } else {
            "{colour}.png"
        };
        return Err(ApiError::bad_request(format!(
            "{name}: name the file {expected}"
        )));
    }
    let key = Key::generate(&colour, ext);
    crate::db::files::issue(&state.db, bucket.as_str(), key.as_str()).await?;
    // Spooled to a file the storage streams from (the form part is a temporary file already).
    let tmp = state.config.data_dir.join("tmp");
    tokio::fs::create_dir_all(&tmp)
        .await
        .map_err(ApiError::internal)?;
    let path = tmp.join(format!("form-{}", crate::ids::random_hex(16)));
    let stored = async {
        let mut file = tokio::fs::File::create(&path).await?;
        tokio::io::copy(&mut upload.into_async_read(), &mut file).await?;
        anyhow::Ok(())
    }
    .await;
    let put = match stored {
        Ok(()) => state
            .storage
            .put(bucket, &key, content_type, Source::File(path.clone()))
            .await
            .map_err(ApiError::internal),
        Err(e) => Err(ApiError::internal(e)),
    };
    let _ = tokio::fs::remove_file(&path).await;
    put?;
    files::check_upload(state, bucket, &key).await?;
    Ok((colour, key))
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
        let product = create_product(&state, body.0).await?;
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
        let not_found = || ApiError::not_found("Product not found in database.");
        let mut product = products::get(&state.db, &id.0)
            .await?
            .ok_or_else(not_found)?;
        body.0.apply(&mut product)?;
        let files = files::resolve(&state, &mut product).await?;
        let updated = products::update(&state.db, &product).await?;
        state.catalogue.invalidate();
        if !updated {
            return Err(not_found().into());
        }
        // Files the product no longer names are removed.
        files::settle(&state, &product.id, &files).await?;
        let product = products::get(&state.db, &id.0)
            .await?
            .ok_or_else(not_found)?;
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
        let mut input = form.product.0;
        let mut models = Vec::new();
        for upload in form.models {
            let (colour, key) = store_form_file(&state, upload, Bucket::Models).await?;
            models.push(ColorModel {
                color: colour,
                file_url: String::new(),
                s3_key: Some(key.to_string()),
                bucket: None,
                original_size: None,
            });
        }
        if !models.is_empty() {
            input.color_models = Some(models);
        }
        let mut images: Vec<ColorImage> = Vec::new();
        for (uploads, front) in [(form.front_images, true), (form.back_images, false)] {
            for upload in uploads {
                let (colour, key) = store_form_file(&state, upload, Bucket::Images).await?;
                let image = ImageRef {
                    url: String::new(),
                    s3_key: Some(key.to_string()),
                    bucket: None,
                    original_size: None,
                    uploaded_at: Some(crate::db::now_ms().to_string()),
                };
                let entry = match images.iter_mut().position(|c| c.color == colour) {
                    Some(i) => &mut images[i],
                    None => {
                        images.push(ColorImage {
                            color: colour,
                            front_image: None,
                            back_image: None,
                        });
                        images.last_mut().expect("just pushed")
                    }
                };
                if front {
                    entry.front_image = Some(image);
                } else {
                    entry.back_image = Some(image);
                }
            }
        }
        if !images.is_empty() {
            input.color_images = Some(images);
        }
        let product = create_product(&state, input).await?;
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
        let deleted = products::delete(&state.db, &id.0).await?;
        state.catalogue.invalidate();
        if !deleted {
            return Err(ApiError::not_found("Product not found in database.").into());
        }
        files::settle(&state, &id.0, &[]).await?;
        Ok(Envelope::ok("Product deleted", true))
    }

    /// One product by its 24-character id.
    #[oai(path = "/products/:id", method = "get")]
    async fn get(
        &self,
        state: Data<&AppState>,
        id: Path<String>,
    ) -> Result<Json<Envelope<ProductDto>>, Fails<{ ANY | NOT_FOUND }>> {
        let product = if crate::ids::is_id(&id.0) {
            products::get(&state.db, &id.0).await?
        } else {
            None
        };
        let product =
            product.ok_or_else(|| ApiError::not_found("Product not found in database."))?;
        Ok(Envelope::ok(
            "Product fetched",
            ProductDto::new(product, state.config.personalisation),
        ))
    }
}
