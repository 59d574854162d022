//! Product pictures: a flat-lay drawing of a garment in one colour, front or
//! back, written as SVG and rendered with resvg on a transparent background.
//!
//! The garment is drawn in centimetres from real measurements, with the origin
//! at the centre of the neck on the shoulder line, x to the picture's right and
//! y down; the left half is drawn once and mirrored. One transform scales it to
//! fit the picture.
//!
//! - `colour`: the garment's colour and the shades derived from it;
//! - `side`: front or back; `path`: points, path data and strokes;
//! - `measures`: the garment's measurements and its outlines;
//! - `body`, `sleeve`, `neck`: the drawing of each part.

mod body;
mod colour;
mod measures;
mod neck;
mod path;
mod side;
mod sleeve;

use std::fmt::Write;

use resvg::tiny_skia::{Pixmap, Transform};
use resvg::usvg;

pub use colour::Rgb;
pub use side::Side;

use crate::garment::{Cut, Neck, Trim};
use body::{body_folds, body_seams};
use colour::{BLACK, Palette};
use measures::Measures;
use neck::{collar, crew_neck};
use path::{Pt, both_sides, neck_curve, neck_curve_up, neckline, outline, stitch, symmetric};
use sleeve::sleeve_drawing;

pub const WIDTH: u32 = 600;
pub const HEIGHT: u32 = 720;

