//! The HTTP layer: routes, guards, the response envelope and error mapping,
//! the DTOs and the OpenAPI glue. It parses requests into domain types, calls
//! `core`, and maps what comes back to HTTP; no business rule lives here.

pub mod access_log;
pub mod app;
pub mod auth;
pub mod cached_json;
pub mod compression;
pub mod design_document;
pub mod dto;
pub mod envelope;
pub mod error;
pub mod fails;
pub mod guards;
pub mod language;
pub mod pictures;
pub mod price_tiers;
pub mod request_metrics;
pub mod routes;
pub mod seo;
pub mod web_assets;
