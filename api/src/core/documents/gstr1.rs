//! The GSTR-1 summary of a range of issued tax documents: the tables an
//! accountant copies into the outward supplies return. Documents are added
//! one at a time (the export streams them from the database) and only the
//! groups are kept; the thresholds are the engine's (`b2c_large_above`).
//!
//! - B2B: invoices to a GSTIN, one row per invoice and rate.
//! - B2C large: inter-state invoices to unregistered buyers above the
//!   threshold, one row per invoice and rate.
//! - B2C small: the other invoices to unregistered buyers, summed per place
//!   of supply, supply type and rate.
//! - HSN: per HSN and rate, net of credit notes' values (a credit note gives
//!   money back, not pieces, so quantities are the invoices').
//! - Credit notes: one row per note and rate, with the invoice it adjusts.
//! - Documents issued (Table 13): each series' first and last numbers.
//!
//! Money is in paise in the JSON; the CSV writes rupees with two decimals.

use std::collections::BTreeMap;

use design_engine::tax;
use poem_openapi::Object;

use super::tax_document::{TaxDocument, UNIT, india_date};

/// Taxable value and taxes of some lines.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
struct Tax {
    taxable_value: i64,
    igst: i64,
    cgst: i64,
    sgst: i64,
}

impl Tax {
    fn add(&mut self, o: Tax, sign: i64) {
        self.taxable_value += sign * o.taxable_value;
        self.igst += sign * o.igst;
        self.cgst += sign * o.cgst;
        self.sgst += sign * o.sgst;
    }
}

/// A document's lines summed per rate (ascending).
fn by_rate(doc: &TaxDocument) -> BTreeMap<i64, Tax> {
    let mut rates: BTreeMap<i64, Tax> = BTreeMap::new();
    for l in &doc.lines {
        rates.entry(l.rate_bps).or_default().add(
            Tax {
                taxable_value: l.taxable_value,
                igst: l.igst,
                cgst: l.cgst,
                sgst: l.sgst,
            },
            1,
        );
    }
    rates
}

/// '29-Karnataka': the portal's way of naming a place of supply.
fn place(doc: &TaxDocument) -> String {
    format!("{}-{}", doc.place_of_supply.code, doc.place_of_supply.name)
}

/// B2B: one invoice's supplies at one rate.
#[derive(Object, Debug, Clone, PartialEq)]
#[oai(rename_all = "camelCase")]
pub struct B2bRow {
    pub gstin: String,
    pub buyer_name: String,
    pub invoice_number: String,
    /// dd/mm/yyyy.
    pub invoice_date: String,
    /// The whole invoice's value (every rate).
    pub invoice_value: i64,
    /// '29-Karnataka'.
    pub place_of_supply: String,
    pub rate_bps: i64,
    pub taxable_value: i64,
    pub igst: i64,
    pub cgst: i64,
    pub sgst: i64,
}

/// B2C large: one inter-state invoice above the threshold, at one rate (IGST only).
#[derive(Object, Debug, Clone, PartialEq)]
#[oai(rename_all = "camelCase")]
pub struct B2clRow {
    pub invoice_number: String,
    pub invoice_date: String,
    pub invoice_value: i64,
    pub place_of_supply: String,
    pub rate_bps: i64,
    pub taxable_value: i64,
    pub igst: i64,
}

/// B2C small: every other sale to unregistered buyers in one state at one rate.
#[derive(Object, Debug, Clone, PartialEq)]
#[oai(rename_all = "camelCase")]
pub struct B2csRow {
    pub place_of_supply: String,
    /// 'intraState' or 'interState'.
    pub supply: String,
    pub rate_bps: i64,
    pub taxable_value: i64,
    pub igst: i64,
    pub cgst: i64,
    pub sgst: i64,
}

/// The HSN summary's row: one HSN at one rate, net of credit notes.
#[derive(Object, Debug, Clone, PartialEq)]
#[oai(rename_all = "camelCase")]
pub struct HsnRow {
    pub hsn: String,
    /// Unit Quantity Code: 'PCS'.
    pub uqc: String,
    /// Pieces invoiced.
    pub quantity: i64,
    /// Taxable value plus taxes.
    pub total_value: i64,
    pub rate_bps: i64,
    pub taxable_value: i64,
    pub igst: i64,
    pub cgst: i64,
    pub sgst: i64,
}

