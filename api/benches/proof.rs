//! `cargo bench -p api --bench proof`: the time to draw a two-line order's
//! proof PDF as the server does (in its heavy-work queue): the engine renders
//! each print area's preview from the artwork, then the page is laid out,
//! the previews embedded and the fonts subset. Line 1 has the logo on the
//! back and a text on the left chest, line 2 the logo on the left chest.
//! `PROOF_PDF_OUT=dir` also writes the PDF there, to look at. First it
//! prints the most heap a print file holds while drawn (a 5 MB photo
//! filling the Back, and one roster piece), which the print files' cost
//! (`PRINT_AREA_BYTES` in print_files.rs) declares.

use std::hint::black_box;

use api::core::proofs::{Header, Line, render};
use criterion::{Criterion, criterion_group, criterion_main};
use design_engine::personal_field::PersonalField;
use design_engine::personalisation::PersonalStyle;
use design_engine::render::Renderer;
use design_engine::{Design, Font, ImageElement, PrintArea, RosterRow, Size, TextElement};

#[path = "common/peak.rs"]
mod peak;

#[global_allocator]
static HEAP: peak::Counting = peak::Counting;

const LOGO: &[u8] = include_bytes!("../../design-engine/tests/fixtures/logo.png");

fn two_lines() -> Vec<Line> {
    let (asset, _) = design_engine::codec::decode_upload(LOGO, "image/png").unwrap();
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
            garment: design_engine::garment::Garment::with_colours(vec!["white".into()]),
        },
        Line {
            product: "T-Shirt Normal".into(),
            design: second,
            garment: design_engine::garment::Garment::with_colours(vec!["white".into()]),
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

/// A photo as large as an upload may be (24 MP, a JPEG under 5 MB): smooth
/// shades with a little grain, which a PNG compresses poorly.
fn photo() -> Vec<u8> {
    let (w, h) = (4000, 6000);
    let mut seed = 0x2545_f491_u32;
    let img = image::RgbImage::from_fn(w, h, |x, y| {
        seed ^= seed << 13;
        seed ^= seed >> 17;
        seed ^= seed << 5;
        let grain = seed % 17;
        image::Rgb([
            (x * 255 / w + grain) as u8,
            (y * 255 / h + grain) as u8,
            ((x + y) * 127 / (w + h) + grain) as u8,
        ])
    });
    let mut out = Vec::new();
    image::codecs::jpeg::JpegEncoder::new_with_quality(&mut out, 75)
        .encode_image(&img)
        .unwrap();
    out
}

fn print_file_peaks() {
    let photo = photo();
    eprintln!("a {:.1} MB JPEG, 4,000 × 6,000:", photo.len() as f64 / 1e6);
    assert!(photo.len() as u64 <= design_engine::elements::MAX_IMAGE_BYTES);
    let (asset, _) = design_engine::codec::decode_upload(&photo, "image/jpeg").unwrap();
    let mut design = Design::new("64f1a2b3c4d5e6f708190a05", "white");
    let mut image = ImageElement::new(asset, "photo.jpg");
    image.size = design_engine::elements::ImageSize::new(100, 100).unwrap();
    design.set_image(PrintArea::Back, image);
    let mut renderer = Renderer::with_bundled_fonts();
    renderer.add_image(&photo, "image/jpeg").unwrap();
    let (png, _) = peak::report("the Back's print file, a photo filling it", || {
        renderer.export_area_png(&design, PrintArea::Back).unwrap()
    });
    eprintln!(
        "  (its PNG: {:.1} MiB)",
        png.len() as f64 / (1 << 20) as f64
    );
    for field in PersonalField::ALL {
        let style = PersonalStyle::new(field, Font::Arial, 40, "#111111").unwrap();
        design.set_personal(PrintArea::Back, field, style);
    }
    let row = RosterRow::new(Size::M, "Wwwwwwwwwwww", "888").unwrap();
    peak::report("one roster piece's print file (the Back)", || {
        renderer
            .export_piece_png(&design, PrintArea::Back, &row)
            .unwrap()
    });
}

fn proof_pdf(c: &mut Criterion) {
    print_file_peaks();
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
