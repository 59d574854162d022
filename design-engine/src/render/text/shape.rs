//! Shaping with harfrust (HarfBuzz's shaping in Rust): conjuncts, matras and
//! reordering in the Indian scripts, ligatures and kerning in Latin, as
//! HarfBuzz draws them, in the server and in the browser's text module alike
//! (the same code, and no float in it). A letter the family lacks comes from
//! the first loaded face that has it, whole letters (grapheme clusters) at a
//! time, so a vowel sign never leaves its consonant for another face.

use std::ops::Range;

use ttf_parser::GlyphId;
use unicode_segmentation::UnicodeSegmentation;

use crate::render::fonts::FaceRef;

/// A glyph on the line, in its face's units.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Glyph {
    /// Its face's index in the faces shaped with.
    pub face: usize,
    pub id: GlyphId,
    /// Its advance, kerning included.
    pub advance: i32,
    /// Where it is drawn from the pen (x right, y up: a mark's placement).
    pub dx: i32,
    pub dy: i32,
    /// The byte offset in the text of the letter (cluster) it draws: the
    /// glyphs of one cluster (a conjunct and its vowel signs) move as one.
    pub cluster: u32,
}

/// Format characters a font need not map (joiners, variation selectors):
/// the shaper handles them without a glyph of their own.
fn ignorable(c: char) -> bool {
    matches!(c, '\u{200B}'..='\u{200F}' | '\u{2060}'..='\u{2064}' | '\u{FE00}'..='\u{FE0F}')
}

fn covers(face: &FaceRef, letter: &str) -> bool {
    letter
        .chars()
        .all(|c| ignorable(c) || face.outline.glyph_index(c).is_some_and(|g| g.0 != 0))
}

/// `text` as glyphs, in visual order: each letter (grapheme cluster) in
/// `faces[primary]` where it has all of it, else in the first face that has
/// (else in the primary face, as its missing glyph).
pub fn shape(faces: &[FaceRef], primary: usize, text: &str) -> Vec<Glyph> {
    // As the SVG markup did: a control character is a space.
    let text: String = text
        .chars()
        .map(|c| if c.is_control() { ' ' } else { c })
        .collect();
    let mut runs: Vec<(usize, Range<usize>)> = Vec::new();
    for (start, letter) in text.grapheme_indices(true) {
        let face = std::iter::once(primary)
            .chain(0..faces.len())
            .find(|&i| covers(&faces[i], letter))
            .unwrap_or(primary);
        let end = start + letter.len();
        match runs.last_mut() {
            Some((f, range)) if *f == face => range.end = end,
            _ => runs.push((face, start..end)),
        }
    }
    runs.into_iter()
        .flat_map(|(face, range)| shape_run(&faces[face], face, &text, range))
        .collect()
}

/// One face's run of `text`, shaped with the rest of the text as context.
fn shape_run(face: &FaceRef, index: usize, text: &str, range: Range<usize>) -> Vec<Glyph> {
    let mut buffer = harfrust::UnicodeBuffer::new();
    buffer.set_pre_context(&text[..range.start]);
    buffer.push_str(&text[range.clone()]);
    buffer.set_post_context(&text[range.end..]);
    buffer.guess_segment_properties();
    let shaped = face.shaper().shape(buffer, harfrust::ShapeOptions::new());
    shaped
        .glyph_infos()
        .iter()
        .zip(shaped.glyph_positions())
        .map(|(info, pos)| Glyph {
            face: index,
            id: GlyphId(u16::try_from(info.glyph_id).unwrap_or(0)),
            advance: pos.x_advance,
            dx: pos.x_offset,
            dy: pos.y_offset,
            cluster: info.cluster + range.start as u32,
        })
        .collect()
}

#[cfg(all(test, feature = "bundled-fonts"))]
mod tests;
