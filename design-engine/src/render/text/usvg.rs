//! Outlines shaped here: the text as a one-element SVG, laid out by usvg
//! (harfrust shaping, the studio's fonts) and drawn by resvg.

use resvg::usvg;
use tiny_skia::{Pixmap, Rect, Transform};

use super::{ArcPath, REFERENCE_EM, TextStyle};
use crate::render::fonts::Fonts;

pub struct Outline(usvg::Tree);

fn escape_xml(s: &str) -> String {
    let mut out = String::with_capacity(s.len());
    for c in s.chars() {
        match c {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '"' => out.push_str("&quot;"),
            '\'' => out.push_str("&apos;"),
            c if c.is_control() => out.push(' '),
            c => out.push(c),
        }
    }
    out
}

/// The text element's markup: flat text, or set along a whole circle through the
/// origin's centre, the text's middle at the circle's top (`up`) or bottom,
/// reading left to right; the outline is a stroke painted under the fill.
fn svg(family: &str, style: &TextStyle, body: &str) -> String {
    let (family, fill, body) = (
        escape_xml(family),
        escape_xml(&style.fill),
        escape_xml(body),
    );
    let stroke = style.stroke.as_ref().map_or(String::new(), |(width, colour)| {
        format!(
            r#" stroke="{}" stroke-width="{width}" stroke-linejoin="round" paint-order="stroke""#,
            escape_xml(colour)
        )
    });
    let head = r#"<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" width="100" height="100">"#;
    let em = REFERENCE_EM;
    match style.arc {
        None => format!(
            r#"{head}<text x="0" y="{em}" font-family="{family}" font-size="{em}" fill="{fill}"{stroke} xml:space="preserve">{body}</text></svg>"#,
        ),
        Some(ArcPath { up, radius: r }) => {
            // Up: from the bottom clockwise (left, top, right); down: from
            // the top anticlockwise (left, bottom, right). Either way the
            // middle of the path is where the text's middle sits.
            let (start, sweep) = if up { (r, 1) } else { (-r, 0) };
            format!(
                r##"{head}<defs><path id="arc" d="M 0 {start} A {r} {r} 0 0 {sweep} 0 {end} A {r} {r} 0 0 {sweep} 0 {start} Z"/></defs><text font-family="{family}" font-size="{em}" fill="{fill}"{stroke} text-anchor="middle" xml:space="preserve"><textPath xlink:href="#arc" startOffset="50%">{body}</textPath></text></svg>"##,
                end = -start,
            )
        }
    }
}

impl Outline {
    /// `body` in `family` painted as `style` says at `REFERENCE_EM`, and the
    /// box its ink covers (the outline's too); `None` when usvg cannot lay it out.
    pub fn shape(
        fonts: &Fonts,
        family: &str,
        style: &TextStyle,
        body: &str,
    ) -> Option<(Outline, Rect)> {
        let options = usvg::Options {
            fontdb: fonts.database(),
            ..usvg::Options::default()
        };
        let tree = usvg::Tree::from_str(&svg(family, style, body), &options).ok()?;
        let root = tree.root();
        let bbox = if style.stroke.is_some() {
            root.abs_stroke_bounding_box()
        } else {
            root.abs_bounding_box()
        };
        Some((Outline(tree), bbox))
    }

    /// The outlines drawn with `transform` on a new transparent `width × height` canvas.
    pub fn draw(&self, width: u32, height: u32, transform: Transform) -> Option<Pixmap> {
        let mut pixmap = Pixmap::new(width, height)?;
        resvg::render(&self.0, transform, &mut pixmap.as_mut());
        Some(pixmap)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn markup_in_text_is_text() {
        assert_eq!(escape_xml("<b>&\"'"), "&lt;b&gt;&amp;&quot;&apos;");
        assert_eq!(escape_xml("a\u{7}b"), "a b");
    }
}

#[cfg(test)]
mod arc_tests {
    use super::*;
    use crate::elements::Font;
    use crate::render::fonts::family_for;

    /// Each glyph's origin and axes as usvg placed them.
    fn glyphs(style: &TextStyle, body: &str) -> Vec<Transform> {
        let fonts = Fonts::bundled();
        let (outline, _) = Outline::shape(&fonts, family_for(Font::Arial), style, body).unwrap();
        let mut out = Vec::new();
        for node in outline.0.root().children() {
            if let usvg::Node::Text(text) = node {
                for span in text.layouted() {
                    out.extend(span.positioned_glyphs.iter().map(|g| g.transform()));
                }
            }
        }
        out
    }

    fn arched(up: bool, radius: f32) -> TextStyle {
        TextStyle {
            fill: "#000000".into(),
            arc: Some(ArcPath { up, radius }),
            stroke: None,
        }
    }

    #[test]
    fn glyphs_sit_on_the_circle_turned_to_its_tangent() {
        for up in [true, false] {
            let r = 300.0;
            let placed = glyphs(&arched(up, r), "TEAM");
            assert_eq!(placed.len(), 4);
            for t in &placed {
                // usvg sets each glyph's middle on the path and turns it to
                // the tangent there: its baseline (the line through its
                // origin along its x axis) touches the circle…
                let (ox, oy) = (t.tx, t.ty);
                let len = (t.sx * t.sx + t.ky * t.ky).sqrt();
                let (ax, ay) = (t.sx / len, t.ky / len);
                let distance = (ox * ay - oy * ax).abs();
                assert!(
                    (distance - r).abs() < 0.5,
                    "baseline {distance} from the centre"
                );
                // …at a point less than half an em ahead of the origin…
                let ahead = -(ox * ax + oy * ay);
                assert!(ahead > 0.0 && ahead < REFERENCE_EM / 2.0, "{ahead}");
                // …and its top points out of the circle for an arch, in for a smile.
                let (ux, uy) = (-t.kx, -t.sy);
                assert_eq!(ux * ox + uy * oy > 0.0, up);
            }
            // Read left to right, centred on the circle's top (or bottom).
            assert!(placed.windows(2).all(|w| w[0].tx < w[1].tx));
            let (_, ink) = Outline::shape(
                &Fonts::bundled(),
                family_for(Font::Arial),
                &arched(up, r),
                "TEAM",
            )
            .unwrap();
            let mid = ink.x() + ink.width() / 2.0;
            assert!(mid.abs() < 3.0, "centred on the circle's axis: {mid}");
            assert!(placed.iter().all(|t| (t.ty < 0.0) == up));
        }
    }
}
