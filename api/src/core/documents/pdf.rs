//! The invoice as an A4 PDF: real, selectable text in the engine's fonts
//! (Liberation Sans, with DejaVu Sans for what it lacks, such as '₹'),
//! embedded as subsets with their Unicode maps, so the text can be searched,
//! copied and read aloud. Drawn by krilla; shaped by harfrust (the studio's
//! texts are laid out by the engine itself, on ttf-parser).
//!
//! Two steps: `layout` turns the invoice into pages of drawing operations
//! (measuring shaped text, wrapping, breaking pages and repeating the table
//! header), then `write` draws them. Coordinates are PDF points from the
//! page's top left corner.

use std::ops::Range;
use std::sync::OnceLock;

use design_engine::pricing::Paise;
use design_engine::render::fonts::bundled;
use krilla::color::rgb;
use krilla::geom::{PathBuilder, Point, Rect};
use krilla::metadata::Metadata;
use krilla::num::NormalizedF32;
use krilla::page::PageSettings;
use krilla::paint::{Fill, Stroke};
use krilla::text::{GlyphId, KrillaGlyph};
use krilla::{Document, SerializeSettings};
use skrifa::MetadataProvider;

use super::{Invoice, InvoiceLine};
use crate::domain::address::ShippingAddress;

/// A4 in points.
pub(crate) const PAGE_W: f32 = 595.28;
pub(crate) const PAGE_H: f32 = 841.89;
pub(crate) const MARGIN: f32 = 42.0;
pub(crate) const RIGHT: f32 = PAGE_W - MARGIN;
/// Content stops here; the footer sits below.
pub(crate) const BOTTOM: f32 = PAGE_H - 64.0;

/// sRGB.
pub(crate) type Colour = (u8, u8, u8);
pub(crate) const INK: Colour = (17, 24, 39);
pub(crate) const MUTED: Colour = (91, 99, 112);
pub(crate) const RULE: Colour = (209, 213, 219);
pub(crate) const SHADE: Colour = (243, 244, 246);

/// A font: krilla's handle for embedding, and the same bytes for shaping.
struct Face {
    pdf: krilla::text::Font,
    font: skrifa::FontRef<'static>,
    charmap: skrifa::charmap::Charmap<'static>,
    shaper: harfrust::ShaperData,
    units_per_em: f32,
}

impl Face {
    fn new(bytes: &'static [u8]) -> Face {
        let font = skrifa::FontRef::new(bytes).expect("the engine's fonts parse");
        let pdf = krilla::text::Font::new(bytes.into(), 0).expect("the engine's fonts load");
        Face {
            units_per_em: pdf.units_per_em(),
            pdf,
            charmap: font.charmap(),
            shaper: harfrust::ShaperData::new(&font),
            font,
        }
    }

    fn covers(&self, c: char) -> bool {
        self.charmap.map(c).is_some()
    }
}

/// The body font first, then the fallback.
fn faces() -> &'static [Face; 2] {
    static FACES: OnceLock<[Face; 2]> = OnceLock::new();
    FACES.get_or_init(|| {
        [
            Face::new(bundled::LIBERATION_SANS),
            Face::new(bundled::DEJAVU_SANS),
        ]
    })
}

/// Text in one face, shaped: glyph advances in em, clusters as byte ranges of `text`.
#[derive(Clone)]
struct Run {
    face: usize,
    text: String,
    glyphs: Vec<KrillaGlyph>,
    width: f32,
}

/// A line of text, shaped into runs of one face each; `width` in em.
#[derive(Clone)]
pub(crate) struct Shaped {
    runs: Vec<Run>,
    width: f32,
}

impl Shaped {
    pub(crate) fn width(&self, size: f32) -> f32 {
        self.width * size
    }
}

/// Shapes `text`, each character in the first face that has it (the body
/// face when none does: a missing glyph, never a panic).
pub(crate) fn shape(text: &str) -> Shaped {
    let faces = faces();
    let face_of = |c: char| faces.iter().position(|f| f.covers(c)).unwrap_or(0);
    let mut runs = Vec::new();
    let mut start = 0;
    let mut current = None;
    for (i, c) in text.char_indices() {
        // Spaces and marks stay with the run they are in.
        let f = if c.is_whitespace() {
            current.unwrap_or(0)
        } else {
            face_of(c)
        };
        if current.is_some_and(|cur| cur != f) {
            runs.push(shape_run(current.unwrap_or(0), &text[start..i]));
            start = i;
        }
        current = Some(f);
    }
    if start < text.len() {
        runs.push(shape_run(current.unwrap_or(0), &text[start..]));
    }
    let width = runs.iter().map(|r| r.width).sum();
    Shaped { runs, width }
}

