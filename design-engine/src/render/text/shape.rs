//! Latin shaping on ttf-parser: characters to glyphs through `cmap` (a
//! character the family lacks comes from the first loaded face that has it),
//! advances from `hmtx`, GSUB `liga` ligatures, and GPOS `kern` pairs (the
//! `kern` table where GPOS has none). Left to right only: complex scripts
//! (Arabic joining, Indic reordering, mark positioning) are not shaped, and
//! none of the studio's fonts carries an Indic script.

use ttf_parser::gpos::{PairAdjustment, PositioningSubtable};
use ttf_parser::gsub::SubstitutionSubtable;
use ttf_parser::opentype_layout::{LayoutTable, LookupFlags};
use ttf_parser::{Face, GlyphId, Tag};

/// A glyph on the line, in its face's units.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Glyph {
    /// Its face's index in the faces shaped with.
    pub face: usize,
    pub id: GlyphId,
    /// Its advance, kerning included.
    pub advance: i32,
    /// Where it is drawn from the pen (a pair adjustment's placement).
    pub dx: i32,
}

/// `text` as glyphs, in reading order: in `faces[primary]` where it has the
/// character, else in the first face that has it (else its missing glyph).
pub fn shape(faces: &[Face], primary: usize, text: &str) -> Vec<Glyph> {
    let mapped: Vec<(usize, GlyphId)> = text
        .chars()
        // As the SVG markup did: a control character is a space.
        .map(|c| if c.is_control() { ' ' } else { c })
        .map(|c| {
            std::iter::once(primary)
                .chain(0..faces.len())
                .find_map(|i| faces[i].glyph_index(c).filter(|g| g.0 != 0).map(|g| (i, g)))
                .unwrap_or((primary, GlyphId(0)))
        })
        .collect();
    let mut glyphs = Vec::with_capacity(mapped.len());
    // Runs of one face: ligatures and kerning never cross faces.
    for run in mapped.chunk_by(|a, b| a.0 == b.0) {
        let face = &faces[run[0].0];
        let ids = ligate(face, run.iter().map(|&(_, g)| g).collect());
        let start = glyphs.len();
        glyphs.extend(ids.into_iter().map(|id| Glyph {
            face: run[0].0,
            id,
            advance: face.glyph_hor_advance(id).map_or(0, i32::from),
            dx: 0,
        }));
        kern(face, &mut glyphs[start..]);
    }
    glyphs
}

/// The lookups of `feature` for Latin (else the default script), in the
/// order they apply.
fn lookups(table: &LayoutTable, feature: &[u8; 4]) -> Vec<u16> {
    let script = [b"latn", b"DFLT"]
        .into_iter()
        .find_map(|s| table.scripts.find(Tag::from_bytes(s))?.default_language);
    let Some(language) = script else {
        return Vec::new();
    };
    let tag = Tag::from_bytes(feature);
    let mut out: Vec<u16> = language
        .feature_indices
        .into_iter()
        .filter_map(|i| table.features.get(i))
        .filter(|f| f.tag == tag)
        .flat_map(|f| f.lookup_indices)
        .collect();
    out.sort_unstable();
    out.dedup();
    out
}

/// Whether a lookup with `flags` passes over `glyph` (a mark, mostly).
fn skipped(face: &Face, flags: LookupFlags, glyph: GlyphId) -> bool {
    use ttf_parser::gdef::GlyphClass;
    if !flags.ignore_flags() {
        return false;
    }
    match face.tables().gdef.and_then(|d| d.glyph_class(glyph)) {
        Some(GlyphClass::Base) => flags.ignore_base_glyphs(),
        Some(GlyphClass::Ligature) => flags.ignore_ligatures(),
        Some(GlyphClass::Mark) => flags.ignore_marks(),
        _ => false,
    }
}

/// The next glyph after `i` that a lookup with `flags` looks at.
fn next(face: &Face, flags: LookupFlags, glyphs: &[GlyphId], i: usize) -> Option<usize> {
    (i + 1..glyphs.len()).find(|&j| !skipped(face, flags, glyphs[j]))
}

