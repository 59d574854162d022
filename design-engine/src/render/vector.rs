//! Images the engine draws rather than decodes: QR codes and clip-arts, kept
//! as paths and filled in one colour at whatever size is asked, so a print
//! file gets sharp edges at 300 DPI and the studio's preview the same shapes.
//!
//! Clip-arts come as the library's normalised SVG (`assets/clipart`): a
//! `viewBox` and `<path>` elements, each filled (nonzero or even-odd), no
//! strokes, transforms or styles: the library's generator turned those into
//! plain fills, so no SVG renderer is needed here (nor in the browser's core module).

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

    /// A clip-art from the library's normalised SVG.
    pub fn from_svg(svg: &str) -> Result<VectorArt, StudioError> {
        let bad = |why: &str| StudioError::BadClipArt(why.to_string());
        if svg.len() > MAX_CLIPART_BYTES {
            return Err(bad("the file is too large"));
        }
        let doc = roxmltree::Document::parse(svg).map_err(|e| bad(&e.to_string()))?;
        let root = doc.root_element();
        let view_box: Vec<f32> = root
            .attribute("viewBox")
            .ok_or_else(|| bad("it has no viewBox"))?
            .split([' ', ','])
            .filter(|s| !s.is_empty())
            .map(|s| s.parse::<f32>())
            .collect::<Result<_, _>>()
            .map_err(|_| bad("its viewBox is not numbers"))?;
        let [x0, y0, width, height] = view_box[..] else {
            return Err(bad("its viewBox is not four numbers"));
        };
        if !(width > 0.0 && height > 0.0) {
            return Err(bad("its viewBox is empty"));
        }
        let mut paths = Vec::new();
        for node in root.descendants().filter(|n| n.has_tag_name("path")) {
            let d = node.attribute("d").ok_or_else(|| bad("a path has no d"))?;
            let rule = match node.attribute("fill-rule") {
                Some("evenodd") => FillRule::EvenOdd,
                _ => FillRule::Winding,
            };
            let path = to_path(d, x0, y0).ok_or_else(|| bad("a path's data does not parse"))?;
            paths.push((path, rule));
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

/// SVG path data (any commands, arcs too) as a tiny-skia path, moved so the
/// viewBox starts at the origin.
fn to_path(d: &str, x0: f32, y0: f32) -> Option<Path> {
    use kurbo::PathEl;
    let bez = kurbo::BezPath::from_svg(d).ok()?;
    let p = |pt: kurbo::Point| (pt.x as f32 - x0, pt.y as f32 - y0);
    let mut pb = PathBuilder::new();
    for el in bez.elements() {
        match *el {
            PathEl::MoveTo(a) => pb.move_to(p(a).0, p(a).1),
            PathEl::LineTo(a) => pb.line_to(p(a).0, p(a).1),
            PathEl::QuadTo(a, b) => pb.quad_to(p(a).0, p(a).1, p(b).0, p(b).1),
            PathEl::CurveTo(a, b, c) => pb.cubic_to(p(a).0, p(a).1, p(b).0, p(b).1, p(c).0, p(c).1),
            PathEl::ClosePath => pb.close(),
        }
    }
    pb.finish()
}

#[cfg(test)]
mod tests;
