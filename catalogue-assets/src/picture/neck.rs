//! The neck and front: a crew neck's ribbed band, a shirt's collar, placket and
//! buttons.

use std::fmt::Write;

use super::colour::{BLACK, Palette};
use super::measures::Measures;
use super::path::{
    Pt, Seg, both_sides, neck_curve, neck_curve_up, neckline, outline, stitch, symmetric,
    symmetric_open,
};
use super::side::Side;
use crate::garment::{Cut, Trim};

/// A button with four holes, centred at `c`.
pub(super) fn button(c: Pt, r: f64, p: &Palette) -> String {
    let hole = r * 0.3;
    let holes: String = [(-1.0, -1.0), (1.0, -1.0), (-1.0, 1.0), (1.0, 1.0)]
        .iter()
        .map(|(dx, dy)| format!("M{}h0.01", c.add(Pt(*dx, *dy), hole)))
        .collect();
    format!(
        r#"<circle cx="{:.2}" cy="{:.2}" r="{r:.2}" fill="{}" stroke="{}" stroke-width="0.12"/><path d="{holes}" stroke="{}" stroke-width="{:.2}" stroke-linecap="round" opacity="0.7"/>"#,
        c.0,
        c.1,
        p.buttons,
        p.buttons.mix(BLACK, 35),
        p.buttons.mix(BLACK, 45),
        hole * 1.1,
    )
}

/// A ribbed round neck: the band round the neckline (contrast for piping).
pub(super) fn crew_neck(cut: Cut, side: Side, m: &Measures, p: &Palette) -> String {
    let rib = if cut.trim == Trim::Piping {
        p.contrast
    } else {
        p.rib
    };
    let drop = match side {
        Side::Front => m.front_drop,
        Side::Back => m.back_drop,
    };
    let width = 2.0;
    let band = symmetric(
        Pt(0.0, drop + width),
        &[
            neck_curve_up(m.neck + width, drop + width),
            Seg::L(Pt(-m.neck, 0.0)),
            neck_curve(m.neck, drop),
        ],
    );
    format!(
        r#"<path d="{band}" fill="{rib}"/><path d="{band}" fill="url(#band)"/>{}{}
"#,
        outline(&band, p.line, 0.22),
        stitch(&neckline(m.neck + width + 0.5, drop + width + 0.5), p.line),
    )
}

/// A shirt's collar: in front, the turned-down leaves over the placket and its
/// buttons; from behind, the collar's fold.
pub(super) fn collar(side: Side, m: &Measures, p: &Palette) -> String {
    let a = m.neck;
    let mut g = String::new();
    match side {
        Side::Front => {
            // The inside of the collar stand at the back of the neck.
            let inside = symmetric(
                Pt(0.0, m.front_drop + 1.0),
                &[
                    Seg::L(Pt(-a + 0.6, 0.4)),
                    Seg::C(Pt(-a, -1.4), Pt(-0.55 * a, -2.6), Pt(0.0, -2.6)),
                ],
            );
            let _ = write!(
                g,
                r#"<path d="{inside}" fill="{}"/><path d="M{} C{} {} {} C{} {} {}" fill="none" stroke="{}" stroke-width="0.9"/>"#,
                p.inside,
                Pt(-a + 0.3, 0.0),
                Pt(-a + 0.3, -1.2),
                Pt(-0.55 * a, -2.2),
                Pt(0.0, -2.2),
                Pt(0.55 * a, -2.2),
                Pt(a - 0.3, -1.2),
                Pt(a - 0.3, 0.0),
                p.rib
            );
            // The placket and its buttons.
            let bottom = m.length;
            let _ = write!(
                g,
                r#"<g clip-path="url(#bodyClip)"><path d="M-1.8 4H1.8V{bottom}H-1.8Z" fill="url(#band)" opacity="0.6"/>{}{}{}</g>"#,
                outline(&format!("M-1.8 4V{bottom}M1.8 4V{bottom}"), p.line, 0.2),
                stitch(&format!("M-1.25 6V{bottom}"), p.line),
                stitch(&format!("M1.25 6V{bottom}"), p.line),
            );
            let mut y = m.front_drop + 7.0;
            while y < m.length - 6.0 {
                g.push_str(&button(Pt(0.0, y), 0.75, p));
                y += 9.5;
            }
            // The collar leaves, meeting at the top button.
            let leaf = format!(
                "M{} C{} {} {} L{} C{} {} {} C{} {} {}Z",
                Pt(-a - 0.4, -1.2),
                Pt(-a - 0.8, 0.5),
                Pt(-a - 1.2, 2.5),
                Pt(-a - 1.6, 4.5),
                Pt(-3.4, 10.5),
                Pt(-2.2, 9.0),
                Pt(-1.0, 7.8),
                Pt(0.0, m.front_drop),
                Pt(-2.5, 3.5),
                Pt(-a + 1.0, -0.6),
                Pt(-a - 0.4, -1.2),
            );
            let leaves = format!(
                r#"<path d="{leaf}" fill="{}"/><path d="{leaf}" fill="url(#band)"/>{}{}"#,
                p.rib,
                outline(&leaf, p.line, 0.24),
                stitch(
                    &format!("M{} L{}", Pt(-a - 1.0, 4.3), Pt(-3.6, 9.6)),
                    p.line
                )
            );
            g.push_str(&both_sides(&leaves));
        }
        Side::Back => {
            let band = symmetric(
                Pt(0.0, 3.4),
                &[
                    Seg::C(Pt(-5.0, 3.4), Pt(-a - 1.6, 3.2), Pt(-a - 2.8, 2.4)),
                    Seg::L(Pt(-a - 1.2, -1.6)),
                    Seg::C(Pt(-a + 1.5, -2.7), Pt(-0.55 * a, -2.9), Pt(0.0, -2.9)),
                ],
            );
            let _ = write!(
                g,
                r#"<path d="{band}" fill="{}"/><path d="{band}" fill="url(#band)"/>{}{}"#,
                p.rib,
                outline(&band, p.line, 0.24),
                stitch(
                    &symmetric_open(
                        Pt(-a - 1.7, 2.1),
                        Pt(-5.0, 2.9),
                        Pt(-a - 0.6, 2.7),
                        Pt(0.0, 2.9)
                    ),
                    p.line
                )
            );
        }
    }
    g.push('\n');
    g
}
