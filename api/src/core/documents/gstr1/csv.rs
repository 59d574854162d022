//! The GSTR-1 summary as one CSV file.

use super::Gstr1;

/// A CSV field: quoted when it holds a comma, quote or line break, and a
/// leading `=`, `+`, `-`, `@` or tab neutralised with `'` so that a buyer's
/// name never runs as a spreadsheet formula. A plain number (`-1000.00`, a
/// credit note's net figure) is no formula and is written as it is, so a
/// spreadsheet reads it as a number, not as text.
pub(super) fn field(text: &str) -> String {
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
pub(super) fn rupees(paise: i64) -> String {
    let sign = if paise < 0 { "-" } else { "" };
    let p = paise.unsigned_abs();
    format!("{sign}{}.{:02}", p / 100, p % 100)
}

/// A rate in basis points as a percentage: `5`, `18`, `2.5`.
pub(super) fn percent(bps: i64) -> String {
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
