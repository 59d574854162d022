//! Shipping labels drawn by the store, for shipments booked by hand: four A6
//! labels to an A4 sheet (cut along the marks), each with the delivery
//! address, the order number and pieces, the courier and its AWB in large
//! print with a QR code of it, and the sender. Many orders make one PDF.

use crate::core::documents::pdf;
use crate::core::documents::pdf::{
    BODY, INK, LABEL, Layout, MUTED, PAGE_H, PAGE_W, RULE, SMALL, STRONG, Style, Weight, style,
    wrap,
};
use crate::domain::address::ShippingAddress;

const AWB: Style = style(15.0, Weight::Bold, INK);
const NAME: Style = style(12.0, Weight::Bold, INK);
/// A label's inner margin.
const PAD: f32 = 22.0;
const LABEL_W: f32 = PAGE_W / 2.0;
const LABEL_H: f32 = PAGE_H / 2.0;

/// One parcel's label.
pub struct LabelData {
    pub order_number: String,
    pub to: ShippingAddress,
    pub pieces: i64,
    pub courier: String,
    pub awb: String,
    pub sender_name: String,
    pub sender_address: String,
    pub sender_phone: String,
}

/// The QR code of `text` as square rectangles (each dark run of a row is
/// one), `size` points wide, top left at (x, y).
fn qr(l: &mut Layout, x: f32, y: f32, size: f32, text: &str) {
    let Ok(code) = qrcode::QrCode::new(text.as_bytes()) else {
        return;
    };
    let n = code.width();
    let quiet = 2;
    let cell = size / (n + 2 * quiet) as f32;
    let colors = code.to_colors();
    for row in 0..n {
        let mut col = 0;
        while col < n {
            if colors[row * n + col] == qrcode::Color::Dark {
                let start = col;
                while col < n && colors[row * n + col] == qrcode::Color::Dark {
                    col += 1;
                }
                // A hair wider and taller, so that neighbours leave no seam.
                l.rect(
                    x + (start + quiet) as f32 * cell,
                    y + (row + quiet) as f32 * cell,
                    (col - start) as f32 * cell + 0.2,
                    cell + 0.2,
                    INK,
                );
            } else {
                col += 1;
            }
        }
    }
}

/// Lines of `text` wrapped to `width`, one baseline every `lead` points from `y`; returns the next baseline.
fn lines(l: &mut Layout, x: f32, mut y: f32, width: f32, s: Style, text: &str, lead: f32) -> f32 {
    for part in wrap(text, s.size, width) {
        l.text(x, y, s, &part);
        y += lead;
    }
    y
}

fn draw(l: &mut Layout, ox: f32, oy: f32, d: &LabelData) {
    let (left, right) = (ox + PAD, ox + LABEL_W - PAD);
    let width = right - left;
    let mut y = oy + PAD + 8.0;
    l.text(left, y, LABEL, "DELIVER TO");
    l.text_right(right, y, LABEL, "PREPAID · NO COD");
    y += 18.0;
    y = lines(l, left, y, width, NAME, &d.to.full_name, 15.0);
    y = lines(l, left, y, width, BODY, &d.to.street, 12.0);
    y = lines(
        l,
        left,
        y,
        width,
        BODY,
        &format!("{}, {}", d.to.city, d.to.state),
        12.0,
    );
    l.text(
        left,
        y + 4.0,
        style(13.0, Weight::Bold, INK),
        &format!("PIN {}", d.to.zip_code),
    );
    y += 20.0;
    l.text(left, y, BODY, &format!("Phone {}", d.to.phone));
    y += 14.0;
    l.rule(y, left, right, 0.8, RULE);
    y += 18.0;
    l.text(left, y, LABEL, "COURIER");
    l.text(left + width / 2.0, y, LABEL, "ORDER");
    y += 14.0;
    lines(l, left, y, width / 2.0 - 8.0, STRONG, &d.courier, 12.0);
    l.text(left + width / 2.0, y, STRONG, &d.order_number);
    l.text(
        left + width / 2.0,
        y + 12.0,
        SMALL,
        &format!("{} piece{}", d.pieces, if d.pieces == 1 { "" } else { "s" }),
    );
    y += 30.0;
    l.text(left, y, LABEL, "AWB");
    y += 20.0;
    l.text(left, y, AWB, &d.awb);
    let qr_size = 96.0;
    qr(l, right - qr_size + 8.0, y + 2.0, qr_size, &d.awb);
    y += 14.0;
    l.rule(y + qr_size - 8.0, left, right - qr_size, 0.8, RULE);
    let mut y = y + qr_size + 8.0;
    l.text(left, y, LABEL, "FROM (RETURN TO)");
    y += 13.0;
    y = lines(l, left, y, width, STRONG, &d.sender_name, 11.0);
    y = lines(l, left, y, width, SMALL, &d.sender_address, 10.0);
    if !d.sender_phone.is_empty() {
        l.text(left, y, SMALL, &format!("Phone {}", d.sender_phone));
    }
}

/// Cut marks between the four labels of a sheet.
fn cut_marks(l: &mut Layout) {
    l.rule(PAGE_H / 2.0, 0.0, PAGE_W, 0.4, MUTED);
    l.push(pdf::Op::Line {
        from: (PAGE_W / 2.0, 0.0),
        to: (PAGE_W / 2.0, PAGE_H),
        width: 0.4,
        color: MUTED,
    });
}

/// The labels, four to an A4 page.
pub fn render(labels: &[LabelData]) -> Result<Vec<u8>, String> {
    let mut l = Layout::new();
    for (i, d) in labels.iter().enumerate() {
        let slot = i % 4;
        if slot == 0 {
            if i > 0 {
                l.pages.push(Vec::new());
            }
            cut_marks(&mut l);
        }
        let ox = if slot % 2 == 0 { 0.0 } else { LABEL_W };
        let oy = if slot < 2 { 0.0 } else { LABEL_H };
        draw(&mut l, ox, oy, d);
    }
    let title = match labels {
        [one] => format!("Shipping label {}", one.order_number),
        _ => format!("{} shipping labels", labels.len()),
    };
    let creator = labels
        .first()
        .map(|d| d.sender_name.as_str())
        .unwrap_or_default();
    pdf::write(l, title, creator)
}
