//! Names and numbers drawn: a roster row on the preview and the proof, and
//! the per-piece print files with their `roster.csv`.

use std::collections::HashSet;

use design_engine::catalogue::builtin_catalogue;
use design_engine::codec::decode_upload;
use design_engine::render::{PRINT_DPI, Renderer, roster_csv};
use design_engine::{
    Design, Font, PersonalField, PersonalStyle, PrintArea, RosterRow, Size, StudioError,
    TextElement,
};
use image::RgbaImage;

/// The Back with a team text at the top, a name under it and a number in the middle.
fn team(pieces: u32) -> Design {
    let product = &builtin_catalogue()[0];
    let mut d = Design::new(&product.id, &product.colors[0]);
    let mut text = TextElement::new("LEGACY FC", Font::Georgia, 16, "#1d4ed8").unwrap();
    text.position = design_engine::placement::Position::clamped(50.0, 8.0);
    d.set_text(PrintArea::Back, text);
    let name = PersonalStyle::new(PersonalField::Name, Font::Verdana, 10, "#dc2626").unwrap();
    let number = PersonalStyle::new(PersonalField::Number, Font::Verdana, 45, "#16a34a").unwrap();
    d.set_personal(PrintArea::Back, PersonalField::Name, name);
    d.set_personal(PrintArea::Back, PersonalField::Number, number);
    let sizes = [Size::S, Size::M, Size::L, Size::XL, Size::XXL];
    let rows: Vec<RosterRow> = (0..pieces)
        .map(|i| {
            let size = sizes[i as usize % 5];
            let name = ["Sharma", "O'Brien", "Iyer", "De Souza", "Rao"][i as usize % 5];
            RosterRow::new(size, name, &(i + 1).to_string()).unwrap()
        })
        .collect();
    for size in sizes {
        let n = rows.iter().filter(|r| r.size() == size).count();
        d.set_quantity(size, n as i64).unwrap();
    }
    d.set_roster(rows).unwrap();
    d
}

/// Inked rows (top, bottom) in pixels whose colour is near `rgb`.
fn ink_rows(img: &RgbaImage, rgb: [u8; 3]) -> Option<(u32, u32)> {
    let near = |p: &image::Rgba<u8>| {
        p[3] > 128 && (0..3).all(|i| (i32::from(p[i]) - i32::from(rgb[i])).abs() < 40)
    };
    let ys: Vec<u32> = img
        .enumerate_pixels()
        .filter(|(_, _, p)| near(p))
        .map(|(_, y, _)| y)
        .collect();
    Some((*ys.iter().min()?, *ys.iter().max()?))
}

#[test]
fn a_row_is_drawn_at_its_height_over_the_shared_elements() {
    let d = team(25);
    let mut r = Renderer::with_bundled_fonts();
    let row = &d.roster()[0];
    let plain = r.render_area(&d, PrintArea::Back, 600).unwrap();
    let piece = r
        .render_area_for_row(&d, PrintArea::Back, row, 600)
        .unwrap();
    assert_eq!((piece.width(), piece.height()), (600, 700));
    // The shared text is on both; the name and number only on the piece.
    assert!(ink_rows(&plain, [0x1d, 0x4e, 0xd8]).is_some());
    assert_eq!(ink_rows(&plain, [0x16, 0xa3, 0x4a]), None);
    assert_eq!(
        ink_rows(&piece, [0x1d, 0x4e, 0xd8]),
        ink_rows(&plain, [0x1d, 0x4e, 0xd8])
    );
    // The number's digits are 45% of the area's height, centred at 52%.
    let (top, bottom) = ink_rows(&piece, [0x16, 0xa3, 0x4a]).unwrap();
    let height = f64::from(bottom - top + 1) / 700.0;
    assert!(
        (height - 0.45).abs() < 0.02,
        "number is {height} of the area"
    );
    let centre = f64::from(top + bottom) / 2.0 / 700.0;
    assert!((centre - 0.52).abs() < 0.02, "number centred at {centre}");
    // The name is 10% tall, at 18%.
    let (top, bottom) = ink_rows(&piece, [0xdc, 0x26, 0x26]).unwrap();
    let height = f64::from(bottom - top + 1) / 700.0;
    assert!(
        (height - 0.10).abs() < 0.015,
        "name is {height} of the area"
    );
    // Another row draws other pixels; the same row the same ones.
    let other = r
        .render_area_for_row(&d, PrintArea::Back, &d.roster()[1], 600)
        .unwrap();
    assert_ne!(other.as_raw(), piece.as_raw());
    let again = r
        .render_area_for_row(&d, PrintArea::Back, row, 600)
        .unwrap();
    assert_eq!(again.as_raw(), piece.as_raw());
    // The boxes the studio outlines are where the ink is.
    let boxes = r.personal_boxes(&d, PrintArea::Back, row, 600).unwrap();
    assert_eq!(boxes.len(), 2);
    assert_eq!(boxes[1].field, PersonalField::Number);
    assert!((f64::from(boxes[1].y) / 700.0 - 0.52).abs() < 0.01);
}

