//! What a product shows: its pictures per colour and its 3D model files.
//! Stored as JSON in the product's row and published as is in the API (the
//! `Object` derive only describes their shape to the OpenAPI document).

use poem_openapi::Object;
use serde::{Deserialize, Serialize};

/// A picture of a garment in one colour (front or back).
#[derive(Object, Debug, Clone, Serialize, Deserialize, PartialEq)]
#[oai(rename_all = "camelCase")]
#[serde(rename_all = "camelCase")]
pub struct ImageRef {
    pub url: String,
    #[oai(skip_serializing_if_is_none)]
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub s3_key: Option<String>,
    #[oai(skip_serializing_if_is_none)]
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub bucket: Option<String>,
    #[oai(skip_serializing_if_is_none)]
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub original_size: Option<i64>,
    #[oai(skip_serializing_if_is_none)]
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub uploaded_at: Option<String>,
}

#[derive(Object, Debug, Clone, Serialize, Deserialize, PartialEq)]
#[oai(rename_all = "camelCase")]
#[serde(rename_all = "camelCase")]
pub struct ColorImage {
    pub color: String,
    #[oai(skip_serializing_if_is_none)]
    #[serde(default)]
    pub front_image: Option<ImageRef>,
    #[oai(skip_serializing_if_is_none)]
    #[serde(default)]
    pub back_image: Option<ImageRef>,
}

#[derive(Object, Debug, Clone, Serialize, Deserialize, PartialEq)]
#[oai(rename_all = "camelCase")]
#[serde(rename_all = "camelCase")]
pub struct ProductImage {
    pub url: String,
    #[serde(default)]
    pub is_primary: bool,
}

/// Where a colour's 3D model file is stored.
#[derive(Object, Debug, Clone, Serialize, Deserialize, PartialEq)]
#[oai(rename_all = "camelCase")]
#[serde(rename_all = "camelCase")]
pub struct ModelMetadata {
    pub color: String,
    pub s3_url: String,
    #[serde(default)]
    pub s3_key: String,
    #[serde(default)]
    pub s3_bucket: String,
    #[serde(default)]
    pub original_format: String,
    #[serde(default)]
    pub original_size: i64,
    #[serde(default)]
    pub uploaded_at: String,
}
