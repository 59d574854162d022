//! Text responses (JSON, HTML, JavaScript, CSS, SVG, XML, plain text) compressed with brotli or gzip, as the
//! client accepts, by poem's own encoder (`poem::web::Compress`, the `compression` feature).
//!
//! Not poem's `Compression` middleware as it stands: it compresses every response whatever its type
//! (PNG pictures, glTF models, the hashed assets already sent pre-compressed, 304s), decompresses request
//! bodies (a small gzip body would then grow past the body limits' intent), and picks a coding its client
//! refused with `q=0`. Here the choice is made after the response, from its type and encoding.

use poem::http::header::{ACCEPT_ENCODING, CONTENT_ENCODING, CONTENT_TYPE, VARY};
use poem::http::{HeaderValue, Method, StatusCode};
use poem::web::{Compress, CompressionAlgo};
use poem::{Endpoint, IntoResponse, Request, Response};

/// Whether `Accept-Encoding` allows `coding` (absent or `q=0` means no).
pub fn accepts(header: &str, coding: &str) -> bool {
    header.split(',').any(|item| {
        let mut parts = item.split(';').map(str::trim);
        let name = parts.next().unwrap_or_default();
        let refused = parts.any(|p| {
            p.strip_prefix("q=")
                .and_then(|q| q.trim().parse::<f32>().ok())
                .is_some_and(|q| q <= 0.0)
        });
        (name.eq_ignore_ascii_case(coding) || name == "*") && !refused
    })
}

/// Types worth compressing: text, JSON, XML, JavaScript, SVG (pictures, models and archives are compressed
/// already or gain nothing).
fn compressible(content_type: &str) -> bool {
    let t = content_type
        .split(';')
        .next()
        .unwrap_or_default()
        .trim()
        .to_ascii_lowercase();
    t.starts_with("text/")
        || t == "application/json"
        || t == "application/xml"
        || t == "application/javascript"
        || t == "image/svg+xml"
        || t.ends_with("+json")
        || t.ends_with("+xml")
}

pub async fn compress_text<E: Endpoint>(ep: E, req: Request) -> poem::Result<Response> {
    let accept = req
        .headers()
        .get(ACCEPT_ENCODING)
        .and_then(|v| v.to_str().ok())
        .unwrap_or_default()
        .to_string();
    let head = req.method() == Method::HEAD;
    let mut resp = ep.call(req).await?.into_response();
    let worth = !head
        && resp.status() != StatusCode::NOT_MODIFIED
        && resp.status() != StatusCode::NO_CONTENT
        && resp.status() != StatusCode::PARTIAL_CONTENT
        && !resp.headers().contains_key(CONTENT_ENCODING)
        && resp
            .headers()
            .get(CONTENT_TYPE)
            .and_then(|v| v.to_str().ok())
            .is_some_and(compressible);
    if !worth {
        return Ok(resp);
    }
    resp.headers_mut()
        .append(VARY, HeaderValue::from_static("Accept-Encoding"));
    let algo = if accepts(&accept, "br") {
        CompressionAlgo::BR
    } else if accepts(&accept, "gzip") {
        CompressionAlgo::GZIP
    } else {
        return Ok(resp);
    };
    Ok(Compress::new(resp, algo).into_response())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn accept_encoding() {
        assert!(accepts("gzip, deflate, br, zstd", "br"));
        assert!(accepts("gzip;q=0.5", "gzip"));
        assert!(!accepts("gzip;q=0, br", "gzip"));
        assert!(!accepts("identity", "br"));
        assert!(accepts("*", "gzip"));
        assert!(!accepts("", "gzip"));
    }

    #[test]
    fn only_text_is_compressed() {
        for t in [
            "application/json; charset=utf-8",
            "text/html; charset=utf-8",
            "text/javascript",
            "image/svg+xml",
            "application/xml",
            "text/plain",
        ] {
            assert!(compressible(t), "{t}");
        }
        for t in [
            "image/png",
            "model/gltf-binary",
            "application/zip",
            "application/pdf",
            "image/webp",
        ] {
            assert!(!compressible(t), "{t}");
        }
    }
}