/// The SVG document of a garment's picture.
pub fn svg(cut: Cut, colour: Rgb, side: Side) -> String {
    let m = Measures::of(cut);
    let p = Palette::of(colour);
    let (s, h) = (p.shadow, p.light);
    let body = m.body(cut, side);
    let sleeve = m.sleeve();

    // Fit the garment into the picture with a margin, centred.
    let (half, top, bottom) = m.extent(cut);
    let scale = (f64::from(WIDTH - 60) / (2.0 * half)).min(f64::from(HEIGHT - 80) / (bottom - top));
    let dy = f64::from(HEIGHT) / 2.0 - (top + bottom) / 2.0 * scale;
    // Shading across the sleeve, from its top edge to its underside.
    let (sa, sb) = (m.on_sleeve(0.5, 0.0), m.on_sleeve(0.5, 1.0));

    let mut svg = String::with_capacity(16 * 1024);
    let _ = write!(
        svg,
        r##"<svg xmlns="http://www.w3.org/2000/svg" width="{WIDTH}" height="{HEIGHT}" viewBox="0 0 {WIDTH} {HEIGHT}">
<defs>
<linearGradient id="across" x1="0" y1="0" x2="1" y2="0">
<stop offset="0" stop-opacity="{a0:.3}"/><stop offset="0.12" stop-opacity="{a1:.3}"/>
<stop offset="0.32" stop-color="#fff" stop-opacity="{a2:.3}"/><stop offset="0.5" stop-color="#fff" stop-opacity="{a3:.3}"/>
<stop offset="0.68" stop-color="#fff" stop-opacity="{a2:.3}"/><stop offset="0.88" stop-opacity="{a1:.3}"/>
<stop offset="1" stop-opacity="{a0:.3}"/>
</linearGradient>
<linearGradient id="down" x1="0" y1="0" x2="0" y2="1">
<stop offset="0" stop-color="#fff" stop-opacity="{b0:.3}"/><stop offset="0.3" stop-color="#fff" stop-opacity="0"/>
<stop offset="0.82" stop-opacity="0"/><stop offset="1" stop-opacity="{b1:.3}"/>
</linearGradient>
<linearGradient id="sleeve" gradientUnits="userSpaceOnUse" x1="{x1:.2}" y1="{y1:.2}" x2="{x2:.2}" y2="{y2:.2}">
<stop offset="0" stop-opacity="{c0:.3}"/><stop offset="0.4" stop-color="#fff" stop-opacity="{c1:.3}"/>
<stop offset="1" stop-opacity="{c2:.3}"/>
</linearGradient>
<linearGradient id="band" x1="0" y1="0" x2="0" y2="1">
<stop offset="0" stop-color="#fff" stop-opacity="{d0:.3}"/><stop offset="1" stop-opacity="{d1:.3}"/>
</linearGradient>
<filter id="soft" x="-0.1" y="-0.1" width="1.2" height="1.2"><feGaussianBlur stdDeviation="1.3"/></filter>
<filter id="wide" x="-0.5" y="-0.1" width="2" height="1.2"><feGaussianBlur stdDeviation="2.6"/></filter>
<filter id="shadow" x="-0.06" y="-0.06" width="1.12" height="1.12"><feGaussianBlur stdDeviation="1.4"/></filter>
<clipPath id="bodyClip"><path d="{body}"/></clipPath>
<clipPath id="sleeveClip"><path d="{sleeve}"/></clipPath>
</defs>
<g transform="translate({cx} {dy:.2}) scale({scale:.4})">
"##,
        cx = WIDTH / 2,
        a0 = 0.26 * s,
        a1 = 0.08 * s,
        a2 = 0.07 * h,
        a3 = 0.02 * h,
        b0 = 0.08 * h,
        b1 = 0.14 * s,
        x1 = sa.0,
        y1 = sa.1,
        x2 = sb.0,
        y2 = sb.1,
        c0 = 0.22 * s,
        c1 = 0.08 * h,
        c2 = 0.10 * s,
        d0 = 0.10 * h,
        d1 = 0.12 * s,
    );

    // The inside of the back, seen through a crew neck from the front.
    let inside_neck = match (cut.neck, side) {
        (Neck::Crew, Side::Front) => symmetric(
            Pt(0.0, m.front_drop),
            &[
                neck_curve_up(m.neck, m.front_drop),
                neck_curve(m.neck, m.back_drop),
            ],
        ),
        _ => String::new(),
    };

    // A soft shadow on the ground.
    let _ = writeln!(
        svg,
        r#"<g opacity="0.3" filter="url(#shadow)" transform="translate(0 1)">{}<path d="{body}"/><path d="{inside_neck}"/></g>"#,
        both_sides(&format!(r#"<path d="{sleeve}"/>"#)),
    );

    svg.push_str(&both_sides(&sleeve_drawing(cut, side, &m, &p, &sleeve)));
    svg.push('\n');

    if !inside_neck.is_empty() {
        let _ = writeln!(
            svg,
            r##"<path d="{inside_neck}" fill="{}"/><path d="{}" fill="none" stroke="{}" stroke-width="1.2" opacity="0.5"/><rect x="-1.6" y="{:.2}" width="3.2" height="1.7" rx="0.2" fill="#f2efe7" opacity="0.9"/>"##,
            p.inside,
            neckline(m.neck - 0.5, m.back_drop + 0.4),
            p.inside.mix(BLACK, 30),
            m.back_drop + 0.3,
        );
    }

    // The body: its colour, the inverted yoke, shading and folds.
    let _ = write!(svg, r#"<path d="{body}" fill="{}"/>"#, p.base);
    if cut.trim == Trim::Inverted {
        let v = m.armhole + if side == Side::Front { 9.0 } else { 6.0 };
        let edge = format!("M-40 {a:.2}L0 {v:.2}L40 {a:.2}", a = m.armhole + 1.0);
        let _ = write!(
            svg,
            r#"<g clip-path="url(#bodyClip)"><path d="{edge}V-10H-40Z" fill="{}"/>{}{}</g>"#,
            p.contrast,
            outline(&edge, p.line, 0.22),
            stitch(
                &format!(
                    "M-40 {a:.2}L0 {w:.2}L40 {a:.2}",
                    a = m.armhole + 2.0,
                    w = v + 1.0
                ),
                p.contrast_line
            ),
        );
    }
    let (folds, lights) = body_folds(&m, side, s, h);
    let _ = write!(
        svg,
        r#"<path d="{body}" fill="url(#across)"/><path d="{body}" fill="url(#down)"/>
<g clip-path="url(#bodyClip)" fill="none" stroke-linecap="round"><g filter="url(#soft)">{folds}</g><g filter="url(#wide)">{lights}</g></g>
"#,
    );
    svg.push_str(&body_seams(cut, side, &m, &p));
    svg.push_str(&outline(&body, p.line, 0.3));
    svg.push('\n');
    svg.push_str(&match cut.neck {
        Neck::Crew => crew_neck(cut, side, &m, &p),
        Neck::Collar => collar(side, &m, &p),
    });
    svg.push_str("</g>\n</svg>\n");
    svg
}

/// Renders an SVG document to RGBA pixels (not premultiplied).
pub fn render(svg: &str) -> Vec<u8> {
    let tree =
        usvg::Tree::from_str(svg, &usvg::Options::default()).expect("the generated SVG parses");
    let mut pixmap = Pixmap::new(WIDTH, HEIGHT).expect("a non-empty picture");
    resvg::render(&tree, Transform::identity(), &mut pixmap.as_mut());
    let mut rgba = Vec::with_capacity(pixmap.data().len());
    for p in pixmap.pixels() {
        let c = p.demultiply();
        rgba.extend_from_slice(&[c.red(), c.green(), c.blue(), c.alpha()]);
    }
    rgba
}
