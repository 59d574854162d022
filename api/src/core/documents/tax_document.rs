//! Tax invoices and credit notes: the documents an Indian seller files
//! (CGST Rule 46 for the invoice, CGST Act s.34 for the credit note). Every
//! figure comes from the engine's tax rules (`design_engine::tax`); this
//! module only gathers the parties and lines the rules apply to.
//!
//! A document is written once, when it is issued, and stored as the JSON of
//! [`TaxDocument`] (its number is the one column the database assigns, in the
//! issuing transaction): reading it back never looks at the order, the
//! products or the configuration again.

use design_engine::money::Paise;
use design_engine::tax;
use design_engine::tax::{Date, GstState, LineTax, OrderTax, Split};
use poem_openapi::Object;
use poem_openapi::types::{ParseFromJSON, ToJSON};

use crate::db::{Db, DbError, orders, tax_documents};
use crate::domain::address::ShippingAddress;
use crate::domain::company::Company;
use crate::domain::numbering;

pub const INVOICE_TITLE: &str = "TAX INVOICE";
pub const CREDIT_NOTE_TITLE: &str = "CREDIT NOTE";
pub const REVERSE_CHARGE: &str = "Tax is not payable on reverse charge";
/// Unit Quantity Code of the GST portal for pieces.
pub const UNIT: &str = "PCS";

/// A tax invoice or a credit note, as issued. Money in paise; dates dd/mm/yyyy, in India.
/// `adjusts`: the invoice a credit note adjusts (absent on an invoice);
/// `placeOfSupply`: the delivery address's state. (Said here: a comment on a
/// field that refers to another schema wraps it in allOf.)
#[derive(Object, Debug, Clone, PartialEq)]
#[oai(rename_all = "camelCase")]
pub struct TaxDocument {
    /// 'TAX INVOICE' or 'CREDIT NOTE'.
    pub title: String,
    /// The document's number in its series, e.g. INV/26-27/000123: at most 16
    /// characters, consecutive within the series (one per financial year).
    pub number: String,
    /// The day it was issued (dd/mm/yyyy, India).
    pub date: String,
    /// When it was issued (Unix ms).
    pub issued_at: i64,
    pub order_id: String,
    pub order_number: String,
    #[oai(skip_serializing_if_is_none)]
    pub adjusts: Option<AdjustedInvoice>,
    /// Why money went back (credit notes).
    #[oai(skip_serializing_if_is_none)]
    pub reason: Option<String>,
    pub seller: DocumentSeller,
    pub buyer: DocumentBuyer,
    pub place_of_supply: StateRef,
    /// 'intraState' (CGST + SGST, half the rate each) or 'interState' (IGST).
    pub supply: String,
    pub lines: Vec<DocumentLine>,
    /// The payment gateway charge in the lines' values (shared over them by
    /// amount, and taxed at their rates): 0 when the merchant absorbs it.
    pub gateway_fee: i64,
    /// The coupon the order was priced with and what it took off the lines
    /// in all (before tax); absent without one, and on credit notes the
    /// amount is absent (their lines are the discounted invoice's).
    #[oai(skip_serializing_if_is_none)]
    pub coupon_code: Option<String>,
    #[oai(skip_serializing_if_is_none)]
    pub discount: Option<i64>,
    pub totals: DocumentTotals,
    /// 'Tax is not payable on reverse charge'.
    pub reverse_charge: String,
    /// 'For {seller}' over 'Authorised Signatory'.
    pub signatory: String,
}

#[derive(Object, Debug, Clone, PartialEq)]
#[oai(rename_all = "camelCase")]
pub struct DocumentTotals {
    pub taxable_value: i64,
    pub cgst: i64,
    pub sgst: i64,
    pub igst: i64,
    /// taxable value + taxes: what the buyer paid (or, on a credit note, gets back).
    pub total: i64,
    pub total_in_words: String,
}

impl From<&OrderTax> for DocumentTotals {
    fn from(tax: &OrderTax) -> DocumentTotals {
        DocumentTotals {
            taxable_value: tax.taxable_value.0,
            cgst: tax.cgst.0,
            sgst: tax.sgst.0,
            igst: tax.igst.0,
            total: tax.total.0,
            total_in_words: tax::in_words(tax.total),
        }
    }
}

#[derive(Object, Debug, Clone, PartialEq)]
#[oai(rename_all = "camelCase")]
pub struct AdjustedInvoice {
    pub number: String,
    pub date: String,
}

