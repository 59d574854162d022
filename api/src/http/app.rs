//! Builds the application: the API under /api with its OpenAPI document and
//! docs, the built web app with a fallback to index.html for client routes.

use poem::endpoint::StaticFilesEndpoint;
use poem::http::StatusCode;
use poem::http::header::CONTENT_TYPE;
use poem::middleware::{RequestId, ReuseId};
use poem::{Endpoint, EndpointExt, IntoEndpoint, Request, Route};
use poem_openapi::OpenApiService;

use crate::http::guards;
use crate::http::request_metrics::RouteNames;
use crate::http::routes::artwork::ArtworkApi;
use crate::http::routes::auth::{AuthApi, SecondFactorApi};
use crate::http::routes::background::BackgroundApi;
use crate::http::routes::cart::CartApi;
use crate::http::routes::coupons::{CartCouponApi, CouponsApi};
use crate::http::routes::designs::DesignsApi;
use crate::http::routes::files::FilesApi;
use crate::http::routes::fonts::FontsApi;
use crate::http::routes::group_members::GroupMembersApi;
use crate::http::routes::group_orders::GroupOrdersApi;
use crate::http::routes::group_payments::GroupPaymentsApi;
use crate::http::routes::health::HealthApi;
use crate::http::routes::library::LibraryApi;
use crate::http::routes::model_files::ModelsApi;
use crate::http::routes::newsletter::NewsletterApi;
use crate::http::routes::orders::OrdersApi;
use crate::http::routes::orders::accounts::AccountsApi;
use crate::http::routes::orders::admin::AdminOrdersApi;
use crate::http::routes::orders::balance::BalanceApi;
use crate::http::routes::orders::claims::ClaimsApi;
use crate::http::routes::orders::invoice::InvoiceApi;
use crate::http::routes::orders::print::PrintFilesApi;
use crate::http::routes::orders::proof_links::ProofLinksApi;
use crate::http::routes::orders::proofs::ProofsApi;
use crate::http::routes::orders::reorder::ReorderApi;
use crate::http::routes::orders::shipment::ShipmentApi;
use crate::http::routes::orders::stages::StagesApi;
use crate::http::routes::orders::tax_documents::TaxDocumentsApi;
use crate::http::routes::pages::PagesApi;
use crate::http::routes::payments::PaymentsApi;
use crate::http::routes::pincode::PincodeApi;
use crate::http::routes::products::ProductsApi;
use crate::http::routes::quotes::QuotesApi;
use crate::http::routes::shipping::ShippingApi;
use crate::http::routes::store::StoreApi;
use crate::http::routes::support::SupportApi;
use crate::http::routes::support_admin::SupportAdminApi;
use crate::http::routes::upload::UploadApi;
use crate::http::routes::users::UsersApi;
use crate::http::routes::whatsapp::WhatsAppApi;
use crate::state::AppState;

/// Every area of the API, documented as one contract (`openapi.json`).
pub fn api_service() -> OpenApiService<impl poem_openapi::OpenApi, ()> {
    OpenApiService::new(
        (
            HealthApi,
            AuthApi,
            ProductsApi,
            ModelsApi,
            CartApi,
            UsersApi,
            NewsletterApi,
            PaymentsApi,
            OrdersApi,
            AdminOrdersApi,
            PrintFilesApi,
            InvoiceApi,
            // poem-openapi takes tuples of up to 16: the rest sit in one of their own.
            (
                PincodeApi,
                ArtworkApi,
                BackgroundApi,
                FilesApi,
                UploadApi,
                DesignsApi,
                (GroupOrdersApi, GroupMembersApi, GroupPaymentsApi),
                SecondFactorApi,
                TaxDocumentsApi,
                (ProofsApi, ProofLinksApi, WhatsAppApi),
                (StoreApi, LibraryApi),
                AccountsApi,
                ReorderApi,
                StagesApi,
                (ShipmentApi, ShippingApi, PagesApi, ClaimsApi),
                (
                    SupportApi,
                    SupportAdminApi,
                    FontsApi,
                    CouponsApi,
                    CartCouponApi,
                    BalanceApi,
                    QuotesApi,
                ),
            ),
        ),
        "Custom apparel store API",
        env!("CARGO_PKG_VERSION"),
    )
    .description("Every JSON response is `{success, message, data}`. Money is in paise (integer).")
    .server("/api")
}

