//! A tax invoice or credit note as an A4 PDF, drawn from its stored snapshot
//! alone with the pro-forma's fonts and layout tools (`super::pdf`): every
//! field CGST Rule 46 asks for, in the order a reader of Indian invoices
//! expects them.

use design_engine::money::percent;

use super::pdf::{
    BODY, INK, LABEL, Layout, MARGIN, PAGE_W, RIGHT, RULE, SHADE, SMALL, STRONG, Weight,
    address_lines, footer, money, parties, style, wrap, write,
};
use super::tax_document::{DocumentLine, StateRef, TaxDocument};
use crate::db::tax_documents;
use crate::db::tax_documents::Kept;
use crate::db::{Db, DbError, outbox};
use crate::mail;

const CELL: super::pdf::Style = style(8.5, Weight::Regular, INK);
const CELL_LEAD: f32 = 11.0;

/// The table's columns: left edges of text, right edges of figures.
const COL_NO: f32 = MARGIN + 4.0;
const COL_DESC: f32 = MARGIN + 20.0;
const COL_DESC_W: f32 = 150.0;
const COL_HSN: f32 = MARGIN + 176.0;
const COL_QTY_R: f32 = MARGIN + 250.0;
const COL_TAXABLE_R: f32 = MARGIN + 318.0;
const COL_RATE_R: f32 = MARGIN + 352.0;
const COL_TAX1_R: f32 = MARGIN + 404.0;
const COL_TAX2_R: f32 = MARGIN + 456.0;
const COL_AMOUNT_R: f32 = RIGHT - 4.0;

fn state(s: &StateRef) -> String {
    format!("{} ({})", s.name, s.code)
}

fn intra(doc: &TaxDocument) -> bool {
    doc.supply == "intraState"
}

fn table_header(l: &mut Layout, doc: &TaxDocument) {
    let y = l.y;
    l.rect(MARGIN, y, RIGHT - MARGIN, 20.0, SHADE);
    let base = y + 13.0;
    l.text(COL_NO, base, LABEL, "#");
    l.text(COL_DESC, base, LABEL, "DESCRIPTION");
    l.text(COL_HSN, base, LABEL, "HSN");
    l.text_right(COL_QTY_R, base, LABEL, "QTY");
    l.text_right(COL_TAXABLE_R, base, LABEL, "TAXABLE");
    l.text_right(COL_RATE_R, base, LABEL, "RATE");
    if intra(doc) {
        l.text_right(COL_TAX1_R, base, LABEL, "CGST");
        l.text_right(COL_TAX2_R, base, LABEL, "SGST");
    } else {
        l.text_right(COL_TAX2_R, base, LABEL, "IGST");
    }
    l.text_right(COL_AMOUNT_R, base, LABEL, "AMOUNT");
    l.y += 20.0;
}

fn table_row(l: &mut Layout, doc: &TaxDocument, n: usize, line: &DocumentLine) {
    let mut desc = wrap(&line.description, CELL.size, COL_DESC_W);
    // A coupon's discount, before tax: the price before it and what it took off.
    if let (Some(gross), Some(discount)) = (line.gross, line.discount) {
        desc.extend(wrap(
            &format!(
                "Price {}, coupon discount -{}",
                money(gross),
                money(discount)
            ),
            CELL.size,
            COL_DESC_W,
        ));
    }
    let height = desc.len().max(2) as f32 * CELL_LEAD + 8.0;
    if l.room_for(height) {
        table_header(l, doc);
    }
    let top = l.y + 5.0 + CELL.size;
    l.text(COL_NO, top, SMALL, &n.to_string());
    for (i, text) in desc.iter().enumerate() {
        l.text(COL_DESC, top + i as f32 * CELL_LEAD, CELL, text);
    }
    l.text(COL_HSN, top, CELL, &line.hsn);
    l.text_right(
        COL_QTY_R,
        top,
        CELL,
        &format!("{} {}", line.quantity, line.unit),
    );
    l.text_right(COL_TAXABLE_R, top, CELL, &money(line.taxable_value));
    if intra(doc) {
        let half = percent(line.rate_bps / 2);
        l.text_right(COL_RATE_R, top, CELL, &percent(line.rate_bps));
        l.text_right(COL_TAX1_R, top, CELL, &money(line.cgst));
        l.text_right(COL_TAX2_R, top, CELL, &money(line.sgst));
        l.text_right(COL_TAX1_R, top + CELL_LEAD, SMALL, &format!("@{half}"));
        l.text_right(COL_TAX2_R, top + CELL_LEAD, SMALL, &format!("@{half}"));
    } else {
        l.text_right(COL_RATE_R, top, CELL, &percent(line.rate_bps));
        l.text_right(COL_TAX2_R, top, CELL, &money(line.igst));
    }
    l.text_right(COL_AMOUNT_R, top, CELL, &money(line.amount));
    l.y += height;
    l.rule(l.y, MARGIN, RIGHT, 0.5, RULE);
}