/// One credit note's values at one rate.
#[derive(Object, Debug, Clone, PartialEq)]
#[oai(rename_all = "camelCase")]
pub struct CreditNoteRow {
    pub number: String,
    pub date: String,
    /// The invoice it adjusts.
    pub invoice_number: String,
    pub invoice_date: String,
    /// The buyer's GSTIN (a B2B note, CDNR) or none (CDNUR / B2C).
    #[oai(skip_serializing_if_is_none)]
    pub gstin: Option<String>,
    pub place_of_supply: String,
    /// The whole note's value (every rate).
    pub note_value: i64,
    pub rate_bps: i64,
    pub taxable_value: i64,
    pub igst: i64,
    pub cgst: i64,
    pub sgst: i64,
}

/// GSTR-1 Table 13, documents issued: one series' first and last numbers.
#[derive(Object, Debug, Clone, PartialEq)]
#[oai(rename_all = "camelCase")]
pub struct DocumentsIssued {
    /// 'Invoices for outward supply' or 'Credit notes'.
    pub nature: String,
    /// 'INV/26-27'.
    pub series: String,
    pub from_number: String,
    pub to_number: String,
    pub total: i64,
    /// Issued documents are never cancelled here (a refund gets a credit note).
    pub cancelled: i64,
}

/// Documents counted and their sums.
#[derive(Object, Debug, Clone, Copy, Default, PartialEq, Eq)]
#[oai(rename_all = "camelCase")]
pub struct Amounts {
    pub count: i64,
    pub taxable_value: i64,
    pub igst: i64,
    pub cgst: i64,
    pub sgst: i64,
    /// Taxable value plus taxes.
    pub total: i64,
}

impl Amounts {
    fn add(&mut self, doc: &TaxDocument) {
        let t = &doc.totals;
        self.count += 1;
        self.taxable_value += t.taxable_value;
        self.igst += t.igst;
        self.cgst += t.cgst;
        self.sgst += t.sgst;
        self.total += t.total;
    }

    fn minus(self, o: Amounts) -> Amounts {
        Amounts {
            count: self.count + o.count,
            taxable_value: self.taxable_value - o.taxable_value,
            igst: self.igst - o.igst,
            cgst: self.cgst - o.cgst,
            sgst: self.sgst - o.sgst,
            total: self.total - o.total,
        }
    }
}

/// The documents' sums: `net` is invoices minus credit notes (its `count` every document).
#[derive(Object, Debug, Clone, Copy, PartialEq, Eq)]
#[oai(rename_all = "camelCase")]
pub struct Gstr1Totals {
    pub invoices: Amounts,
    pub credit_notes: Amounts,
    pub net: Amounts,
}

/// The documents against the money: what the orders paid in the range
/// brought in, less the refunds made in it, must be the net total of the
/// invoices and credit notes issued in it.
#[derive(Object, Debug, Clone, Copy, PartialEq, Eq)]
#[oai(rename_all = "camelCase")]
pub struct Reconciliation {
    /// The total price of the orders paid in the range.
    pub payments: i64,
    /// The refunds made in the range.
    pub refunds: i64,
    /// Payments minus refunds.
    pub received: i64,
    /// The documents' net total.
    pub documents: i64,
    /// received = documents.
    pub reconciled: bool,
}

impl Reconciliation {
    pub fn new(payments: i64, refunds: i64, documents: i64) -> Reconciliation {
        let received = payments - refunds;
        Reconciliation {
            payments,
            refunds,
            received,
            documents,
            reconciled: received == documents,
        }
    }
}

/// The summary of the documents issued from `from` to `to` (India's days, both included).
#[derive(Object, Debug, Clone, PartialEq)]
#[oai(rename_all = "camelCase")]
pub struct Gstr1 {
    /// YYYY-MM-DD.
    pub from: String,
    /// YYYY-MM-DD.
    pub to: String,
    pub b2b: Vec<B2bRow>,
    pub b2cl: Vec<B2clRow>,
    pub b2cs: Vec<B2csRow>,
    pub hsn: Vec<HsnRow>,
    pub credit_notes: Vec<CreditNoteRow>,
    pub documents: Vec<DocumentsIssued>,
    pub totals: Gstr1Totals,
    pub reconciliation: Reconciliation,
}