fn shape_run(face: usize, text: &str) -> Run {
    let f = &faces()[face];
    let shaper = f.shaper.shaper(&f.font).build();
    let mut buffer = harfrust::UnicodeBuffer::new();
    buffer.push_str(text);
    buffer.guess_segment_properties();
    let out = shaper.shape(buffer, harfrust::ShapeOptions::new());
    let (infos, positions) = (out.glyph_infos(), out.glyph_positions());
    // A cluster ends where the next larger cluster starts (either direction).
    let mut starts: Vec<usize> = infos.iter().map(|i| i.cluster as usize).collect();
    starts.sort_unstable();
    starts.dedup();
    let range = |start: usize| -> Range<usize> {
        let end = starts
            .iter()
            .copied()
            .find(|&s| s > start)
            .unwrap_or(text.len());
        start..end
    };
    let em = f.units_per_em;
    let glyphs: Vec<KrillaGlyph> = infos
        .iter()
        .zip(positions)
        .map(|(info, pos)| {
            KrillaGlyph::new(
                GlyphId::new(info.glyph_id),
                pos.x_advance as f32 / em,
                pos.x_offset as f32 / em,
                pos.y_offset as f32 / em,
                pos.y_advance as f32 / em,
                range(info.cluster as usize),
                None,
            )
        })
        .collect();
    let width = glyphs.iter().map(|g| g.x_advance).sum();
    Run {
        face,
        text: text.to_string(),
        glyphs,
        width,
    }
}

/// Greedy word wrap to `max` points at `size`; a word longer than a line
/// is broken between characters.
pub(crate) fn wrap(text: &str, size: f32, max: f32) -> Vec<String> {
    let mut lines = Vec::new();
    for paragraph in text.lines() {
        let mut line = String::new();
        for word in paragraph.split_whitespace() {
            let candidate = if line.is_empty() {
                word.to_string()
            } else {
                format!("{line} {word}")
            };
            if shape(&candidate).width(size) <= max {
                line = candidate;
                continue;
            }
            if !line.is_empty() {
                lines.push(std::mem::take(&mut line));
            }
            for c in word.chars() {
                let mut next = line.clone();
                next.push(c);
                if !line.is_empty() && shape(&next).width(size) > max {
                    lines.push(std::mem::take(&mut line));
                    next = c.to_string();
                }
                line = next;
            }
        }
        if !line.is_empty() {
            lines.push(line);
        }
    }
    if lines.is_empty() {
        lines.push(String::new());
    }
    lines
}

#[derive(Clone, Copy, PartialEq)]
pub(crate) enum Weight {
    Regular,
    /// Filled and outlined with a hairline of the same colour: the engine
    /// ships no bold face, and the glyphs stay text.
    Bold,
}

#[derive(Clone, Copy)]
pub(crate) struct Style {
    pub(crate) size: f32,
    weight: Weight,
    color: Colour,
}

pub(crate) const fn style(size: f32, weight: Weight, color: Colour) -> Style {
    Style {
        size,
        weight,
        color,
    }
}

pub(crate) const BODY: Style = style(9.5, Weight::Regular, INK);
pub(crate) const SMALL: Style = style(8.5, Weight::Regular, MUTED);
pub(crate) const LABEL: Style = style(8.0, Weight::Bold, MUTED);
pub(crate) const STRONG: Style = style(9.5, Weight::Bold, INK);

pub(crate) enum Op {
    /// Text with its baseline starting at (x, y).
    Text {
        x: f32,
        y: f32,
        style: Style,
        text: Shaped,
    },
    Rect {
        rect: Rect,
        color: Colour,
    },
    Line {
        from: (f32, f32),
        to: (f32, f32),
        width: f32,
        color: Colour,
    },
    /// Straight RGBA pixels (not premultiplied) drawn into `rect`.
    Image {
        rect: Rect,
        rgba: Vec<u8>,
        width: u32,
        height: u32,
    },
}

