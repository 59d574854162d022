//! An order's print files for the printer (admin): all of them as a zip with
//! a manifest, or one line's area as a PNG at 300 DPI.

use poem::Body;
use poem::web::Data;
use poem_openapi::param::Path;
use poem_openapi::payload::Binary;
use poem_openapi::{ApiResponse, OpenApi};

use crate::core::fulfilment::print_files;
use crate::db::order_admin;
use crate::http::auth::BearerAuth;
use crate::http::error::ApiError;
use crate::http::fails::Fails;
use crate::http::fails::status::*;
use crate::http::routes::Tag;
use crate::state::AppState;

#[derive(ApiResponse)]
pub enum Archive {
    /// `print-files-{order number}.zip`: `manifest.json` and one PNG per line and area.
    // Streamed as it is drawn: a failure part-way ends the download with an error.
    #[oai(status = 200, content_type = "application/zip")]
    Ok(Binary<Body>, #[oai(header = "Content-Disposition")] String),
}

#[derive(ApiResponse)]
pub enum PrintPng {
    /// The area's print file: PNG at 300 DPI for its physical size.
    #[oai(status = 200, content_type = "image/png")]
    Ok(
        Binary<Vec<u8>>,
        #[oai(header = "Content-Disposition")] String,
    ),
}

pub struct PrintFilesApi;

#[OpenApi(tag = "Tag::Orders")]
impl PrintFilesApi {
    /// Every print file of an order (admin), zipped with a manifest: line,
    /// product, colour, quantities per size, area, print size in inches, and
    /// preflight warnings (an image below 150 DPI on the garment).
    #[oai(path = "/orders/:id/print-files", method = "get")]
    async fn archive(
        &self,
        state: Data<&AppState>,
        auth: BearerAuth,
        id: Path<String>,
    ) -> Result<Archive, Fails<{ ADMIN | NOT_FOUND | UNAVAILABLE }>> {
        auth.0.require_admin()?;
        let order = order_admin::get(&state.db, &id.0)
            .await?
            .ok_or_else(ApiError::order_not_found)?;
        let zip = print_files::archive(
            &state.db,
            &state.storage,
            &state.work,
            &order.id,
            &order.order_number,
        )
        .await?;
        Ok(Archive::Ok(
            Binary(Body::from_bytes_stream(zip)),
            format!(
                "attachment; filename=\"print-files-{}.zip\"",
                order.order_number
            ),
        ))
    }

    /// One print file (admin): order line `line` (from 1), area `left-chest` or `back`.
    #[oai(path = "/orders/:id/print-files/:line/:area", method = "get")]
    async fn one(
        &self,
        state: Data<&AppState>,
        auth: BearerAuth,
        id: Path<String>,
        line: Path<u32>,
        area: Path<String>,
    ) -> Result<PrintPng, Fails<{ ADMIN | NOT_FOUND | UNAVAILABLE }>> {
        auth.0.require_admin()?;
        let order = order_admin::get(&state.db, &id.0)
            .await?
            .ok_or_else(ApiError::order_not_found)?;
        let area = print_files::parse_area(&area.0)
            .ok_or_else(|| ApiError::not_found("No such print area"))?;
        let file = print_files::render_one(
            &state.db,
            &state.storage,
            &state.work,
            &order.id,
            line.0 as usize,
            area,
        )
        .await?
        .ok_or_else(|| ApiError::not_found("This line has nothing printed there"))?;
        let name = format!(
            "attachment; filename=\"{}-{}\"",
            order.order_number,
            file.file_name()
        );
        Ok(PrintPng::Ok(Binary(file.png), name))
    }
}
