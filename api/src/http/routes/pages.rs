//! The store's policy pages: anyone reads them (`GET /pages/{slug}`), admins
//! edit them with a live preview and can go back to the default text. A page
//! comes with the server's safe HTML of its Markdown, which the web app shows
//! as it is.

use poem::web::Data;
use poem_openapi::param::Path;
use poem_openapi::payload::Json;
use poem_openapi::{ApiResponse, Object, OpenApi};

use super::Tag;
use crate::core::messages::pages as messages;
use crate::core::pages::{self, Edit, Page, Slug};
use crate::http::auth::BearerAuth;
use crate::http::envelope::Envelope;
use crate::http::fails::Fails;
use crate::http::fails::status::*;
use crate::state::AppState;

/// Browsers and proxies may keep a page for a minute: an admin's edit shows
/// everywhere soon after, and a page read a thousand times a minute is
/// rendered far fewer times.
pub const PAGE_CACHE: &str = "public, max-age=60";

/// A page: its Markdown and the server's safe HTML of it.
#[derive(Object, Debug, Clone)]
#[oai(rename_all = "camelCase")]
pub struct StorePage {
    /// about, contact, terms, privacy, refunds, shipping or cookies.
    pub slug: String,
    pub title: String,
    /// The text as written (an admin's, or the default filled with the seller's details).
    pub markdown: String,
    /// The Markdown as safe HTML: raw HTML shown as text, links only http(s),
    /// mailto, tel and relative, headings with ids made of their words.
    pub html: String,
    /// When an admin last saved it (Unix ms); null while it shows the default text.
    pub updated_at: Option<i64>,
    /// Whether an admin's text is shown (false: the default text).
    pub edited: bool,
}

impl From<Page> for StorePage {
    fn from(p: Page) -> StorePage {
        StorePage {
            slug: p.slug.as_str().to_string(),
            edited: p.updated_at.is_some(),
            title: p.title,
            markdown: p.markdown,
            html: p.html,
            updated_at: p.updated_at,
        }
    }
}

/// An admin's text for a page: a title of 1 to 120 characters and 1 to
/// 50,000 bytes of Markdown.
#[derive(Object, Debug)]
pub struct PageEdit {
    pub title: String,
    pub markdown: String,
}

/// Markdown being edited (up to 50,000 bytes; empty allowed).
#[derive(Object, Debug)]
pub struct PreviewRequest {
    pub markdown: String,
}

#[derive(Object, Debug)]
pub struct PreviewHtml {
    /// The Markdown as the page would show it.
    pub html: String,
}

#[derive(ApiResponse)]
pub enum PageAnswer {
    /// The page, cacheable by anyone for a minute.
    #[oai(status = 200)]
    Ok(
        Json<Envelope<StorePage>>,
        #[oai(header = "Cache-Control")] String,
    ),
}

pub struct PagesApi;

#[OpenApi(tag = "Tag::Pages")]
impl PagesApi {
    /// A store page (public): as an admin edited it, or the default text
    /// filled with the seller's details. 404 for any other slug.
    #[oai(path = "/pages/:slug", method = "get")]
    async fn get(
        &self,
        state: Data<&AppState>,
        slug: Path<String>,
    ) -> Result<PageAnswer, Fails<{ ANY | NOT_FOUND }>> {
        let slug = Slug::parse(&slug.0)?;
        let page = pages::page(&state, slug).await?;
        Ok(PageAnswer::Ok(
            Envelope::ok(messages::PAGE, page.into()),
            PAGE_CACHE.to_string(),
        ))
    }

    /// Replace a page's title and Markdown (admin). 400 names the field:
    /// `PAGE_TITLE_INVALID` or `PAGE_TEXT_INVALID`.
    #[oai(path = "/pages/:slug", method = "put")]
    async fn put(
        &self,
        state: Data<&AppState>,
        auth: BearerAuth,
        slug: Path<String>,
        body: Json<PageEdit>,
    ) -> Result<Json<Envelope<StorePage>>, Fails<{ ADMIN | BODY | NOT_FOUND }>> {
        auth.0.require_admin()?;
        let slug = Slug::parse(&slug.0)?;
        let edit = Edit::parse(&body.0.title, &body.0.markdown)?;
        let page = pages::save(&state, slug, edit, &auth.0.id).await?;
        Ok(Envelope::ok(messages::PAGE_SAVED, page.into()))
    }

    /// Go back to the page's default text (admin).
    #[oai(path = "/pages/:slug", method = "delete")]
    async fn reset(
        &self,
        state: Data<&AppState>,
        auth: BearerAuth,
        slug: Path<String>,
    ) -> Result<Json<Envelope<StorePage>>, Fails<{ ADMIN | NOT_FOUND }>> {
        auth.0.require_admin()?;
        let slug = Slug::parse(&slug.0)?;
        let page = pages::reset(&state, slug, &auth.0.id).await?;
        Ok(Envelope::ok(messages::PAGE_RESET, page.into()))
    }

    /// The HTML a page would show for this Markdown (admin): the editor's
    /// live preview. Nothing is saved.
    #[oai(path = "/pages/preview", method = "post")]
    async fn preview(
        &self,
        auth: BearerAuth,
        body: Json<PreviewRequest>,
    ) -> Result<Json<Envelope<PreviewHtml>>, Fails<{ ADMIN | BODY }>> {
        auth.0.require_admin()?;
        let html = pages::preview(&body.0.markdown)?;
        Ok(Envelope::ok(messages::PREVIEW, PreviewHtml { html }))
    }
}
