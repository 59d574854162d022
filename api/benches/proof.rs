//! `cargo bench -p api --bench proof`: the time to draw a two-line order's
//! proof PDF as the server does (in its heavy-work queue): the engine renders
//! each print area's preview from the artwork, then the page is laid out,
//! the previews embedded and the fonts subset. Line 1 has the logo on the
//! back and a text on the left chest, line 2 the logo on the left chest.
//! `PROOF_PDF_OUT=dir` also writes the PDF there, to look at.

use std::hint::black_box;

use api::proofs::{Header, Line, render};
use criterion::{Criterion, criterion_group, criterion_main};
use design_engine::{Design, Font, ImageElement, PrintArea, Size, TextElement};

const LOGO: &[u8] = include_bytes!("../../design-engine/tests/fixtures/logo.png");

fn two_lines() -> Vec<Line> {
    let (asset, _) = design_engine::render::decode_upload(LOGO, "image/png").unwrap();
    let mut first = Design::new("64f1a2b3c4d5e6f708190a01", "navyblue");
    first.set_image(
        PrintArea::Back,
        ImageElement::new(asset.clone(), "logo.png"),
    );
    first.set_text(
        PrintArea::LeftChest,
        TextElement::new("Team Legacy", Font::Arial, 32, "#ffffff").unwrap(),
    );
    first.set_quantity(Size::M, 15).unwrap();
    first.set_quantity(Size::L, 10).unwrap();
    let mut second = Design::new("64f1a2b3c4d5e6f708190a05", "white");
    second.set_image(PrintArea::LeftChest, ImageElement::new(asset, "logo.png"));
    second.set_quantity(Size::S, 25).unwrap();
    vec![
        Line {
            product: "Formal Shirt Full Sleeves".into(),
            design: first,
        },
        Line {
            product: "T-Shirt Normal".into(),
            design: second,
        },
    ]
}

fn header() -> Header {
    Header {
        seller: "Legacy Threads Pvt Ltd".into(),
        contact: "care@legacythreads.example · +91 22 5555 0100".into(),
        order_number: "LT-20261122-7KQ3M9".into(),
        version: 2,
        date: "25/11/2026".into(),
        customer: "Asha Rao".into(),
        note: Some("Logo enlarged as asked".into()),
    }
}

fn proof_pdf(c: &mut Criterion) {
    let (header, lines) = (header(), two_lines());
    let pictures = vec![(LOGO.to_vec(), "image/png".to_string())];
    if let Ok(dir) = std::env::var("PROOF_PDF_OUT") {
        let path = std::path::Path::new(&dir).join("proof-two-lines.pdf");
        std::fs::write(path, render(&header, &lines, &pictures).unwrap()).unwrap();
    }
    c.bench_function("proof PDF, 2 lines (3 print areas)", |b| {
        b.iter(|| render(black_box(&header), black_box(&lines), black_box(&pictures)).unwrap())
    });
}

criterion_group!(benches, proof_pdf);
criterion_main!(benches);