#[derive(Object, Debug, Clone, PartialEq)]
#[oai(rename_all = "camelCase")]
pub struct DocumentSeller {
    pub name: String,
    pub address: String,
    pub gstin: String,
    pub state: StateRef,
    pub phone: String,
    pub email: String,
}

/// The buyer; `state` is the billing address's.
#[derive(Object, Debug, Clone, PartialEq)]
#[oai(rename_all = "camelCase")]
pub struct DocumentBuyer {
    /// The billing address's name.
    pub name: String,
    /// A registered buyer's GSTIN (a B2B sale).
    #[oai(skip_serializing_if_is_none)]
    pub gstin: Option<String>,
    pub billing_address: ShippingAddress,
    pub shipping_address: ShippingAddress,
    pub state: StateRef,
}

/// A state with its two-digit GST code.
#[derive(Object, Debug, Clone, PartialEq)]
pub struct StateRef {
    pub name: String,
    /// '29' for Karnataka.
    pub code: String,
}

/// One line: a design in one colour, all sizes.
#[derive(Object, Debug, Clone, PartialEq)]
#[oai(rename_all = "camelCase")]
pub struct DocumentLine {
    pub hsn: String,
    pub description: String,
    pub quantity: i64,
    /// 'PCS'.
    pub unit: String,
    /// The GST rate in basis points (500 = 5%): CGST and SGST are half each.
    pub rate_bps: i64,
    /// The line's price before the coupon (GST-inclusive), on an invoice
    /// line with a coupon's discount; its taxable value is worked out on the
    /// price after the discount (CGST Act s.15(3)(a)).
    #[oai(skip_serializing_if_is_none)]
    pub gross: Option<i64>,
    /// What the coupon took off the line, as shown on the invoice.
    #[oai(skip_serializing_if_is_none)]
    pub discount: Option<i64>,
    pub taxable_value: i64,
    pub cgst: i64,
    pub sgst: i64,
    pub igst: i64,
    /// taxable value + taxes.
    pub amount: i64,
}

/// An order line as it is invoiced: its amount, pieces, and what it is.
pub struct InvoicedLine {
    /// After the coupon's discount, if any.
    pub amount: Paise,
    pub discount: Paise,
    pub quantity: u32,
    pub hsn: String,
    pub description: String,
}

/// An order's lines as its invoice lists them, in order: each product's HSN
/// as it is now (the admin's, else the engine's default for its category).
pub async fn invoiced_lines(db: &Db, order_id: &str) -> Result<Vec<InvoicedLine>, DbError> {
    let rows = tax_documents::invoiced_lines(db, order_id).await?;
    Ok(rows.into_iter().map(InvoicedLine::from).collect())
}

impl From<tax_documents::LineRow> for InvoicedLine {
    fn from(r: tax_documents::LineRow) -> InvoicedLine {
        InvoicedLine {
            amount: Paise(r.line_total),
            discount: Paise(r.discount),
            quantity: u32::try_from(r.quantity).unwrap_or(0),
            hsn: r.hsn.unwrap_or_else(|| {
                tax::default_hsn(r.category.as_deref().unwrap_or_default()).to_string()
            }),
            // Names and numbers are part of the printed garment (one supply, one rate).
            description: match (r.name_charge > 0, r.number_charge > 0) {
                (false, false) => format!("{}, {} (custom printed)", r.name, r.color),
                (true, true) => format!(
                    "{}, {} (custom printed, names and numbers)",
                    r.name, r.color
                ),
                (true, false) => format!("{}, {} (custom printed, names)", r.name, r.color),
                (false, true) => format!("{}, {} (custom printed, numbers)", r.name, r.color),
            },
        }
    }
}

impl From<GstState> for StateRef {
    fn from(s: GstState) -> StateRef {
        StateRef {
            name: s.name.to_string(),
            code: s.code_str(),
        }
    }
}

/// The state an address is in; an unknown name (the address form takes any)
/// is "Other Territory" (97), which the GST portal keeps for such supplies.
pub fn state_of(address: &ShippingAddress) -> GstState {
    GstState::by_name(&address.state).unwrap_or_else(|| {
        tracing::warn!(state = %address.state, "an address's state has no GST code: Other Territory");
        GstState::by_code(97).expect("97 is a GST state code")
    })
}

