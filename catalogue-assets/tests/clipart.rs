//! The committed clip-art library is what the generator makes, and the engine
//! reads and draws every item of it.

use std::collections::HashSet;

use catalogue_assets::clipart::{CATEGORIES, default_path, index_json, library};
use design_engine::render::vector::VectorArt;

#[test]
fn the_committed_library_is_current() {
    let made = index_json(&library().unwrap());
    let committed = std::fs::read_to_string(default_path()).unwrap_or_default();
    assert!(
        made == committed,
        "assets/clipart/index.json is stale: run `cargo run -p catalogue-assets --bin clipart`"
    );
}

#[test]
fn every_clipart_is_unique_categorised_licensed_and_drawable() {
    let lib = library().unwrap();
    assert!(lib.items.len() >= 300, "{} items", lib.items.len());
    let mut ids = HashSet::new();
    let mut sheet = std::env::var_os("CLIPART_SHEET").map(|_| Vec::new());
    for item in &lib.items {
        assert!(ids.insert(item.id.clone()), "{} twice", item.id);
        assert!(
            design_engine::elements::image_source::is_clipart_id(&item.id),
            "{}",
            item.id
        );
        assert!(CATEGORIES.iter().any(|(c, _)| *c == item.category));
        assert!(lib.licences.iter().any(|l| l.id == item.licence));
        assert!(!item.tags.is_empty() && !item.name.is_empty());
        let art = VectorArt::from_svg(&item.svg).unwrap_or_else(|e| panic!("{}: {e}", item.id));
        let px = art.raster([0, 0, 0], 64, 64).unwrap();
        let ink = px.pixels().iter().filter(|p| p.alpha() > 128).count();
        // Some ink, and not a filled square (a stroke drawn as a fill would be).
        assert!(
            (40..64 * 64 * 9 / 10).contains(&ink),
            "{}: {ink} pixels of ink",
            item.id
        );
        if let Some(sheet) = sheet.as_mut() {
            sheet.push(px);
        }
    }
    for (category, _) in CATEGORIES {
        let n = lib.items.iter().filter(|i| i.category == category).count();
        assert!(n >= 15, "{category}: {n}");
    }
    // CLIPART_SHEET=file.png draws every item on one sheet, to look at.
    if let (Some(sheet), Some(path)) = (sheet, std::env::var_os("CLIPART_SHEET")) {
        let cols = 20;
        let rows = sheet.len().div_ceil(cols) as u32;
        let mut out = resvg::tiny_skia::Pixmap::new(cols as u32 * 68, rows * 68).unwrap();
        out.fill(resvg::tiny_skia::Color::WHITE);
        for (i, px) in sheet.iter().enumerate() {
            let (x, y) = ((i % cols) as i32 * 68 + 2, (i / cols) as i32 * 68 + 2);
            out.draw_pixmap(
                x,
                y,
                px.as_ref(),
                &Default::default(),
                Default::default(),
                None,
            );
        }
        out.save_png(path).unwrap();
    }
}