fn layout(doc: &TaxDocument) -> Layout {
    let mut l = Layout::new();
    let mid = PAGE_W / 2.0 + 20.0;
    let credit = doc.adjusts.is_some();

    // The seller, left; the title and the document's numbers, right.
    let mut y = l.y + 18.0;
    l.text(MARGIN, y, style(16.0, Weight::Bold, INK), &doc.seller.name);
    y += 15.0;
    for line in wrap(&doc.seller.address, SMALL.size, mid - MARGIN - 30.0) {
        l.text(MARGIN, y, SMALL, &line);
        y += 11.0;
    }
    for line in [
        format!("GSTIN: {}", doc.seller.gstin),
        format!("State: {}", state(&doc.seller.state)),
        format!("Phone: {}  ·  {}", doc.seller.phone, doc.seller.email),
    ] {
        l.text(MARGIN, y, SMALL, &line);
        y += 11.0;
    }
    let mut ry = l.y + 18.0;
    l.text_right(RIGHT, ry, style(15.0, Weight::Bold, INK), &doc.title);
    ry += 20.0;
    let mut rows = vec![
        (
            if credit {
                "Credit Note No."
            } else {
                "Invoice No."
            },
            doc.number.clone(),
        ),
        ("Date", doc.date.clone()),
    ];
    if let Some(adjusts) = &doc.adjusts {
        rows.push(("Against Invoice", adjusts.number.clone()));
        rows.push(("Invoice Date", adjusts.date.clone()));
    }
    rows.push(("Order No.", doc.order_number.clone()));
    rows.push(("Place of Supply", state(&doc.place_of_supply)));
    rows.push(("Reverse Charge", "No".to_string()));
    for (label, value) in rows {
        l.text_right(RIGHT - 128.0, ry, SMALL, label);
        l.text(RIGHT - 120.0, ry, STRONG, &value);
        ry += 13.0;
    }
    l.y = y.max(ry) + 8.0;
    l.rule(l.y, MARGIN, RIGHT, 1.0, INK);
    l.y += 20.0;

    // Bill to (with the buyer's GSTIN and state), ship to.
    let mut bill = address_lines(&doc.buyer.billing_address);
    if let Some(gstin) = &doc.buyer.gstin {
        bill.insert(1, format!("GSTIN: {gstin}"));
    }
    bill.push(format!("State: {}", state(&doc.buyer.state)));
    parties(&mut l, bill, address_lines(&doc.buyer.shipping_address));

    table_header(&mut l, doc);
    for (i, line) in doc.lines.iter().enumerate() {
        table_row(&mut l, doc, i + 1, line);
    }

    // The totals, right; in words, left.
    l.y += 8.0;
    l.room_for(6.0 * 16.0 + 60.0);
    let label_x = COL_TAXABLE_R + 10.0;
    let t = &doc.totals;
    let mut rows = vec![("Taxable value".to_string(), t.taxable_value)];
    if intra(doc) {
        rows.push(("CGST".to_string(), t.cgst));
        rows.push(("SGST".to_string(), t.sgst));
    } else {
        rows.push(("IGST".to_string(), t.igst));
    }
    let top = l.y;
    for (label, amount) in rows {
        l.y += 16.0;
        l.text(label_x, l.y, BODY, &label);
        l.text_right(COL_AMOUNT_R, l.y, BODY, &money(amount));
    }
    l.y += 9.0;
    l.rule(l.y, label_x, RIGHT, 1.0, INK);
    l.y += 17.0;
    let total = style(12.0, Weight::Bold, INK);
    let total_label = if credit { "Credit total" } else { "Total" };
    l.text(label_x, l.y, total, total_label);
    l.text_right(COL_AMOUNT_R, l.y, total, &money(t.total));
    let mut wy = top + 16.0;
    l.text(MARGIN, wy, LABEL, "AMOUNT IN WORDS");
    wy += 13.0;
    for part in wrap(&t.total_in_words, BODY.size, label_x - MARGIN - 20.0) {
        l.text(MARGIN, wy, STRONG, &part);
        wy += 12.0;
    }
    l.y = l.y.max(wy) + 22.0;

    // Notes, and the signatory.
    l.room_for(110.0);
    let mut notes = vec![doc.reverse_charge.clone()];
    if doc.gateway_fee > 0 {
        notes.push(format!(
            "The line values include the payment gateway charge of {}, shared over the lines and taxed at their rates.",
            money(doc.gateway_fee)
        ));
    }
    if let (Some(code), Some(discount)) = (&doc.coupon_code, doc.discount) {
        notes.push(format!(
            "Coupon {code}: a discount of {} given at the sale, before tax; the taxable values are after it.",
            money(discount)
        ));
    }
    if let Some(reason) = &doc.reason {
        notes.push(format!("Reason: {reason}"));
    }
    notes.push("Amounts in Indian rupees (INR).".to_string());
    let notes_top = l.y;
    for note in notes {
        for part in wrap(&note, SMALL.size, mid - MARGIN - 10.0) {
            l.text(MARGIN, l.y, SMALL, &part);
            l.y += 11.0;
        }
    }
    l.text_right(RIGHT, notes_top, STRONG, &doc.signatory);
    l.rule(notes_top + 44.0, RIGHT - 150.0, RIGHT, 0.5, INK);
    l.text_right(RIGHT, notes_top + 56.0, SMALL, "Authorised Signatory");
    l.y = l.y.max(notes_top + 60.0);

    let contact = format!(
        "{}  ·  {}  ·  {}",
        doc.seller.name, doc.seller.email, doc.seller.phone
    );
    footer(&mut l, &contact);
    l
}

