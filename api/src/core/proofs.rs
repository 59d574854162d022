//! An order's proof as one A4 PDF, drawn on the server from the engine's own
//! rendering: per line, the garment's colour with each print area's design
//! on it (the engine's preview, embedded as an image), the print sizes in
//! inches and centimetres, each image's effective DPI with the engine's
//! preflight warnings, and the size breakdown. Laid out with the invoice's
//! PDF tools (`invoice::pdf`).

use design_engine::codec::decoding_cost;
use design_engine::garment::Garment;
use design_engine::render::Renderer;
use design_engine::{Design, PrintArea, Quantities};

use crate::core::documents::pdf::{
    BODY, Colour, INK, LABEL, Layout, MARGIN, MUTED, Op, RIGHT, RULE, SMALL, STRONG, Weight,
    footer, style, wrap,
};
use crate::cpu_queue::CpuQueue;
use crate::db::{Db, orders};
use crate::error::Failure;
use crate::storage::Storage;

/// Each print area's preview is rendered this many pixels wide.
const PREVIEW_PX: u32 = 360;
/// The preview's width on the page, in points.
const BOX_W: f32 = 150.0;
/// The garment colour shows this much around the preview.
const PAD: f32 = 8.0;
/// A preview's memory while drawn: the area's pixels, twice, and the page's copy.
const PREVIEW_BYTES: u64 = 4 << 20;
/// Fonts, sprites and the PDF besides the pictures.
const PROOF_BYTES: u64 = 24 << 20;
const WARN: Colour = (180, 83, 9);

/// What the proof's first lines say.
pub struct Header {
    pub seller: String,
    pub contact: String,
    pub order_number: String,
    pub version: i64,
    /// DD/MM/YYYY (India).
    pub date: String,
    pub customer: String,
    pub note: Option<String>,
}

/// An order line to draw: its product's name and design.
pub struct Line {
    pub product: String,
    pub design: Design,
    /// The product's garment: its print areas with their inches, its swatches.
    pub garment: Garment,
}

/// Draws the proof of an order through the heavy-work queue.
pub async fn draw(
    db: &Db,
    storage: &Storage,
    work: &CpuQueue,
    order_id: &str,
    header: Header,
) -> Result<Vec<u8>, Failure> {
    let items = orders::items(db, &[order_id]).await?;
    let mut lines = Vec::with_capacity(items.len());
    let mut pictures = Vec::new();
    for item in items {
        let design = Design::from_json(&item.line.design).map_err(Failure::internal)?;
        pictures.extend(crate::core::designs::pictures(db, storage, &design).await?);
        let garment = crate::core::products::garment_of(db, &item.line.product_id).await?;
        lines.push(Line {
            product: item.line.name,
            design,
            garment,
        });
    }
    let areas = lines
        .iter()
        .map(|l| {
            l.design
                .printed_areas(&[])
                .into_iter()
                .filter(|a| l.design.area(*a).element_count() > 0)
                .count() as u64
        })
        .sum::<u64>();
    let cost = PROOF_BYTES
        + PREVIEW_BYTES * areas
        + pictures
            .iter()
            .map(|(bytes, _)| decoding_cost(bytes, Renderer::PREVIEW_SIDE) * 2)
            .sum::<u64>();
    work.run_holding(cost, move || render(&header, &lines, &pictures))
        .await?
        .map_err(Failure::internal)
}

