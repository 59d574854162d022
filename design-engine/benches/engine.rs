//! `just bench`: the engine's hot paths, natively. The same operations are
//! timed in WebAssembly by js-tests/bench.mjs.

use std::hint::black_box;

use criterion::{Criterion, criterion_group, criterion_main};
use design_engine::effects::remove_background;
use design_engine::elements::{ArcDirection, TextArc, TextOutline};
use design_engine::pricing::{GATEWAY_CHARGE_BPS, quote_order};
use design_engine::render::{Fonts, Renderer};
use design_engine::{
    Design, ElementKind, Font, ImageElement, PersonalField, PersonalStyle, PrintArea, RosterRow,
    Size, TextElement,
};
use image::{Rgba, RgbaImage};

fn logo(size: u32) -> RgbaImage {
    let c = size as i32 / 2;
    RgbaImage::from_fn(size, size, |x, y| {
        let d2 = (x as i32 - c).pow(2) + (y as i32 - c).pow(2);
        if d2 < (size as i32 * 4 / 10).pow(2) {
            Rgba([220, 40, 30, 255])
        } else {
            Rgba([250, 250, 248, 255])
        }
    })
}

fn sample(renderer: &mut Renderer) -> Design {
    let png = std::fs::read(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/tests/fixtures/logo.png"
    ))
    .unwrap();
    let asset = renderer.add_image(&png, "image/png").unwrap();
    let mut d = Design::new("64f1a2b3c4d5e6f708190a01", "white");
    for area in PrintArea::ALL {
        d.set_text(
            area,
            TextElement::new("Legacy Threads 2026", Font::Georgia, 32, "#F97316").unwrap(),
        );
        d.set_image(area, ImageElement::new(asset.clone(), "logo.png"));
        d.set_image_size(area, 40, 40).unwrap();
    }
    d.set_quantity(Size::M, 30).unwrap();
    d
}

/// A 100-piece team order: the sample's artwork with a name and a number on the Back.
fn team(design: &Design) -> Design {
    let mut d = design.clone();
    for (field, height) in [(PersonalField::Name, 10), (PersonalField::Number, 45)] {
        let style = PersonalStyle::new(field, Font::Verdana, height, "#1e293b").unwrap();
        d.set_personal(PrintArea::Back, field, style);
    }
    let names = ["Sharma", "O'Brien", "Iyer", "De Souza", "Raghunathan"];
    let rows: Vec<RosterRow> = (0..100)
        .map(|i| RosterRow::new(Size::L, names[i % 5], &(i + 1).to_string()).unwrap())
        .collect();
    d.set_quantity(Size::M, 0).unwrap();
    d.set_quantity(Size::L, 100).unwrap();
    d.set_roster(rows).unwrap();
    d
}