#[derive(Default)]
struct HsnSum {
    quantity: i64,
    tax: Tax,
}

/// Gathers documents into the summary's groups.
#[derive(Default)]
pub struct Builder {
    b2b: Vec<B2bRow>,
    b2cl: Vec<B2clRow>,
    b2cs: BTreeMap<(String, String, i64), Tax>,
    hsn: BTreeMap<(String, i64), HsnSum>,
    credit_notes: Vec<CreditNoteRow>,
    /// (is a credit note, series) → (first, last, count).
    issued: BTreeMap<(bool, String), (String, String, i64)>,
    invoices: Amounts,
    notes: Amounts,
}

impl Builder {
    /// Counts an invoice or a credit note (a document that adjusts one).
    pub fn add(&mut self, doc: &TaxDocument) {
        let sign = if doc.adjusts.is_some() { -1 } else { 1 };
        let series = doc
            .number
            .rsplit_once('/')
            .map_or(doc.number.as_str(), |(s, _)| s);
        let issued = self
            .issued
            .entry((sign < 0, series.to_string()))
            .or_insert_with(|| (doc.number.clone(), doc.number.clone(), 0));
        // Zero-padded numbers of one series sort as text.
        if doc.number < issued.0 {
            issued.0 = doc.number.clone();
        }
        if doc.number > issued.1 {
            issued.1 = doc.number.clone();
        }
        issued.2 += 1;
        for l in &doc.lines {
            let sum = self.hsn.entry((l.hsn.clone(), l.rate_bps)).or_default();
            if sign > 0 {
                sum.quantity += l.quantity;
            }
            sum.tax.add(
                Tax {
                    taxable_value: l.taxable_value,
                    igst: l.igst,
                    cgst: l.cgst,
                    sgst: l.sgst,
                },
                sign,
            );
        }
        match &doc.adjusts {
            Some(invoice) => {
                self.notes.add(doc);
                for (rate_bps, t) in by_rate(doc) {
                    self.credit_notes.push(CreditNoteRow {
                        number: doc.number.clone(),
                        date: doc.date.clone(),
                        invoice_number: invoice.number.clone(),
                        invoice_date: invoice.date.clone(),
                        gstin: doc.buyer.gstin.clone(),
                        place_of_supply: place(doc),
                        note_value: doc.totals.total,
                        rate_bps,
                        taxable_value: t.taxable_value,
                        igst: t.igst,
                        cgst: t.cgst,
                        sgst: t.sgst,
                    });
                }
            }
            None => {
                self.invoices.add(doc);
                self.add_invoice(doc);
            }
        }
    }

    fn add_invoice(&mut self, doc: &TaxDocument) {
        let value = doc.totals.total;
        if let Some(gstin) = &doc.buyer.gstin {
            for (rate_bps, t) in by_rate(doc) {
                self.b2b.push(B2bRow {
                    gstin: gstin.clone(),
                    buyer_name: doc.buyer.name.clone(),
                    invoice_number: doc.number.clone(),
                    invoice_date: doc.date.clone(),
                    invoice_value: value,
                    place_of_supply: place(doc),
                    rate_bps,
                    taxable_value: t.taxable_value,
                    igst: t.igst,
                    cgst: t.cgst,
                    sgst: t.sgst,
                });
            }
        } else if doc.supply == "interState"
            && value > tax::b2c_large_above(india_date(doc.issued_at)).0
        {
            for (rate_bps, t) in by_rate(doc) {
                self.b2cl.push(B2clRow {
                    invoice_number: doc.number.clone(),
                    invoice_date: doc.date.clone(),
                    invoice_value: value,
                    place_of_supply: place(doc),
                    rate_bps,
                    taxable_value: t.taxable_value,
                    igst: t.igst,
                });
            }
        } else {
            for (rate_bps, t) in by_rate(doc) {
                self.b2cs
                    .entry((place(doc), doc.supply.clone(), rate_bps))
                    .or_default()
                    .add(t, 1);
            }
        }
    }

    /// The net total of the documents added so far (invoices minus credit notes).
    pub fn net_total(&self) -> i64 {
        self.invoices.total - self.notes.total
    }

