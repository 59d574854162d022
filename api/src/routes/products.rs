use std::collections::BTreeMap;

use poem_openapi::param::{Path, Query};
use poem_openapi::payload::Json;
use poem_openapi::{Object, OpenApi};

use super::Tag;
use crate::auth::BearerAuth;
use crate::db::products::{self, Filter, Product};
use crate::envelope::{ApiError, ApiResult, Envelope};
use crate::models::{ColorImage, ModelMetadata, ProductImage};
use design_engine::catalogue::PartialProduct;
use poem::web::Data;

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
}

impl From<Product> for ProductDto {
    fn from(p: Product) -> ProductDto {
        ProductDto {
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
                if m.file_url.trim().is_empty() {
                    return Err(ApiError::bad_request(format!(
                        "Please upload a GLB file for color {}",
                        i + 1
                    )));
                }
            }
            let now = uploaded_at_now();
            p.models = models
                .iter()
                .map(|m| (m.color.trim().to_lowercase(), m.file_url.clone()))
                .collect();
            p.model_metadata = models
                .iter()
                .map(|m| ModelMetadata {
                    color: m.color.trim().to_lowercase(),
                    s3_url: m.file_url.clone(),
                    s3_key: m.s3_key.clone().unwrap_or_default(),
                    s3_bucket: m.bucket.clone().unwrap_or_default(),
                    original_format: "glb".into(),
                    original_size: m.original_size.unwrap_or(0),
                    uploaded_at: now.clone(),
                })
                .collect();
            if self.colors.is_none() {
                p.colors = models
                    .iter()
                    .map(|m| m.color.trim().to_lowercase())
                    .collect();
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
        Ok(())
    }
}

fn uploaded_at_now() -> String {
    // Milliseconds since the epoch, as the admin panel shows them.
    crate::db::now_ms().to_string()
}

pub struct ProductsApi;

const MAX_LIMIT: i64 = 100;

#[OpenApi(tag = "Tag::Products")]
impl ProductsApi {
    /// List products, optionally filtered by category, brand, featured flag or a search text.
    #[oai(path = "/products", method = "get")]
    async fn list(
        &self,
        state: Data<&AppState>,
        category: Query<Option<String>>,
        search: Query<Option<String>>,
        brand: Query<Option<String>>,
        #[oai(name = "isFeatured")] is_featured: Query<Option<bool>>,
        /// At most 100 (the default).
        limit: Query<Option<i64>>,
    ) -> ApiResult<Json<Envelope<Vec<ProductDto>>>> {
        let blank = |s: Option<String>| s.map(|s| s.trim().to_string()).filter(|s| !s.is_empty());
        let filter = Filter {
            category: blank(category.0),
            search: blank(search.0),
            brand: blank(brand.0),
            featured: is_featured.0,
            limit: limit.0.unwrap_or(MAX_LIMIT).clamp(1, MAX_LIMIT),
        };
        let list = products::list(&state.db, &filter).await?;
        Ok(Envelope::ok(
            "Products fetched",
            list.into_iter().map(ProductDto::from).collect(),
        ))
    }

    /// The categories in use.
    #[oai(path = "/products/categories", method = "get")]
    async fn categories(&self, state: Data<&AppState>) -> ApiResult<Json<Envelope<Vec<String>>>> {
        Ok(Envelope::ok(
            "Categories fetched",
            products::distinct(&state.db, "category").await?,
        ))
    }

    /// The brands in use.
    #[oai(path = "/products/brands", method = "get")]
    async fn brands(&self, state: Data<&AppState>) -> ApiResult<Json<Envelope<Vec<String>>>> {
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
    ) -> ApiResult<Json<Envelope<ProductDto>>> {
        auth.0.require_admin()?;
        let input = body.0;
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
        };
        input.apply(&mut product)?;
        products::insert(&state.db, &product).await?;
        Ok(Envelope::ok("Product created", product.into()))
    }

    /// Change a product (admin).
    #[oai(path = "/products/:id", method = "put")]
    async fn update(
        &self,
        state: Data<&AppState>,
        auth: BearerAuth,
        id: Path<String>,
        body: Json<ProductInput>,
    ) -> ApiResult<Json<Envelope<ProductDto>>> {
        auth.0.require_admin()?;
        let not_found = || ApiError::not_found("Product not found in database.");
        let mut product = products::get(&state.db, &id.0)
            .await?
            .ok_or_else(not_found)?;
        body.0.apply(&mut product)?;
        if !products::update(&state.db, &product).await? {
            return Err(not_found());
        }
        let product = products::get(&state.db, &id.0)
            .await?
            .ok_or_else(not_found)?;
        Ok(Envelope::ok("Product updated", product.into()))
    }

    /// Delete a product (admin); cart lines of it go with it.
    #[oai(path = "/products/:id", method = "delete")]
    async fn delete(
        &self,
        state: Data<&AppState>,
        auth: BearerAuth,
        id: Path<String>,
    ) -> ApiResult<Json<Envelope<bool>>> {
        auth.0.require_admin()?;
        if !products::delete(&state.db, &id.0).await? {
            return Err(ApiError::not_found("Product not found in database."));
        }
        Ok(Envelope::ok("Product deleted", true))
    }

    /// One product by its 24-character id.
    #[oai(path = "/products/:id", method = "get")]
    async fn get(
        &self,
        state: Data<&AppState>,
        id: Path<String>,
    ) -> ApiResult<Json<Envelope<ProductDto>>> {
        let product = if crate::ids::is_id(&id.0) {
            products::get(&state.db, &id.0).await?
        } else {
            None
        };
        let product =
            product.ok_or_else(|| ApiError::not_found("Product not found in database."))?;
        Ok(Envelope::ok("Product fetched", product.into()))
    }
}
