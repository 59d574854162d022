//! Drawing in centimetres: points, SVG path data (outlines symmetric about the
//! centre line, necklines) and the strokes drawn along paths.

use std::fmt::Write;

use super::colour::Rgb;

/// A point in centimetres.
#[derive(Clone, Copy, Debug)]
pub(super) struct Pt(pub(super) f64, pub(super) f64);

impl Pt {
    pub(super) fn add(self, o: Pt, k: f64) -> Pt {
        Pt(self.0 + o.0 * k, self.1 + o.1 * k)
    }
    pub(super) fn lerp(self, o: Pt, t: f64) -> Pt {
        Pt(self.0 + (o.0 - self.0) * t, self.1 + (o.1 - self.1) * t)
    }
    pub(super) fn mirror(self) -> Pt {
        Pt(-self.0, self.1)
    }
}

impl std::fmt::Display for Pt {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        // Two decimals of a centimetre are a tenth of a pixel here.
        write!(f, "{:.2} {:.2}", self.0, self.1)
    }
}

/// A path segment ending at its last point.
#[derive(Clone, Copy)]
pub(super) enum Seg {
    L(Pt),
    C(Pt, Pt, Pt),
}

/// A closed outline symmetric about the centre line, given by its left half:
/// from a point on the centre line, through `half`, to another point on it.
pub(super) fn symmetric(start: Pt, half: &[Seg]) -> String {
    let mut d = format!("M{start}");
    let mut points = vec![start];
    for s in half {
        match *s {
            Seg::L(p) => {
                let _ = write!(d, "L{p}");
                points.push(p);
            }
            Seg::C(a, b, p) => {
                let _ = write!(d, "C{a} {b} {p}");
                points.push(p);
            }
        }
    }
    // The right half: the left half mirrored and walked backwards.
    for (i, s) in half.iter().enumerate().rev() {
        let to = points[i].mirror();
        match *s {
            Seg::L(_) => {
                let _ = write!(d, "L{to}");
            }
            Seg::C(a, b, _) => {
                let _ = write!(d, "C{} {} {to}", b.mirror(), a.mirror());
            }
        }
    }
    d.push('Z');
    d
}

/// A quarter ellipse from the neck point (-a, 0) down to the centre line at depth b.
pub(super) fn neck_curve(a: f64, b: f64) -> Seg {
    Seg::C(Pt(-a, 0.55 * b), Pt(-0.55 * a, b), Pt(0.0, b))
}

/// The same quarter ellipse walked from the centre line up to the neck point.
pub(super) fn neck_curve_up(a: f64, b: f64) -> Seg {
    Seg::C(Pt(-0.55 * a, b), Pt(-a, 0.55 * b), Pt(-a, 0.0))
}

/// The whole neckline from the left neck point to the right one, as an open path.
pub(super) fn neckline(a: f64, b: f64) -> String {
    format!(
        "M{} C{} {} {} C{} {} {}",
        Pt(-a, 0.0),
        Pt(-a, 0.55 * b),
        Pt(-0.55 * a, b),
        Pt(0.0, b),
        Pt(0.55 * a, b),
        Pt(a, 0.55 * b),
        Pt(a, 0.0)
    )
}

/// An open path from `start` to the centre line and its mirror image back out:
/// one cubic each way (`c1`, `c2` are the controls of the left half, given from the centre).
pub(super) fn symmetric_open(start: Pt, c1: Pt, c2: Pt, centre: Pt) -> String {
    format!(
        "M{start} C{c2} {c1} {centre} C{} {} {}",
        c1.mirror(),
        c2.mirror(),
        start.mirror()
    )
}

/// Draws `content` as given (the left side) and mirrored (the right side).
pub(super) fn both_sides(content: &str) -> String {
    format!("<g>{content}</g><g transform=\"scale(-1 1)\">{content}</g>")
}

/// A dashed line of stitching along a path.
pub(super) fn stitch(d: &str, colour: Rgb) -> String {
    format!(
        r#"<path d="{d}" fill="none" stroke="{colour}" stroke-width="0.17" stroke-dasharray="0.75 0.55" opacity="0.8"/>"#
    )
}

/// An outline stroke.
pub(super) fn outline(d: &str, colour: Rgb, width: f64) -> String {
    format!(
        r#"<path d="{d}" fill="none" stroke="{colour}" stroke-width="{width:.2}" stroke-linejoin="round" stroke-linecap="round"/>"#
    )
}
