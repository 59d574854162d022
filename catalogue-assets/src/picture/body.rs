//! The body's drawing: soft folds and highlights, seams and stitching, a
//! shirt's yoke and pleat, piping.

use std::fmt::Write;

use super::colour::Palette;
use super::measures::Measures;
use super::path::{Pt, both_sides, outline, stitch, symmetric_open};
use super::side::Side;
use crate::garment::{Cut, Neck, Trim};

/// Soft folds and highlights of the body (blurred by the caller, the highlights more).
pub(super) fn body_folds(m: &Measures, side: Side, s: f64, h: f64) -> (String, String) {
    let shade = |d: String, w: f64, k: f64| {
        format!(
            r##"<path d="{d}" stroke="#000" stroke-opacity="{:.3}" stroke-width="{w:.2}"/>"##,
            k * s
        )
    };
    let light = |d: String, w: f64, k: f64| {
        format!(
            r##"<path d="{d}" stroke="#fff" stroke-opacity="{:.3}" stroke-width="{w:.2}"/>"##,
            k * h
        )
    };
    let (c, a, l) = (m.chest, m.armhole, m.length - m.tail * 0.5);
    let mut g = String::new();
    // Drape from the underarms towards the middle.
    g.push_str(&shade(
        format!(
            "M{} Q{} {}",
            Pt(-c + 1.5, a + 3.0),
            Pt(-c + 6.0, a + 8.0),
            Pt(-c + 9.5, a + 15.0)
        ),
        1.6,
        0.28,
    ));
    g.push_str(&shade(
        format!(
            "M{} Q{} {}",
            Pt(c - 1.5, a + 4.0),
            Pt(c - 5.0, a + 9.0),
            Pt(c - 8.0, a + 14.0)
        ),
        1.6,
        0.22,
    ));
    // Soft waves towards the hem.
    g.push_str(&shade(
        format!(
            "M{} Q{} {}",
            Pt(-10.0, l - 20.0),
            Pt(-9.0, l - 9.0),
            Pt(-10.5, l + 1.0)
        ),
        1.8,
        0.22,
    ));
    g.push_str(&shade(
        format!(
            "M{} Q{} {}",
            Pt(11.5, l - 17.0),
            Pt(10.5, l - 8.0),
            Pt(12.0, l + 1.0)
        ),
        1.8,
        0.2,
    ));
    // Where the cloth catches the light.
    let mut lights = light(
        format!(
            "M{} Q{} {}",
            Pt(-8.0, 10.0),
            Pt(-9.5, a + 20.0),
            Pt(-6.5, l - 8.0)
        ),
        7.0,
        0.2,
    );
    lights.push_str(&light(
        format!(
            "M{} Q{} {}",
            Pt(8.5, 12.0),
            Pt(9.0, a + 18.0),
            Pt(7.0, l - 10.0)
        ),
        5.0,
        0.14,
    ));
    if side == Side::Back {
        // Across the shoulder blades.
        g.push_str(&shade(
            format!("M{} Q{} {}", Pt(-12.0, 9.0), Pt(0.0, 11.0), Pt(12.0, 9.0)),
            2.0,
            0.12,
        ));
    }
    (g, lights)
}

/// Shoulder seams, armhole and hem stitching, a shirt's yoke and pleat, piping.
pub(super) fn body_seams(cut: Cut, side: Side, m: &Measures, p: &Palette) -> String {
    let (arm, sh, hem) = (m.armpit(), m.shoulder_point(), m.hem_side());
    let mut left = String::new();
    // The shoulder seam, and stitching round the armhole.
    left.push_str(&outline(
        &format!("M{} L{}", Pt(-m.neck - 0.3, 0.1), sh.add(Pt(1.0, 0.0), 0.3)),
        p.line,
        0.16,
    ));
    left.push_str(&stitch(
        &format!(
            "M{} C{} {} {}",
            sh.add(Pt(1.0, 0.2), 1.0),
            Pt(sh.0 + 2.2, sh.1 + 7.0),
            Pt(arm.0 + 1.9, arm.1 - 9.0),
            arm.add(Pt(1.0, -0.4), 1.0)
        ),
        p.line,
    ));
    if cut.trim == Trim::Piping {
        // From the neck over the shoulder to the underarm.
        let _ = write!(
            left,
            r#"<path d="M{} C{} {} {}" fill="none" stroke="{}" stroke-width="0.9" stroke-linecap="round"/>"#,
            Pt(-m.neck - 1.2, 1.6),
            Pt(-m.neck - 4.5, 8.0),
            Pt(arm.0 + 6.0, arm.1 - 9.0),
            arm.add(Pt(1.0, -0.3), 0.8),
            p.contrast
        );
    }
    let mut g = both_sides(&left);
    // Hem stitching.
    let hem_stitch = match cut.neck {
        Neck::Crew => format!(
            "M{} C{} {} {}",
            hem.add(Pt(1.0, -1.0), 0.6).add(Pt(0.0, -1.6), 1.0),
            Pt(-12.0, m.length - 2.0),
            Pt(12.0, m.length - 2.0),
            hem.mirror()
                .add(Pt(-1.0, -1.0), 0.6)
                .add(Pt(0.0, -1.6), 1.0),
        ),
        Neck::Collar => symmetric_open(
            hem.add(Pt(0.7, -1.3), 1.0),
            Pt(-12.0, m.length - 1.3),
            Pt(hem.0 + 4.3, hem.1 + m.tail * 0.45 - 1.3),
            Pt(0.0, m.length - 1.3),
        ),
    };
    g.push_str(&stitch(&hem_stitch, p.line));
    if cut.neck == Neck::Collar && side == Side::Back {
        // The yoke across the shoulders, and a box pleat below it.
        let yoke = "M-30 11C-12 13.2 12 13.2 30 11";
        let _ = write!(
            g,
            r#"<g clip-path="url(#bodyClip)">{}{}<path d="M-1.6 12.7L0 24L1.6 12.7Z" fill="{}" opacity="0.3"/>{}</g>"#,
            outline(yoke, p.line, 0.22),
            stitch("M-30 11.8C-12 14 12 14 30 11.8", p.line),
            p.line,
            outline("M-1.6 12.7V24M1.6 12.7V24", p.line, 0.16),
        );
    }
    g.push('\n');
    g
}
