//! Text effects: an arc and an outline, their limits and messages, the real
//! box an arched text covers (placement uses it), golden print files, and
//! documents from before effects drawing exactly as they did.
//! After a deliberate rendering change: `UPDATE_GOLDEN=1 cargo test -p design-engine --test effects`.

use std::path::PathBuf;

use design_engine::elements::{ArcDirection, TextArc, TextOutline};
use design_engine::render::Fonts;
use design_engine::render::Renderer;
use design_engine::render::text::TextShape;
use design_engine::{Design, Font, PrintArea, StudioError, TextElement};
use image::RgbaImage;

const PRODUCT: &str = "64f1a2b3c4d5e6f708190a01";

fn team(size: u32) -> TextElement {
    TextElement::new("TEAM LEGACY", Font::Verdana, size, "#1d4ed8").unwrap()
}

fn arc(direction: ArcDirection, radius: u32) -> Option<TextArc> {
    Some(TextArc::new(direction, radius).unwrap())
}

fn outline(width: u32, colour: &str) -> Option<TextOutline> {
    TextOutline::new(width, colour).unwrap()
}

fn design_with(text: TextElement) -> Design {
    let mut d = Design::new(PRODUCT, "white");
    d.set_text(PrintArea::LeftChest, text);
    d
}

fn decode(png: &[u8]) -> RgbaImage {
    image::load_from_memory(png).unwrap().to_rgba8()
}

/// Columns and rows holding ink: (left, top, right, bottom), inclusive.
fn ink_box(img: &RgbaImage) -> (u32, u32, u32, u32) {
    let ink: Vec<_> = img
        .enumerate_pixels()
        .filter(|(_, _, p)| p[3] > 0)
        .map(|(x, y, _)| (x, y))
        .collect();
    let xs = ink.iter().map(|p| p.0);
    let ys = ink.iter().map(|p| p.1);
    (
        xs.clone().min().unwrap(),
        ys.clone().min().unwrap(),
        xs.max().unwrap(),
        ys.max().unwrap(),
    )
}

#[test]
fn limits_are_checked_with_their_messages() {
    assert_eq!(
        TextArc::new(ArcDirection::Up, 9),
        Err(StudioError::ArcRadiusOutOfRange)
    );
    assert_eq!(
        TextArc::new(ArcDirection::Down, 301)
            .unwrap_err()
            .to_string(),
        "Arc radius must be between 10 and 300"
    );
    assert!(TextArc::new(ArcDirection::Down, 10).is_ok());
    assert!(TextArc::new(ArcDirection::Up, 300).is_ok());
    assert_eq!(TextOutline::new(0, "#fff"), Ok(None), "0 is no outline");
    assert!(TextOutline::new(15, "#fff").unwrap().is_some());
    assert_eq!(
        TextOutline::new(16, "#fff").unwrap_err().to_string(),
        "Outline width must be between 0 (none) and 15"
    );
    assert_eq!(
        TextOutline::new(3, "white"),
        Err(StudioError::InvalidColour)
    );
    // Documents are checked the same way when read.
    for bad in [
        r#"{"text":"Hi","arc":{"direction":"up","radius":5}}"#,
        r#"{"text":"Hi","arc":{"direction":"sideways","radius":50}}"#,
        r##"{"text":"Hi","outline":{"width":0,"color":"#000"}}"##,
        r##"{"text":"Hi","outline":{"width":20,"color":"#000"}}"##,
    ] {
        assert!(serde_json::from_str::<TextElement>(bad).is_err(), "{bad}");
    }
    let t: TextElement = serde_json::from_str(
        r##"{"text":"Hi","arc":{"direction":"down","radius":50},"outline":{"width":4,"color":"#FFF"}}"##,
    )
    .unwrap();
    assert_eq!(t.arc(), arc(ArcDirection::Down, 50));
    assert_eq!(t.outline().unwrap().colour().as_str(), "#ffffff");
}

