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

mod builder;
mod csv;
#[cfg(test)]
mod tests;

use poem_openapi::Object;

pub use builder::Builder;

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
