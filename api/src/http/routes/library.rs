//! `GET /clipart`, `GET /clipart/{id}/svg` and `GET /templates`: the clip-art
//! library and the starter templates (public; they change only with a new
//! release of the server, so anyone may keep them for an hour).

use poem_openapi::param::{Path, Query};
use poem_openapi::payload::{Json, PlainText};
use poem_openapi::{ApiResponse, Object, OpenApi};

use super::Tag;
use crate::core::library::{clipart, templates};
use crate::http::design_document::DesignDocument;
use crate::http::envelope::Envelope;
use crate::http::error::ApiError;
use crate::http::fails::Fails;
use crate::http::fails::status::*;

pub const LIBRARY_CACHE: &str = "public, max-age=3600";

#[derive(Object, Debug)]
#[oai(rename_all = "camelCase")]
pub struct ClipArtItem {
    /// What a design's `{"clipart": {"id"}}` names.
    pub id: String,
    pub name: String,
    pub category: String,
    pub tags: Vec<String>,
    /// The id of one of the page's `licences`.
    pub licence: String,
    /// The SVG, one colour (black) on a transparent ground.
    pub svg_url: String,
}

#[derive(Object, Debug)]
pub struct ClipArtCategory {
    pub id: String,
    pub label: String,
}

#[derive(Object, Debug)]
pub struct ClipArtLicence {
    pub id: String,
    pub name: String,
    pub text: String,
}

#[derive(Object, Debug)]
#[oai(rename_all = "camelCase")]
pub struct ClipArtPage {
    pub items: Vec<ClipArtItem>,
    pub page: u32,
    pub pages: u32,
    pub total: u32,
    pub categories: Vec<ClipArtCategory>,
    pub licences: Vec<ClipArtLicence>,
}

#[derive(Object, Debug)]
pub struct StarterTemplate {
    pub id: String,
    pub name: String,
    /// Sports team, School event, Wedding...
    pub occasion: String,
    // The design, its product `template`: the studio puts it on its own product.
    // (Not a doc comment: it would wrap the reference in allOf.)
    pub design: DesignDocument,
}

#[derive(ApiResponse)]
pub enum ClipArtAnswer {
    #[oai(status = 200)]
    Ok(
        Json<Envelope<ClipArtPage>>,
        #[oai(header = "Cache-Control")] String,
    ),
}

#[derive(ApiResponse)]
pub enum SvgAnswer {
    /// The clip-art's SVG (image/svg+xml).
    #[oai(status = 200, content_type = "image/svg+xml")]
    Ok(PlainText<String>, #[oai(header = "Cache-Control")] String),
}

#[derive(ApiResponse)]
pub enum TemplatesAnswer {
    #[oai(status = 200)]
    Ok(
        Json<Envelope<Vec<StarterTemplate>>>,
        #[oai(header = "Cache-Control")] String,
    ),
}

pub struct LibraryApi;

#[OpenApi(tag = "Tag::Library")]
impl LibraryApi {
    /// The clip-art library: a page of 48, optionally of one `category` and
    /// matching every word of `q` (name, tags), with the categories and
    /// licences. 400 for an unknown category, a query over 64 characters or
    /// a page outside 1 to 100.
    #[oai(path = "/clipart", method = "get")]
    async fn clipart(
        &self,
        category: Query<Option<String>>,
        q: Query<Option<String>>,
        page: Query<Option<u32>>,
    ) -> Result<ClipArtAnswer, Fails<{ ANY | BAD_REQUEST }>> {
        let found = clipart::search(category.0.as_deref(), q.0.as_deref(), page.0)?;
        let lib = clipart::library();
        let body = ClipArtPage {
            items: found
                .items
                .into_iter()
                .map(|i| ClipArtItem {
                    id: i.id.clone(),
                    name: i.name.clone(),
                    category: i.category.clone(),
                    tags: i.tags.clone(),
                    licence: i.licence.clone(),
                    svg_url: format!("/api/clipart/{}/svg", i.id),
                })
                .collect(),
            page: found.page,
            pages: found.pages,
            total: found.total as u32,
            categories: lib
                .categories
                .iter()
                .map(|c| ClipArtCategory {
                    id: c.id.clone(),
                    label: c.label.clone(),
                })
                .collect(),
            licences: lib
                .licences
                .iter()
                .map(|l| ClipArtLicence {
                    id: l.id.clone(),
                    name: l.name.clone(),
                    text: l.text.clone(),
                })
                .collect(),
        };
        Ok(ClipArtAnswer::Ok(
            Envelope::ok("Clip-art", body),
            LIBRARY_CACHE.to_string(),
        ))
    }

    /// One clip-art's SVG: filled paths only, which the studio's engine reads
    /// (`provideClipart`) and draws in the chosen colour.
    #[oai(path = "/clipart/:id/svg", method = "get")]
    async fn clipart_svg(&self, id: Path<String>) -> Result<SvgAnswer, Fails<{ ANY | NOT_FOUND }>> {
        let item = clipart::item(id.0.trim())
            .ok_or_else(|| ApiError::not_found("There is no such clip-art"))?;
        Ok(SvgAnswer::Ok(
            PlainText(item.svg.clone()),
            LIBRARY_CACHE.to_string(),
        ))
    }

    /// The starter templates, one design per occasion.
    #[oai(path = "/templates", method = "get")]
    async fn templates(&self) -> Result<TemplatesAnswer, Fails<{ ANY }>> {
        let list = templates::templates()
            .iter()
            .map(|t| StarterTemplate {
                id: t.id.to_string(),
                name: t.name.to_string(),
                occasion: t.occasion.to_string(),
                design: DesignDocument(
                    serde_json::to_value(&t.design).expect("a design serialises"),
                ),
            })
            .collect();
        Ok(TemplatesAnswer::Ok(
            Envelope::ok("Templates", list),
            LIBRARY_CACHE.to_string(),
        ))
    }
}