/// GSUB `liga`: "f" "i" becomes "ﬁ" where the face draws one.
fn ligate(face: &Face, mut glyphs: Vec<GlyphId>) -> Vec<GlyphId> {
    let Some(gsub) = face.tables().gsub else {
        return glyphs;
    };
    for index in lookups(&gsub, b"liga") {
        let Some(lookup) = gsub.lookups.get(index) else {
            continue;
        };
        let mut i = 0;
        while i < glyphs.len() {
            if !skipped(face, lookup.flags, glyphs[i]) {
                let found = lookup
                    .subtables
                    .into_iter::<SubstitutionSubtable>()
                    .find_map(|s| ligature_at(face, lookup.flags, &s, &glyphs, i));
                if let Some((ligature, parts)) = found {
                    glyphs[i] = ligature;
                    for &j in parts.iter().rev() {
                        glyphs.remove(j);
                    }
                }
            }
            i += 1;
        }
    }
    glyphs
}

/// The ligature starting at `i` in `subtable`, and where its other parts are.
fn ligature_at(
    face: &Face,
    flags: LookupFlags,
    subtable: &SubstitutionSubtable,
    glyphs: &[GlyphId],
    i: usize,
) -> Option<(GlyphId, Vec<usize>)> {
    let SubstitutionSubtable::Ligature(table) = subtable else {
        return None;
    };
    let set = table.ligature_sets.get(table.coverage.get(glyphs[i])?)?;
    // The first ligature that matches wins (fonts list the longest first).
    set.into_iter().find_map(|ligature| {
        let mut parts = Vec::new();
        let mut at = i;
        for component in ligature.components {
            at = next(face, flags, glyphs, at)?;
            if glyphs[at] != component {
                return None;
            }
            parts.push(at);
        }
        Some((ligature.glyph, parts))
    })
}

/// GPOS `kern` pair adjustments, else the `kern` table's pairs.
fn kern(face: &Face, glyphs: &mut [Glyph]) {
    let ids: Vec<GlyphId> = glyphs.iter().map(|g| g.id).collect();
    if let Some(gpos) = face.tables().gpos {
        let kern = lookups(&gpos, b"kern");
        if !kern.is_empty() {
            return kern_gpos(face, &gpos, &kern, &ids, glyphs);
        }
    }
    kern_table(face, &ids, glyphs);
}

fn kern_gpos(face: &Face, gpos: &LayoutTable, kern: &[u16], ids: &[GlyphId], glyphs: &mut [Glyph]) {
    for &index in kern {
        let Some(lookup) = gpos.lookups.get(index) else {
            continue;
        };
        let mut i = 0;
        while i < ids.len() {
            let Some(j) = (!skipped(face, lookup.flags, ids[i]))
                .then(|| next(face, lookup.flags, ids, i))
                .flatten()
            else {
                i += 1;
                continue;
            };
            // The first subtable that holds the pair applies.
            let pair = lookup
                .subtables
                .into_iter::<PositioningSubtable>()
                .find_map(|s| pair_values(&s, ids[i], ids[j]));
            let mut step = 1;
            if let Some(([first_dx, first_advance], [second_dx, second_advance])) = pair {
                glyphs[i].advance += first_advance;
                glyphs[i].dx += first_dx;
                glyphs[j].advance += second_advance;
                glyphs[j].dx += second_dx;
                // A pair that moves its second glyph is not kerned again.
                if second_dx != 0 || second_advance != 0 {
                    step = j - i + 1;
                }
            }
            i += step;
        }
    }
}

fn kern_table(face: &Face, ids: &[GlyphId], glyphs: &mut [Glyph]) {
    let Some(table) = face.tables().kern else {
        return;
    };
    for i in 0..ids.len().saturating_sub(1) {
        let adjust: i32 = table
            .subtables
            .into_iter()
            .filter(|s| s.horizontal && !s.variable && !s.has_cross_stream)
            .filter_map(|s| s.glyphs_kerning(ids[i], ids[i + 1]))
            .map(i32::from)
            .sum();
        glyphs[i].advance += adjust;
    }
}

