//! An admin's decision on an open claim, once: reprint (`reprint`), refund
//! the pieces' share (`share`) through the refunds worker, its credit note
//! listing just those pieces, or reject with a note the customer reads.
//! Each is recorded with the customer's e-mail in one transaction; a claim
//! decided already answers 409 and changes nothing.

use design_engine::Quantities;
use design_engine::money::Paise;
use design_engine::piece_share::{self, OrderedLine};

use super::{Claim, commit};
use crate::core::checkout::refunds;
use crate::core::documents::tax_document::CreditedPieces;
use crate::core::messages::claims as messages;
use crate::db::claims::{self, Decision};
use crate::db::orders::{Item, Order};
use crate::db::{order_admin, orders, products, refunds_owed};
use crate::domain::claim::{ClaimAction, ClaimStatus};
use crate::error::{Failure, Fallible};
use crate::state::AppState;

/// The admin's note, trimmed: required to reject (the customer reads why),
/// optional otherwise; at most `NOTE_MAX` characters.
pub fn note_of(action: ClaimAction, note: Option<&str>) -> Fallible<Option<String>> {
    let note = note.map(str::trim).filter(|n| !n.is_empty());
    match note {
        None if action == ClaimAction::Reject => Err(messages::note_required()),
        Some(n) if n.chars().count() > messages::NOTE_MAX => Err(messages::note_too_long()),
        Some(n)
            if n.chars()
                .any(|c| c.is_control() && !matches!(c, '\n' | '\r' | '\t')) =>
        {
            Err(messages::note_required())
        }
        n => Ok(n.map(str::to_string)),
    }
}

/// Decides claim `claim_id` of order `order_id` (an admin, `by`): the claim
/// as it then stands.
pub async fn decide(
    state: &AppState,
    by: &str,
    order_id: &str,
    claim_id: &str,
    action: ClaimAction,
    note: Option<&str>,
) -> Fallible<Claim> {
    let db = &state.db;
    let claim = super::get(db, claim_id).await?;
    if claim.order_id != order_id {
        return Err(messages::claim_not_found());
    }
    let note = note_of(action, note)?;
    if claim.status != ClaimStatus::Open {
        return Err(messages::already_decided(claim.status));
    }
    let order = order_admin::get(db, order_id)
        .await?
        .ok_or_else(Failure::order_not_found)?;
    let items = orders::items(db, &[order_id]).await?;
    let line = items
        .iter()
        .position(|i| i.id == claim.item_id)
        .ok_or_else(|| Failure::internal("a claim's order line is gone"))?;
    let note = note.as_deref();
    match action {
        ClaimAction::Reprint => {
            super::reprint::reprint(state, by, &claim, &order, &items[line], note).await?
        }
        ClaimAction::Refund => refund(state, by, &claim, &order, &items[line], line, note).await?,
        ClaimAction::Reject => reject(state, by, &claim, &order, note.unwrap_or_default()).await?,
    }
    super::get(db, claim_id).await
}

/// Records a decision that moves no money and makes nothing (a rejection).
async fn reject(
    state: &AppState,
    by: &str,
    claim: &Claim,
    order: &Order,
    note: &str,
) -> Fallible<()> {
    let email = messages::rejected(
        &order.order_number,
        &order.user_name,
        &claim.ticket_number,
        &claim.pieces_text_in(order.user_language),
        note,
        &state.config.company,
        order.user_language,
    )
    .email_to(order.user_email.clone());
    let decision = Decision {
        status: ClaimStatus::Rejected.as_str(),
        note: Some(note),
        by,
        reprint_order_id: None,
        refund_owed_id: None,
        refund_amount: None,
        email: &email,
    };
    let resolution = messages::resolution(
        ClaimStatus::Rejected,
        &claim.pieces_text(),
        None,
        None,
        Some(note),
    );
    let tx = claims::begin_on_order(&state.db, &order.id).await?;
    commit(state, tx, claim, &decision, &resolution).await?;
    tracing::info!(claim = %claim.id, order_id = %order.id, "claim rejected");
    Ok(())
}

/// Owes the pieces' share back (a refund owed naming them, so its credit
/// note lists just them) and records the decision, in one transaction; then
/// makes the refund at once (the groups' clock makes any left over).
async fn refund(
    state: &AppState,
    by: &str,
    claim: &Claim,
    order: &Order,
    item: &Item,
    line: usize,
    note: Option<&str>,
) -> Fallible<()> {
    let db = &state.db;
    let ordered: Quantities = serde_json::from_str(&item.line.sizes)?;
    let product = products::get(db, &item.line.product_id)
        .await?
        .map(|p| p.pricing());
    let recorded = &item.line;
    let personalisation = recorded
        .personalisation()
        .map_err(Failure::internal)?
        .map_or(0, |p| p.total.0);
    let ordered_line = OrderedLine {
        unit_price: Paise(recorded.unit_price),
        quantity: u32::try_from(recorded.quantity)
            .map_err(|_| Failure::internal("a line's quantity"))?,
        design_fee: Paise(recorded.design_fee),
        personalisation: Paise(personalisation),
        line_total: Paise(recorded.line_total),
    };
    let share = piece_share::of_pieces(
        &ordered_line,
        &ordered,
        &claim.pieces,
        product.as_ref(),
        order.gateway_fee_bps,
    )
    .map_err(|e| Failure::internal(e.to_string()))?;
    let left = Paise(order.paid_amount() - order.refunded_amount);
    let paid = order.is_paid != 0 && order.payment_id.is_some();
    if !paid || share.0 <= 0 || share.0 > left.0 {
        return Err(messages::nothing_to_refund(share, left));
    }
    let pieces = claim.pieces_text();
    let reason = messages::refund_reason(&claim.ticket_number, claim.reason, &pieces);
    let credited = serde_json::to_string(&[CreditedPieces {
        line,
        quantity: claim.pieces.total(),
        amount: share.0,
    }])?;
    let email = messages::refunded(
        &order.order_number,
        &order.user_name,
        &claim.ticket_number,
        &claim.pieces_text_in(order.user_language),
        share,
        note,
        &state.config.company,
        order.user_language,
    )
    .email_to(order.user_email.clone());
    let mut tx = claims::begin_on_order(db, &order.id).await?;
    let owed =
        refunds_owed::owe_for(&mut tx, &order.id, Some(share.0), &reason, Some(&credited)).await?;
    let decision = Decision {
        status: ClaimStatus::Refunded.as_str(),
        note,
        by,
        reprint_order_id: None,
        refund_owed_id: Some(&owed),
        refund_amount: Some(share.0),
        email: &email,
    };
    let resolution = messages::resolution(ClaimStatus::Refunded, &pieces, None, Some(share), note);
    commit(state, tx, claim, &decision, &resolution).await?;
    tracing::info!(claim = %claim.id, order_id = %order.id, amount = share.0, "claim refunded");
    if let Err(e) = refunds::settle_these(state, &[owed]).await {
        tracing::warn!(claim = %claim.id, error = %e, "a claim's refund is left for the refunds worker");
    }
    Ok(())
}