#[test]
fn a_long_name_shrinks_to_fit_the_area() {
    let mut d = team(25);
    let wide = PersonalStyle::new(PersonalField::Name, Font::CourierNew, 70, "#dc2626").unwrap();
    d.set_personal(PrintArea::LeftChest, PersonalField::Name, wide);
    let row = RosterRow::new(Size::M, "Wwwwwwwwwwww", "1").unwrap();
    let mut r = Renderer::with_bundled_fonts();
    let boxes = r
        .personal_boxes(&d, PrintArea::LeftChest, &row, 400)
        .unwrap();
    assert_eq!(boxes.len(), 1);
    assert!(boxes[0].width <= 400.0 + 0.5, "{boxes:?}");
}

#[test]
fn thirty_pieces_make_thirty_named_files_and_a_roster_to_tick_off() {
    let d = team(30);
    let mut r = Renderer::with_bundled_fonts();
    let files = r.piece_files(&d).unwrap();
    assert_eq!(files.len(), 30);
    let names: HashSet<&str> = files.iter().map(|f| f.file_name.as_str()).collect();
    assert_eq!(names.len(), 30, "file names are unique");
    assert_eq!(files[0].file_name, "back-01-SHARMA-1.png");
    assert_eq!(files[1].file_name, "back-02-O-BRIEN-2.png");
    assert_eq!(files[3].file_name, "back-04-DE-SOUZA-4.png");
    assert_eq!(files[29].file_name, "back-30-RAO-30.png");
    for (i, f) in files.iter().enumerate() {
        assert_eq!((f.row, f.area), (i + 1, PrintArea::Back));
    }
    // A piece's file is the whole Back at 300 DPI, with only its name and number.
    let img = image::load_from_memory(&files[6].png).unwrap().to_rgba8();
    let width = 12 * PRINT_DPI;
    assert_eq!((img.width(), img.height()), (width, 14 * PRINT_DPI));
    assert_eq!(ink_rows(&img, [0x1d, 0x4e, 0xd8]), None, "no shared text");
    assert!(ink_rows(&img, [0x16, 0xa3, 0x4a]).is_some());
    assert!(ink_rows(&img, [0xdc, 0x26, 0x26]).is_some());
    // Each file holds its own row: different names and numbers, different pixels.
    let distinct: HashSet<&[u8]> = files.iter().map(|f| f.png.as_slice()).collect();
    assert_eq!(distinct.len(), 30);

    let csv = roster_csv(&d);
    let lines: Vec<&str> = csv.split("\r\n").collect();
    assert_eq!(
        lines.len(),
        32,
        "a header, 30 pieces and the final line break"
    );
    assert_eq!(lines[0], "row,size,name,number,files,done");
    assert_eq!(lines[2], "2,M,O'BRIEN,2,back-02-O-BRIEN-2.png,");
    assert_eq!(lines[30], "30,XXL,RAO,30,back-30-RAO-30.png,");
    assert_eq!(lines[31], "");
    for (line, f) in lines[1..31].iter().zip(&files) {
        assert!(line.contains(&f.file_name));
    }
}

