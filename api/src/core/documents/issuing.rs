//! Issuing tax documents: the invoice a payment stores and the credit note a
//! refund stores are written here, before their transaction, which only
//! numbers and stores them (`db::orders::pay`, `db::refund_attempts::complete`).
//! An issued invoice never changes, so a credit note may be written from it
//! ahead of the refund's transaction.

use design_engine::money::Paise;
use design_engine::tax::GstState;

use super::confirmation::confirmation_email;
use super::receipt_voucher::ReceiptVoucher;
use super::tax_document::{CreditedPieces, TaxDocument, india_date, invoiced_lines};
use crate::config::Config;
use crate::db::orders::{Confirming, Order, Settling};
use crate::db::refund_attempts;
use crate::db::refund_attempts::Attempt;
use crate::db::refunds_owed;
use crate::db::tax_documents;
use crate::db::tax_documents::NewDocument;
use crate::db::{Db, DbError, clock};
use crate::domain::company::Company;
use crate::domain::numbering;
use crate::domain::numbering::DocumentPrefixes;

/// Who issues tax documents, and under which series: the configured seller.
pub struct Issuer<'a> {
    pub seller: &'a Company,
    /// The seller's state, from its GSTIN; none (no valid GSTIN) issues no invoice.
    pub seller_state: Option<GstState>,
    pub prefixes: &'a DocumentPrefixes,
}

impl Issuer<'_> {
    pub fn of(config: &Config) -> Issuer<'_> {
        Issuer {
            seller: &config.company,
            seller_state: config.company.state(),
            prefixes: &config.document_prefixes,
        }
    }

    /// The invoice of `order` if it is paid at `now`, in its series (unnumbered).
    pub async fn invoice(
        &self,
        db: &Db,
        order: &Order,
        now: i64,
    ) -> Result<Option<NewDocument>, DbError> {
        let Some(state) = self.seller_state else {
            tracing::error!(order_id = %order.id, "no valid COMPANY_GSTIN: the paid order gets no tax invoice");
            return Ok(None);
        };
        let lines = invoiced_lines(db, &order.id).await?;
        let doc = TaxDocument::invoice(
            order,
            order.buyer_gstin.as_deref(),
            &lines,
            self.seller,
            state,
            now,
        )?;
        Ok(Some(NewDocument {
            series: numbering::series(&self.prefixes.invoice, india_date(now)),
            issued_at: doc.issued_at,
            snapshot: doc.to_snapshot(),
        }))
    }
}

/// What paying `order` stores besides the payment (`db::orders::pay`): the
/// database's time, the tax invoice and the customer's confirmation e-mail.
/// An order paid in two parts gets no invoice with its advance (goods: the
/// invoice comes at supply, `for_balance`), but a receipt voucher in its own
/// series when the store issues them (`RECEIPT_VOUCHERS=on`).
pub async fn for_payment(db: &Db, config: &Config, order: &Order) -> Result<Confirming, DbError> {
    let issuer = Issuer::of(config);
    // The database's clock dates the payment and its invoice (and so the
    // invoice's series), whichever instance's clock is off.
    let now = clock::now(db).await?;
    if order.advance_amount > 0 {
        let voucher = match config.payment_terms.receipt_vouchers {
            true => issuer.voucher(db, order, now).await?,
            false => None,
        };
        let email = super::confirmation::advance_email(order, voucher.is_some(), issuer.seller)?;
        return Ok(Confirming {
            paid_at: now,
            email,
            invoice: None,
            voucher: voucher.map(|v| (v, order.advance_amount)),
        });
    }
    let invoice = issuer.invoice(db, order, now).await?;
    let email = confirmation_email(order, invoice.is_some(), issuer.seller)?;
    Ok(Confirming {
        paid_at: now,
        email,
        invoice,
        voucher: None,
    })
}

