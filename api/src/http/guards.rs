//! Middleware that every request passes: security headers on every response,
//! a size and time limit on request bodies, and only safe request ids.

use std::time::Duration;

use poem::http::{HeaderValue, header};
use poem::{Endpoint, IntoResponse, Request, Response};

use crate::http::error::ApiError;
use crate::storage::{FILE_TOO_LARGE, MAX_FILE_BYTES};

/// Whether a request comes from a program on this machine: the socket is
/// loopback and no proxy relayed it (a local proxy relays the world's requests).
pub fn from_this_machine(req: &Request) -> bool {
    let loopback = req
        .remote_addr()
        .as_socket_addr()
        .is_some_and(|a| a.ip().is_loopback());
    let relayed = ["forwarded", "x-forwarded-for", "x-real-ip"]
        .iter()
        .any(|h| req.headers().contains_key(*h));
    loopback && !relayed
}

/// JSON bodies of the API: at most 1 MiB, read within 30 s.
pub const MAX_JSON_BODY: usize = 1 << 20;
const BODY_DEADLINE: Duration = Duration::from_secs(30);

/// The web app's policy: its own origin, plus Razorpay's checkout script and
/// frames, plus `upload_origin` (the S3 endpoint that takes the admin's
/// uploads, when files are on S3); WebAssembly may compile; nothing may frame
/// the store.
pub fn app_csp(upload_origin: Option<&str>) -> HeaderValue {
    let upload = upload_origin.map(|o| format!(" {o}")).unwrap_or_default();
    let csp = format!(
        "default-src 'self'; \
         script-src 'self' 'wasm-unsafe-eval' https://checkout.razorpay.com; \
         style-src 'self' 'unsafe-inline'; \
         img-src 'self' data: blob:; \
         font-src 'self' data:; \
         connect-src 'self' data: blob: https://api.razorpay.com https://lumberjack.razorpay.com{upload}; \
         frame-src https://api.razorpay.com https://checkout.razorpay.com; \
         worker-src 'self' blob:; \
         object-src 'none'; base-uri 'self'; form-action 'self'; frame-ancestors 'none'"
    );
    HeaderValue::from_str(&csp).expect("the CSP is ASCII")
}

/// The interactive API docs (Swagger UI) run inline scripts of their own.
const DOCS_CSP: &str = "default-src 'self'; script-src 'self' 'unsafe-inline'; \
    style-src 'self' 'unsafe-inline'; img-src 'self' data:; object-src 'none'; frame-ancestors 'none'";

/// Adds the security headers to every response (HSTS only when the store is
/// served over https, as `PUBLIC_URL` says).
pub async fn security_headers<E: Endpoint>(
    ep: E,
    req: Request,
    hsts: bool,
    app_csp: HeaderValue,
) -> poem::Result<Response> {
    let docs = req.uri().path().starts_with("/api/docs");
    let mut resp = ep.call(req).await.map(IntoResponse::into_response)?;
    let h = resp.headers_mut();
    let csp = if docs {
        HeaderValue::from_static(DOCS_CSP)
    } else {
        app_csp
    };
    h.insert(header::CONTENT_SECURITY_POLICY, csp);
    h.insert(
        header::X_CONTENT_TYPE_OPTIONS,
        HeaderValue::from_static("nosniff"),
    );
    h.insert(header::X_FRAME_OPTIONS, HeaderValue::from_static("DENY"));
    h.insert(
        header::REFERRER_POLICY,
        HeaderValue::from_static("strict-origin-when-cross-origin"),
    );
    h.insert(
        "permissions-policy",
        HeaderValue::from_static("camera=(), microphone=(), geolocation=()"),
    );
    if hsts {
        h.insert(
            header::STRICT_TRANSPORT_SECURITY,
            HeaderValue::from_static("max-age=31536000; includeSubDomains"),
        );
    }
    Ok(resp)
}

/// How a route's body is bounded.
enum BodyLimit {
    /// JSON, read whole before the handler runs.
    Json,
    /// A form carrying one studio picture (`POST /api/remove-background`), read whole.
    Picture,
    /// An admin's revised proof (`POST /api/orders/{id}/proofs`, multipart), read whole.
    ProofPdf,
    /// File uploads, streamed to the handler (it stores them as they arrive
    /// and checks sizes itself), cut off past the largest file.
    Streamed,
}

impl BodyLimit {
    fn max(&self) -> u64 {
        match self {
            BodyLimit::Json => MAX_JSON_BODY as u64,
            // The engine's limit, and room for the form's boundaries and headers.
            BodyLimit::Picture => design_engine::elements::MAX_IMAGE_BYTES + (64 << 10),
            BodyLimit::ProofPdf => {
                crate::http::routes::orders::proofs::MAX_PROOF_PDF_BYTES as u64 + (64 << 10)
            }
            BodyLimit::Streamed => MAX_FILE_BYTES + (1 << 20),
        }
    }
}

