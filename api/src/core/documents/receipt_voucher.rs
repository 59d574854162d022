//! The receipt voucher for an advance (CGST Rule 50; issue 52), when the
//! store issues them (`RECEIPT_VOUCHERS=on`): in its own series
//! (`RECEIPT_VOUCHER_PREFIX`), issued in the advance's transaction, naming
//! the seller, the buyer, the place of supply and the amount received. An
//! advance for goods carries no tax at receipt (Notification 66/2017-Central
//! Tax), so the voucher shows none: the tax invoice for the whole order is
//! issued when the balance is paid. Stored as its snapshot, never changed.

use design_engine::money::Paise;
use design_engine::tax;
use poem_openapi::Object;
use poem_openapi::types::{ParseFromJSON, ToJSON};

use super::tax_document::{DocumentBuyer, DocumentSeller, StateRef, TaxDocument};
use crate::db::{DbError, tax_documents};
use crate::domain::numbering;

pub const VOUCHER_TITLE: &str = "RECEIPT VOUCHER";
pub const NO_TAX_ON_ADVANCE: &str = "Advance received for goods: no GST is payable at receipt \
     (Notification 66/2017-Central Tax). The tax invoice is issued when the goods are supplied.";

/// A receipt voucher for an advance, as issued. Money in paise; dates dd/mm/yyyy, in India.
#[derive(Object, Debug, Clone, PartialEq)]
#[oai(rename_all = "camelCase")]
pub struct ReceiptVoucher {
    /// 'RECEIPT VOUCHER'.
    pub title: String,
    /// Its number in its own series, e.g. RV/26-27/000007.
    pub number: String,
    pub date: String,
    pub issued_at: i64,
    pub order_id: String,
    pub order_number: String,
    pub seller: DocumentSeller,
    pub buyer: DocumentBuyer,
    pub place_of_supply: StateRef,
    /// The advance received.
    pub amount: i64,
    pub amount_in_words: String,
    /// The order's total, of which the advance is part.
    pub order_total: i64,
    /// Why no tax is shown.
    pub note: String,
    pub signatory: String,
}

impl ReceiptVoucher {
    /// The voucher for `amount` received on the order whose invoice would be
    /// `invoice` (its parties and place of supply). Unnumbered: the paying
    /// transaction numbers it.
    pub fn for_advance(invoice: &TaxDocument, amount: i64, order_total: i64) -> ReceiptVoucher {
        ReceiptVoucher {
            title: VOUCHER_TITLE.to_string(),
            number: String::new(),
            date: invoice.date.clone(),
            issued_at: invoice.issued_at,
            order_id: invoice.order_id.clone(),
            order_number: invoice.order_number.clone(),
            seller: invoice.seller.clone(),
            buyer: invoice.buyer.clone(),
            place_of_supply: invoice.place_of_supply.clone(),
            amount,
            amount_in_words: tax::in_words(Paise(amount)),
            order_total,
            note: NO_TAX_ON_ADVANCE.to_string(),
            signatory: invoice.signatory.clone(),
        }
    }

    pub fn to_snapshot(&self) -> String {
        self.to_json_string()
    }

    /// A stored voucher, numbered from its row.
    pub fn stored(row: tax_documents::Stored) -> Result<ReceiptVoucher, DbError> {
        let mut v = ReceiptVoucher::parse_from_json_string(&row.snapshot).map_err(|e| {
            tracing::error!(error = %e.into_message(), "a stored receipt voucher does not read back");
            DbError::Invariant("a stored receipt voucher does not read back")
        })?;
        v.number = numbering::number(&row.series, row.seq);
        Ok(v)
    }
}

/// The order's receipt voucher, if its advance got one.
pub async fn of_order(
    db: &crate::db::Db,
    order_id: &str,
) -> Result<Option<ReceiptVoucher>, DbError> {
    tax_documents::receipt_voucher(db, order_id)
        .await?
        .map(ReceiptVoucher::stored)
        .transpose()
}