/// A pair adjustment's `[placement, advance]` for each glyph of the pair.
fn pair_values(
    subtable: &PositioningSubtable,
    first: GlyphId,
    second: GlyphId,
) -> Option<([i32; 2], [i32; 2])> {
    let PositioningSubtable::Pair(pair) = subtable else {
        return None;
    };
    let index = pair.coverage().get(first)?;
    let (a, b) = match pair {
        PairAdjustment::Format1 { sets, .. } => sets.get(index)?.get(second)?,
        PairAdjustment::Format2 {
            classes, matrix, ..
        } => matrix.get((classes.0.get(first), classes.1.get(second)))?,
    };
    let values =
        |v: ttf_parser::gpos::ValueRecord| [i32::from(v.x_placement), i32::from(v.x_advance)];
    Some((values(a), values(b)))
}

#[cfg(all(test, feature = "bundled-fonts"))]
mod tests {
    use super::*;
    use crate::render::fonts::bundled;

    fn face(bytes: &[u8]) -> Face<'_> {
        Face::parse(bytes, 0).unwrap()
    }

    fn advances(bytes: &[u8], text: &str) -> Vec<i32> {
        shape(&[face(bytes)], 0, text)
            .iter()
            .map(|g| g.advance)
            .collect()
    }

    #[test]
    fn pairs_are_kerned_from_gpos() {
        // "AV" pulls together in Liberation Sans (GPOS format 1) and DejaVu
        // Sans (format 2); "HH" keeps its advances. (Gelasio's Latin subset
        // kerns only "L" before glyphs no character maps to.)
        for bytes in [bundled::LIBERATION_SANS, bundled::DEJAVU_SANS] {
            let f = face(bytes);
            let plain = |c| i32::from(f.glyph_hor_advance(f.glyph_index(c).unwrap()).unwrap());
            let av = advances(bytes, "AV");
            assert!(av[0] < plain('A'), "{av:?}");
            assert_eq!(av[1], plain('V'));
            assert_eq!(advances(bytes, "HH"), [plain('H'), plain('H')]);
        }
    }

    #[test]
    fn the_kern_table_stands_in_for_gpos() {
        // Liberation Sans has both: its kern table kerns "AV" as GPOS does.
        let f = face(bundled::LIBERATION_SANS);
        let unkerned: Vec<Glyph> = "AV"
            .chars()
            .map(|c| {
                let id = f.glyph_index(c).unwrap();
                let advance = f.glyph_hor_advance(id).unwrap().into();
                Glyph {
                    face: 0,
                    id,
                    advance,
                    dx: 0,
                }
            })
            .collect();
        let ids: Vec<GlyphId> = unkerned.iter().map(|g| g.id).collect();
        let mut from_table = unkerned.clone();
        kern_table(&f, &ids, &mut from_table);
        assert!(from_table[0].advance < unkerned[0].advance);
        assert_eq!(from_table, shape(&[f], 0, "AV"));
    }

    #[test]
    fn fi_and_fl_are_ligatures_where_the_font_has_them() {
        for bytes in [bundled::GELASIO, bundled::DEJAVU_SANS] {
            let f = face(bytes);
            let g = shape(&[face(bytes)], 0, "office");
            // o, ffi, c, e
            assert_eq!(g.len(), 4, "{g:?}");
            assert_ne!(g[1].id, f.glyph_index('f').unwrap());
        }
        // Liberation Sans has no `liga`: every letter stays.
        assert_eq!(
            shape(&[face(bundled::LIBERATION_SANS)], 0, "office").len(),
            6
        );
    }

    #[test]
    fn a_missing_character_comes_from_the_first_face_that_has_it() {
        let faces = [face(bundled::LIBERATION_SANS), face(bundled::DEJAVU_SANS)];
        let g = shape(&faces, 0, "₹5\u{7}");
        assert_eq!(g.iter().map(|g| g.face).collect::<Vec<_>>(), [1, 0, 0]);
        assert_eq!(g[0].id, faces[1].glyph_index('₹').unwrap());
        // A control character is a space, and keeps a space's advance.
        assert_eq!(g[2].id, faces[0].glyph_index(' ').unwrap());
        assert!(g[2].advance > 0);
        // Nowhere: the family's missing glyph.
        assert_eq!(shape(&faces, 0, "\u{10FFFD}")[0].id, GlyphId(0));
    }
}
