//! The shared scenario: `tests/fixtures/scenario.json` played through the
//! native engine. `tests/golden.rs` checks the result against
//! `tests/golden/reference.json`, and the WebAssembly test (js-tests/) plays
//! the same scenario through the compiled package against the same file, so
//! both hosts must agree on every price, hash and pixel.

use std::path::PathBuf;

use design_engine::catalogue::builtin_catalogue;
use design_engine::codec::{decode_upload, encode_png};
use design_engine::effects::remove_background;
use design_engine::hash::{artwork_hash, content_hash, sha256_hex};
use design_engine::pricing::{GATEWAY_CHARGE_BPS, quote_order};
use design_engine::render::Renderer;
use design_engine::{Design, ElementKind, Font, ImageElement, PrintArea, Size, TextElement};
use serde_json::{Value, json};

pub fn fixtures() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures")
}

fn raster(img: &image::RgbaImage) -> Value {
    json!({ "width": img.width(), "height": img.height(), "sha256": sha256_hex(img.as_raw()) })
}

fn area(v: &Value) -> PrintArea {
    PrintArea::parse(v["area"].as_str().unwrap()).unwrap()
}

fn apply_moves(design: &mut Design, area: PrintArea, kind: ElementKind, moves: &Value) {
    for m in moves.as_array().unwrap() {
        design.move_element(area, kind, m[0].as_f64().unwrap(), m[1].as_f64().unwrap());
    }
}

pub fn run() -> Value {
    let scenario: Value =
        serde_json::from_slice(&std::fs::read(fixtures().join("scenario.json")).unwrap()).unwrap();
    let product = builtin_catalogue()[scenario["productIndex"].as_u64().unwrap() as usize].clone();
    let mut design = Design::new(&product.id, scenario["color"].as_str().unwrap());
    let mut renderer = Renderer::with_bundled_fonts();
    let mut processed = serde_json::Map::new();

    for t in scenario["texts"].as_array().unwrap() {
        let font = Font::parse(t["font"].as_str().unwrap()).unwrap();
        let size = t["size"].as_u64().unwrap() as u32;
        let el = TextElement::new(
            t["text"].as_str().unwrap(),
            font,
            size,
            t["color"].as_str().unwrap(),
        )
        .unwrap();
        design.set_text(area(t), el);
        apply_moves(&mut design, area(t), ElementKind::Text, &t["moves"]);
    }
    for i in scenario["images"].as_array().unwrap() {
        let mime = i["mime"].as_str().unwrap();
        let mut bytes = std::fs::read(fixtures().join(i["file"].as_str().unwrap())).unwrap();
        if let Some(tolerance) = i["removeBackground"].as_u64() {
            let (_, img) = decode_upload(&bytes, mime).unwrap();
            bytes = encode_png(&remove_background(&img, tolerance as u8), None);
            processed.insert(area(i).key().to_string(), json!(sha256_hex(&bytes)));
        }
        let asset = renderer.add_image(&bytes, mime).unwrap();
        design.set_image(
            area(i),
            ImageElement::new(asset, i["file"].as_str().unwrap()),
        );
        let (w, h) = (
            i["width"].as_u64().unwrap() as u32,
            i["height"].as_u64().unwrap() as u32,
        );
        design.set_image_size(area(i), w, h).unwrap();
        design.set_embroidery(area(i), i["embroidery"].as_bool().unwrap());
        apply_moves(&mut design, area(i), ElementKind::Image, &i["moves"]);
    }
    let below_minimum = design.quantities.check_minimum().unwrap_err().to_string();
    for (size, n) in scenario["quantities"].as_object().unwrap() {
        design
            .set_quantity(Size::parse(size).unwrap(), n.as_i64().unwrap())
            .unwrap();
    }

    let line = design
        .quote(&design_engine::ProductPricing::with_default_tiers(
            product.price,
        ))
        .unwrap();
    let order = quote_order(vec![line.clone()], GATEWAY_CHARGE_BPS).unwrap();
    let width = scenario["renderWidth"].as_u64().unwrap() as u32;
    let mut areas = serde_json::Map::new();
    for a in PrintArea::ALL {
        let content = design.area(a).clone();
        areas.insert(
            a.key().to_string(),
            json!({
                "textDecal": raster(&renderer.text_decal(content.text.as_ref().unwrap()).unwrap()),
                "imageDecal": raster(&renderer.image_decal(content.image.as_ref().unwrap()).unwrap()),
                "composite": raster(&renderer.render_area(&design, a, width).unwrap()),
            }),
        );
    }
    json!({
        "design": serde_json::to_value(&design).unwrap(),
        "contentHash": content_hash(&design),
        "artworkHash": artwork_hash(&design),
        "elementCount": design.element_count(),
        "needMore": design.quantities.need_more(),
        "belowMinimumMessage": below_minimum,
        "lineQuote": serde_json::to_value(&line).unwrap(),
        "orderQuote": serde_json::to_value(&order).unwrap(),
        "backgroundRemovedPng": processed,
        "areas": areas,
    })
}