fn body_limit(method: &poem::http::Method, path: &str) -> BodyLimit {
    use poem::http::Method;
    let upload = (*method == Method::PUT
        && (path.starts_with("/api/storage/") || path.starts_with("/api/artwork/")))
        || (*method == Method::POST && path == "/api/upload/product");
    if upload {
        BodyLimit::Streamed
    } else if *method == Method::POST && path == "/api/remove-background" {
        BodyLimit::Picture
    } else if *method == Method::POST
        && path.starts_with("/api/orders/")
        && path.ends_with("/proofs")
    {
        BodyLimit::ProofPdf
    } else {
        BodyLimit::Json
    }
}

/// Bounds every request body before the handler sees it: over the limit is
/// 413 (whatever `Content-Length` claims or however it is chunked), a JSON
/// body must arrive within 30 s (408 for one that trickles in).
pub async fn limit_body<E: Endpoint>(ep: E, mut req: Request) -> poem::Result<Response> {
    let declared = req
        .headers()
        .get(header::CONTENT_LENGTH)
        .and_then(|v| v.to_str().ok())
        .and_then(|v| v.parse::<u64>().ok());
    // The path as the client sent it: inside `nest("/api", ..)` `uri()` has lost its prefix.
    let limit = body_limit(req.method(), req.original_uri().path());
    let max = limit.max();
    if declared.is_some_and(|n| n > max) {
        return Ok(too_large(&limit));
    }
    let has_body =
        declared.is_some_and(|n| n > 0) || req.headers().contains_key(header::TRANSFER_ENCODING);
    if !has_body {
        return ep.call(req).await.map(IntoResponse::into_response);
    }
    match limit {
        BodyLimit::Json | BodyLimit::Picture | BodyLimit::ProofPdf => {
            let body = req.take_body();
            match tokio::time::timeout(BODY_DEADLINE, body.into_bytes_limit(max as usize)).await {
                Ok(Ok(bytes)) => req.set_body(bytes),
                Ok(Err(poem::error::ReadBodyError::PayloadTooLarge)) => {
                    return Ok(too_large(&limit));
                }
                Ok(Err(_)) => {
                    return Ok(
                        ApiError::bad_request("The request body could not be read").into_response()
                    );
                }
                Err(_) => {
                    return Ok(
                        ApiError::request_timeout("The request body arrived too slowly")
                            .into_response(),
                    );
                }
            }
            ep.call(req).await.map(IntoResponse::into_response)
        }
        BodyLimit::Streamed => {
            // Cut the stream off past the limit, and say 413 whatever the
            // handler made of the cut-off body.
            let over = std::sync::Arc::new(std::sync::atomic::AtomicBool::new(false));
            let flag = over.clone();
            let mut seen = 0u64;
            let stream =
                futures_util::StreamExt::map(req.take_body().into_bytes_stream(), move |chunk| {
                    let chunk = chunk?;
                    seen += chunk.len() as u64;
                    if seen > max {
                        flag.store(true, std::sync::atomic::Ordering::Relaxed);
                        return Err(std::io::Error::other("request body over the limit"));
                    }
                    Ok(chunk)
                });
            req.set_body(poem::Body::from_bytes_stream(stream));
            let resp = ep.call(req).await.map(IntoResponse::into_response);
            if over.load(std::sync::atomic::Ordering::Relaxed) {
                return Ok(too_large(&limit));
            }
            resp
        }
    }
}

fn too_large(limit: &BodyLimit) -> Response {
    let message = match limit {
        BodyLimit::Json => "The request is too large (at most 1 MiB)".to_string(),
        BodyLimit::Picture => design_engine::StudioError::ImageTooLarge.to_string(),
        BodyLimit::ProofPdf => "The proof PDF can be at most 10 MiB".to_string(),
        BodyLimit::Streamed => FILE_TOO_LARGE.to_string(),
    };
    ApiError::payload_too_large(message).into_response()
}

/// A client's `X-Request-Id` is kept (so its logs and ours line up) only
/// when it is a short safe token; otherwise the server makes its own.
pub async fn clean_request_id<E: Endpoint>(ep: E, mut req: Request) -> poem::Result<Response> {
    let safe = |v: &HeaderValue| {
        let b = v.as_bytes();
        !b.is_empty()
            && b.len() <= 64
            && b.iter()
                .all(|c| c.is_ascii_alphanumeric() || matches!(c, b'-' | b'_' | b'.'))
    };
    let all: Vec<_> = req
        .headers()
        .get_all("x-request-id")
        .iter()
        .cloned()
        .collect();
    if !(all.len() == 1 && safe(&all[0])) {
        req.headers_mut().remove("x-request-id");
    }
    ep.call(req).await.map(IntoResponse::into_response)
}
