use super::*;
use crate::render::fonts::Fonts;

/// The glyphs of `text` in `family`, with the bundled fonts as fallbacks.
fn shaped(family: &str, text: &str) -> (Vec<Glyph>, usize) {
    let fonts = Fonts::bundled();
    let (faces, primary) = fonts.faces(family).unwrap();
    (shape(&faces, primary, text), primary)
}

fn glyph_of(family: &str, c: char) -> GlyphId {
    let fonts = Fonts::bundled();
    let (faces, primary) = fonts.faces(family).unwrap();
    faces[primary].outline.glyph_index(c).unwrap()
}

#[test]
fn pairs_are_kerned() {
    // "AV" pulls together in Liberation Sans and DejaVu Sans; "HH" keeps its advances.
    for family in ["Liberation Sans", "DejaVu Sans"] {
        let fonts = Fonts::bundled();
        let (faces, primary) = fonts.faces(family).unwrap();
        let f = &faces[primary].outline;
        let plain = |c| i32::from(f.glyph_hor_advance(f.glyph_index(c).unwrap()).unwrap());
        let advances = |t| -> Vec<i32> { shaped(family, t).0.iter().map(|g| g.advance).collect() };
        let av = advances("AV");
        assert!(av[0] < plain('A'), "{av:?}");
        assert_eq!(av[1], plain('V'));
        assert_eq!(advances("HH"), [plain('H'), plain('H')]);
    }
}

#[test]
fn fi_and_fl_are_ligatures_where_the_font_has_them() {
    for family in ["Gelasio", "DejaVu Sans"] {
        let (g, _) = shaped(family, "office");
        // o, ffi, c, e: the ligature is one cluster.
        assert_eq!(g.len(), 4, "{g:?}");
        assert_ne!(g[1].id, glyph_of(family, 'f'));
        assert_eq!(
            g.iter().map(|g| g.cluster).collect::<Vec<_>>(),
            [0, 1, 4, 5]
        );
    }
    // Liberation Sans has no `liga`: every letter stays.
    assert_eq!(shaped("Liberation Sans", "office").0.len(), 6);
}

#[test]
fn a_missing_letter_comes_from_the_first_face_that_has_it() {
    let (g, primary) = shaped("Liberation Sans", "₹5\u{7}");
    let dejavu = Fonts::bundled().faces("DejaVu Sans").unwrap().1;
    assert_eq!(
        g.iter().map(|g| g.face).collect::<Vec<_>>(),
        [dejavu, primary, primary]
    );
    assert_eq!(g[0].id, glyph_of("DejaVu Sans", '₹'));
    // A control character is a space, and keeps a space's advance.
    assert_eq!(g[2].id, glyph_of("Liberation Sans", ' '));
    assert!(g[2].advance > 0);
    // Nowhere: the family's missing glyph.
    assert_eq!(shaped("Liberation Sans", "\u{10FFFD}").0[0].id, GlyphId(0));
}

/// HarfBuzz's own output for the samples (`scripts/harfbuzz-fixtures.py`,
/// uharfbuzz): the engine shapes each one glyph for glyph, position for position.
#[test]
fn samples_shape_as_harfbuzz_shapes_them() {
    use crate::render::fonts::FONT_FILES;
    let fixture: serde_json::Value = serde_json::from_str(include_str!(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/tests/fixtures/harfbuzz.json"
    )))
    .unwrap();
    let cases = fixture["cases"].as_array().unwrap();
    for script in ["क्षत्रिय", "தமிழ்", "বাংলা", "ਪੰਜਾਬੀ", "AVATAR Team 10"]
    {
        assert!(
            cases.iter().any(|c| c["text"] == script),
            "{script} is a sample"
        );
    }
    let fonts = Fonts::bundled();
    for case in cases {
        let file = case["font"].as_str().unwrap();
        let family = FONT_FILES.iter().find(|f| f.file == file).unwrap().family;
        let (faces, primary) = fonts.faces(family).unwrap();
        let text = case["text"].as_str().unwrap();
        let ours: Vec<[i64; 5]> = shape(&faces, primary, text)
            .iter()
            .map(|g| {
                assert_eq!(g.face, primary, "{text}: one face");
                [
                    g.id.0.into(),
                    g.cluster.into(),
                    g.advance.into(),
                    g.dx.into(),
                    g.dy.into(),
                ]
            })
            .collect();
        let theirs: Vec<[i64; 5]> = serde_json::from_value(case["glyphs"].clone()).unwrap();
        assert_eq!(ours, theirs, "{text} in {family}");
    }
}