#[test]
fn print_files_need_a_roster_that_fits() {
    let mut d = team(30);
    d.set_quantity(Size::M, 9).unwrap();
    let mut r = Renderer::with_bundled_fonts();
    assert_eq!(
        r.piece_files(&d),
        Err(StudioError::RosterSizeMismatch {
            size: Size::M,
            roster: 6,
            quantity: 9
        })
    );
    // A design without names or numbers has no pieces to print apart.
    let plain = Design::new("p", "white");
    assert_eq!(r.piece_files(&plain), Ok(Vec::new()));
    assert_eq!(roster_csv(&plain), "row,size,name,number,files,done\r\n");
}

#[test]
fn the_thumbnail_shows_the_first_rows_name_and_number() {
    let product = &builtin_catalogue()[0];
    let mut d = Design::new(&product.id, &product.colors[0]);
    let number = PersonalStyle::new(PersonalField::Number, Font::Arial, 60, "#16a34a").unwrap();
    d.set_personal(PrintArea::Back, PersonalField::Number, number);
    let mut r = Renderer::with_bundled_fonts();
    let blank = r.thumbnail_png(&d, 200).unwrap();
    d.set_roster(vec![RosterRow::new(Size::M, "", "10").unwrap()])
        .unwrap();
    let with_row = r.thumbnail_png(&d, 200).unwrap();
    let img = decode_upload(&with_row, "image/png").unwrap().1;
    assert!(ink_rows(&img, [0x16, 0xa3, 0x4a]).is_some());
    assert_ne!(blank, with_row);
}

/// The design js-tests/engine.test.mjs builds in the browser: both must draw
/// its row with the same pixels.
#[test]
fn the_browser_draws_a_row_as_natively() {
    let product = &builtin_catalogue()[0];
    let mut d = Design::new(&product.id, &product.colors[0]);
    let name = PersonalStyle::new(PersonalField::Name, Font::Verdana, 10, "#dc2626").unwrap();
    let number = PersonalStyle::new(PersonalField::Number, Font::Verdana, 45, "#16a34a").unwrap();
    d.set_personal(PrintArea::Back, PersonalField::Name, name);
    d.set_personal(PrintArea::Back, PersonalField::Number, number);
    let row = RosterRow::new(Size::M, "O'Brien", "7").unwrap();
    let piece = Renderer::with_bundled_fonts()
        .render_area_for_row(&d, PrintArea::Back, &row, 600)
        .unwrap();
    assert_eq!(
        design_engine::hash::sha256_hex(piece.as_raw()),
        ROW_PREVIEW_SHA256
    );
}

const ROW_PREVIEW_SHA256: &str = "846cb679da47a541f9d1c20cb9657e52cecde5622d9bab0788ddf6deead463ad";

/// A piece's file draws only the rows its name and number cross: the same
/// pixels as the whole area drawn with the row.
#[test]
fn a_piece_file_is_the_area_drawn_with_only_its_row() {
    let product = &builtin_catalogue()[0];
    let mut d = Design::new(&product.id, &product.colors[0]);
    let name = PersonalStyle::new(PersonalField::Name, Font::TimesNewRoman, 20, "#dc2626").unwrap();
    d.set_personal(PrintArea::LeftChest, PersonalField::Name, name);
    d.move_personal(PrintArea::LeftChest, PersonalField::Name, 30.0, 97.0);
    let row = RosterRow::new(Size::M, "Iyer", "").unwrap();
    let mut r = Renderer::with_bundled_fonts();
    let file = r.export_piece_png(&d, PrintArea::LeftChest, &row).unwrap();
    let img = image::load_from_memory(&file).unwrap().to_rgba8();
    let whole = r
        .render_area_for_row(&d, PrintArea::LeftChest, &row, 4 * PRINT_DPI)
        .unwrap();
    assert_eq!((img.width(), img.height()), (1200, 1200));
    assert_eq!(img.as_raw(), whole.as_raw());
    // Half of it runs off the bottom edge: cut there, as on the garment.
    let (top, bottom) = ink_rows(&img, [0xdc, 0x26, 0x26]).unwrap();
    assert_eq!(bottom, 1199);
    assert!(top < 1164);
}