/// The day, in India, of a Unix time in ms, as the engine's tax rules read dates.
pub fn india_date(ms: i64) -> Date {
    use chrono::Datelike;
    let day = crate::domain::india_time::date(ms);
    Date::new(day.year(), day.month() as u8, day.day() as u8)
}

fn lines(tax: &OrderTax, invoiced: &[InvoicedLine]) -> Vec<DocumentLine> {
    tax.lines
        .iter()
        .zip(invoiced)
        .map(|(t, l)| DocumentLine {
            hsn: l.hsn.clone(),
            description: l.description.clone(),
            quantity: i64::from(t.quantity),
            unit: UNIT.to_string(),
            rate_bps: t.rate_bps,
            gross: (l.discount.0 > 0).then_some(l.amount.0 + l.discount.0),
            discount: (l.discount.0 > 0).then_some(l.discount.0),
            taxable_value: t.taxable_value.0,
            cgst: t.cgst.0,
            sgst: t.sgst.0,
            igst: t.igst.0,
            amount: t.amount.0,
        })
        .collect()
}

/// An invoice line as the engine's tax rules read it.
fn line_tax_of(l: &DocumentLine) -> LineTax {
    LineTax {
        amount: Paise(l.amount),
        quantity: u32::try_from(l.quantity).unwrap_or(0),
        rate_bps: l.rate_bps,
        taxable_value: Paise(l.taxable_value),
        cgst: Paise(l.cgst),
        sgst: Paise(l.sgst),
        igst: Paise(l.igst),
    }
}

/// Pieces of one invoice line that a refund gives back (a claim's): the
/// line (from 0, in the invoice's order), how many, and their share in
/// paise (GST-inclusive, with their share of the gateway fee). Stored with
/// the refund owed, as JSON, until its credit note is written.
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct CreditedPieces {
    pub line: usize,
    pub quantity: u32,
    pub amount: i64,
}

fn supply(split: Split) -> String {
    match split {
        Split::IntraState => "intraState",
        Split::InterState => "interState",
    }
    .to_string()
}

impl TaxDocument {
    /// The tax invoice of `order`, paid at `issued_ms`, its lines `invoiced`
    /// (in order) and its gateway fee the order's charge. The number is left
    /// empty: the paying transaction assigns it.
    pub fn invoice(
        order: &orders::Order,
        buyer_gstin: Option<&str>,
        invoiced: &[InvoicedLine],
        seller: &Company,
        seller_state: GstState,
        issued_ms: i64,
    ) -> Result<TaxDocument, serde_json::Error> {
        let billing: ShippingAddress = serde_json::from_str(&order.billing_address)?;
        let shipping: ShippingAddress = serde_json::from_str(&order.shipping_address)?;
        let place = state_of(&shipping);
        let fee = Paise(order.gateway_charge.max(0));
        let amounts: Vec<(Paise, u32)> = invoiced.iter().map(|l| (l.amount, l.quantity)).collect();
        let tax = tax::order_tax(&amounts, fee, seller_state, place, india_date(issued_ms));
        Ok(TaxDocument {
            title: INVOICE_TITLE.to_string(),
            number: String::new(),
            date: super::en_gb_date(issued_ms),
            issued_at: issued_ms,
            order_id: order.id.clone(),
            order_number: order.order_number.clone(),
            adjusts: None,
            reason: None,
            seller: DocumentSeller {
                name: seller.name.clone(),
                address: seller.address.clone(),
                gstin: seller.gstin.clone(),
                state: seller_state.into(),
                phone: seller.phone.clone(),
                email: seller.support_email.clone(),
            },
            buyer: DocumentBuyer {
                name: billing.full_name.clone(),
                gstin: buyer_gstin.map(str::to_string),
                state: state_of(&billing).into(),
                billing_address: billing,
                shipping_address: shipping,
            },
            place_of_supply: place.into(),
            supply: supply(tax.split),
            lines: lines(&tax, invoiced),
            gateway_fee: fee.0,
            coupon_code: order.coupon_code.clone(),
            discount: Some(invoiced.iter().map(|l| l.discount.0).sum::<i64>()).filter(|d| *d > 0),
            totals: (&tax).into(),
            reverse_charge: REVERSE_CHARGE.to_string(),
            signatory: format!("For {}", seller.name),
        })
    }