/// The proof's PDF, drawn now (the caller is in the heavy-work queue, or a bench).
pub fn render(
    header: &Header,
    lines: &[Line],
    pictures: &[(Vec<u8>, String)],
) -> Result<Vec<u8>, String> {
    let mut renderer = Renderer::with_bundled_fonts();
    renderer.keep_images_at(Renderer::PREVIEW_SIDE);
    for (bytes, mime) in pictures {
        renderer.add_image(bytes, mime).map_err(|e| e.to_string())?;
    }
    for line in lines {
        crate::core::library::clipart::provide(&mut renderer, &line.design)
            .map_err(|e| e.to_string())?;
    }
    let mut l = Layout::new();
    heading(&mut l, header);
    for (i, line) in lines.iter().enumerate() {
        draw_line(&mut l, &mut renderer, i + 1, line)?;
    }
    closing(&mut l);
    footer(&mut l, &header.contact);
    crate::core::documents::pdf::write(
        l,
        format!("Proof {} v{}", header.order_number, header.version),
        &header.seller,
    )
}

fn heading(l: &mut Layout, h: &Header) {
    let top = l.y + 18.0;
    l.text(MARGIN, top, style(18.0, Weight::Bold, INK), &h.seller);
    l.text_right(RIGHT, top, style(15.0, Weight::Bold, INK), "PROOF");
    let mut y = top + 20.0;
    for (label, value) in [
        ("Order", h.order_number.clone()),
        ("Version", h.version.to_string()),
        ("Date", h.date.clone()),
        ("Customer", h.customer.clone()),
    ] {
        l.text(MARGIN, y, SMALL, label);
        l.text(MARGIN + 60.0, y, STRONG, &value);
        y += 13.0;
    }
    l.y = y;
    if let Some(note) = &h.note {
        l.y += 4.0;
        for line in wrap(&format!("Note: {note}"), BODY.size, RIGHT - MARGIN) {
            l.text(MARGIN, l.y, BODY, &line);
            l.y += 12.0;
        }
    }
    l.y += 4.0;
    l.rule(l.y, MARGIN, RIGHT, 1.0, INK);
    l.y += 20.0;
}

/// "12 in" or "4.5 in": whole numbers without decimals.
fn length(v: f64) -> String {
    if (v - v.round()).abs() < 0.05 {
        format!("{v:.0}")
    } else {
        format!("{v:.1}")
    }
}

/// "12 × 14 in (30.5 × 35.6 cm)".
pub fn size_text(w: f64, h: f64) -> String {
    format!(
        "{} × {} in ({:.1} × {:.1} cm)",
        length(w),
        length(h),
        w * 2.54,
        h * 2.54
    )
}

/// "S 10 · XXL 15 (25 pieces)".
fn sizes_text(q: &Quantities) -> String {
    let parts: Vec<String> = q
        .iter()
        .filter(|&(_, n)| n > 0)
        .map(|(s, n)| format!("{} {n}", s.label().to_ascii_uppercase()))
        .collect();
    format!("{} ({} pieces)", parts.join(" · "), q.total())
}

fn garment_colour(name: &str, hex: Option<String>) -> Colour {
    hex.or_else(|| design_engine::colour::colour_hex(name))
        .and_then(|hex| {
            let h = hex.strip_prefix('#')?;
            let c = |i: usize| u8::from_str_radix(h.get(i..i + 2)?, 16).ok();
            Some((c(0)?, c(2)?, c(4)?))
        })
        .unwrap_or((229, 231, 235))
}

/// What the proof says about an area, line by line (text, and whether it is a warning).
fn area_facts(design: &Design, area: PrintArea) -> Vec<(String, bool)> {
    let (w, h) = area.print_size_inches();
    let mut out = vec![(format!("Print area: {}", size_text(w, h)), false)];
    let a = design.area(area);
    if let Some(image) = &a.image
        && let Some(asset) = image.asset()
        && let Some(dpi) = design_engine::preflight::image_dpi(design, area)
    {
        let (iw, ih) = (
            f64::from(asset.width.max(1)) / dpi,
            f64::from(asset.height.max(1)) / dpi,
        );
        out.push((format!("Image: {}", image.name), false));
        out.push((format!("Printed {}", size_text(iw, ih)), false));
        out.push((format!("Effective resolution: {dpi:.0} DPI"), false));
    }
    if let Some(text) = &a.text {
        out.push((format!("Text: “{}”", text.text()), false));
    }
    let warnings = design_engine::preflight::warnings(design, area);
    if warnings.is_empty() {
        out.push(("Preflight: no warnings".into(), false));
    }
    out.extend(
        warnings
            .into_iter()
            .map(|w| (format!("Warning: {w}"), true)),
    );
    out
}