    /// The summary: rows sorted by GSTIN, number, place and HSN.
    pub fn finish(mut self, from: String, to: String, reconciliation: Reconciliation) -> Gstr1 {
        self.b2b.sort_by(|a, b| {
            (&a.gstin, &a.invoice_number, a.rate_bps).cmp(&(
                &b.gstin,
                &b.invoice_number,
                b.rate_bps,
            ))
        });
        self.b2cl
            .sort_by(|a, b| (&a.invoice_number, a.rate_bps).cmp(&(&b.invoice_number, b.rate_bps)));
        self.credit_notes
            .sort_by(|a, b| (&a.number, a.rate_bps).cmp(&(&b.number, b.rate_bps)));
        Gstr1 {
            from,
            to,
            b2b: self.b2b,
            b2cl: self.b2cl,
            b2cs: self
                .b2cs
                .into_iter()
                .map(|((place_of_supply, supply, rate_bps), t)| B2csRow {
                    place_of_supply,
                    supply,
                    rate_bps,
                    taxable_value: t.taxable_value,
                    igst: t.igst,
                    cgst: t.cgst,
                    sgst: t.sgst,
                })
                .collect(),
            hsn: self
                .hsn
                .into_iter()
                .map(|((hsn, rate_bps), s)| HsnRow {
                    hsn,
                    uqc: UNIT.to_string(),
                    quantity: s.quantity,
                    total_value: s.tax.taxable_value + s.tax.igst + s.tax.cgst + s.tax.sgst,
                    rate_bps,
                    taxable_value: s.tax.taxable_value,
                    igst: s.tax.igst,
                    cgst: s.tax.cgst,
                    sgst: s.tax.sgst,
                })
                .collect(),
            credit_notes: self.credit_notes,
            documents: self
                .issued
                .into_iter()
                .map(
                    |((note, series), (from_number, to_number, total))| DocumentsIssued {
                        nature: if note {
                            "Credit notes"
                        } else {
                            "Invoices for outward supply"
                        }
                        .to_string(),
                        series,
                        from_number,
                        to_number,
                        total,
                        cancelled: 0,
                    },
                )
                .collect(),
            totals: Gstr1Totals {
                invoices: self.invoices,
                credit_notes: self.notes,
                net: self.invoices.minus(self.notes),
            },
            reconciliation,
        }
    }
}

/// A CSV field: quoted when it holds a comma, quote or line break, and a
/// leading `=`, `+`, `-`, `@` or tab neutralised with `'` so that a buyer's
/// name never runs as a spreadsheet formula. A plain number (`-1000.00`, a
/// credit note's net figure) is no formula and is written as it is, so a
/// spreadsheet reads it as a number, not as text.
fn field(text: &str) -> String {
    let text = if text.starts_with(['=', '+', '-', '@', '\t', '\r']) && !is_number(text) {
        format!("'{text}")
    } else {
        text.to_string()
    };
    if text.contains([',', '"', '\n', '\r']) {
        format!("\"{}\"", text.replace('"', "\"\""))
    } else {
        text
    }
}

/// `-1234.50`, `75`: an optional minus, digits, and at most one point followed by digits.
fn is_number(text: &str) -> bool {
    let digits = text.strip_prefix('-').unwrap_or(text);
    let (whole, fraction) = digits.split_once('.').unwrap_or((digits, "0"));
    [whole, fraction]
        .iter()
        .all(|d| !d.is_empty() && d.bytes().all(|b| b.is_ascii_digit()))
}

/// Paise as rupees with two decimals: `-1234.50`.
fn rupees(paise: i64) -> String {
    let sign = if paise < 0 { "-" } else { "" };
    let p = paise.unsigned_abs();
    format!("{sign}{}.{:02}", p / 100, p % 100)
}

/// A rate in basis points as a percentage: `5`, `18`, `2.5`.
fn percent(bps: i64) -> String {
    if bps % 100 == 0 {
        (bps / 100).to_string()
    } else {
        format!("{}.{:02}", bps / 100, bps % 100)
            .trim_end_matches('0')
            .to_string()
    }
}

fn row(out: &mut String, cells: &[String]) {
    let line: Vec<String> = cells.iter().map(|c| field(c)).collect();
    out.push_str(&line.join(","));
    out.push_str("\r\n");
}

