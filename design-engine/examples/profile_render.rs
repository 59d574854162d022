use design_engine::render::Renderer;
use design_engine::{Design, ElementKind, Font, ImageElement, PrintArea, TextElement};
use std::time::Instant;
fn main() {
    let mut r = Renderer::with_bundled_fonts();
    let png = std::fs::read(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/tests/fixtures/logo.png"
    ))
    .unwrap();
    let asset = r.add_image(&png, "image/png").unwrap();
    let mut d = Design::new("x", "white");
    let with_text = std::env::args().nth(1).unwrap_or_default();
    if with_text.contains('t') {
        d.set_text(
            PrintArea::LeftChest,
            TextElement::new("Legacy Threads 2026", Font::Georgia, 32, "#F97316").unwrap(),
        );
    }
    if with_text.contains('i') {
        d.set_image(PrintArea::LeftChest, ImageElement::new(asset, "l"));
    }
    let t = Instant::now();
    for i in 0..200 {
        d.move_element(
            PrintArea::LeftChest,
            ElementKind::Text,
            (i % 100) as f64,
            40.0,
        );
        std::hint::black_box(r.render_area(&d, PrintArea::LeftChest, 512).unwrap());
    }
    println!("{with_text}: {:?} per render", t.elapsed() / 200);
}
