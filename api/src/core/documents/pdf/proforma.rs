//! The pro-forma invoice's layout: the seller and the invoice's numbers,
//! the parties, a table of the lines (its header repeated on each page), the
//! totals and the taxes inside them, and the terms.

use super::page::{
    BODY, INK, LABEL, Layout, MARGIN, PAGE_W, RIGHT, RULE, SHADE, SMALL, STRONG, Weight,
    address_lines, footer, money, parties, style, write,
};
use super::text::wrap;
use crate::core::documents::{Invoice, InvoiceLine};

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

/// The PDF of an invoice.
pub fn render(inv: &Invoice) -> Result<Vec<u8>, String> {
    write(
        layout(inv),
        format!("{} {}", inv.title, inv.invoice_number),
        &inv.seller.name,
    )
}
