//! The access log: one line per request with its id, method, path, client,
//! status and duration. Nothing secret reaches it: query values are dropped
//! except a few known harmless ones (reset and verification tokens, upload
//! signatures and codes travel in queries), path segments that are bearer
//! secrets (share links) are replaced, and the client is the address the
//! store's own trusted-proxy logic names, never a header a client can forge.

use std::sync::Arc;
use std::time::Instant;

use poem::{Endpoint, IntoResponse, Request, Response};
use tracing::Instrument;

use crate::config::Config;
use crate::limits::client_ip;

/// Query parameters whose values are logged; every other value is `_`.
const PLAIN_PARAMS: [&str; 8] = [
    "page",
    "limit",
    "status",
    "sort",
    "v",
    "color",
    "partNumber",
    "all",
];

/// Path prefixes whose next segment is a bearer secret: whoever holds it may read.
const SECRET_SEGMENT_AFTER: [&str; 6] = [
    "/api/shared-designs/",
    "/d/",
    "/g/",
    "/by-token/",
    // A proof's WhatsApp link approves the proof without signing in.
    "/proof/",
    "/api/proof-links/",
];

/// The path and query as logged.
pub fn loggable(path: &str, query: Option<&str>) -> String {
    let mut out = String::with_capacity(path.len() + 16);
    let mut rest = path;
    'segments: while !rest.is_empty() {
        for prefix in SECRET_SEGMENT_AFTER {
            if let Some(i) = rest.find(prefix) {
                let (head, tail) = rest.split_at(i + prefix.len());
                out.push_str(head);
                let end = tail.find('/').unwrap_or(tail.len());
                out.push('_');
                rest = &tail[end..];
                continue 'segments;
            }
        }
        out.push_str(rest);
        break;
    }
    if let Some(query) = query.filter(|q| !q.is_empty()) {
        out.push('?');
        for (i, pair) in query.split('&').enumerate() {
            if i > 0 {
                out.push('&');
            }
            let (name, value) = pair.split_once('=').unwrap_or((pair, ""));
            out.push_str(name);
            out.push('=');
            if PLAIN_PARAMS.contains(&name) && value.len() <= 32 {
                out.push_str(value);
            } else {
                out.push('_');
            }
        }
    }
    out
}

/// Logs each request (INFO) as it ends, in a span the handlers' own lines
/// share (inside the request id's span).
pub async fn access_log<E: Endpoint>(
    ep: E,
    req: Request,
    config: Arc<Config>,
) -> poem::Result<Response> {
    let client = client_ip(&req, &config)
        .map(|ip| ip.to_string())
        .unwrap_or_else(|| "unknown".into());
    let uri = req.original_uri();
    let span = tracing::info_span!(
        "request",
        method = %req.method(),
        path = %loggable(uri.path(), uri.query()),
        %client,
    );
    async move {
        let started = Instant::now();
        let result = ep.call(req).await;
        let duration = started.elapsed();
        match result {
            Ok(resp) => {
                let resp = resp.into_response();
                tracing::info!(status = %resp.status(), ?duration, "response");
                Ok(resp)
            }
            Err(err) => {
                tracing::info!(status = %err.status(), ?duration, "error");
                Err(err)
            }
        }
    }
    .instrument(span)
    .await
}

#[cfg(test)]
mod tests {
    use super::loggable;

    #[test]
    fn secrets_in_queries_and_share_paths_are_not_logged() {
        assert_eq!(
            loggable("/reset-password", Some("token=abc123secret")),
            "/reset-password?token=_"
        );
        assert_eq!(
            loggable(
                "/api/files/upload/images/red/1-x.png",
                Some("expires=1700000000&signature=deadbeef")
            ),
            "/api/files/upload/images/red/1-x.png?expires=_&signature=_"
        );
        assert_eq!(
            loggable(
                "/api/shared-designs/0123456789abcdef/thumbnail",
                Some("v=3")
            ),
            "/api/shared-designs/_/thumbnail?v=3"
        );
        assert_eq!(loggable("/d/0123456789abcdef", None), "/d/_");
        assert_eq!(loggable("/proof/abc.0123456789abcdef", None), "/proof/_");
        assert_eq!(
            loggable("/api/proof-links/abc.0123456789abcdef/approve", None),
            "/api/proof-links/_/approve"
        );
        assert_eq!(
            loggable("/api/orders/o1/proofs/2/approve", None),
            "/api/orders/o1/proofs/2/approve"
        );
        assert_eq!(
            loggable(
                "/api/admin/orders",
                Some("page=2&search=asha%40example.com")
            ),
            "/api/admin/orders?page=2&search=_"
        );
        assert_eq!(loggable("/api/products", None), "/api/products");
    }
}