/// The OpenAPI document, as committed in `openapi.json`.
pub fn openapi_json() -> String {
    api_service().spec()
}

pub fn build(state: AppState) -> impl poem::Endpoint {
    let api = api_service();
    let names = std::sync::Arc::new(RouteNames::from_openapi(&api.spec()));
    let docs = api.swagger_ui();
    let spec = api.spec_endpoint();
    let mut route = Route::new()
        .nest("/api/docs", docs)
        .at("/api/openapi.json", spec)
        .at("/metrics", poem::get(crate::http::routes::metrics::scrape));
    if state.config.test_providers {
        route = route.at(
            "/api/dev/outbox",
            poem::get(crate::http::routes::dev::outbox_for).around(guards::limit_body),
        );
        route = route.at(
            "/api/dev/clock",
            poem::post(crate::http::routes::dev::set_clock).around(guards::limit_body),
        );
    }
    // The built-in catalogue's pictures (the URLs in its products' colorImages).
    route = route.nest(
        "/api/catalogue",
        StaticFilesEndpoint::new(state.config.assets_dir.join("pictures")).with(
            poem::middleware::SetHeader::new().overriding("Cache-Control", "public, max-age=3600"),
        ),
    );
    if state.payments.test().is_none() {
        // Without the test provider its routes do not exist at all.
        for path in [
            "/api/payments/test/complete",
            "/api/payments/save-test-order",
        ] {
            route = route.at(path, poem::endpoint::make_sync(|_| StatusCode::NOT_FOUND));
        }
    }
    if let crate::storage::Storage::Local(_) = state.storage.as_ref() {
        // The local backend's signed upload URLs (S3's presigned URLs point at S3).
        route = route.at(
            "/api/storage/*path",
            poem::put(crate::http::routes::files::put_signed).around(guards::limit_body),
        );
    }
    route = route.nest("/api", api.around(guards::limit_body));
    route = route
        .at("/robots.txt", poem::get(crate::http::seo::robots))
        .at("/sitemap.xml", poem::get(crate::http::seo::sitemap));
    let web = &state.config.web_dir;
    if web.join("index.html").is_file() {
        route = route.nest(
            "/assets",
            crate::http::web_assets::HashedAssets::new(web.join("assets")),
        );
        let has_home = web.join("home.html").is_file();
        let pages = state.clone();
        route = route.nest(
            "/",
            StaticFilesEndpoint::new(web)
                .index_file("index.html")
                .fallback_to_index()
                // A deploy is seen at once: the page names the new assets.
                .no_cache_index()
                .around(move |ep, req| {
                    crate::http::seo::with_head(ep, req, pages.clone(), has_home)
                })
                .into_endpoint(),
        );
    }
    let hsts = state.config.is_https();
    let csp = guards::app_csp(upload_origin(&state.config).as_deref());
    let config = state.config.clone();
    let metrics = state.metrics.clone();
    let translating = state.clone();
    route
        .data(state)
        // Inside json_errors, which answers errors afresh: the matched route is still on them here.
        .around(move |ep, req| {
            crate::http::request_metrics::count(ep, req, metrics.clone(), names.clone())
        })
        .around(json_errors)
        // One type for what is inside: each layer's type holds all those within, and a release build's layout
        // of the whole went past rustc's query depth (`queries overflow the depth limit`). One call through a
        // pointer per request.
        .boxed()
        // The errors' words first, then the bytes compressed: compression wraps what translation wrote.
        .around(move |ep, req| {
            crate::http::language::translate_errors(ep, req, translating.clone())
        })
        .around(crate::http::compression::compress_text)
        .around(move |ep, req| guards::security_headers(ep, req, hsts, csp.clone()))
        .around(move |ep, req| crate::http::access_log::access_log(ep, req, config.clone()))
        .with(RequestId::default().reuse_id(ReuseId::Use))
        .around(guards::clean_request_id)
}