#[test]
fn an_arc_holds_its_text_in_at_most_a_half_circle() {
    let mut r = Renderer::with_bundled_fonts();
    // TEAM LEGACY at size 24 is about 6.9 font sizes wide, a font size is
    // 12% of the area's height: a half circle needs a radius of 27 or more.
    let tight = team(24).with_arc(arc(ArcDirection::Up, 20));
    let err = r.check_text(&tight).unwrap_err();
    let StudioError::ArcTooTight(min) = err else {
        panic!("{err:?}")
    };
    assert!((20..40).contains(&min), "{min}");
    assert_eq!(
        err.to_string(),
        format!(
            "This text is too long for that arc: use a radius of at least {min} so it bends at most a half circle"
        )
    );
    // The radius named is exactly the smallest one that works.
    assert!(
        r.check_text(&team(24).with_arc(arc(ArcDirection::Up, min)))
            .is_ok()
    );
    assert_eq!(
        r.check_text(&team(24).with_arc(arc(ArcDirection::Down, min - 1))),
        Err(StudioError::ArcTooTight(min))
    );
    // A smaller text fits the same circle; drawing refuses what checking refuses.
    assert!(
        r.check_text(&team(12).with_arc(arc(ArcDirection::Up, 20)))
            .is_ok()
    );
    assert_eq!(
        r.render_area(&design_with(tight), PrintArea::LeftChest, 400)
            .unwrap_err(),
        StudioError::ArcTooTight(min)
    );
}

#[test]
fn an_arched_text_covers_its_real_box_and_is_placed_by_it() {
    let fonts = Fonts::bundled();
    let flat = TextShape::layout(&fonts, &team(16)).unwrap().bbox();
    for direction in [ArcDirection::Up, ArcDirection::Down] {
        let text = team(16).with_arc(arc(direction, 30));
        let bent = TextShape::layout(&fonts, &text).unwrap().bbox();
        // Bent: at least as wide as the baseline's chord (radius 30% of the
        // area's height is 3.75 font sizes: 375 px at the reference size),
        // and more than twice as tall as the flat line.
        let r = 375.0_f32;
        let chord = 2.0 * r * (flat.width() / r / 2.0).sin();
        assert!(
            bent.width() > chord && bent.width() < chord + 200.0,
            "{direction:?} {bent:?}"
        );
        assert!(
            bent.height() > flat.height() * 2.0,
            "{direction:?} {bent:?}"
        );

        let mut r = Renderer::with_bundled_fonts();
        let d = design_with(text);
        let drawn = r.render_area(&d, PrintArea::LeftChest, 600).unwrap();
        let b = r.element_boxes(&d, PrintArea::LeftChest, 600).unwrap()[0];
        let (l, t, rt, bt) = ink_box(&drawn);
        // The ink lies inside the box the studio hit-tests and clamps with
        // (glyph cells turned along the arc), and nearly fills it.
        let (bl, bt_, br, bb) = (
            b.x - b.width / 2.0,
            b.y - b.height / 2.0,
            b.x + b.width / 2.0,
            b.y + b.height / 2.0,
        );
        assert!(
            bl <= l as f32 + 1.0 && br >= rt as f32 && bt_ <= t as f32 + 1.0 && bb >= bt as f32
        );
        assert!((rt - l) as f32 > 0.85 * b.width, "{b:?} {:?}", (l, rt));
        assert!((bt - t) as f32 > 0.7 * b.height, "{b:?} {:?}", (t, bt));
    }
    // An arch bulges up: its middle letters are its highest; a smile's its lowest.
    let mut r = Renderer::with_bundled_fonts();
    for (direction, middle_on_top) in [(ArcDirection::Up, true), (ArcDirection::Down, false)] {
        let d = design_with(team(16).with_arc(arc(direction, 30)));
        let img = r.render_area(&d, PrintArea::LeftChest, 600).unwrap();
        let (l, _, rt, _) = ink_box(&img);
        let top_of = |x: u32| (0..img.height()).find(|&y| img.get_pixel(x, y)[3] > 0);
        let column_top = |from: u32, to: u32| (from..to).filter_map(top_of).min().unwrap();
        let third = (rt - l) / 3;
        let (edge, middle) = (
            column_top(l, l + third / 2),
            column_top(l + third, rt - third),
        );
        assert_eq!(middle < edge, middle_on_top, "{direction:?}");
    }
    // A long arched text still shrinks to stay on the garment, by its real box.
    let mut r = Renderer::with_bundled_fonts();
    let d = design_with(team(48).with_arc(arc(ArcDirection::Down, 80)));
    let b = r.element_boxes(&d, PrintArea::LeftChest, 500).unwrap()[0];
    assert!(b.width <= 500.5 && b.height <= 500.5, "{b:?}");
}