/// Pages of operations, and where the next content goes on the last one.
pub(crate) struct Layout {
    pub(crate) pages: Vec<Vec<Op>>,
    pub(crate) y: f32,
}

impl Layout {
    pub(crate) fn new() -> Layout {
        Layout {
            pages: vec![Vec::new()],
            y: MARGIN,
        }
    }

    pub(crate) fn push(&mut self, op: Op) {
        if let Some(page) = self.pages.last_mut() {
            page.push(op);
        }
    }

    /// Text from `x`; returns its width.
    pub(crate) fn text(&mut self, x: f32, y: f32, style: Style, text: &str) -> f32 {
        if text.is_empty() {
            return 0.0;
        }
        let text = shape(text);
        let width = text.width(style.size);
        self.push(Op::Text { x, y, style, text });
        width
    }

    /// Text ending at `right`.
    pub(crate) fn text_right(&mut self, right: f32, y: f32, style: Style, text: &str) {
        let shaped = shape(text);
        let x = right - shaped.width(style.size);
        self.push(Op::Text {
            x,
            y,
            style,
            text: shaped,
        });
    }

    pub(crate) fn rule(&mut self, y: f32, from: f32, to: f32, width: f32, color: Colour) {
        self.push(Op::Line {
            from: (from, y),
            to: (to, y),
            width,
            color,
        });
    }

    pub(crate) fn rect(&mut self, x: f32, y: f32, w: f32, h: f32, color: Colour) {
        if let Some(rect) = Rect::from_xywh(x, y, w, h) {
            self.push(Op::Rect { rect, color });
        }
    }

    /// Starts a new page unless `height` more fits on this one; `true` when it did.
    pub(crate) fn room_for(&mut self, height: f32) -> bool {
        if self.y + height <= BOTTOM {
            return false;
        }
        self.pages.push(Vec::new());
        self.y = MARGIN;
        true
    }
}

pub(crate) fn money(paise: i64) -> String {
    Paise(paise).format_inr()
}

pub(crate) fn address_lines(a: &ShippingAddress) -> Vec<String> {
    let mut lines = vec![a.full_name.clone(), a.street.clone()];
    lines.push(format!("{}, {} {}", a.city, a.state, a.zip_code));
    lines.push(a.country.clone());
    lines.push(format!("Phone: {}", a.phone));
    lines.push(a.email.clone());
    lines
}

/// BILL TO and SHIP TO side by side, each name in bold, then the table's place.
pub(crate) fn parties(l: &mut Layout, bill: Vec<String>, ship: Vec<String>) {
    let mid = PAGE_W / 2.0 + 20.0;
    let (mut by, mut sy) = (l.y, l.y);
    l.text(MARGIN, by, LABEL, "BILL TO");
    l.text(mid, sy, LABEL, "SHIP TO");
    by += 14.0;
    sy += 14.0;
    let width = mid - MARGIN - 20.0;
    for (x, y, lines) in [(MARGIN, &mut by, bill), (mid, &mut sy, ship)] {
        for (i, line) in lines.iter().enumerate() {
            let s = if i == 0 { STRONG } else { BODY };
            for part in wrap(line, s.size, width) {
                l.text(x, *y, s, &part);
                *y += 12.0;
            }
        }
    }
    l.y = by.max(sy) + 10.0;
}

/// The table's columns: left edges, and right edges of the figures.
const COL_NO: f32 = MARGIN + 6.0;
const COL_ITEM: f32 = MARGIN + 26.0;
const COL_ITEM_W: f32 = 176.0;
const COL_SIZES: f32 = COL_ITEM + COL_ITEM_W + 10.0;
const COL_SIZES_W: f32 = 118.0;
const COL_QTY_R: f32 = COL_SIZES + COL_SIZES_W + 34.0;
const COL_UNIT_R: f32 = COL_QTY_R + 72.0;
const COL_AMOUNT_R: f32 = RIGHT - 6.0;
const ROW_LEAD: f32 = 12.0;

