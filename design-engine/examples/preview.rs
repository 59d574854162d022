//! Renders a sample design to PNG files so a person can look at the engine's
//! output: `cargo run -p design-engine --example preview -- OUT_DIR`.

use design_engine::codec::{decode_upload, encode_png};
use design_engine::effects::remove_background;
use design_engine::render::Renderer;
use design_engine::{Design, Font, ImageElement, PrintArea, TextElement};

fn main() {
    let out = std::path::PathBuf::from(std::env::args().nth(1).unwrap_or_else(|| "preview".into()));
    std::fs::create_dir_all(&out).unwrap();
    let logo = std::fs::read(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/tests/fixtures/logo.png"
    ))
    .unwrap();
    let (_, img) = decode_upload(&logo, "image/png").unwrap();
    let cleaned = encode_png(&remove_background(&img, 40), None);

    let mut renderer = Renderer::with_bundled_fonts();
    let mut design = Design::new("64f1a2b3c4d5e6f708190a01", "white");
    for (i, font) in Font::ALL.iter().enumerate() {
        let text = TextElement::new(&format!("{} Ag", font.name()), *font, 32, "#1e293b").unwrap();
        let decal = renderer.text_decal(&text).unwrap();
        std::fs::write(out.join(format!("text-{i}.png")), encode_png(&decal, None)).unwrap();
    }
    design.set_text(
        PrintArea::LeftChest,
        TextElement::new("Legacy 2026", Font::Georgia, 24, "#F97316").unwrap(),
    );
    let asset = renderer.add_image(&cleaned, "image/png").unwrap();
    design.set_image(
        PrintArea::LeftChest,
        ImageElement::new(asset.clone(), "logo"),
    );
    design.move_element(
        PrintArea::LeftChest,
        design_engine::ElementKind::Image,
        50.0,
        70.0,
    );
    design.move_element(
        PrintArea::LeftChest,
        design_engine::ElementKind::Text,
        50.0,
        25.0,
    );
    design.set_image_size(PrintArea::LeftChest, 60, 60).unwrap();
    design.set_text(
        PrintArea::Back,
        TextElement::new("TEAM INDIA", Font::Verdana, 32, "#3B82F6").unwrap(),
    );
    design.move_element(
        PrintArea::Back,
        design_engine::ElementKind::Text,
        50.0,
        15.0,
    );
    let mut stitched = ImageElement::new(asset, "logo");
    stitched.use_embroidery = true;
    design.set_image(PrintArea::Back, stitched);
    design.set_image_size(PrintArea::Back, 70, 70).unwrap();
    for area in PrintArea::ALL {
        let img = renderer.render_area(&design, area, 512).unwrap();
        std::fs::write(
            out.join(format!("{}.png", area.key())),
            encode_png(&img, None),
        )
        .unwrap();
        let print = renderer.export_area_png(&design, area).unwrap();
        std::fs::write(out.join(format!("{}-300dpi.png", area.key())), print).unwrap();
    }
    println!("wrote {}", out.display());
}