/// The PDF of a tax invoice or credit note.
pub fn render(doc: &TaxDocument) -> Result<Vec<u8>, String> {
    write(
        layout(doc),
        format!("{} {}", doc.title, doc.number),
        &doc.seller.name,
    )
}

/// The file an outbox e-mail attaches (`mail::run_outbox_worker`): the
/// order's tax invoice PDF, kept or drawn now (off the async threads) and
/// kept; none when the order has no invoice.
pub async fn attachment(db: Db, a: outbox::Attachment) -> anyhow::Result<Option<mail::File>> {
    let outbox::Attachment::TaxInvoice { order_id } = a;
    let Some(doc) = super::issued::invoice(&db, &order_id).await? else {
        return Ok(None);
    };
    let name = doc.file_name();
    let kept = Kept::Invoice {
        order_id: &order_id,
    };
    let bytes = kept_or_drawn(&db, doc, kept, |doc| async move {
        tokio::task::spawn_blocking(move || render(&doc))
            .await?
            .map_err(anyhow::Error::msg)
    })
    .await?;
    Ok(Some(mail::File {
        name,
        kind: "application/pdf",
        bytes,
    }))
}

/// The PDF kept for `doc`, or drawn now by `draw` and kept: a document is
/// drawn once, whoever asks first (the buyer, an admin, the e-mail).
pub async fn kept_or_drawn<E, Fut>(
    db: &Db,
    doc: TaxDocument,
    kept: Kept<'_>,
    draw: impl FnOnce(TaxDocument) -> Fut,
) -> Result<Vec<u8>, E>
where
    Fut: std::future::Future<Output = Result<Vec<u8>, E>>,
    E: From<DbError>,
{
    if let Some(bytes) = tax_documents::pdf(db, kept).await? {
        return Ok(bytes);
    }
    let bytes = draw(doc).await?;
    tax_documents::keep_pdf(db, kept, bytes.clone()).await?;
    Ok(bytes)
}
