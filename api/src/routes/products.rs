use std::collections::BTreeMap;

use poem_openapi::param::{Path, Query};
use poem_openapi::payload::Json;
use poem_openapi::{Object, OpenApi};

use super::Tag;
use crate::db::products::{self, Filter, Product};
use crate::envelope::{ApiError, ApiResult, Envelope};
use crate::models::{ColorImage, ModelMetadata, ProductImage};
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