/// Where the browser sends the admin's uploads when files are on S3 (its
/// presigned URLs): the endpoint's origin, or AWS's S3 hosts.
fn upload_origin(config: &crate::config::Config) -> Option<String> {
    match &config.storage {
        crate::storage::config::StorageConfig::Local => None,
        crate::storage::config::StorageConfig::S3(s3) => Some(match &s3.endpoint {
            Some(endpoint) => {
                let rest = endpoint.split_once("://").map_or("", |(_, r)| r);
                let host = rest.split('/').next().unwrap_or(rest);
                let scheme = endpoint.split_once("://").map_or("https", |(s, _)| s);
                // Virtual-hosted style puts the bucket in front of the host.
                format!("{scheme}://{host} {scheme}://*.{host}")
            }
            None => "https://*.amazonaws.com".to_string(),
        }),
    }
}

/// Errors raised outside a handler (a malformed parameter or body, a missing
/// token, an unknown route) get the same `{success, message}` JSON as handler errors.
async fn json_errors<E: Endpoint>(ep: E, req: Request) -> poem::Result<poem::Response> {
    let resp = ep.get_response(req).await;
    let status = resp.status();
    let is_json = resp
        .headers()
        .get(CONTENT_TYPE)
        .is_some_and(|v| v.as_bytes().starts_with(b"application/json"));
    if !(status.is_client_error() || status.is_server_error()) || is_json {
        return Ok(resp);
    }
    let text = resp.into_body().into_string().await.unwrap_or_default();
    let message = match status {
        StatusCode::UNAUTHORIZED => "Please log in".to_string(),
        StatusCode::NOT_FOUND => "Not found".to_string(),
        StatusCode::UNSUPPORTED_MEDIA_TYPE => {
            "Please send the body as JSON (Content-Type: application/json)".to_string()
        }
        s if s.is_server_error() => "Server error. Please try again later.".to_string(),
        _ if !text.trim().is_empty() => text,
        s => s.canonical_reason().unwrap_or("Bad request").to_string(),
    };
    let body = serde_json::json!({ "success": false, "message": message });
    Ok(poem::Response::builder()
        .status(status)
        .content_type("application/json")
        .body(body.to_string()))
}

#[cfg(test)]
mod tests {
    use serde_json::Value;

    /// What makes a member of `allOf` a schema rather than an annotation.
    const SHAPE: [&str; 8] = [
        "$ref",
        "type",
        "properties",
        "items",
        "enum",
        "allOf",
        "anyOf",
        "oneOf",
    ];

    /// Every place in the document where a schema is wrapped as `allOf` of one
    /// reference (and annotations), with its path.
    fn wrappers(value: &Value, path: &str, found: &mut Vec<String>) {
        match value {
            Value::Object(object) => {
                let schemas = object.get("allOf").and_then(Value::as_array).map(|all| {
                    let shaped = |s: &&Value| SHAPE.iter().any(|k| s.get(k).is_some());
                    all.iter().filter(shaped).count()
                });
                if schemas.is_some_and(|n| n < 2) {
                    found.push(path.to_owned());
                }
                for (key, v) in object {
                    wrappers(v, &format!("{path}/{key}"), found);
                }
            }
            Value::Array(items) => {
                for (i, v) in items.iter().enumerate() {
                    wrappers(v, &format!("{path}/{i}"), found);
                }
            }
            _ => {}
        }
    }

    /// Strict client generators (openapi-python-client: "Cannot take allOf a
    /// non-object") drop every schema holding such a wrapper, and every operation
    /// using one. poem-openapi writes it for a field whose type is a named schema
    /// and which has a doc comment (or a default): say that on the type or on the
    /// struct instead.
    #[test]
    fn no_reference_is_wrapped_in_all_of() {
        let mut found = Vec::new();
        let wrapped = serde_json::json!({"description": "d", "allOf": [{"$ref": "#/x"}, {"description": "d"}]});
        wrappers(&wrapped, "", &mut found);
        assert_eq!(found, [""]);
        found.clear();
        let document: Value = serde_json::from_str(&super::openapi_json()).unwrap();
        wrappers(&document, "", &mut found);
        assert!(found.is_empty(), "allOf around one reference at {found:#?}");
    }
}
