//! Any SVG (the icons' strokes, circles and transforms) as the library's
//! plain form: a viewBox and filled `<path>`s, coordinates absolute. Strokes
//! become their outlines here, so the engine only ever fills paths.

use resvg::tiny_skia::{Path, PathSegment};
use resvg::usvg::{self, Group, Node, Transform};

/// Curves of a stroke's outline are this many times finer than one unit of
/// the icon's box: smooth at a print file's size.
const STROKE_RESOLUTION: f32 = 40.0;

/// The plain form of `svg`; errors name what could not be read.
pub fn normalise(svg: &str) -> Result<String, String> {
    let tree = usvg::Tree::from_str(svg, &usvg::Options::default()).map_err(|e| e.to_string())?;
    let size = tree.size();
    let mut paths = Vec::new();
    collect(tree.root(), &mut paths)?;
    if paths.is_empty() {
        return Err("nothing is drawn".into());
    }
    let mut out = format!(
        r#"<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {} {}">"#,
        num(size.width()),
        num(size.height())
    );
    for (d, even_odd) in paths {
        let rule = if even_odd {
            r#" fill-rule="evenodd""#
        } else {
            ""
        };
        out.push_str(&format!(r#"<path{rule} d="{d}"/>"#));
    }
    out.push_str("</svg>");
    Ok(out)
}

fn collect(group: &Group, out: &mut Vec<(String, bool)>) -> Result<(), String> {
    for node in group.children() {
        match node {
            Node::Group(g) => collect(g, out)?,
            Node::Path(p) if p.is_visible() => {
                let t: Transform = p.abs_transform();
                if let Some(fill) = p.fill() {
                    let even_odd = fill.rule() == usvg::FillRule::EvenOdd;
                    out.push((data(&transformed(p.data().clone(), t)?), even_odd));
                }
                if let Some(stroke) = p.stroke() {
                    let outline = p
                        .data()
                        .stroke(&stroke.to_tiny_skia(), STROKE_RESOLUTION)
                        .ok_or("a stroke has no outline")?;
                    out.push((data(&transformed(outline, t)?), false));
                }
            }
            Node::Path(_) => {}
            Node::Image(_) | Node::Text(_) => return Err("only paths are kept".into()),
        }
    }
    Ok(())
}

fn transformed(path: Path, t: Transform) -> Result<Path, String> {
    path.transform(t).ok_or_else(|| "a path vanished".into())
}

/// Path data in absolute M, L, Q, C and Z (the engine's `VectorArt::from_svg`).
fn data(path: &Path) -> String {
    let mut d = String::new();
    // Each command and number apart by a space: the engine reads no other form.
    let mut put = |cmd: char, pts: &[(f32, f32)]| {
        if !d.is_empty() {
            d.push(' ');
        }
        d.push(cmd);
        for (x, y) in pts {
            d.push_str(&format!(" {} {}", num(*x), num(*y)));
        }
    };
    for seg in path.segments() {
        match seg {
            PathSegment::MoveTo(p) => put('M', &[(p.x, p.y)]),
            PathSegment::LineTo(p) => put('L', &[(p.x, p.y)]),
            PathSegment::QuadTo(a, b) => put('Q', &[(a.x, a.y), (b.x, b.y)]),
            PathSegment::CubicTo(a, b, c) => put('C', &[(a.x, a.y), (b.x, b.y), (c.x, c.y)]),
            PathSegment::Close => put('Z', &[]),
        }
    }
    d
}

/// A coordinate to 1/1000 of a unit, without trailing zeros.
fn num(v: f32) -> String {
    let s = format!("{:.3}", v);
    let s = s.trim_end_matches('0').trim_end_matches('.');
    if s == "-0" { "0".into() } else { s.into() }
}
