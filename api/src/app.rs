//! Builds the application: the API under /api with its OpenAPI document and
//! docs, the built web app with a fallback to index.html for client routes.

use poem::endpoint::StaticFilesEndpoint;
use poem::middleware::{RequestId, ReuseId, Tracing};
use poem::{EndpointExt, IntoEndpoint, Route};
use poem_openapi::OpenApiService;

use crate::routes::health::HealthApi;
use crate::routes::products::ProductsApi;
use crate::state::AppState;

pub type Apis = (HealthApi, ProductsApi);

pub fn api_service() -> OpenApiService<Apis, ()> {
    OpenApiService::new(
        (HealthApi, ProductsApi),
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
    let docs = api.swagger_ui();
    let spec = api.spec_endpoint();
    let mut route = Route::new()
        .nest("/api/docs", docs)
        .at("/api/openapi.json", spec)
        .nest("/api", api);
    let web = &state.config.web_dir;
    if web.join("index.html").is_file() {
        route = route.nest(
            "/",
            StaticFilesEndpoint::new(web)
                .index_file("index.html")
                .fallback_to_index()
                .into_endpoint(),
        );
    }
    route
        .data(state)
        .catch_all_error(error_response)
        .with(Tracing)
        .with(RequestId::default().reuse_id(ReuseId::Use))
}

/// Errors raised before a handler runs (a malformed parameter or body, an
/// unknown route) get the same `{success, message}` JSON as handler errors.
async fn error_response(err: poem::Error) -> poem::Response {
    use poem_openapi::error::{ContentTypeError, ParseParamError, ParseRequestPayloadError};
    let message = if err.is::<ParseParamError>()
        || err.is::<ParseRequestPayloadError>()
        || err.is::<ContentTypeError>()
    {
        err.to_string()
    } else if err.is::<poem::error::NotFoundError>() {
        "Not found".to_string()
    } else {
        // Handler errors already carry their JSON body.
        return err.into_response();
    };
    let body = serde_json::json!({ "success": false, "message": message });
    poem::Response::builder()
        .status(err.status())
        .content_type("application/json")
        .body(body.to_string())
}