fn section(out: &mut String, title: &str, header: &[&str]) {
    if !out.is_empty() {
        out.push_str("\r\n");
    }
    row(out, &[title.to_string()]);
    row(
        out,
        &header.iter().map(|h| h.to_string()).collect::<Vec<_>>(),
    );
}

impl Gstr1 {
    /// One CSV file, a section per table: its title on a line of its own,
    /// then its header and rows, and a blank line before the next. Money in
    /// rupees, rates in percent.
    pub fn to_csv(&self) -> String {
        let mut out = String::new();
        let r = rupees;
        section(
            &mut out,
            "B2B",
            &[
                "GSTIN",
                "Buyer",
                "Invoice number",
                "Invoice date",
                "Invoice value",
                "Place of supply",
                "Rate",
                "Taxable value",
                "IGST",
                "CGST",
                "SGST",
            ],
        );
        for b in &self.b2b {
            row(
                &mut out,
                &[
                    b.gstin.clone(),
                    b.buyer_name.clone(),
                    b.invoice_number.clone(),
                    b.invoice_date.clone(),
                    r(b.invoice_value),
                    b.place_of_supply.clone(),
                    percent(b.rate_bps),
                    r(b.taxable_value),
                    r(b.igst),
                    r(b.cgst),
                    r(b.sgst),
                ],
            );
        }
        section(
            &mut out,
            "B2C large",
            &[
                "Invoice number",
                "Invoice date",
                "Invoice value",
                "Place of supply",
                "Rate",
                "Taxable value",
                "IGST",
            ],
        );
        for b in &self.b2cl {
            row(
                &mut out,
                &[
                    b.invoice_number.clone(),
                    b.invoice_date.clone(),
                    r(b.invoice_value),
                    b.place_of_supply.clone(),
                    percent(b.rate_bps),
                    r(b.taxable_value),
                    r(b.igst),
                ],
            );
        }
        section(
            &mut out,
            "B2C small",
            &[
                "Place of supply",
                "Supply",
                "Rate",
                "Taxable value",
                "IGST",
                "CGST",
                "SGST",
            ],
        );
        for b in &self.b2cs {
            row(
                &mut out,
                &[
                    b.place_of_supply.clone(),
                    if b.supply == "interState" {
                        "Inter-state"
                    } else {
                        "Intra-state"
                    }
                    .to_string(),
                    percent(b.rate_bps),
                    r(b.taxable_value),
                    r(b.igst),
                    r(b.cgst),
                    r(b.sgst),
                ],
            );
        }
        section(
            &mut out,
            "HSN summary",
            &[
                "HSN",
                "UQC",
                "Total quantity",
                "Total value",
                "Rate",
                "Taxable value",
                "IGST",
                "CGST",
                "SGST",
            ],
        );
        for h in &self.hsn {
            row(
                &mut out,
                &[
                    h.hsn.clone(),
                    h.uqc.clone(),
                    h.quantity.to_string(),
                    r(h.total_value),
                    percent(h.rate_bps),
                    r(h.taxable_value),
                    r(h.igst),
                    r(h.cgst),
                    r(h.sgst),
                ],
            );
        }
        section(
            &mut out,
            "Credit notes",
            &[
                "Note number",
                "Note date",
                "Invoice number",
                "Invoice date",
                "GSTIN",
                "Place of supply",
                "Note value",
                "Rate",
                "Taxable value",
                "IGST",
                "CGST",
                "SGST",
            ],
        );
        for c in &self.credit_notes {
            row(
                &mut out,
                &[
                    c.number.clone(),
                    c.date.clone(),
                    c.invoice_number.clone(),
                    c.invoice_date.clone(),
                    c.gstin.clone().unwrap_or_default(),
                    c.place_of_supply.clone(),
                    r(c.note_value),
                    percent(c.rate_bps),
                    r(c.taxable_value),
                    r(c.igst),
                    r(c.cgst),
                    r(c.sgst),
                ],
            );
        }
        section(
            &mut out,
            "Documents issued",
            &[
                "Nature of document",
                "Series",
                "From",
                "To",
                "Total number",
                "Cancelled",
            ],
        );
        for d in &self.documents {
            row(
                &mut out,
                &[
                    d.nature.clone(),
                    d.series.clone(),
                    d.from_number.clone(),
                    d.to_number.clone(),
                    d.total.to_string(),
                    d.cancelled.to_string(),
                ],
            );
        }
        section(
            &mut out,
            "Totals",
            &[
                "",
                "Documents",
                "Taxable value",
                "IGST",
                "CGST",
                "SGST",
                "Total",
            ],
        );
        let t = &self.totals;
        for (name, a) in [
            ("Invoices", t.invoices),
            ("Credit notes", t.credit_notes),
            ("Net", t.net),
        ] {
            row(
                &mut out,
                &[
                    name.to_string(),
                    a.count.to_string(),
                    r(a.taxable_value),
                    r(a.igst),
                    r(a.cgst),
                    r(a.sgst),
                    r(a.total),
                ],
            );
        }
        section(
            &mut out,
            "Reconciliation",
            &["Payments", "Refunds", "Received", "Documents", "Reconciled"],
        );
        let c = &self.reconciliation;
        row(
            &mut out,
            &[
                r(c.payments),
                r(c.refunds),
                r(c.received),
                r(c.documents),
                if c.reconciled { "yes" } else { "no" }.to_string(),
            ],
        );
        out
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::core::documents::tax_document::{
        AdjustedInvoice, DocumentBuyer, DocumentLine, DocumentSeller, DocumentTotals, StateRef,
    };
    use crate::domain::address::ShippingAddress;

    /// 2026-11-10 12:00 IST.
    const NOV: i64 = 1_794_294_000_000;

    fn line(hsn: &str, quantity: i64, rate_bps: i64, taxable: i64, inter: bool) -> DocumentLine {
        let tax = taxable * rate_bps / 10_000;
        let (igst, half) = if inter { (tax, 0) } else { (0, tax / 2) };
        DocumentLine {
            hsn: hsn.into(),
            description: "Tee".into(),
            quantity,
            unit: UNIT.into(),
            rate_bps,
            taxable_value: taxable,
            cgst: half,
            sgst: half,
            igst,
            amount: taxable + igst + 2 * half,
        }
    }

    fn doc(
        number: &str,
        gstin: Option<&str>,
        state: (&str, &str),
        lines: Vec<DocumentLine>,
    ) -> TaxDocument {
        let sum = |f: fn(&DocumentLine) -> i64| lines.iter().map(f).sum::<i64>();
        let address = ShippingAddress {
            email: "b@example.com".into(),
            full_name: "A Buyer".into(),
            phone: "9876543210".into(),
            address_line1: "1 Road".into(),
            address_line2: None,
            street: "Road".into(),
            city: "City".into(),
            state: state.1.into(),
            zip_code: "560001".into(),
            country: "India".into(),
        };
        let inter = state.0 != "29";
        TaxDocument {
            title: "TAX INVOICE".into(),
            number: number.into(),
            date: "10/11/2026".into(),
            issued_at: NOV,
            order_id: "o".into(),
            order_number: "ORD-1".into(),
            adjusts: None,
            reason: None,
            seller: DocumentSeller {
                name: "Seller".into(),
                address: "Bengaluru".into(),
                gstin: "29AAAAA0000A1Z5".into(),
                state: StateRef {
                    name: "Karnataka".into(),
                    code: "29".into(),
                },
                phone: "1".into(),
                email: "s@example.com".into(),
            },
            buyer: DocumentBuyer {
                name: "=Buyer, \"Ltd\"".into(),
                gstin: gstin.map(str::to_string),
                billing_address: address.clone(),
                shipping_address: address,
                state: StateRef {
                    name: state.1.into(),
                    code: state.0.into(),
                },
            },
            place_of_supply: StateRef {
                name: state.1.into(),
                code: state.0.into(),
            },
            supply: if inter { "interState" } else { "intraState" }.into(),
            gateway_fee: 0,
            totals: DocumentTotals {
                taxable_value: sum(|l| l.taxable_value),
                cgst: sum(|l| l.cgst),
                sgst: sum(|l| l.sgst),
                igst: sum(|l| l.igst),
                total: sum(|l| l.amount),
                total_in_words: String::new(),
            },
            lines,
            reverse_charge: String::new(),
            signatory: String::new(),
        }
    }

    fn note(number: &str, of: &TaxDocument, lines: Vec<DocumentLine>) -> TaxDocument {
        let mut n = doc(
            number,
            of.buyer.gstin.as_deref(),
            (&of.place_of_supply.code, &of.place_of_supply.name),
            lines,
        );
        n.adjusts = Some(AdjustedInvoice {
            number: of.number.clone(),
            date: of.date.clone(),
        });
        n
    }

    fn summary(docs: &[TaxDocument], payments: i64, refunds: i64) -> Gstr1 {
        let mut b = Builder::default();
        for d in docs {
            b.add(d);
        }
        let net = b.net_total();
        b.finish(
            "2026-11-01".into(),
            "2026-11-30".into(),
            Reconciliation::new(payments, refunds, net),
        )
    }

    #[test]
    fn sales_are_grouped_as_gstr1_asks() {
        let ka = ("29", "Karnataka");
        let mh = ("27", "Maharashtra");
        let docs = vec![
            // B2B, two rates on one invoice: two rows.
            doc(
                "INV/26-27/000002",
                Some("27AAPFU0939F1ZV"),
                mh,
                vec![
                    line("6109", 10, 500, 10_000_00, true),
                    line("6105", 2, 1800, 6_000_00, true),
                ],
            ),
            doc(
                "INV/26-27/000001",
                Some("27AAPFU0939F1ZV"),
                mh,
                vec![line("6109", 1, 500, 1_000_00, true)],
            ),
            // Inter-state, unregistered, above ₹1,00,000: B2C large.
            doc(
                "INV/26-27/000003",
                None,
                mh,
                vec![line("6109", 100, 500, 1_00_000_00, true)],
            ),
            // Exactly ₹1,00,000 is not above it: B2C small; intra-state never is large.
            doc(
                "INV/26-27/000004",
                None,
                mh,
                vec![line("6109", 50, 500, 95_238_10, true)],
            ),
            doc(
                "INV/26-27/000005",
                None,
                ka,
                vec![line("6109", 300, 500, 3_00_000_00, false)],
            ),
            doc(
                "INV/26-27/000006",
                None,
                ka,
                vec![line("6109", 3, 500, 3_000_00, false)],
            ),
        ];
        // ₹95,238.10 at 5% is ₹1,00,000.00 and 5 paise: make it exactly the threshold.
        let mut docs = docs;
        docs[3].totals.total = 1_00_000_00;
        let g = summary(&docs, 0, 0);

        assert_eq!(
            g.b2b
                .iter()
                .map(|r| (r.invoice_number.as_str(), r.rate_bps))
                .collect::<Vec<_>>(),
            [
                ("INV/26-27/000001", 500),
                ("INV/26-27/000002", 500),
                ("INV/26-27/000002", 1800)
            ]
        );
        assert_eq!(g.b2b[1].invoice_value, 10_500_00 + 7_080_00);
        assert_eq!(g.b2b[2].place_of_supply, "27-Maharashtra");
        assert_eq!(g.b2b[2].igst, 1_080_00);

        assert_eq!(g.b2cl.len(), 1);
        assert_eq!(g.b2cl[0].invoice_number, "INV/26-27/000003");
        assert_eq!(g.b2cl[0].igst, 5_000_00);

        assert_eq!(g.b2cs.len(), 2);
        let ka_row = g
            .b2cs
            .iter()
            .find(|r| r.place_of_supply == "29-Karnataka")
            .unwrap();
        assert_eq!(
            (
                ka_row.supply.as_str(),
                ka_row.taxable_value,
                ka_row.cgst,
                ka_row.sgst,
                ka_row.igst
            ),
            ("intraState", 3_03_000_00, 7_575_00, 7_575_00, 0)
        );
        let mh_row = g
            .b2cs
            .iter()
            .find(|r| r.place_of_supply == "27-Maharashtra")
            .unwrap();
        assert_eq!((mh_row.taxable_value, mh_row.igst), (95_238_10, 4_761_90));

        let h6109 = g
            .hsn
            .iter()
            .find(|h| h.hsn == "6109" && h.rate_bps == 500)
            .unwrap();
        assert_eq!(h6109.quantity, 10 + 1 + 100 + 50 + 300 + 3);
        assert_eq!(h6109.uqc, "PCS");
        assert_eq!(g.totals.invoices.count, 6);
        assert_eq!(g.documents.len(), 1);
        assert_eq!(
            (
                g.documents[0].from_number.as_str(),
                g.documents[0].to_number.as_str(),
                g.documents[0].total
            ),
            ("INV/26-27/000001", "INV/26-27/000006", 6)
        );
        assert_eq!(g.totals.net.total, g.totals.invoices.total);
        assert!(g.credit_notes.is_empty());
    }

    #[test]
    fn credit_notes_are_listed_and_netted() {
        let inv = doc(
            "INV/26-27/000001",
            Some("27AAPFU0939F1ZV"),
            ("27", "Maharashtra"),
            vec![line("6109", 10, 500, 10_000_00, true)],
        );
        let cn = note(
            "CN/26-27/000001",
            &inv,
            vec![line("6109", 10, 500, 2_000_00, true)],
        );
        let paid = inv.totals.total;
        let g = summary(&[inv, cn], paid, 2_100_00);

        assert_eq!(g.credit_notes.len(), 1);
        let c = &g.credit_notes[0];
        assert_eq!(
            (
                c.invoice_number.as_str(),
                c.gstin.as_deref(),
                c.taxable_value,
                c.igst,
                c.note_value
            ),
            (
                "INV/26-27/000001",
                Some("27AAPFU0939F1ZV"),
                2_000_00,
                100_00,
                2_100_00
            )
        );
        // The note lowers the HSN values, not the pieces.
        assert_eq!(
            (g.hsn[0].quantity, g.hsn[0].taxable_value, g.hsn[0].igst),
            (10, 8_000_00, 400_00)
        );
        assert_eq!(g.totals.net.total, 10_500_00 - 2_100_00);
        assert_eq!(g.totals.net.count, 2);
        assert!(g.reconciliation.reconciled);
        assert_eq!(g.reconciliation.received, 8_400_00);
        assert_eq!(
            g.documents
                .iter()
                .map(|d| (
                    d.nature.as_str(),
                    d.series.as_str(),
                    d.from_number.as_str(),
                    d.to_number.as_str(),
                    d.total
                ))
                .collect::<Vec<_>>(),
            [
                (
                    "Invoices for outward supply",
                    "INV/26-27",
                    "INV/26-27/000001",
                    "INV/26-27/000001",
                    1
                ),
                (
                    "Credit notes",
                    "CN/26-27",
                    "CN/26-27/000001",
                    "CN/26-27/000001",
                    1
                ),
            ]
        );
        // A refund with no credit note shows.
        let g = summary(&[], 0, 1);
        assert!(!g.reconciliation.reconciled);
    }

    #[test]
    fn csv_has_a_section_per_table_and_escapes_fields() {
        let inv = doc(
            "INV/26-27/000001",
            Some("27AAPFU0939F1ZV"),
            ("27", "Maharashtra"),
            vec![line("6109", 10, 500, 10_000_00, true)],
        );
        let csv = summary(&[inv], 10_500_00, 0).to_csv();
        let lines: Vec<&str> = csv.split("\r\n").collect();
        for title in [
            "B2B",
            "B2C large",
            "B2C small",
            "HSN summary",
            "Credit notes",
            "Totals",
            "Reconciliation",
        ] {
            assert!(lines.contains(&title), "{title} section in {csv}");
        }
        assert_eq!(
            lines[2],
            "27AAPFU0939F1ZV,\"'=Buyer, \"\"Ltd\"\"\",INV/26-27/000001,10/11/2026,10500.00,27-Maharashtra,5,10000.00,500.00,0.00,0.00"
        );
        assert!(csv.contains("\r\nNet,1,10000.00,500.00,0.00,0.00,10500.00\r\n"));
        assert!(csv.ends_with("10500.00,0.00,10500.00,10500.00,yes\r\n"));
        assert_eq!(rupees(-1_05), "-1.05");
        // Numbers stay numbers; formulas and text that only starts like one are defused.
        assert_eq!(field("-1.05"), "-1.05");
        assert_eq!(field("-3"), "-3");
        for (text, written) in [
            ("-1+2", "'-1+2"),
            ("-", "'-"),
            ("-.5", "'-.5"),
            ("-1.", "'-1."),
            ("-2,5", "\"'-2,5\""),
            ("=1", "'=1"),
        ] {
            assert_eq!(field(text), written, "{text}");
        }
        assert_eq!(percent(250), "2.5");
        assert_eq!(percent(1800), "18");
    }
}