/// What paying the balance of `order` stores besides the payment
/// (`db::orders::pay_balance`): the database's time, the tax invoice for the
/// whole order (issued now it is paid in full) and the customer's e-mail.
pub async fn for_balance(db: &Db, config: &Config, order: &Order) -> Result<Settling, DbError> {
    let issuer = Issuer::of(config);
    let now = clock::now(db).await?;
    let invoice = issuer.invoice(db, order, now).await?;
    let email = super::confirmation::balance_email(order, invoice.is_some(), issuer.seller)?;
    Ok(Settling {
        paid_at: now,
        email,
        invoice,
    })
}

impl Issuer<'_> {
    /// The receipt voucher of the advance of `order`, received at `now`, in
    /// its series (unnumbered); none without a valid COMPANY_GSTIN.
    async fn voucher(
        &self,
        db: &Db,
        order: &Order,
        now: i64,
    ) -> Result<Option<NewDocument>, DbError> {
        let Some(invoice) = self.invoice(db, order, now).await? else {
            return Ok(None);
        };
        let parts = TaxDocument::from_snapshot(&invoice.snapshot, String::new())
            .map_err(|_| DbError::Invariant("an invoice snapshot does not read back"))?;
        let voucher = ReceiptVoucher::for_advance(&parts, order.advance_amount, order.total_price);
        Ok(Some(NewDocument {
            series: numbering::series(&self.prefixes.receipt_voucher, india_date(now)),
            issued_at: now,
            snapshot: voucher.to_snapshot(),
        }))
    }
}

/// The credit note for the money `a` gives back, issued at `now` under
/// `prefix`: the invoice's parties and split, each line's share at its
/// invoiced rate. None for a second payment given back (not the order's
/// price) or an order without an invoice (paid after it was cancelled, so
/// nothing was supplied).
pub async fn credit_note(
    db: &Db,
    prefix: &str,
    a: &Attempt,
    now: i64,
) -> Result<Option<NewDocument>, DbError> {
    if a.second_payment != 0 {
        return Ok(None);
    }
    let Some(row) = tax_documents::invoice(db, &a.order_id).await? else {
        return Ok(None);
    };
    let invoice = TaxDocument::stored(row)?;
    let note = match for_pieces(db, &invoice, a, now).await? {
        Some(note) => note,
        None => TaxDocument::credit_note(&invoice, Paise(a.amount), &a.reason, now),
    };
    Ok(Some(NewDocument {
        series: numbering::series(prefix, india_date(now)),
        issued_at: now,
        snapshot: note.to_snapshot(),
    }))
}

/// The credit note of a refund owed for certain pieces (a claim's), listing
/// just them; none for a refund of no pieces in particular, or one whose
/// amount is not what the pieces came to (a refund cut to what was left),
/// which is shared over the whole invoice instead.
async fn for_pieces(
    db: &Db,
    invoice: &TaxDocument,
    a: &Attempt,
    now: i64,
) -> Result<Option<TaxDocument>, DbError> {
    let Some(stored) = refunds_owed::pieces_of_attempt(db, &a.id).await? else {
        return Ok(None);
    };
    let pieces: Vec<CreditedPieces> = serde_json::from_str(&stored)?;
    let note = Some(&pieces)
        .filter(|p| p.iter().map(|x| x.amount).sum::<i64>() == a.amount)
        .and_then(|p| TaxDocument::credit_note_for_pieces(invoice, p, &a.reason, now));
    if note.is_none() {
        tracing::warn!(order_id = %a.order_id, attempt = %a.id,
            "a refund for certain pieces does not match them: its credit note covers the whole invoice");
    }
    Ok(note)
}

/// The provider made refund `refund_id` of attempt `a`: recorded once
/// (`refund_attempts::complete`), with its credit note when money went back
/// on an invoiced order's own payment.
pub async fn refund_made(
    db: &Db,
    prefixes: &DocumentPrefixes,
    a: &Attempt,
    refund_id: &str,
) -> Result<(), DbError> {
    // The database's clock dates the refund and its credit note (and so the
    // note's series), whichever instance's clock is off.
    let now = clock::now(db).await?;
    let note = credit_note(db, &prefixes.credit_note, a, now).await?;
    refund_attempts::complete(db, a, refund_id, now, note.as_ref()).await
}
