//! Counts every answered request for `/metrics` by its route template, never
//! by its path: a client's paths cannot grow the series. The template is the
//! pattern poem's router matched, named as the OpenAPI document names it
//! (`/api/orders/{id}`, where the router says `/api/orders/:param0`). A
//! request no route matched counts as `unmatched`.

use std::collections::HashMap;
use std::sync::Arc;
use std::time::Instant;

use poem::PathPattern;
use poem::{Endpoint, IntoResponse, Request, Response};

use crate::metrics::Metrics;

/// The router's patterns of the API's operations, with their documented names.
pub struct RouteNames(HashMap<String, String>);

impl RouteNames {
    /// From the OpenAPI document's paths (served under `/api`): poem-openapi
    /// routes `/orders/{id}` as `/orders/:param0`, numbering the parameters.
    pub fn from_openapi(document: &str) -> RouteNames {
        let document: serde_json::Value = serde_json::from_str(document).unwrap_or_default();
        let paths = document["paths"].as_object().into_iter().flatten();
        RouteNames(
            paths
                .map(|(path, _)| {
                    let mut n = 0;
                    let pattern: Vec<String> = path
                        .split('/')
                        .map(|segment| {
                            if segment.starts_with('{') && segment.ends_with('}') {
                                n += 1;
                                format!(":param{}", n - 1)
                            } else {
                                segment.to_owned()
                            }
                        })
                        .collect();
                    (format!("/api{}", pattern.join("/")), format!("/api{path}"))
                })
                .collect(),
        )
    }

    fn name<'a>(&'a self, pattern: &'a str) -> &'a str {
        self.0.get(pattern).map_or(pattern, String::as_str)
    }
}

pub async fn count<E: Endpoint>(
    ep: E,
    req: Request,
    metrics: Arc<Metrics>,
    names: Arc<RouteNames>,
) -> poem::Result<Response> {
    let method = req.method().clone();
    let started = Instant::now();
    let result = ep.call(req).await.map(IntoResponse::into_response);
    let (status, route) = match &result {
        Ok(resp) => (resp.status(), resp.data::<PathPattern>()),
        Err(err) => (err.status(), err.data::<PathPattern>()),
    };
    metrics.request(
        method.as_str(),
        route.map_or("unmatched", |p| names.name(&p.0)),
        status.as_u16(),
        started.elapsed().as_secs_f64(),
    );
    result
}

#[cfg(test)]
mod tests {
    use super::RouteNames;

    #[test]
    fn the_routers_patterns_are_named_as_documented() {
        let names = RouteNames::from_openapi(&crate::http::app::openapi_json());
        assert_eq!(names.name("/api/orders/:param0"), "/api/orders/{id}");
        assert_eq!(names.name("/api/products"), "/api/products");
        assert_eq!(names.name("/assets"), "/assets");
    }
}
