//! `GET /fonts`: the studio's fonts, the scripts each writes, its licence and
//! its file's URL; `GET /fonts/files/{name}` serves the file. A file's name
//! carries the first 16 hex digits of its SHA-256 (`Teko-Regular-1a2b….ttf`),
//! so it is cached for a year and a new file is a new URL. The files are the
//! ones the engine compiles into the server (`render::fonts::bundled`): the
//! print files and the browser draw with the very same bytes.

use std::sync::OnceLock;

use design_engine::elements::Font;
use design_engine::render::fonts::{FONT_FILES, FontFile, bundled, file_of};
use poem::web::Data;
use poem_openapi::param::Path;
use poem_openapi::payload::{Binary, Json};
use poem_openapi::{ApiResponse, Object, OpenApi};

use super::Tag;
use crate::http::envelope::Envelope;
use crate::http::error::ApiError;
use crate::http::fails::Fails;
use crate::http::fails::status::*;
use crate::http::web_assets::IMMUTABLE;
use crate::state::AppState;

/// The list changes only with a release of the server.
const LIST_CACHE: &str = "public, max-age=3600";

/// A font of the studio.
#[derive(Object, Debug, Clone, PartialEq, Eq)]
#[oai(rename_all = "camelCase")]
pub struct FontInfo {
    /// The name a design document gives (`"Arial"`, `"Noto Sans Devanagari"`).
    pub font: String,
    /// The open family that draws it (Arial is drawn by Liberation Sans).
    pub family: String,
    /// The scripts it writes: `Latin`, `Devanagari`, `Bengali`, `Gurmukhi`,
    /// `Gujarati`, `Tamil`, `Telugu`, `Kannada`, `Malayalam`.
    pub scripts: Vec<String>,
    /// The font's licence, as an SPDX identifier (`OFL-1.1`).
    pub licence: String,
    /// The licence's text in the source tree, under `design-engine/fonts/`.
    pub licence_file: String,
    /// The font file (TrueType), content-addressed: cache it for good.
    pub url: String,
    /// The file's size in bytes.
    pub bytes: i64,
}

/// Each file's versioned name (its stem, 16 hex digits of its SHA-256), in `FONT_FILES` order.
fn versioned() -> &'static [String] {
    static NAMES: OnceLock<Vec<String>> = OnceLock::new();
    NAMES.get_or_init(|| {
        FONT_FILES
            .iter()
            .zip(bundled::ALL)
            .map(|(file, bytes)| {
                let stem = file.file.trim_end_matches(".ttf");
                let hash = design_engine::hash::sha256_hex(bytes);
                format!("{stem}-{}.ttf", &hash[..16])
            })
            .collect()
    })
}

fn index_of(file: &FontFile) -> usize {
    FONT_FILES
        .iter()
        .position(|f| f == file)
        .expect("a file of the table")
}

fn info(font: Font) -> FontInfo {
    let file = file_of(font);
    let i = index_of(file);
    FontInfo {
        font: font.name().to_string(),
        family: file.family.to_string(),
        scripts: file.scripts.iter().map(|s| format!("{s:?}")).collect(),
        licence: file.licence.to_string(),
        licence_file: file.licence_file.to_string(),
        url: format!("/api/fonts/files/{}", versioned()[i]),
        bytes: bundled::ALL[i].len() as i64,
    }
}

#[derive(ApiResponse)]
pub enum FontList {
    /// Every font of the studio, in its picker's order.
    #[oai(status = 200)]
    Ok(
        Json<Envelope<Vec<FontInfo>>>,
        #[oai(header = "Cache-Control")] String,
    ),
}

#[derive(ApiResponse)]
pub enum FontFileAnswer {
    /// A TrueType font file, cacheable for a year (its name changes with it).
    #[oai(status = 200, content_type = "font/ttf")]
    Ok(Binary<Vec<u8>>, #[oai(header = "Cache-Control")] String),
}

pub struct FontsApi;

#[OpenApi(tag = "Tag::Products")]
impl FontsApi {
    /// The studio's fonts: for each, its family, scripts, licence and file (public).
    #[oai(path = "/fonts", method = "get")]
    async fn list(&self, _state: Data<&AppState>) -> Result<FontList, Fails<{ ANY }>> {
        let fonts = Font::ALL.into_iter().map(info).collect();
        Ok(FontList::Ok(
            Envelope::ok("Fonts", fonts),
            LIST_CACHE.to_string(),
        ))
    }

    /// A font file, by the versioned name `GET /fonts` gives.
    #[oai(path = "/fonts/files/:name", method = "get")]
    async fn file(&self, name: Path<String>) -> Result<FontFileAnswer, Fails<{ ANY | NOT_FOUND }>> {
        let i = versioned()
            .iter()
            .position(|v| *v == name.0)
            .ok_or_else(|| ApiError::not_found("Font file not found"))?;
        Ok(FontFileAnswer::Ok(
            Binary(bundled::ALL[i].to_vec()),
            IMMUTABLE.to_string(),
        ))
    }
}
