//! A quote as an A4 PDF, drawn with the documents' tools: the seller, the
//! quote's number, date and validity, the customer, the line with its sizes,
//! the engine's breakdown (the list price and the quoted one), the note and
//! the terms.

use design_engine::pricing::gateway_label;

use super::{Shown, day};
use crate::core::documents::pdf::{
    BODY, INK, LABEL, Layout, MARGIN, PAGE_W, RIGHT, RULE, SMALL, STRONG, Weight, footer, money,
    style, wrap, write,
};
use crate::domain::company::Company;
use crate::domain::india_time;

/// Its most memory while drawn (fonts, one page, the bytes), as an invoice's.
pub const PDF_BYTES: u64 = 1 << 20;

/// What the PDF says besides the quote: who sells, and the gateway fee.
pub struct Context {
    pub seller: Company,
    pub gateway_fee_bps: i64,
}

fn rows(s: &Shown) -> Vec<(String, i64)> {
    let l = &s.line;
    let mut rows = vec![(
        format!("Garments: {} × {}", l.quantity, money(l.unit_price.0)),
        l.garments.0,
    )];
    if !l.size_surcharges.is_zero() {
        rows.push(("Larger sizes".to_string(), l.size_surcharges.0));
    }
    if l.chargeable_elements > 0 {
        rows.push((
            format!(
                "Design fee: {} × {}",
                l.chargeable_elements,
                money(l.design_fee_per_element.0)
            ),
            l.design_fee.0,
        ));
    }
    if let Some(p) = &l.personalisation {
        rows.push((
            format!("{}: {} × {}", p.label, p.pieces, money(p.per_piece.0)),
            p.total.0,
        ));
    }
    rows
}

fn layout(s: &Shown, c: &Context) -> Layout {
    let mut l = Layout::new();
    let q = &s.quote;
    let mid = PAGE_W / 2.0 + 20.0;
    // The seller, left; the title and the quote's numbers, right.
    let mut y = l.y + 18.0;
    l.text(MARGIN, y, style(18.0, Weight::Bold, INK), &c.seller.name);
    y += 16.0;
    for line in wrap(&c.seller.address, SMALL.size, mid - MARGIN - 30.0) {
        l.text(MARGIN, y, SMALL, &line);
        y += 11.0;
    }
    for line in [
        format!("GSTIN: {}", c.seller.gstin),
        format!("Phone: {}", c.seller.phone),
        format!("Email: {}", c.seller.email),
    ] {
        l.text(MARGIN, y, SMALL, &line);
        y += 11.0;
    }
    let mut ry = l.y + 18.0;
    l.text_right(RIGHT, ry, style(15.0, Weight::Bold, INK), "QUOTATION");
    ry += 20.0;
    let date = day(india_time::date(q.created_at));
    let until = day(s.valid_until);
    for (label, value) in [
        ("Quote No.", s.number.as_str()),
        ("Date", date.as_str()),
        ("Valid until", until.as_str()),
    ] {
        l.text_right(RIGHT - 118.0, ry, SMALL, label);
        l.text(RIGHT - 110.0, ry, STRONG, value);
        ry += 13.0;
    }
    l.y = y.max(ry) + 8.0;
    l.rule(l.y, MARGIN, RIGHT, 1.0, INK);
    l.y += 20.0;

    l.text(MARGIN, l.y, LABEL, "PREPARED FOR");
    l.y += 14.0;
    l.text(MARGIN, l.y, STRONG, &q.customer_email);
    l.y += 24.0;

    // The line.
    l.text(MARGIN, l.y, LABEL, "ITEM");
    l.y += 14.0;
    l.text(MARGIN, l.y, STRONG, &q.product_name);
    l.y += 13.0;
    let design = if q.design.is_some() {
        "printed with the customer's design"
    } else {
        "garments only: the customer's design is chosen when accepting"
    };
    l.text(MARGIN, l.y, BODY, &format!("Colour: {}; {design}", q.color));
    l.y += 13.0;
    let sizes: Vec<String> = s
        .quantities
        .iter()
        .filter(|(_, n)| *n > 0)
        .map(|(size, n)| format!("{}: {n}", size.label()))
        .collect();
    for line in wrap(
        &format!("Sizes: {} ({} pieces)", sizes.join(", "), s.line.quantity),
        BODY.size,
        RIGHT - MARGIN,
    ) {
        l.text(MARGIN, l.y, BODY, &line);
        l.y += 13.0;
    }
    l.y += 10.0;

    // The engine's breakdown.
    l.text(MARGIN, l.y, LABEL, "PRICE");
    l.y += 4.0;
    let price_note = format!(
        "List price {} a piece ({} before quantity tiers); quoted price {} a piece",
        money(q.list_unit_price),
        money(s.line.base_unit_price.0),
        money(q.unit_price)
    );
    for line in wrap(&price_note, SMALL.size, RIGHT - MARGIN) {
        l.y += 12.0;
        l.text(MARGIN, l.y, SMALL, &line);
    }
    for (label, amount) in rows(s) {
        l.y += 16.0;
        l.text(MARGIN, l.y, BODY, &label);
        l.text_right(RIGHT, l.y, BODY, &money(amount));
    }
    l.y += 9.0;
    l.rule(l.y, MARGIN, RIGHT, 1.0, INK);
    l.y += 17.0;
    let total = style(12.0, Weight::Bold, INK);
    l.text(MARGIN, l.y, total, "Total");
    l.text_right(RIGHT, l.y, total, &money(s.line.total.0));
    l.y += 26.0;

    if !q.note.is_empty() {
        l.room_for(60.0);
        l.text(MARGIN, l.y, LABEL, "NOTE");
        l.y += 2.0;
        for para in q.note.lines() {
            for line in wrap(para, BODY.size, RIGHT - MARGIN) {
                l.y += 13.0;
                l.text(MARGIN, l.y, BODY, &line);
            }
        }
        l.y += 22.0;
    }

    l.room_for(70.0);
    l.text(MARGIN, l.y, LABEL, "TERMS");
    l.y += 2.0;
    let fee = if c.gateway_fee_bps > 0 {
        format!(
            " The {} is added at checkout.",
            gateway_label(c.gateway_fee_bps)
        )
    } else {
        String::new()
    };
    let terms = format!(
        "Amounts in Indian rupees, GST included.{fee} Accept this quote by {until} from the link we e-mailed \
         (signed in with {}): its line goes into your cart at the quoted price, once. A design fee applies to \
         each design element after the first, as priced at acceptance.",
        q.customer_email
    );
    for line in wrap(&terms, SMALL.size, RIGHT - MARGIN) {
        l.y += 11.0;
        l.text(MARGIN, l.y, SMALL, &line);
    }
    l.rule(l.y + 8.0, MARGIN, RIGHT, 0.5, RULE);
    let contact = format!(
        "{}  ·  {}  ·  {}",
        c.seller.name, c.seller.email, c.seller.phone
    );
    footer(&mut l, &contact);
    l
}

/// The PDF of a quote.
pub fn render(s: &Shown, c: &Context) -> Result<Vec<u8>, String> {
    write(
        layout(s, c),
        format!("Quotation {}", s.number),
        &c.seller.name,
    )
}

/// `quote-QT-26-27-000001.pdf`.
pub fn file_name(s: &Shown) -> String {
    format!("quote-{}.pdf", s.number.replace('/', "-"))
}
