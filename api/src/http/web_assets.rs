//! Vite's hashed assets (`/assets/*`): a name never changes its content, so
//! they are cached for a year and sent as the brotli or gzip copy the build
//! made beside each file (`web/vite.config.ts`), never compressed per request.

use std::path::{Path, PathBuf};

use poem::http::header::{ACCEPT_ENCODING, CACHE_CONTROL, CONTENT_ENCODING, CONTENT_TYPE, VARY};
use poem::http::{Method, StatusCode};
use poem::{Endpoint, Request, Response};

use crate::http::compression::accepts;

pub const IMMUTABLE: &str = "public, max-age=31536000, immutable";

pub struct HashedAssets {
    dir: PathBuf,
}

impl HashedAssets {
    pub fn new(dir: impl Into<PathBuf>) -> HashedAssets {
        HashedAssets { dir: dir.into() }
    }
}

/// A file name Vite could have written: no directories, no dot files.
fn safe_name(name: &str) -> bool {
    !name.is_empty()
        && !name.starts_with('.')
        && name
            .bytes()
            .all(|b| b.is_ascii_alphanumeric() || matches!(b, b'.' | b'-' | b'_'))
}

async fn read(path: &Path) -> Option<Vec<u8>> {
    tokio::fs::read(path).await.ok()
}

impl Endpoint for HashedAssets {
    type Output = Response;

    async fn call(&self, req: Request) -> poem::Result<Response> {
        if req.method() != Method::GET && req.method() != Method::HEAD {
            return Ok(StatusCode::METHOD_NOT_ALLOWED.into());
        }
        let name = req.uri().path().trim_start_matches('/');
        if !safe_name(name) {
            return Ok(StatusCode::NOT_FOUND.into());
        }
        let path = self.dir.join(name);
        let content_type = mime_guess::from_path(&path)
            .first_or_octet_stream()
            .to_string();
        let accept = req
            .headers()
            .get(ACCEPT_ENCODING)
            .and_then(|v| v.to_str().ok())
            .unwrap_or_default();
        let mut body = None;
        for (coding, ext) in [("br", "br"), ("gzip", "gz")] {
            if accepts(accept, coding)
                && let Some(bytes) = read(&path.with_file_name(format!("{name}.{ext}"))).await
            {
                body = Some((Some(coding), bytes));
                break;
            }
        }
        let Some((coding, bytes)) = (match body {
            Some(found) => Some(found),
            None => read(&path).await.map(|b| (None, b)),
        }) else {
            return Ok(StatusCode::NOT_FOUND.into());
        };
        let mut resp = Response::builder()
            .header(CONTENT_TYPE, content_type)
            .header(CACHE_CONTROL, IMMUTABLE)
            .header(VARY, "Accept-Encoding");
        if let Some(coding) = coding {
            resp = resp.header(CONTENT_ENCODING, coding);
        }
        Ok(resp.body(bytes))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn only_plain_file_names() {
        assert!(safe_name("index-Ce7Byg_-.js"));
        for bad in ["", "../secret", ".env", "a/b.js", "a\\b.js", "%2e%2e"] {
            assert!(!safe_name(bad), "{bad}");
        }
    }
}
