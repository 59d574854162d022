//! Product pictures: a flat-lay drawing of a garment in one colour, front or
//! back, written as SVG and rendered with resvg on a transparent background.
//!
//! The garment is drawn in centimetres from real measurements, with the origin
//! at the centre of the neck on the shoulder line, x to the picture's right and
//! y down; the left half is drawn once and mirrored. One transform scales it to
//! fit the picture.

use std::fmt::Write;

use resvg::tiny_skia::{Pixmap, Transform};
use resvg::usvg;

use crate::garment::{Cut, Neck, Sleeves, Trim};

pub const WIDTH: u32 = 600;
pub const HEIGHT: u32 = 720;

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Side {
    Front,
    Back,
}

impl Side {
    pub const BOTH: [Side; 2] = [Side::Front, Side::Back];

    pub fn name(self) -> &'static str {
        match self {
            Side::Front => "front",
            Side::Back => "back",
        }
    }
}

/// An sRGB colour.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Rgb(pub u8, pub u8, pub u8);

impl Rgb {
    /// From `#RRGGBB` (the catalogue's `colour_hex`).
    pub fn parse(hex: &str) -> Option<Rgb> {
        let h = hex.strip_prefix('#').unwrap_or(hex);
        if h.len() != 6 || !h.is_ascii() {
            return None;
        }
        let byte = |i: usize| u8::from_str_radix(&h[i..i + 2], 16).ok();
        Some(Rgb(byte(0)?, byte(2)?, byte(4)?))
    }

    /// `self` moved `percent` of the way towards `other`.
    fn mix(self, other: Rgb, percent: u32) -> Rgb {
        let m = |a: u8, b: u8| {
            ((u32::from(a) * (100 - percent) + u32::from(b) * percent + 50) / 100) as u8
        };
        Rgb(m(self.0, other.0), m(self.1, other.1), m(self.2, other.2))
    }

    /// Perceived lightness, 0 (black) to 100 (white).
    fn lightness(self) -> u32 {
        (299 * u32::from(self.0) + 587 * u32::from(self.1) + 114 * u32::from(self.2)) / 2550
    }
}

impl std::fmt::Display for Rgb {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "#{:02x}{:02x}{:02x}", self.0, self.1, self.2)
    }
}

const BLACK: Rgb = Rgb(0, 0, 0);
const WHITE: Rgb = Rgb(255, 255, 255);

/// A point in centimetres.
#[derive(Clone, Copy, Debug)]
struct Pt(f64, f64);