fn table_header(l: &mut Layout) {
    let y = l.y;
    l.rect(MARGIN, y, RIGHT - MARGIN, 20.0, SHADE);
    let base = y + 13.5;
    l.text(COL_NO, base, LABEL, "#");
    l.text(COL_ITEM, base, LABEL, "ITEM");
    l.text(COL_SIZES, base, LABEL, "SIZES");
    l.text_right(COL_QTY_R, base, LABEL, "QTY");
    l.text_right(COL_UNIT_R, base, LABEL, "UNIT PRICE");
    l.text_right(COL_AMOUNT_R, base, LABEL, "AMOUNT");
    l.y += 20.0;
}

/// 'Names and numbers: 30 × ₹100.00 = ₹3,000.00', under the line's colour.
fn personalisation_note(line: &InvoiceLine) -> Option<String> {
    line.personalisation.as_ref().map(|p| {
        format!(
            "{}: {} × {} = {}",
            p.label,
            p.pieces,
            money(p.per_piece),
            money(p.total)
        )
    })
}

fn table_row(l: &mut Layout, n: usize, line: &InvoiceLine) {
    let name = wrap(&line.name, BODY.size, COL_ITEM_W);
    let sizes = line
        .sizes
        .iter()
        .map(|s| format!("{}: {}", s.size, s.quantity))
        .collect::<Vec<_>>()
        .join(", ");
    let sizes = wrap(&sizes, BODY.size, COL_SIZES_W);
    let personalisation = personalisation_note(line);
    let tier = usize::from(line.tier_label.is_some()) + usize::from(personalisation.is_some());
    let rows = (name.len() + 1 + tier).max(sizes.len());
    let height = rows as f32 * ROW_LEAD + 10.0;
    if l.room_for(height) {
        table_header(l);
    }
    let top = l.y + 6.0 + BODY.size;
    l.text(COL_NO, top, SMALL, &n.to_string());
    for (i, text) in name.iter().enumerate() {
        l.text(COL_ITEM, top + i as f32 * ROW_LEAD, BODY, text);
    }
    l.text(
        COL_ITEM,
        top + name.len() as f32 * ROW_LEAD,
        SMALL,
        &format!("Colour: {}", line.color),
    );
    let notes = line.tier_label.iter().chain(personalisation.as_ref());
    for (i, note) in notes.enumerate() {
        l.text(
            COL_ITEM,
            top + (name.len() + 1 + i) as f32 * ROW_LEAD,
            SMALL,
            note,
        );
    }
    for (i, text) in sizes.iter().enumerate() {
        l.text(COL_SIZES, top + i as f32 * ROW_LEAD, BODY, text);
    }
    l.text_right(COL_QTY_R, top, BODY, &line.quantity.to_string());
    l.text_right(COL_UNIT_R, top, BODY, &money(line.unit_price));
    l.text_right(COL_AMOUNT_R, top, BODY, &money(line.amount));
    l.y += height;
    l.rule(l.y, MARGIN, RIGHT, 0.5, RULE);
}