fn benches(c: &mut Criterion) {
    let fonts = Fonts::bundled();
    let text = TextElement::new("Legacy Threads", Font::Georgia, 48, "#1e293b").unwrap();
    c.bench_function("text decal 512x512 (layout + raster)", |b| {
        b.iter(|| {
            Renderer::new(fonts.clone())
                .text_decal(black_box(&text))
                .unwrap()
        })
    });

    // An arched, outlined team name: two layouts (the flat one measures the
    // arc) and the raster, as after choosing an arc in the studio.
    let arched = TextElement::new("TEAM LEGACY", Font::Verdana, 24, "#1d4ed8")
        .unwrap()
        .with_arc(Some(TextArc::new(ArcDirection::Up, 40).unwrap()))
        .with_outline(TextOutline::new(8, "#000000").unwrap());
    c.bench_function("arched outlined text decal (layout + raster)", |b| {
        b.iter(|| {
            Renderer::new(fonts.clone())
                .text_decal(black_box(&arched))
                .unwrap()
        })
    });
    let mut x_arc = 0.0;
    let mut arched_design = Design::new("64f1a2b3c4d5e6f708190a01", "white");
    arched_design.set_text(PrintArea::LeftChest, arched.clone());
    let mut warm = Renderer::new(fonts.clone());
    c.bench_function(
        "arched outlined text: area re-render 512px after a move",
        |b| {
            b.iter(|| {
                x_arc = (x_arc + 7.0) % 100.0;
                arched_design.move_element(PrintArea::LeftChest, ElementKind::Text, x_arc, 40.0);
                black_box(
                    warm.render_area(&arched_design, PrintArea::LeftChest, 512)
                        .unwrap(),
                )
            })
        },
    );

    let mut renderer = Renderer::new(fonts.clone());
    let mut design = sample(&mut renderer);
    let mut x = 0.0;
    c.bench_function("two-area re-render 512px after a move", |b| {
        b.iter(|| {
            x = (x + 7.0) % 100.0;
            design.move_element(PrintArea::LeftChest, ElementKind::Text, x, 40.0);
            for area in PrintArea::ALL {
                black_box(renderer.render_area(&design, area, 512).unwrap());
            }
        })
    });
    // A drag's moves alone: each clamped into its area (half of them land outside it).
    let mut step = 0.0;
    c.bench_function("move an element (clamped)", |b| {
        b.iter(|| {
            step = (step + 13.0) % 200.0;
            design.move_element(
                PrintArea::LeftChest,
                ElementKind::Text,
                black_box(step - 50.0),
                black_box(150.0 - step),
            );
        })
    });
    let mut n = 0u32;
    c.bench_function("two-area re-render 512px after a text edit", |b| {
        b.iter(|| {
            n += 1;
            let t = TextElement::new(&format!("Legacy {n}"), Font::Georgia, 32, "#F97316").unwrap();
            design.set_text(PrintArea::LeftChest, t);
            for area in PrintArea::ALL {
                black_box(renderer.render_area(&design, area, 512).unwrap());
            }
        })
    });

    // The server draws a saved design's thumbnail with a renderer of its own.
    let logo_png = std::fs::read(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/tests/fixtures/logo.png"
    ))
    .unwrap();
    c.bench_function(
        "saved-design thumbnail 320px (fresh renderer, as the server)",
        |b| {
            b.iter(|| {
                let mut fresh = Renderer::new(fonts.clone());
                fresh.add_image(&logo_png, "image/png").unwrap();
                black_box(fresh.thumbnail_png(black_box(&design), 320).unwrap())
            })
        },
    );

    c.bench_function("quote (line + order)", |b| {
        b.iter(|| {
            quote_order(
                vec![
                    black_box(&design)
                        .quote(&design_engine::ProductPricing::with_default_tiers(
                            design_engine::Paise(4500),
                        ))
                        .unwrap(),
                ],
                GATEWAY_CHARGE_BPS,
            )
            .unwrap()
        })
    });

    // Choosing another row: its name and number laid out and drawn anew.
    let team = team(&design);
    let mut i = 0;
    c.bench_function("roster row preview: Back 512px, another row", |b| {
        b.iter(|| {
            i = (i + 1) % team.roster().len();
            let row = &team.roster()[i];
            black_box(
                renderer
                    .render_area_for_row(&team, PrintArea::Back, row, 512)
                    .unwrap(),
            )
        })
    });

    let mut slow = c.benchmark_group("heavy");
    slow.sample_size(10);
    slow.bench_function("export Back at 300 DPI (3600x4200 PNG)", |b| {
        b.iter(|| {
            renderer
                .export_area_png(black_box(&design), PrintArea::Back)
                .unwrap()
        })
    });
    slow.bench_function("100-piece print files (Back name + number, 300 DPI)", |b| {
        b.iter(|| black_box(renderer.piece_files(black_box(&team)).unwrap()))
    });
    let big = logo(1000);
    slow.bench_function("background removal 1000x1000", |b| {
        b.iter(|| remove_background(black_box(&big), 40))
    });
    slow.finish();
}

criterion_group!(engine, benches);
criterion_main!(engine);
