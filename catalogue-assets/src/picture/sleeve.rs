//! The sleeve's drawing: its shading and folds, and the hem, cuff or trim.

use std::fmt::Write;

use super::colour::Palette;
use super::measures::Measures;
use super::neck::button;
use super::path::{outline, stitch};
use super::side::Side;
use crate::garment::{Cut, Neck, Sleeves, Trim};

/// The left sleeve with its shading, hem or cuff, and trim.
pub(super) fn sleeve_drawing(
    cut: Cut,
    side: Side,
    m: &Measures,
    p: &Palette,
    sleeve: &str,
) -> String {
    let (s, h) = (p.shadow, p.light);
    let at = |t: f64, u: f64| m.on_sleeve(t, u);
    let mut g = format!(
        r#"<path d="{sleeve}" fill="{}"/><path d="{sleeve}" fill="url(#sleeve)"/><g clip-path="url(#sleeveClip)">"#,
        p.base
    );
    // Folds: creases at the elbow of a long sleeve, a drape under a short one; a highlight along it.
    let creases: &[(f64, f64)] = match cut.sleeves {
        Sleeves::Long => &[(0.5, 0.56), (0.62, 0.68), (0.72, 0.77)],
        Sleeves::Short => &[(0.55, 0.8)],
    };
    let mut folds = String::new();
    for &(t0, t1) in creases {
        let _ = write!(
            folds,
            r##"<path d="M{} Q{} {}" stroke="#000" stroke-opacity="{:.3}" stroke-width="1.3"/>"##,
            at(t0, 0.05),
            at((t0 + t1) / 2.0 + 0.04, 0.5),
            at(t1, 0.95),
            0.2 * s
        );
    }
    let _ = write!(
        folds,
        r##"<path d="M{} L{}" stroke="#fff" stroke-opacity="{:.3}" stroke-width="2.6"/>"##,
        at(0.12, 0.3),
        at(0.92, 0.36),
        0.25 * h
    );
    let _ = write!(
        g,
        r#"<g filter="url(#soft)" fill="none" stroke-linecap="round">{folds}</g>"#
    );

    // The hem: a buttoned cuff, a turned-up band, trim or stitching.
    let band = |t0: f64, t1: f64| {
        format!(
            "M{} L{} L{} L{}Z",
            at(t0, -0.1),
            at(t1, -0.1),
            at(t1, 1.1),
            at(t0, 1.1)
        )
    };
    let across = |t: f64| format!("M{} L{}", at(t, 0.0), at(t, 1.0));
    let depth = |cm: f64| 1.0 - cm / m.sleeve;
    match cut.sleeves {
        Sleeves::Long => {
            let cuff = band(depth(6.5), 1.02);
            let _ = write!(
                g,
                r#"<path d="{cuff}" fill="{}"/><path d="{cuff}" fill="url(#band)"/>{}{}{}"#,
                p.rib,
                outline(&across(depth(6.5)), p.line, 0.22),
                stitch(&across(depth(6.0)), p.line),
                stitch(&across(depth(0.5)), p.line),
            );
            match side {
                Side::Front => g.push_str(&button(at(depth(3.3), 0.72), 0.65, p)),
                // The sleeve placket above the cuff.
                Side::Back => g.push_str(&stitch(
                    &format!(
                        "M{} L{} L{} L{}",
                        at(depth(6.5), 0.7),
                        at(depth(17.0), 0.7),
                        at(depth(17.0), 0.82),
                        at(depth(6.5), 0.82)
                    ),
                    p.line,
                )),
            }
        }
        Sleeves::Short => match (cut.trim, cut.neck) {
            (Trim::Piping, _) => {
                let _ = write!(
                    g,
                    r#"<path d="{}" fill="none" stroke="{}" stroke-width="0.9"/>"#,
                    across(depth(2.2)),
                    p.contrast
                );
            }
            (Trim::Inverted, _) => {
                let _ = write!(
                    g,
                    r#"<path d="{}" fill="{}"/>{}"#,
                    band(depth(2.6), 1.02),
                    p.contrast,
                    stitch(&across(depth(2.0)), p.contrast_line)
                );
            }
            (Trim::Plain, Neck::Collar) => {
                let cuff = band(depth(3.5), 1.02);
                let _ = write!(
                    g,
                    r#"<path d="{cuff}" fill="url(#band)"/>{}{}"#,
                    outline(&across(depth(3.5)), p.line, 0.2),
                    stitch(&across(depth(0.7)), p.line)
                );
            }
            (Trim::Plain, Neck::Crew) => g.push_str(&stitch(&across(depth(2.0)), p.line)),
        },
    }
    g.push_str("</g>");
    g.push_str(&outline(sleeve, p.line, 0.3));
    g
}