fn layout(inv: &Invoice) -> Layout {
    let mut l = Layout::new();
    let mid = PAGE_W / 2.0 + 20.0;

    // The seller, left; the title and the invoice's numbers, right.
    let mut y = l.y + 18.0;
    l.text(MARGIN, y, style(18.0, Weight::Bold, INK), &inv.seller.name);
    y += 16.0;
    for line in wrap(&inv.seller.address, SMALL.size, mid - MARGIN - 30.0) {
        l.text(MARGIN, y, SMALL, &line);
        y += 11.0;
    }
    for line in [
        format!("GSTIN: {}", inv.seller.gstin),
        format!("Phone: {}", inv.seller.phone),
        format!("Email: {}", inv.seller.email),
    ] {
        l.text(MARGIN, y, SMALL, &line);
        y += 11.0;
    }
    let mut ry = l.y + 18.0;
    l.text_right(RIGHT, ry, style(15.0, Weight::Bold, INK), &inv.title);
    ry += 20.0;
    let payment = if inv.is_paid { "Paid" } else { "Pending" };
    for (label, value) in [
        ("Invoice No.", inv.invoice_number.as_str()),
        ("Invoice Date", inv.invoice_date.as_str()),
        ("Order Date", inv.order_date.as_str()),
        ("Payment", payment),
    ] {
        l.text_right(RIGHT - 118.0, ry, SMALL, label);
        l.text(RIGHT - 110.0, ry, STRONG, value);
        ry += 13.0;
    }
    l.y = y.max(ry) + 8.0;
    l.rule(l.y, MARGIN, RIGHT, 1.0, INK);
    l.y += 20.0;

    parties(
        &mut l,
        address_lines(&inv.bill_to),
        address_lines(&inv.ship_to),
    );

    // The lines.
    table_header(&mut l);
    for (i, line) in inv.lines.iter().enumerate() {
        table_row(&mut l, i + 1, line);
    }

    // The totals, right.
    l.y += 8.0;
    l.room_for(9.0 * 16.0 + 30.0);
    let label_x = COL_SIZES + 40.0;
    let mut rows = vec![("Items total".to_string(), inv.items_total)];
    if inv.gateway_charge > 0 {
        rows.push((inv.gateway_label.clone(), inv.gateway_charge));
    }
    rows.push(("Courier charges".to_string(), inv.courier_charges));
    for (label, amount) in rows {
        l.y += 16.0;
        l.text(label_x, l.y, BODY, &label);
        l.text_right(COL_AMOUNT_R, l.y, BODY, &money(amount));
    }
    l.y += 9.0;
    l.rule(l.y, label_x, RIGHT, 1.0, INK);
    l.y += 17.0;
    let total = style(12.0, Weight::Bold, INK);
    l.text(label_x, l.y, total, "Total");
    l.text_right(COL_AMOUNT_R, l.y, total, &money(inv.total));
    // The tax inside the total, with the engine's split and rates.
    l.y += 6.0;
    let included = std::iter::once(("Taxable value".to_string(), inv.taxable_value)).chain(
        inv.taxes
            .iter()
            .map(|t| (format!("{} included", t.label), t.amount)),
    );
    for (label, amount) in included {
        l.y += 13.0;
        l.text(label_x, l.y, SMALL, &label);
        l.text_right(COL_AMOUNT_R, l.y, SMALL, &money(amount));
    }
    l.y += 13.0;
    l.text(
        label_x,
        l.y,
        SMALL,
        &format!("Place of supply: {}", inv.place_of_supply),
    );
    l.y += 24.0;

    // The terms.
    l.room_for(70.0);
    l.text(MARGIN, l.y, LABEL, "TERMS");
    l.y += 15.0;
    for (label, value) in [
        ("Estimated dispatch: ", inv.estimated_dispatch.as_str()),
        ("Payment terms: ", inv.payment_terms.as_str()),
    ] {
        let w = l.text(MARGIN, l.y, BODY, label);
        l.text(MARGIN + w, l.y, STRONG, value);
        l.y += 13.0;
    }
    l.y += 4.0;
    let note = format!(
        "This is a pro-forma invoice, not a tax invoice. Amounts in Indian rupees ({}).",
        inv.currency
    );
    for line in wrap(&note, SMALL.size, RIGHT - MARGIN) {
        l.text(MARGIN, l.y, SMALL, &line);
        l.y += 11.0;
    }

    let contact = format!(
        "{}  ·  {}  ·  {}",
        inv.seller.name, inv.seller.email, inv.seller.phone
    );
    footer(&mut l, &contact);
    l
}

/// Every page's footer: the seller's contact, and the page's number.
pub(crate) fn footer(l: &mut Layout, contact: &str) {
    let count = l.pages.len();
    for (i, page) in l.pages.iter_mut().enumerate() {
        let y = PAGE_H - 34.0;
        page.push(Op::Line {
            from: (MARGIN, y - 14.0),
            to: (RIGHT, y - 14.0),
            width: 0.5,
            color: RULE,
        });
        page.push(Op::Text {
            x: MARGIN,
            y,
            style: SMALL,
            text: shape(contact),
        });
        let n = shape(&format!("Page {} of {count}", i + 1));
        page.push(Op::Text {
            x: RIGHT - n.width(SMALL.size),
            y,
            style: SMALL,
            text: n,
        });
    }
}

fn fill((r, g, b): Colour) -> Fill {
    Fill {
        paint: rgb::Color::new(r, g, b).into(),
        opacity: NormalizedF32::ONE,
        rule: Default::default(),
    }
}

fn stroke((r, g, b): Colour, width: f32) -> Stroke {
    Stroke {
        paint: rgb::Color::new(r, g, b).into(),
        width,
        ..Default::default()
    }
}

