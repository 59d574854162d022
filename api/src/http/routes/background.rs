//! `POST /remove-background`: a logo's plain background made transparent by
//! the engine, the same function the studio runs in the browser (which needs
//! no round trip; this is the contract's route for other clients). Open to
//! visitors, as the studio is, and bounded three ways: the upload limit (the
//! body guard and the engine's 5 MB and 24 megapixels), a rate per client
//! address, and two removals at a time across all clients with at most eight
//! waiting (each decode and flood fill keeps a core busy; each waiting one
//! holds its picture), beyond which the answer is 503.

use poem::Request;
use poem::web::Data;
use poem_openapi::types::multipart::Upload;
use poem_openapi::{ApiResponse, Multipart, OpenApi};

use super::Tag;
use crate::http::envelope::{Png, TypedBody};
use crate::http::error::ApiError;
use crate::http::fails::Fails;
use crate::http::fails::status::*;
use crate::limits::{Door, client_key};
use crate::state::AppState;
use design_engine::StudioError;
use design_engine::effects::{DEFAULT_TOLERANCE, remove_background_png};

#[derive(Multipart, Debug)]
pub struct BackgroundForm {
    /// The logo: PNG, JPEG or GIF (read from its bytes, whatever the part
    /// claims), under 5 MB, at most 24 megapixels.
    image: Upload,
}

#[derive(ApiResponse)]
pub enum Removed {
    /// The logo as PNG, its background (the colour joined to its border) transparent.
    #[oai(status = 200)]
    Ok(TypedBody<Png>),
}

pub struct BackgroundApi;

#[OpenApi(tag = "Tag::Artwork")]
impl BackgroundApi {
    /// Remove a logo's background: the colour connected to its border
    /// becomes transparent. 413 over 5 MB, 422 when the file is not a PNG,
    /// JPEG or GIF the studio accepts, 503 when too many are waiting; a
    /// client that gets an error keeps its original picture.
    #[oai(path = "/remove-background", method = "post")]
    async fn remove(
        &self,
        state: Data<&AppState>,
        req: &Request,
        form: BackgroundForm,
    ) -> Result<Removed, Fails<{ BODY | UNPROCESSABLE | TOO_MANY | UNAVAILABLE }>> {
        state
            .limits
            .check(Door::BackgroundClient, &client_key(req, &state.config))
            .await?;
        let bytes = form
            .image
            .into_vec()
            .await
            .map_err(|_| ApiError::bad_request("The image could not be read"))?;
        let cost = design_engine::effects::remove_background_cost(&bytes);
        let png = state
            .work
            .run_holding(cost, move || {
                let mime = design_engine::codec::sniff_type(&bytes)
                    .ok_or(StudioError::UndecodableImage)?;
                remove_background_png(&bytes, mime, DEFAULT_TOLERANCE)
            })
            .await?
            .map_err(|e| match e {
                StudioError::ImageTooLarge => ApiError::payload_too_large(e.to_string()),
                e => ApiError::unprocessable(e.to_string()),
            })?;
        Ok(Removed::Ok(TypedBody::new(png.into(), "image/png")))
    }
}
