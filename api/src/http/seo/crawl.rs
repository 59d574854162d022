//! `/robots.txt` and `/sitemap.xml`. The sitemap is built from the catalogue and kept in the catalogue's cache
//! (`catalogue_cache`), so it is always current: a product's change forgets it with the catalogue's answers.

use poem::handler;
use poem::http::StatusCode;
use poem::web::Data;
use poem::{IntoResponse, Response};

use super::base;
use super::head::escape;
use super::pages::policy_path;
use crate::core::pages::Slug;
use crate::db::products;
use crate::state::AppState;

/// Paths no crawler has business in: the admin's, a customer's own, checkout's and the API's (`$`: checkout's
/// `/shipping` only, not `/shipping-policy`).
const PRIVATE: [&str; 11] = [
    "/admin",
    "/account",
    "/user",
    "/cart",
    "/shipping$",
    "/order-confirmation",
    "/order-failed",
    "/quotes/",
    "/api/",
    "/login",
    "/reset-password",
];

#[handler]
pub fn robots(state: Data<&AppState>) -> Response {
    let mut text = String::from("User-agent: *\nAllow: /\n");
    for path in PRIVATE {
        text.push_str(&format!("Disallow: {path}\n"));
    }
    // A sitemap is named by its full address: without PUBLIC_URL there is none to give.
    let base = base(&state);
    if !base.is_empty() {
        text.push_str(&format!("\nSitemap: {base}/sitemap.xml\n"));
    }
    Response::builder()
        .content_type("text/plain; charset=utf-8")
        .header("Cache-Control", "public, max-age=3600")
        .body(text)
}

#[handler]
pub async fn sitemap(state: Data<&AppState>) -> Response {
    let base = base(&state);
    let xml = state
        .catalogue
        .get_or_load("sitemap.xml", async {
            let all = products::Filter {
                limit: i64::MAX,
                ..Default::default()
            };
            let list = products::list(&state.db, &all).await?;
            Ok::<_, crate::db::DbError>(write(&base, &list).into_bytes())
        })
        .await;
    match xml {
        Ok(xml) => Response::builder()
            .content_type("application/xml; charset=utf-8")
            .header("Cache-Control", "public, no-cache")
            .header("ETag", xml.etag.as_str())
            .body(xml.body.clone()),
        Err(e) => {
            tracing::error!(error = %e, "building the sitemap failed");
            StatusCode::SERVICE_UNAVAILABLE.into_response()
        }
    }
}

/// The home page, the catalogue, every product (last changed when it was) and the policy pages.
fn write(base: &str, list: &[products::Product]) -> String {
    let mut xml = String::from(
        "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n\
         <urlset xmlns=\"http://www.sitemaps.org/schemas/sitemap/0.9\">\n",
    );
    let mut url = |path: &str, changed: Option<i64>| {
        xml.push_str(&format!(
            "<url><loc>{}</loc>",
            escape(&format!("{base}{path}"))
        ));
        if let Some(ms) = changed {
            let day = crate::domain::india_time::date(ms).format("%Y-%m-%d");
            xml.push_str(&format!("<lastmod>{day}</lastmod>"));
        }
        xml.push_str("</url>\n");
    };
    url("/", None);
    url("/products", None);
    url("/design", None);
    for p in list {
        url(&format!("/product/{}", p.id), Some(p.updated_at));
    }
    for slug in Slug::ALL {
        url(&policy_path(slug), None);
    }
    xml.push_str("</urlset>\n");
    xml
}
