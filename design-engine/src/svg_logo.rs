//! SVG logos (the server only: the browser's core module leaves resvg out).
//! An upload is parsed by usvg with nothing fetched (no files, no web, no
//! embedded pictures), refused with a DTD or entities, and written back as
//! usvg's plain SVG: paths, fills and gradients, never a script, an event
//! handler or an outside reference. Drawn with resvg at the print file's
//! resolution: the long side at `MAX_KEPT_SIDE`, 300 DPI across the Back.

use image::RgbaImage;
use resvg::tiny_skia;

use crate::elements::ImageAsset;
use crate::error::StudioError;
use crate::hash::sha256_hex;
use crate::limits::MAX_KEPT_SIDE;

pub const SVG_MIME: &str = "image/svg+xml";
/// An SVG logo is at most 1 MB (`elements::MAX_SVG_BYTES`).
pub const MAX_SVG_BYTES: usize = crate::elements::MAX_SVG_BYTES as usize;

/// Whether `bytes` look like an SVG document (rather than PNG, JPEG or GIF).
pub fn looks_like_svg(bytes: &[u8]) -> bool {
    let head = &bytes[..bytes.len().min(1024)];
    let text = String::from_utf8_lossy(head);
    let text = text.trim_start_matches('\u{feff}').trim_start();
    (text.starts_with("<?xml") || text.starts_with("<svg") || text.starts_with("<!--"))
        && text.contains("<svg")
}

fn options() -> usvg::Options<'static> {
    usvg::Options {
        resources_dir: None,
        // Neither `data:` nor file or web addresses: a logo is vectors only.
        image_href_resolver: usvg::ImageHrefResolver {
            resolve_data: Box::new(|_, _, _| None),
            resolve_string: Box::new(|_, _| None),
        },
        ..usvg::Options::default()
    }
}

fn parse(bytes: &[u8]) -> Result<usvg::Tree, StudioError> {
    let bad = |why: &str| StudioError::BadSvg(why.to_string());
    if bytes.len() > MAX_SVG_BYTES {
        return Err(bad("it is over 1 MB"));
    }
    let text = std::str::from_utf8(bytes).map_err(|_| bad("it is not UTF-8 text"))?;
    if text.contains("<!DOCTYPE") || text.contains("<!ENTITY") {
        return Err(bad("it declares a DTD or entities"));
    }
    usvg::Tree::from_str(text, &options()).map_err(|e| bad(&e.to_string()))
}

/// The upload written back as plain SVG: what is stored and drawn.
pub fn sanitise(bytes: &[u8]) -> Result<Vec<u8>, StudioError> {
    let tree = parse(bytes)?;
    if !tree.root().has_children() {
        return Err(StudioError::BadSvg("it draws nothing".into()));
    }
    Ok(tree.to_string(&usvg::WriteOptions::default()).into_bytes())
}

/// The logo's record and its pixels at most `side` on the long side. Its
/// record's size is the print-ready one (`MAX_KEPT_SIDE`), whatever `side`
/// is: a vector has no resolution of its own.
pub fn decode_within(bytes: &[u8], side: u32) -> Result<(ImageAsset, RgbaImage), StudioError> {
    let tree = parse(bytes)?;
    let size = tree.size();
    let fit = |long: u32| {
        let s = long as f32 / size.width().max(size.height());
        (
            ((size.width() * s).round() as u32).max(1),
            ((size.height() * s).round() as u32).max(1),
        )
    };
    let (width, height) = fit(MAX_KEPT_SIDE);
    let (w, h) = fit(side.min(MAX_KEPT_SIDE));
    let mut pixmap = tiny_skia::Pixmap::new(w, h).ok_or(StudioError::UndecodableImage)?;
    let t = tiny_skia::Transform::from_scale(w as f32 / size.width(), h as f32 / size.height());
    resvg::render(&tree, t, &mut pixmap.as_mut());
    let data = pixmap
        .pixels()
        .iter()
        .flat_map(|p| {
            let c = p.demultiply();
            [c.red(), c.green(), c.blue(), c.alpha()]
        })
        .collect();
    let rgba = RgbaImage::from_raw(w, h, data).ok_or(StudioError::UndecodableImage)?;
    let asset = ImageAsset {
        sha256: sha256_hex(bytes),
        mime: SVG_MIME.into(),
        bytes: bytes.len() as u64,
        width,
        height,
    };
    Ok((asset, rgba))
}

#[cfg(test)]
mod tests;
