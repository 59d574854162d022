//! Gathering documents into the GSTR-1 summary's groups, one at a time.

use std::collections::BTreeMap;

use design_engine::tax;

use super::{
    Amounts, B2bRow, B2clRow, B2csRow, CreditNoteRow, DocumentsIssued, Gstr1, Gstr1Totals, HsnRow,
    Reconciliation,
};
use crate::core::documents::tax_document::{TaxDocument, UNIT, india_date};

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
