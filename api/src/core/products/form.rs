//! A product created with its files in one form: each file stored under a new
//! key and checked before the product exists, its name saying its colour.

use tokio::io::AsyncRead;

use super::edit::{ModelFile, ProductChanges, create};
use super::files;
use crate::db::products::Product;
use crate::domain::product_media::{ColorImage, ImageRef};
use crate::error::Failure;
use crate::state::AppState;
use crate::storage::{Bucket, Key, Source};

/// A file of the form: its name (`{colour}.glb`, `{colour}.png`) and its bytes.
pub struct FormFile {
    pub name: String,
    pub body: Box<dyn AsyncRead + Unpin + Send>,
}

/// The form's files: models, front pictures and back pictures.
pub struct FormFiles {
    pub models: Vec<FormFile>,
    pub front_images: Vec<FormFile>,
    pub back_images: Vec<FormFile>,
}

/// Stores one file of the form under a new key and checks it; returns its
/// colour (the file name's stem) and key.
async fn store(state: &AppState, file: FormFile, bucket: Bucket) -> Result<(String, Key), Failure> {
    let FormFile { name, mut body } = file;
    let (kind, ext, content_type) = files::kind_of(&name)?;
    let (stem, _) = name.rsplit_once('.').unwrap_or((&name, ""));
    let colour = design_engine::colour::colour_name(stem);
    if kind != bucket || colour.is_empty() {
        let expected = if bucket == Bucket::Models {
            "{colour}.glb"
        } else {
            "{colour}.png"
        };
        return Err(Failure::bad_request(format!(
            "{name}: name the file {expected}"
        )));
    }
    let key = Key::generate(&colour, ext);
    crate::db::files::issue(&state.db, bucket.as_str(), key.as_str()).await?;
    // Spooled to a file the storage streams from (the form part is a temporary file already).
    let tmp = state.config.data_dir.join("tmp");
    tokio::fs::create_dir_all(&tmp)
        .await
        .map_err(Failure::internal)?;
    let path = tmp.join(format!("form-{}", crate::ids::random_hex(16)));
    let stored = async {
        let mut file = tokio::fs::File::create(&path).await?;
        tokio::io::copy(&mut body, &mut file).await?;
        anyhow::Ok(())
    }
    .await;
    let put = match stored {
        Ok(()) => state
            .storage
            .put(bucket, &key, content_type, Source::File(path.clone()))
            .await
            .map_err(Failure::internal),
        Err(e) => Err(Failure::internal(e)),
    };
    let _ = tokio::fs::remove_file(&path).await;
    put?;
    files::check_upload(state, bucket, &key).await?;
    Ok((colour, key))
}

/// Creates a product with its files: every file stored and checked (models,
/// then front and back pictures), then named by the product as its colour's
/// model or picture, then the product created as `edit::create` does.
pub async fn create_with_files(
    state: &AppState,
    mut changes: ProductChanges,
    form: FormFiles,
) -> Result<Product, Failure> {
    let mut models = Vec::new();
    for file in form.models {
        let (colour, key) = store(state, file, Bucket::Models).await?;
        models.push(ModelFile {
            color: colour,
            file_url: String::new(),
            s3_key: Some(key.to_string()),
            bucket: None,
            original_size: None,
        });
    }
    if !models.is_empty() {
        changes.color_models = Some(models);
    }
    let mut images: Vec<ColorImage> = Vec::new();
    for (files, front) in [(form.front_images, true), (form.back_images, false)] {
        for file in files {
            let (colour, key) = store(state, file, Bucket::Images).await?;
            let image = ImageRef {
                url: String::new(),
                s3_key: Some(key.to_string()),
                bucket: None,
                original_size: None,
                uploaded_at: Some(crate::db::now_ms().to_string()),
            };
            let entry = match images.iter_mut().position(|c| c.color == colour) {
                Some(i) => &mut images[i],
                None => {
                    images.push(ColorImage {
                        color: colour,
                        front_image: None,
                        back_image: None,
                    });
                    images.last_mut().expect("just pushed")
                }
            };
            if front {
                entry.front_image = Some(image);
            } else {
                entry.back_image = Some(image);
            }
        }
    }
    if !images.is_empty() {
        changes.color_images = Some(images);
    }
    create(state, changes).await
}