/// The PDF of an invoice.
pub fn render(inv: &Invoice) -> Result<Vec<u8>, String> {
    write(
        layout(inv),
        format!("{} {}", inv.title, inv.invoice_number),
        &inv.seller.name,
    )
}

/// Draws laid-out pages into a PDF titled `title`.
pub(crate) fn write(layout: Layout, title: String, creator: &str) -> Result<Vec<u8>, String> {
    let pages = layout.pages;
    let faces = faces();
    let mut doc = Document::new_with(SerializeSettings {
        // No XMP packet: a few kB less, and nothing in it a reader needs.
        xmp_metadata: false,
        ..SerializeSettings::default()
    });
    doc.set_metadata(
        Metadata::new()
            .title(title)
            .creator(creator.to_string())
            .language("en-IN".to_string()),
    );
    let settings = PageSettings::from_wh(PAGE_W, PAGE_H).ok_or("A4 is a page size")?;
    for ops in pages {
        let mut page = doc.start_page_with(settings.clone());
        let mut surface = page.surface();
        for op in ops {
            match op {
                Op::Text { x, y, style, text } => {
                    surface.set_fill(Some(fill(style.color)));
                    surface.set_stroke(
                        (style.weight == Weight::Bold)
                            .then(|| stroke(style.color, style.size * 0.035)),
                    );
                    let mut x = x;
                    for run in &text.runs {
                        surface.draw_glyphs(
                            Point::from_xy(x, y),
                            &run.glyphs,
                            faces[run.face].pdf.clone(),
                            &run.text,
                            style.size,
                            false,
                        );
                        x += run.width * style.size;
                    }
                    surface.set_stroke(None);
                }
                Op::Rect { rect, color } => {
                    let mut pb = PathBuilder::new();
                    pb.push_rect(rect);
                    if let Some(path) = pb.finish() {
                        surface.set_fill(Some(fill(color)));
                        surface.draw_path(&path);
                    }
                }
                Op::Line {
                    from,
                    to,
                    width,
                    color,
                } => {
                    let mut pb = PathBuilder::new();
                    pb.move_to(from.0, from.1);
                    pb.line_to(to.0, to.1);
                    if let Some(path) = pb.finish() {
                        surface.set_fill(None);
                        surface.set_stroke(Some(stroke(color, width)));
                        surface.draw_path(&path);
                        surface.set_stroke(None);
                    }
                }
                Op::Image {
                    rect,
                    rgba,
                    width,
                    height,
                } => {
                    let image = krilla::image::Image::from_rgba8(rgba, width, height);
                    if let Some(size) = krilla::geom::Size::from_wh(rect.width(), rect.height()) {
                        surface.push_transform(&krilla::geom::Transform::from_translate(
                            rect.left(),
                            rect.top(),
                        ));
                        surface.draw_image(image, size);
                        surface.pop();
                    }
                }
            }
        }
        surface.finish();
        page.finish();
    }
    doc.finish().map_err(|e| format!("{e:?}"))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_rupee_sign_comes_from_the_fallback_face() {
        let s = shape("Total ₹1,234.00");
        let faces: Vec<(usize, &str)> = s.runs.iter().map(|r| (r.face, r.text.as_str())).collect();
        assert_eq!(faces, [(0, "Total "), (1, "₹"), (0, "1,234.00")]);
        assert!(
            s.runs
                .iter()
                .all(|r| r.glyphs.iter().all(|g| g.glyph_id.to_u32() != 0))
        );
        assert!(s.width > 5.0 && s.width < 10.0, "{}", s.width);
    }

    #[test]
    fn long_text_wraps_within_the_width() {
        let lines = wrap(
            "Flat 4B, Sunrise Apartments, 221 Outer Ring Road, Marathahalli",
            9.5,
            120.0,
        );
        assert!(lines.len() >= 3, "{lines:?}");
        assert!(lines.iter().all(|l| shape(l).width(9.5) <= 120.0));
        assert_eq!(
            lines.join(" "),
            "Flat 4B, Sunrise Apartments, 221 Outer Ring Road, Marathahalli"
        );
        let broken = wrap(&"W".repeat(60), 9.5, 100.0);
        assert!(broken.len() > 1 && broken.iter().all(|l| shape(l).width(9.5) <= 100.0));
    }
}
