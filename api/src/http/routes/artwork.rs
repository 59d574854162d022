//! Shoppers' artwork: the pictures in their designs, stored once per content
//! (the name is the SHA-256 of the bytes). The web app sends a design's
//! pictures here before the design goes to the cart; the cart refuses a
//! design whose pictures the server does not hold.

use poem::Body;
use poem::web::Data;
use poem_openapi::param::Path;
use poem_openapi::payload::{Binary, Json};
use poem_openapi::{ApiResponse, Object, OpenApi};

use super::Tag;
use crate::db::artwork;
use crate::http::auth::BearerAuth;
use crate::http::envelope::{AnyImage, Envelope, TypedBody};
use crate::http::error::ApiError;
use crate::http::fails::Fails;
use crate::http::fails::status::*;
use crate::limits::Door;
use crate::state::AppState;
use crate::storage::{Bucket, Key, Source, StorageError};
use design_engine::elements::MAX_IMAGE_BYTES;
use design_engine::svg_logo::{self, SVG_MIME};

/// What the server read from an artwork's bytes.
#[derive(Object, Debug, Clone)]
pub struct ArtworkInfo {
    /// SHA-256 of the bytes, 64 lowercase hex digits.
    pub sha256: String,
    /// The type the bytes really are: image/png, image/jpeg, image/gif or image/svg+xml.
    pub mime: String,
    pub bytes: i64,
    /// Pixels (an SVG's: drawn 3600 on its long side, print-ready).
    pub width: i64,
    pub height: i64,
}

#[derive(ApiResponse)]
pub enum Stored {
    /// Stored now.
    #[oai(status = 201)]
    Created(Json<Envelope<ArtworkInfo>>),
    /// The server already held these bytes (nothing was sent again to storage).
    #[oai(status = 200)]
    Existing(Json<Envelope<ArtworkInfo>>),
}

#[derive(ApiResponse)]
pub enum Picture {
    /// PNG, JPEG or GIF, as the server read it at upload.
    #[oai(status = 200)]
    Ok(TypedBody<AnyImage>, #[oai(header = "Cache-Control")] String),
}

fn key_of(sha256: &str) -> Result<Key, ApiError> {
    Key::artwork(sha256.trim()).map_err(|_| ApiError::not_found("Artwork not found"))
}

pub struct ArtworkApi;

#[OpenApi(tag = "Tag::Artwork")]
impl ArtworkApi {
    /// Upload a picture of your design, named by the SHA-256 of its bytes
    /// (PNG, JPEG or GIF, under 5 MB, at most 24 megapixels; or an SVG logo
    /// under 1 MB). The server reads the bytes itself, whatever type the
    /// request claims: 201 when stored, 200 when it already held them, 422
    /// when the bytes do not hash to the name or are not such a picture. An
    /// SVG is sanitised (no scripts, event handlers, outside references,
    /// embedded pictures, DTD or entities) and its clean copy kept: the
    /// answer's `sha256` names that copy, for the design to use.
    #[oai(path = "/artwork/:sha256", method = "put")]
    async fn put(
        &self,
        state: Data<&AppState>,
        auth: BearerAuth,
        sha256: Path<String>,
        body: Binary<Body>,
    ) -> Result<Stored, Fails<{ USER | BODY | NOT_FOUND | UNPROCESSABLE | TOO_MANY | UNAVAILABLE }>>
    {
        let key = key_of(&sha256.0)?;
        state.limits.check(Door::ArtworkUser, &auth.0.id).await?;
        let bytes = body
            .0
            .into_bytes_limit(MAX_IMAGE_BYTES as usize)
            .await
            .map_err(|e| match e {
                poem::error::ReadBodyError::PayloadTooLarge => ApiError::payload_too_large(
                    design_engine::StudioError::ImageTooLarge.to_string(),
                ),
                _ => ApiError::bad_request("The request body could not be read"),
            })?;
        // The engine decodes every pixel (in the heavy-work queue, within its
        // memory budget): type, size and pixels checked, none kept. An SVG is
        // sanitised first, and what is kept and named is its clean copy.
        if design_engine::hash::sha256_hex(&bytes) != key.as_str() {
            return Err(ApiError::unprocessable(
                "The image's bytes do not match its name (SHA-256)",
            )
            .into());
        }
        let checked = bytes.clone();
        let cost = design_engine::codec::decoding_cost(&bytes, 64);
        let (asset, clean) = state
            .work
            .run_holding(cost, move || {
                let mime = design_engine::codec::sniff_type(&checked)
                    .ok_or(design_engine::StudioError::UndecodableImage)?;
                if mime == SVG_MIME {
                    let clean = svg_logo::sanitise(&checked)?;
                    let asset = design_engine::codec::check_decodes(&clean, mime)?;
                    return Ok((asset, Some(clean)));
                }
                design_engine::codec::check_decodes(&checked, mime).map(|a| (a, None))
            })
            .await?
            .map_err(|e: design_engine::StudioError| ApiError::unprocessable(e.to_string()))?;
        let bytes = clean.map_or(bytes, bytes::Bytes::from);
        let key = Key::artwork(&asset.sha256).map_err(ApiError::internal)?;
        if state
            .storage
            .size(Bucket::Artwork, &key)
            .await
            .map_err(ApiError::internal)?
            .is_none()
        {
            state
                .storage
                .put(Bucket::Artwork, &key, &asset.mime, Source::Bytes(bytes))
                .await
                .map_err(ApiError::internal)?;
        }
        let new = artwork::record_upload(&state.db, &asset, &auth.0.id).await?;
        let info = ArtworkInfo {
            sha256: asset.sha256,
            mime: asset.mime,
            bytes: asset.bytes as i64,
            width: i64::from(asset.width),
            height: i64::from(asset.height),
        };
        Ok(if new {
            Stored::Created(Envelope::ok("Image stored", info))
        } else {
            Stored::Existing(Envelope::ok("Image already stored", info))
        })
    }

    /// A picture of a design: for whoever uploaded it (the owner of the cart,
    /// order or design that uses it) and for admins.
    #[oai(path = "/artwork/:sha256", method = "get")]
    async fn get(
        &self,
        state: Data<&AppState>,
        auth: BearerAuth,
        sha256: Path<String>,
    ) -> Result<Picture, Fails<{ ADMIN | NOT_FOUND }>> {
        let key = key_of(&sha256.0)?;
        let stored = artwork::get(&state.db, key.as_str())
            .await?
            .ok_or_else(|| ApiError::not_found("Artwork not found"))?;
        // Someone else's picture is answered as missing, not as forbidden.
        if auth.0.require_admin().is_err()
            && !artwork::is_holder(&state.db, key.as_str(), &auth.0.id).await?
        {
            return Err(ApiError::not_found("Artwork not found").into());
        }
        let (_, stream) = state
            .storage
            .get(Bucket::Artwork, &key)
            .await
            .map_err(|e| match e {
                StorageError::NotFound => ApiError::not_found("Artwork not found"),
                other => ApiError::internal(other),
            })?;
        let picture = TypedBody::new(Body::from_bytes_stream(stream), stored.mime);
        // The name is the content: it never changes.
        Ok(Picture::Ok(
            picture,
            "private, max-age=31536000, immutable".to_string(),
        ))
    }
}
