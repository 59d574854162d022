//! Images the engine draws rather than decodes: QR codes and clip-arts, kept
//! as paths and filled in one colour at whatever size is asked, so a print
//! file gets sharp edges at 300 DPI and the studio's preview the same shapes.
//!
//! Clip-arts come in the library's plain SVG form (`assets/clipart`, written
//! by catalogue-assets' normaliser): one `<svg viewBox="0 0 W H">` holding
//! only `<path d="..."/>` elements (`fill-rule="evenodd"` or not), their data
//! absolute M, L, Q, C and Z. Strokes, shapes, arcs and transforms were turned
//! into such fills there, so this reads a few lines of text: no XML parser, no
//! SVG renderer, and a small browser core module.

use qrcode::{Color, EcLevel};
use tiny_skia::{FillRule, Paint, Path, PathBuilder, Pixmap, Transform};

use crate::elements::QrCode;
use crate::error::StudioError;

/// A QR code's quiet zone: the light margin, in modules, scanners need around it.
pub const QR_QUIET_ZONE: u32 = 4;
/// A clip-art file is at most this large (the library's largest is far smaller).
pub const MAX_CLIPART_BYTES: usize = 64 * 1024;

/// Filled paths in a `width × height` box of their own units.
#[derive(Debug)]
pub struct VectorArt {
    width: f32,
    height: f32,
    paths: Vec<(Path, FillRule)>,
    /// QR modules are drawn without anti-aliasing: crisp squares scan best.
    anti_alias: bool,
}

impl VectorArt {
    /// The QR code of `code`'s text at error correction M, its quiet zone
    /// included in the box (the garment shows through it).
    pub fn qr(code: &QrCode) -> Result<VectorArt, StudioError> {
        let qr = qrcode::QrCode::with_error_correction_level(code.text().as_bytes(), EcLevel::M)
            .map_err(|_| StudioError::QrTextTooLong)?;
        let n = qr.width();
        let colours = qr.to_colors();
        let mut pb = PathBuilder::new();
        for (y, row) in colours.chunks(n).enumerate() {
            // One rectangle per run of dark modules along a row.
            let mut x = 0;
            while x < n {
                if row[x] != Color::Dark {
                    x += 1;
                    continue;
                }
                let start = x;
                while x < n && row[x] == Color::Dark {
                    x += 1;
                }
                let q = QR_QUIET_ZONE as f32;
                pb.push_rect(
                    tiny_skia::Rect::from_xywh(
                        start as f32 + q,
                        y as f32 + q,
                        (x - start) as f32,
                        1.0,
                    )
                    .expect("a module is a rectangle"),
                );
            }
        }
        let side = (n as u32 + 2 * QR_QUIET_ZONE) as f32;
        Ok(VectorArt {
            width: side,
            height: side,
            paths: pb
                .finish()
                .map(|p| (p, FillRule::Winding))
                .into_iter()
                .collect(),
            anti_alias: false,
        })
    }