impl Pt {
    fn add(self, o: Pt, k: f64) -> Pt {
        Pt(self.0 + o.0 * k, self.1 + o.1 * k)
    }
    fn lerp(self, o: Pt, t: f64) -> Pt {
        Pt(self.0 + (o.0 - self.0) * t, self.1 + (o.1 - self.1) * t)
    }
    fn mirror(self) -> Pt {
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
enum Seg {
    L(Pt),
    C(Pt, Pt, Pt),
}

/// A closed outline symmetric about the centre line, given by its left half:
/// from a point on the centre line, through `half`, to another point on it.
fn symmetric(start: Pt, half: &[Seg]) -> String {
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
fn neck_curve(a: f64, b: f64) -> Seg {
    Seg::C(Pt(-a, 0.55 * b), Pt(-0.55 * a, b), Pt(0.0, b))
}

/// The same quarter ellipse walked from the centre line up to the neck point.
fn neck_curve_up(a: f64, b: f64) -> Seg {
    Seg::C(Pt(-0.55 * a, b), Pt(-a, 0.55 * b), Pt(-a, 0.0))
}

/// The whole neckline from the left neck point to the right one, as an open path.
fn neckline(a: f64, b: f64) -> String {
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

/// A garment's measurements in centimetres (size M, laid flat).
struct Measures {
    /// Half the neck opening's width.
    neck: f64,
    /// Depth of the neckline at the centre, front and back.
    front_drop: f64,
    back_drop: f64,
    /// Centre to the shoulder point, and how far the shoulder falls.
    shoulder: f64,
    slope: f64,
    /// Half the chest width, and the armpit's depth below the shoulder line.
    chest: f64,
    armhole: f64,
    /// Shoulder line to hem at the centre, and how much higher the hem is at the sides.
    length: f64,
    tail: f64,
    /// Sleeve length along its top edge, its fall below horizontal (degrees), its opening.
    sleeve: f64,
    angle: f64,
    opening: f64,
}

impl Measures {
    fn of(cut: Cut) -> Measures {
        match (cut.neck, cut.sleeves) {
            (Neck::Crew, _) => Measures {
                neck: 9.5,
                front_drop: 9.0,
                back_drop: 2.5,
                shoulder: 23.0,
                slope: 4.0,
                chest: 26.0,
                armhole: 23.5,
                length: 72.0,
                tail: 0.0,
                sleeve: 20.0,
                angle: 36.0,
                opening: 17.0,
            },
            (Neck::Collar, sleeves) => Measures {
                neck: 8.0,
                front_drop: 7.0,
                back_drop: 1.5,
                shoulder: 23.5,
                slope: 4.0,
                chest: 27.5,
                armhole: 25.0,
                length: 78.0,
                tail: 7.0,
                sleeve: if sleeves == Sleeves::Long { 62.0 } else { 26.0 },
                angle: if sleeves == Sleeves::Long { 66.0 } else { 40.0 },
                opening: if sleeves == Sleeves::Long { 12.5 } else { 19.0 },
            },
        }
    }

    fn shoulder_point(&self) -> Pt {
        Pt(-self.shoulder, self.slope)
    }
    fn armpit(&self) -> Pt {
        Pt(-self.chest, self.armhole)
    }
    fn hem_side(&self) -> Pt {
        Pt(-self.chest - 0.5, self.length - self.tail)
    }
    /// Down the sleeve, and across it towards its underside.
    fn sleeve_axes(&self) -> (Pt, Pt) {
        let (s, c) = self.angle.to_radians().sin_cos();
        (Pt(-c, s), Pt(s, c))
    }
    /// The left sleeve's corners: top at the shoulder, top at the hem, under at the hem, armpit.
    fn sleeve_corners(&self) -> [Pt; 4] {
        let (down, across) = self.sleeve_axes();
        let top = self.shoulder_point();
        let hem_top = top.add(down, self.sleeve);
        [
            top,
            hem_top,
            hem_top.add(across, self.opening),
            self.armpit(),
        ]
    }
    /// A point on the left sleeve: `t` from the shoulder (0) to the hem (1), `u` from the top edge (0) to the underside (1).
    fn on_sleeve(&self, t: f64, u: f64) -> Pt {
        let [a, b, c, d] = self.sleeve_corners();
        a.lerp(b, t).lerp(d.lerp(c, t), u)
    }
    /// The garment's extent: (half width, top, bottom).
    fn extent(&self, cut: Cut) -> (f64, f64, f64) {
        let [_, b, c, _] = self.sleeve_corners();
        let half = (-b.0).max(-c.0).max(self.chest + 0.5);
        let top = if cut.neck == Neck::Collar { -3.0 } else { -0.5 };
        (half, top, self.length)
    }

    /// The body's outline (without sleeves).
    fn body(&self, cut: Cut, side: Side) -> String {
        let (arm, sh, hem) = (self.armpit(), self.shoulder_point(), self.hem_side());
        let drop = match side {
            Side::Front => self.front_drop,
            Side::Back => self.back_drop,
        };
        let hem_curve = match cut.neck {
            Neck::Crew => Seg::C(Pt(-12.0, self.length), Pt(hem.0 + 4.0, hem.1 - 0.2), hem),
            // A shirt tail: low in the middle, rising to the side seams.
            Neck::Collar => Seg::C(
                Pt(-12.0, self.length),
                Pt(hem.0 + 4.0, hem.1 + self.tail * 0.45),
                hem,
            ),
        };
        let side_len = hem.1 - arm.1;
        symmetric(
            Pt(0.0, self.length),
            &[
                hem_curve,
                Seg::C(
                    Pt(hem.0 + 1.2, hem.1 - side_len * 0.35),
                    Pt(arm.0 + 0.6, arm.1 + side_len * 0.35),
                    arm,
                ),
                Seg::C(Pt(arm.0 + 0.9, arm.1 - 9.0), Pt(sh.0 + 1.2, sh.1 + 7.0), sh),
                Seg::C(
                    Pt(sh.0 + 4.5, sh.1 - 1.4),
                    Pt(-self.neck - 4.5, 1.0),
                    Pt(-self.neck, 0.0),
                ),
                neck_curve(self.neck, drop),
            ],
        )
    }

    /// The left sleeve's outline; it reaches in under the body, which hides the join.
    fn sleeve(&self) -> String {
        let [top, hem_top, hem_under, arm] = self.sleeve_corners();
        let (down, across) = self.sleeve_axes();
        // The top edge bows out a little, the underside in.
        let bow = self.sleeve * 0.03;
        format!(
            "M{top} C{} {} {hem_top} L{hem_under} C{} {} {arm} L{} L{}Z",
            top.lerp(hem_top, 0.33).add(across, -bow),
            top.lerp(hem_top, 0.7).add(across, -bow * 0.5),
            hem_under.lerp(arm, 0.3).add(across, -0.3),
            hem_under.lerp(arm, 0.7).add(down, -0.5),
            arm.add(Pt(1.0, 0.0), 6.0),
            top.add(Pt(1.0, 0.5), 6.0),
        )
    }
}

/// Shades and strengths derived from the garment's colour.
struct Palette {
    base: Rgb,
    /// Outlines and seams.
    line: Rgb,
    /// The inside of the garment, seen through the neck.
    inside: Rgb,
    /// Ribbing, cuffs and collar: a touch off the base.
    rib: Rgb,
    /// Piping and the inverted yoke.
    contrast: Rgb,
    contrast_line: Rgb,
    buttons: Rgb,
    /// Opacity factors of shadows and highlights (a black garment needs highlights to show its form).
    shadow: f64,
    light: f64,
}

impl Palette {
    fn of(base: Rgb) -> Palette {
        let l = base.lightness();
        let dark = l < 20;
        let light_colour = l > 55;
        let contrast = if light_colour {
            Rgb(0x1e, 0x29, 0x3b)
        } else {
            Rgb(0xf4, 0xf4, 0xf5)
        };
        Palette {
            base,
            line: if dark {
                base.mix(WHITE, 22)
            } else {
                base.mix(BLACK, 30)
            },
            inside: if dark {
                base.mix(WHITE, 8)
            } else {
                base.mix(BLACK, 22)
            },
            rib: if dark {
                base.mix(WHITE, 6)
            } else {
                base.mix(BLACK, 5)
            },
            contrast,
            contrast_line: if light_colour {
                contrast.mix(WHITE, 25)
            } else {
                contrast.mix(BLACK, 25)
            },
            buttons: if dark {
                Rgb(0x30, 0x30, 0x30)
            } else {
                base.mix(WHITE, 75)
            },
            shadow: 0.5 + 0.5 * f64::from(l) / 100.0,
            light: 0.3 + 0.6 * f64::from(100 - l) / 100.0,
        }
    }
}

/// Draws `content` as given (the left side) and mirrored (the right side).
fn both_sides(content: &str) -> String {
    format!("<g>{content}</g><g transform=\"scale(-1 1)\">{content}</g>")
}

/// A dashed line of stitching along a path.
fn stitch(d: &str, colour: Rgb) -> String {
    format!(
        r#"<path d="{d}" fill="none" stroke="{colour}" stroke-width="0.17" stroke-dasharray="0.75 0.55" opacity="0.8"/>"#
    )
}

/// An outline stroke.
fn outline(d: &str, colour: Rgb, width: f64) -> String {
    format!(
        r#"<path d="{d}" fill="none" stroke="{colour}" stroke-width="{width:.2}" stroke-linejoin="round" stroke-linecap="round"/>"#
    )
}

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

/// The left sleeve with its shading, hem or cuff, and trim.
fn sleeve_drawing(cut: Cut, side: Side, m: &Measures, p: &Palette, sleeve: &str) -> String {
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

/// Soft folds and highlights of the body (blurred by the caller, the highlights more).
fn body_folds(m: &Measures, side: Side, s: f64, h: f64) -> (String, String) {
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
fn body_seams(cut: Cut, side: Side, m: &Measures, p: &Palette) -> String {
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

/// An open path from `start` to the centre line and its mirror image back out:
/// one cubic each way (`c1`, `c2` are the controls of the left half, given from the centre).
fn symmetric_open(start: Pt, c1: Pt, c2: Pt, centre: Pt) -> String {
    format!(
        "M{start} C{c2} {c1} {centre} C{} {} {}",
        c1.mirror(),
        c2.mirror(),
        start.mirror()
    )
}

fn button(c: Pt, r: f64, p: &Palette) -> String {
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
fn crew_neck(cut: Cut, side: Side, m: &Measures, p: &Palette) -> String {
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
fn collar(side: Side, m: &Measures, p: &Palette) -> String {
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