fn draw_line(l: &mut Layout, renderer: &mut Renderer, n: usize, line: &Line) -> Result<(), String> {
    let d = &line.design;
    l.room_for(60.0);
    l.text(
        MARGIN,
        l.y,
        style(12.0, Weight::Bold, INK),
        &format!("Line {n}: {}", line.product),
    );
    l.y += 15.0;
    l.text(
        MARGIN,
        l.y,
        BODY,
        &format!("Colour: {}", design_engine::colour::colour_name(&d.color)),
    );
    l.y += 13.0;
    l.text(
        MARGIN,
        l.y,
        BODY,
        &format!("Sizes: {}", sizes_text(&d.quantities)),
    );
    l.y += 12.0;
    let colour = garment_colour(&d.color, line.garment.hex(&d.color));
    let areas: Vec<PrintArea> = d
        .printed_areas(&line.garment.areas())
        .into_iter()
        .filter(|a| d.area(*a).element_count() > 0)
        .collect();
    if areas.is_empty() {
        l.y += 6.0;
        l.text(MARGIN, l.y, SMALL, "Plain garment: nothing is printed");
        l.y += 12.0;
    }
    for area in areas {
        let img = renderer
            .render_area(d, area, PREVIEW_PX)
            .map_err(|e| e.to_string())?;
        let box_h = BOX_W * img.height() as f32 / img.width().max(1) as f32;
        let facts = area_facts(d, area);
        let text_x = MARGIN + BOX_W + 2.0 * PAD + 16.0;
        let text_w = RIGHT - text_x;
        let wrapped: Vec<(Vec<String>, bool)> = facts
            .into_iter()
            .map(|(t, warn)| (wrap(&t, BODY.size, text_w), warn))
            .collect();
        let text_h = 16.0 + wrapped.iter().map(|(w, _)| w.len()).sum::<usize>() as f32 * 12.0;
        let height = (box_h + 2.0 * PAD).max(text_h) + 14.0;
        l.room_for(height);
        let top = l.y + 8.0;
        l.rect(MARGIN, top, BOX_W + 2.0 * PAD, box_h + 2.0 * PAD, colour);
        if let Some(rect) = krilla::geom::Rect::from_xywh(MARGIN + PAD, top + PAD, BOX_W, box_h) {
            let (width, height) = img.dimensions();
            l.push(Op::Image {
                rect,
                rgba: img.into_raw(),
                width,
                height,
            });
        }
        let mut y = top + 10.0;
        l.text(text_x, y, LABEL, &area.label().to_uppercase());
        y += 14.0;
        for (lines, warn) in wrapped {
            let s = if warn {
                style(BODY.size, Weight::Regular, WARN)
            } else {
                BODY
            };
            for t in lines {
                l.text(text_x, y, s, &t);
                y += 12.0;
            }
        }
        l.y += height;
    }
    l.y += 6.0;
    l.rule(l.y, MARGIN, RIGHT, 0.5, RULE);
    l.y += 18.0;
    Ok(())
}

fn closing(l: &mut Layout) {
    l.room_for(50.0);
    let text = "Please check the spelling, colours, sizes, quantities and placement. Approve this proof in My Orders, \
                or ask for changes there: nothing is printed before you approve. Colours on screen and on paper may \
                differ slightly from the garment.";
    for line in wrap(text, SMALL.size, RIGHT - MARGIN) {
        l.text(
            MARGIN,
            l.y,
            style(SMALL.size, Weight::Regular, MUTED),
            &line,
        );
        l.y += 11.0;
    }
}