#[test]
fn an_outline_grows_the_text_by_its_width_and_lies_under_the_fill() {
    // 10% of the font size on every side: 6.4 px at the decal's 64 px.
    let mut r = Renderer::with_bundled_fonts();
    let ringed = team(16).with_outline(outline(10, "#facc15"));
    let decal = r.text_decal(&ringed).unwrap();
    let (l0, t0, r0, b0) = ink_box(&r.text_decal(&team(16)).unwrap());
    let (l1, t1, r1, b1) = ink_box(&decal);
    let grown = |before: u32, after: u32| (after as f32 - before as f32 - 12.8).abs() <= 2.0;
    assert!(grown(r0 - l0, r1 - l1), "{:?} vs {:?}", (l0, r0), (l1, r1));
    assert!(grown(b0 - t0, b1 - t1), "{:?} vs {:?}", (t0, b0), (t1, b1));

    // The fill on top: the letters keep their colour, the ring around them is yellow.
    let count = |rgb: [u8; 3]| {
        decal
            .pixels()
            .filter(|p| p.0 == [rgb[0], rgb[1], rgb[2], 255])
            .count()
    };
    assert!(count([0x1d, 0x4e, 0xd8]) > 500, "the fill shows");
    assert!(count([0xfa, 0xcc, 0x15]) > 500, "the outline shows");
    // The outermost ink is the outline's.
    let (l, _, _, _) = ink_box(&decal);
    let leftmost = (0..decal.height())
        .map(|y| decal.get_pixel(l + 1, y))
        .find(|p| p[3] == 255)
        .unwrap();
    assert_eq!(leftmost.0[0..3], [0xfa, 0xcc, 0x15]);
}

#[test]
fn a_document_from_before_effects_reads_writes_and_draws_as_it_did() {
    // The shared scenario's left-chest text, as documents have always held it.
    let old = r##"{"text":"Legacy 2026","font":"Georgia","size":24,"color":"#f97316","position":{"x":30.0,"y":40.0}}"##;
    let t: TextElement = serde_json::from_str(old).unwrap();
    assert_eq!((t.arc(), t.outline()), (None, None));
    assert_eq!(
        serde_json::to_string(&t).unwrap(),
        old,
        "written back unchanged"
    );
    // Its decal is the one the golden reference pinned before effects existed.
    let reference: serde_json::Value =
        serde_json::from_slice(&std::fs::read(golden("reference.json")).unwrap()).unwrap();
    let pinned = &reference["areas"]["leftChest"]["textDecal"]["sha256"];
    assert!(pinned.is_string(), "the reference pins the decal");
    let decal = Renderer::with_bundled_fonts().text_decal(&t).unwrap();
    assert_eq!(
        design_engine::hash::sha256_hex(decal.as_raw()),
        pinned.as_str().unwrap()
    );
}

fn golden(name: &str) -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("tests/golden")
        .join(name)
}

/// The 300 DPI print file of the left chest against its golden PNG (pixels
/// compared, so a PNG encoder's update alone does not fail it).
fn matches_golden(name: &str, text: TextElement) {
    let png = Renderer::with_bundled_fonts()
        .export_area_png(&design_with(text), PrintArea::LeftChest)
        .unwrap();
    let path = golden(name);
    if std::env::var_os("UPDATE_GOLDEN").is_some() {
        std::fs::write(&path, &png).unwrap();
    }
    let expected = decode(&std::fs::read(&path).expect("the golden print file exists"));
    let actual = decode(&png);
    assert_eq!(actual.dimensions(), (1200, 1200), "4 in × 300 DPI");
    assert!(
        actual == expected,
        "{name} changed; see the module docs to update it"
    );
}

#[test]
fn golden_print_file_arched_up() {
    matches_golden(
        "print-arc-up.png",
        team(24).with_arc(arc(ArcDirection::Up, 40)),
    );
}

#[test]
fn golden_print_file_arched_down() {
    matches_golden(
        "print-arc-down.png",
        team(24).with_arc(arc(ArcDirection::Down, 40)),
    );
}

#[test]
fn golden_print_file_outlined() {
    matches_golden(
        "print-outline.png",
        team(24).with_outline(outline(8, "#facc15")),
    );
}

#[test]
fn golden_print_file_arched_and_outlined() {
    matches_golden(
        "print-arc-outline.png",
        team(24)
            .with_arc(arc(ArcDirection::Up, 40))
            .with_outline(outline(8, "#000000")),
    );
}
