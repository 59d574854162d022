//! 3D model files: `GET /models/by-path?path=models/{slug}.glb`. The path is
//! relative to ASSETS_DIR (the built-in garments) and may never leave it.

use std::path::{Component, Path, PathBuf};

use poem::web::Data;
use poem_openapi::param::Query;
use poem_openapi::payload::Binary;
use poem_openapi::{ApiResponse, OpenApi};

use super::Tag;
use crate::http::error::ApiError;
use crate::http::fails::Fails;
use crate::http::fails::status::*;
use crate::state::AppState;

#[derive(ApiResponse)]
pub enum ModelFile {
    /// A binary glTF model.
    #[oai(status = 200, content_type = "model/gltf-binary")]
    Glb(Binary<Vec<u8>>, #[oai(header = "Cache-Control")] String),
}

/// The file a model path names, or None when the path is not a plain relative
/// path to a `.glb` file (absolute, `..`, empty parts, another extension).
pub fn resolve(root: &Path, path: &str) -> Option<PathBuf> {
    let rel = Path::new(path);
    let plain = !path.is_empty()
        && !path.contains('\\')
        && rel.components().all(|c| matches!(c, Component::Normal(_)));
    let glb = rel
        .extension()
        .is_some_and(|e| e.eq_ignore_ascii_case("glb"));
    (plain && glb).then(|| root.join(rel))
}

pub struct ModelsApi;

#[OpenApi(tag = "Tag::Products")]
impl ModelsApi {
    /// A product's 3D model (binary glTF), by the path stored in its `models`.
    #[oai(path = "/models/by-path", method = "get")]
    async fn by_path(
        &self,
        state: Data<&AppState>,
        path: Query<String>,
    ) -> Result<ModelFile, Fails<{ ANY | NOT_FOUND }>> {
        let file = resolve(&state.config.assets_dir, path.0.trim())
            .ok_or_else(|| ApiError::bad_request("Invalid model path"))?;
        match tokio::fs::read(&file).await {
            Ok(bytes) => Ok(ModelFile::Glb(
                Binary(bytes),
                "public, max-age=3600".to_string(),
            )),
            Err(e) if e.kind() == std::io::ErrorKind::NotFound => {
                Err(ApiError::not_found("Model not found").into())
            }
            Err(e) => Err(ApiError::internal(e).into()),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::resolve;
    use std::path::Path;

    #[test]
    fn only_plain_relative_glb_paths_resolve() {
        let root = Path::new("/assets");
        assert_eq!(
            resolve(root, "models/tshirt-normal.glb").unwrap(),
            Path::new("/assets/models/tshirt-normal.glb")
        );
        for bad in [
            "",
            "../secret.glb",
            "models/../../x.glb",
            "/etc/passwd.glb",
            "models\\..\\a.glb",
            "models/a.png",
            "models/",
        ] {
            assert!(resolve(root, bad).is_none(), "{bad:?}");
        }
    }
}