    /// The credit note for `amount` given back on `invoice` at `issued_ms`:
    /// the same parties and split, each line's share at its invoiced rate.
    pub fn credit_note(
        invoice: &TaxDocument,
        amount: Paise,
        reason: &str,
        issued_ms: i64,
    ) -> TaxDocument {
        let invoiced: Vec<LineTax> = invoice.lines.iter().map(line_tax_of).collect();
        invoice.noted(invoice.lines.clone(), &invoiced, amount, reason, issued_ms)
    }

    /// The credit note for just these pieces of `invoice` (a claim's): one
    /// line per invoice line they are from, with their count and their
    /// amount, taxed at that line's invoiced rate. None when a piece names
    /// no line of the invoice, or more pieces or money than the line holds.
    pub fn credit_note_for_pieces(
        invoice: &TaxDocument,
        pieces: &[CreditedPieces],
        reason: &str,
        issued_ms: i64,
    ) -> Option<TaxDocument> {
        let mut lines = Vec::with_capacity(pieces.len());
        let mut invoiced = Vec::with_capacity(pieces.len());
        for p in pieces {
            let line = invoice.lines.get(p.line)?;
            let fits = p.quantity > 0
                && i64::from(p.quantity) <= line.quantity
                && (1..=line.amount).contains(&p.amount);
            if !fits {
                return None;
            }
            lines.push(DocumentLine {
                quantity: i64::from(p.quantity),
                ..line.clone()
            });
            invoiced.push(LineTax {
                amount: Paise(p.amount),
                quantity: p.quantity,
                ..line_tax_of(line)
            });
        }
        let total = Paise(pieces.iter().map(|p| p.amount).sum());
        Some(invoice.noted(lines, &invoiced, total, reason, issued_ms))
    }

    /// The credit note of `amount` over `lines` (the invoice's, or some of
    /// them), shared by `invoiced`'s amounts and taxed at their rates.
    fn noted(
        &self,
        mut lines: Vec<DocumentLine>,
        invoiced: &[LineTax],
        amount: Paise,
        reason: &str,
        issued_ms: i64,
    ) -> TaxDocument {
        let split = if self.supply == "intraState" {
            Split::IntraState
        } else {
            Split::InterState
        };
        let tax = tax::credit_tax(invoiced, amount, split);
        for (line, t) in lines.iter_mut().zip(&tax.lines) {
            // Money back on the discounted lines: the discount is the invoice's.
            line.gross = None;
            line.discount = None;
            line.taxable_value = t.taxable_value.0;
            line.cgst = t.cgst.0;
            line.sgst = t.sgst.0;
            line.igst = t.igst.0;
            line.amount = t.amount.0;
        }
        TaxDocument {
            title: CREDIT_NOTE_TITLE.to_string(),
            number: String::new(),
            date: super::en_gb_date(issued_ms),
            issued_at: issued_ms,
            adjusts: Some(AdjustedInvoice {
                number: self.number.clone(),
                date: self.date.clone(),
            }),
            reason: Some(reason.to_string()),
            lines,
            // The fee's share is inside the lines' amounts, as on the invoice.
            gateway_fee: 0,
            discount: None,
            totals: (&tax).into(),
            ..self.clone()
        }
    }

    /// The stored form: the document's JSON.
    pub fn to_snapshot(&self) -> String {
        self.to_json_string()
    }

    /// A stored document, numbered `number`.
    pub fn from_snapshot(snapshot: &str, number: String) -> Result<TaxDocument, String> {
        let mut doc =
            TaxDocument::parse_from_json_string(snapshot).map_err(|e| e.into_message())?;
        doc.number = number;
        Ok(doc)
    }

    /// A stored row read back, numbered in its series.
    pub fn stored(row: tax_documents::Stored) -> Result<TaxDocument, DbError> {
        let number = numbering::number(&row.series, row.seq);
        TaxDocument::from_snapshot(&row.snapshot, number).map_err(|e| {
            tracing::error!(error = %e, "a stored tax document does not read back");
            DbError::Invariant("a stored tax document does not read back")
        })
    }

    /// `tax-invoice-INV-26-27-000123.pdf` (or `credit-note-…`).
    pub fn file_name(&self) -> String {
        let kind = if self.adjusts.is_some() {
            "credit-note"
        } else {
            "tax-invoice"
        };
        format!("{kind}-{}.pdf", self.number.replace('/', "-"))
    }
}