    /// A clip-art in the library's plain SVG form (see the module's notes):
    /// anything else is refused rather than half read.
    pub fn from_svg(svg: &str) -> Result<VectorArt, StudioError> {
        let bad = |why: &str| StudioError::BadClipArt(why.to_string());
        if svg.len() > MAX_CLIPART_BYTES {
            return Err(bad("the file is too large"));
        }
        let root = svg.trim();
        let open = root
            .strip_prefix("<svg")
            .and_then(|r| r.strip_suffix("</svg>"))
            .ok_or_else(|| bad("it is not one <svg> element"))?;
        let (head, body) = open
            .split_once('>')
            .ok_or_else(|| bad("its <svg> is not closed"))?;
        let view_box: Vec<f32> = attribute(head, "viewBox")
            .ok_or_else(|| bad("it has no viewBox"))?
            .split_ascii_whitespace()
            .map(str::parse)
            .collect::<Result<_, _>>()
            .map_err(|_| bad("its viewBox is not numbers"))?;
        let [x0, y0, width, height] = view_box[..] else {
            return Err(bad("its viewBox is not four numbers"));
        };
        if !(width > 0.0 && height > 0.0) {
            return Err(bad("its viewBox is empty"));
        }
        let mut paths = Vec::new();
        let mut rest = body.trim_start();
        while !rest.is_empty() {
            let tag = rest
                .strip_prefix("<path")
                .and_then(|r| r.split_once("/>"))
                .ok_or_else(|| bad("it holds something other than <path/> elements"))?;
            let d = attribute(tag.0, "d").ok_or_else(|| bad("a path has no d"))?;
            let rule = match attribute(tag.0, "fill-rule") {
                Some("evenodd") => FillRule::EvenOdd,
                _ => FillRule::Winding,
            };
            let path = to_path(d, x0, y0).ok_or_else(|| bad("a path's data does not parse"))?;
            paths.push((path, rule));
            rest = tag.1.trim_start();
        }
        if paths.is_empty() {
            return Err(bad("it has no paths"));
        }
        Ok(VectorArt {
            width,
            height,
            paths,
            anti_alias: true,
        })
    }

    /// Width over height.
    pub fn aspect(&self) -> f32 {
        self.width / self.height
    }

    /// The art filled with `rgb`, stretched to exactly `width × height` pixels
    /// (callers keep the aspect).
    pub fn raster(&self, rgb: [u8; 3], width: u32, height: u32) -> Result<Pixmap, StudioError> {
        let mut pixmap = Pixmap::new(width.max(1), height.max(1))
            .ok_or(StudioError::MalformedDesign("empty image".into()))?;
        let mut paint = Paint::default();
        paint.set_color_rgba8(rgb[0], rgb[1], rgb[2], 255);
        paint.anti_alias = self.anti_alias;
        let t = Transform::from_scale(
            pixmap.width() as f32 / self.width,
            pixmap.height() as f32 / self.height,
        );
        for (path, rule) in &self.paths {
            pixmap.fill_path(path, &paint, *rule, t, None);
        }
        Ok(pixmap)
    }
}

/// The value of `name="..."` among a tag's attributes.
fn attribute<'a>(tag: &'a str, name: &str) -> Option<&'a str> {
    let at = tag.find(&format!(" {name}=\""))? + name.len() + 3;
    tag[at..].split_once('"').map(|(v, _)| v)
}

/// Plain path data (absolute M, L, Q, C and Z, numbers apart by spaces, a
/// command's letter before its first number) as a tiny-skia path, moved so
/// the viewBox starts at the origin.
fn to_path(d: &str, x0: f32, y0: f32) -> Option<Path> {
    let mut tokens = Vec::new();
    for word in d.split_ascii_whitespace() {
        match word.split_at_checked(1) {
            Some((cmd, rest)) if cmd.bytes().all(|b| b.is_ascii_alphabetic()) => {
                tokens.push(cmd);
                if !rest.is_empty() {
                    tokens.push(rest);
                }
            }
            _ => tokens.push(word),
        }
    }
    let mut pb = PathBuilder::new();
    let mut i = 0;
    while i < tokens.len() {
        let n = match tokens[i] {
            "M" | "L" => 2,
            "Q" => 4,
            "C" => 6,
            "Z" => 0,
            _ => return None,
        };
        let mut p = [0f32; 6];
        for (k, v) in p.iter_mut().take(n).enumerate() {
            let origin = if k % 2 == 0 { x0 } else { y0 };
            *v = tokens.get(i + 1 + k)?.parse::<f32>().ok()? - origin;
        }
        match tokens[i] {
            "M" => pb.move_to(p[0], p[1]),
            "L" => pb.line_to(p[0], p[1]),
            "Q" => pb.quad_to(p[0], p[1], p[2], p[3]),
            "C" => pb.cubic_to(p[0], p[1], p[2], p[3], p[4], p[5]),
            _ => pb.close(),
        }
        i += 1 + n;
    }
    pb.finish()
}

#[cfg(test)]
mod tests;
