//! What search engines and link previews read (docs/seo.md): `/robots.txt`, `/sitemap.xml`, and the head of
//! every shareable page written into the HTML the server sends.

mod crawl;
pub mod head;
pub mod pages;

use poem::http::header::CACHE_CONTROL;
use poem::http::{HeaderValue, Method};
use poem::{Endpoint, IntoResponse, Request, Response};

pub use crawl::{robots, sitemap};

use crate::error::Kind;
use crate::state::AppState;

/// `PUBLIC_URL` without its trailing slash; empty when unset (pages then carry paths, no canonical link).
pub fn base(state: &AppState) -> String {
    state
        .config
        .public_url
        .as_deref()
        .unwrap_or("")
        .trim_end_matches('/')
        .to_string()
}

/// Around the web app's files: a page with a head of its own gets the app's HTML with that head: for `/`,
/// `home.html` when the build made one (web/vite.config.ts), index.html with the home page's first screen
/// already in its markup so that it paints before the app's code loads (issue 33); else `index.html`. A link naming nothing (an unknown product, a link turned off) gets the app's
/// HTML marked `noindex`, so that the app says so; every other path goes on to the files.
pub async fn with_head<E: Endpoint>(
    ep: E,
    req: Request,
    state: AppState,
    has_home: bool,
) -> poem::Result<Response> {
    if !matches!(*req.method(), Method::GET | Method::HEAD) {
        return ep.call(req).await.map(IntoResponse::into_response);
    }
    let path = req.uri().path().to_string();
    let site = state.config.company.name.clone();
    let base = base(&state);
    // A page's own head replaces the generic title and description; a link naming nothing keeps them.
    let (tags, replace) = match pages::head_of(&state, &path, &site, &base).await {
        Ok(Some(head)) => (head.write(&base, &site), true),
        Ok(None) => return ep.call(req).await.map(IntoResponse::into_response),
        Err(f) if f.kind == Kind::NotFound => (
            "<meta name=\"robots\" content=\"noindex\" />\n".to_string(),
            false,
        ),
        // Already logged: the page still works, with the generic head.
        Err(_) => return ep.call(req).await.map(IntoResponse::into_response),
    };
    let file = if path == "/" && has_home {
        "home.html"
    } else {
        "index.html"
    };
    let html = match tokio::fs::read_to_string(state.config.web_dir.join(file)).await {
        Ok(html) => html,
        Err(_) => return ep.call(req).await.map(IntoResponse::into_response),
    };
    let mut resp = Response::builder()
        .content_type("text/html; charset=utf-8")
        .body(head::inject(&html, &tags, replace));
    resp.headers_mut()
        .insert(CACHE_CONTROL, HeaderValue::from_static("no-cache"));
    Ok(resp)
}
