//! Text in the engine's fonts: each character in the first face that has
//! it, shaped by harfrust, and wrapped to a width.

use std::ops::Range;
use std::sync::OnceLock;

use design_engine::render::fonts::bundled;
use krilla::text::{GlyphId, KrillaGlyph};
use skrifa::MetadataProvider;

/// A font: krilla's handle for embedding, and the same bytes for shaping.
pub(super) struct Face {
    pub(super) pdf: krilla::text::Font,
    font: skrifa::FontRef<'static>,
    charmap: skrifa::charmap::Charmap<'static>,
    shaper: harfrust::ShaperData,
    units_per_em: f32,
}

impl Face {
    fn new(bytes: &'static [u8]) -> Face {
        let font = skrifa::FontRef::new(bytes).expect("the engine's fonts parse");
        let pdf = krilla::text::Font::new(bytes.into(), 0).expect("the engine's fonts load");
        Face {
            units_per_em: pdf.units_per_em(),
            pdf,
            charmap: font.charmap(),
            shaper: harfrust::ShaperData::new(&font),
            font,
        }
    }

    fn covers(&self, c: char) -> bool {
        self.charmap.map(c).is_some()
    }
}

/// The body font first, then the fallback.
pub(super) fn faces() -> &'static [Face; 2] {
    static FACES: OnceLock<[Face; 2]> = OnceLock::new();
    FACES.get_or_init(|| {
        [
            Face::new(bundled::LIBERATION_SANS),
            Face::new(bundled::DEJAVU_SANS),
        ]
    })
}

/// Text in one face, shaped: glyph advances in em, clusters as byte ranges of `text`.
#[derive(Clone)]
pub(super) struct Run {
    pub(super) face: usize,
    pub(super) text: String,
    pub(super) glyphs: Vec<KrillaGlyph>,
    pub(super) width: f32,
}

/// A line of text, shaped into runs of one face each; `width` in em.
#[derive(Clone)]
pub(crate) struct Shaped {
    pub(super) runs: Vec<Run>,
    width: f32,
}

impl Shaped {
    pub(crate) fn width(&self, size: f32) -> f32 {
        self.width * size
    }
}

/// Shapes `text`, each character in the first face that has it (the body
/// face when none does: a missing glyph, never a panic).
pub(crate) fn shape(text: &str) -> Shaped {
    let faces = faces();
    let face_of = |c: char| faces.iter().position(|f| f.covers(c)).unwrap_or(0);
    let mut runs = Vec::new();
    let mut start = 0;
    let mut current = None;
    for (i, c) in text.char_indices() {
        // Spaces and marks stay with the run they are in.
        let f = if c.is_whitespace() {
            current.unwrap_or(0)
        } else {
            face_of(c)
        };
        if current.is_some_and(|cur| cur != f) {
            runs.push(shape_run(current.unwrap_or(0), &text[start..i]));
            start = i;
        }
        current = Some(f);
    }
    if start < text.len() {
        runs.push(shape_run(current.unwrap_or(0), &text[start..]));
    }
    let width = runs.iter().map(|r| r.width).sum();
    Shaped { runs, width }
}

fn shape_run(face: usize, text: &str) -> Run {
    let f = &faces()[face];
    let shaper = f.shaper.shaper(&f.font).build();
    let mut buffer = harfrust::UnicodeBuffer::new();
    buffer.push_str(text);
    buffer.guess_segment_properties();
    let out = shaper.shape(buffer, harfrust::ShapeOptions::new());
    let (infos, positions) = (out.glyph_infos(), out.glyph_positions());
    // A cluster ends where the next larger cluster starts (either direction).
    let mut starts: Vec<usize> = infos.iter().map(|i| i.cluster as usize).collect();
    starts.sort_unstable();
    starts.dedup();
    let range = |start: usize| -> Range<usize> {
        let end = starts
            .iter()
            .copied()
            .find(|&s| s > start)
            .unwrap_or(text.len());
        start..end
    };
    let em = f.units_per_em;
    let glyphs: Vec<KrillaGlyph> = infos
        .iter()
        .zip(positions)
        .map(|(info, pos)| {
            KrillaGlyph::new(
                GlyphId::new(info.glyph_id),
                pos.x_advance as f32 / em,
                pos.x_offset as f32 / em,
                pos.y_offset as f32 / em,
                pos.y_advance as f32 / em,
                range(info.cluster as usize),
                None,
            )
        })
        .collect();
    let width = glyphs.iter().map(|g| g.x_advance).sum();
    Run {
        face,
        text: text.to_string(),
        glyphs,
        width,
    }
}

/// Greedy word wrap to `max` points at `size`; a word longer than a line
/// is broken between characters.
pub(crate) fn wrap(text: &str, size: f32, max: f32) -> Vec<String> {
    let mut lines = Vec::new();
    for paragraph in text.lines() {
        let mut line = String::new();
        for word in paragraph.split_whitespace() {
            let candidate = if line.is_empty() {
                word.to_string()
            } else {
                format!("{line} {word}")
            };
            if shape(&candidate).width(size) <= max {
                line = candidate;
                continue;
            }
            if !line.is_empty() {
                lines.push(std::mem::take(&mut line));
            }
            for c in word.chars() {
                let mut next = line.clone();
                next.push(c);
                if !line.is_empty() && shape(&next).width(size) > max {
                    lines.push(std::mem::take(&mut line));
                    next = c.to_string();
                }
                line = next;
            }
        }
        if !line.is_empty() {
            lines.push(line);
        }
    }
    if lines.is_empty() {
        lines.push(String::new());
    }
    lines
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_rupee_sign_comes_from_the_fallback_face() {
        let s = shape("Total ₹1,234.00");
        let faces: Vec<(usize, &str)> = s.runs.iter().map(|r| (r.face, r.text.as_str())).collect();
        assert_eq!(faces, [(0, "Total "), (1, "₹"), (0, "1,234.00")]);
        assert!(
            s.runs
                .iter()
                .all(|r| r.glyphs.iter().all(|g| g.glyph_id.to_u32() != 0))
        );
        assert!(s.width > 5.0 && s.width < 10.0, "{}", s.width);
    }

    #[test]
    fn long_text_wraps_within_the_width() {
        let lines = wrap(
            "Flat 4B, Sunrise Apartments, 221 Outer Ring Road, Marathahalli",
            9.5,
            120.0,
        );
        assert!(lines.len() >= 3, "{lines:?}");
        assert!(lines.iter().all(|l| shape(l).width(9.5) <= 120.0));
        assert_eq!(
            lines.join(" "),
            "Flat 4B, Sunrise Apartments, 221 Outer Ring Road, Marathahalli"
        );
        let broken = wrap(&"W".repeat(60), 9.5, 100.0);
        assert!(broken.len() > 1 && broken.iter().all(|l| shape(l).width(9.5) <= 100.0));
    }
}
