//! Outlines shaped here: the text as a one-element SVG, laid out by usvg
//! (harfrust shaping, the studio's fonts) and drawn by resvg.

use resvg::usvg;
use tiny_skia::{Pixmap, Rect, Transform};

use super::REFERENCE_EM;
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

impl Outline {
    /// `body` in `family` filled with `fill` at `REFERENCE_EM`, and the box its
    /// ink covers; `None` when usvg cannot lay it out.
    pub fn shape(fonts: &Fonts, family: &str, fill: &str, body: &str) -> Option<(Outline, Rect)> {
        let svg = format!(
            r#"<svg xmlns="http://www.w3.org/2000/svg" width="100" height="100"><text x="0" y="{em}" font-family="{family}" font-size="{em}" fill="{fill}" xml:space="preserve">{body}</text></svg>"#,
            em = REFERENCE_EM,
            family = escape_xml(family),
            fill = escape_xml(fill),
            body = escape_xml(body),
        );
        let options = usvg::Options {
            fontdb: fonts.database(),
            ..usvg::Options::default()
        };
        let tree = usvg::Tree::from_str(&svg, &options).ok()?;
        let bbox = tree.root().abs_bounding_box();
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
