//! A claim reprinted: its pieces made again as a linked order at ₹0 (its
//! id is the claim's `reprintOrderId`), counted as paid, its proof the
//! original's, straight into production. Its line is the original's design
//! document with only the quantities changed to the pieces claimed, and
//! holds the same pictures: the engine draws the same print files from it,
//! byte for byte. A design printing a name and number on each piece is not
//! reprinted this way: a claim by size cannot say which pieces.

use design_engine::Design;

use super::Claim;
use crate::core::messages::claims as messages;
use crate::db::claims::{self, Decision, Reprint};
use crate::db::orders::{Item, NewItem, Order};
use crate::db::{DbError, orders, stock};
use crate::domain::claim::ClaimStatus;
use crate::error::{Failure, Fallible};
use crate::state::AppState;

/// The line as it is made again: the claimed pieces of `item`, at ₹0.
pub fn reprinted_line(item: &Item, claim: &Claim) -> Fallible<NewItem> {
    let mut design = Design::from_json(&item.line.design).map_err(Failure::internal)?;
    if design.is_personalised() {
        return Err(messages::personalised_reprint());
    }
    design.quantities = claim.pieces.clone();
    Ok(NewItem {
        design: design.to_json(),
        sizes: serde_json::to_string(&design.quantities)?,
        quantity: i64::from(design.quantities.total()),
        unit_price: 0,
        base_unit_price: None,
        tier_discount_bps: 0,
        design_fee: 0,
        name_charge: 0,
        number_charge: 0,
        discount: 0,
        line_total: 0,
        artwork: Vec::new(),
        quote_id: None,
        ..item.line.clone()
    })
}

/// How many order numbers a reprint draws before giving up (a clash is rare).
const NUMBER_TRIES: usize = 3;

/// Places the reprint of `claim` (open, on `order`'s line `item`) and
/// records the decision with the customer's e-mail, in one transaction.
pub async fn reprint(
    state: &AppState,
    by: &str,
    claim: &Claim,
    order: &Order,
    item: &Item,
    note: Option<&str>,
) -> Fallible<()> {
    let line = reprinted_line(item, claim)?;
    let pieces = claim.pieces_text();
    let notes = messages::reprint_notes(&order.order_number, &claim.ticket_number);
    for _ in 0..NUMBER_TRIES {
        let number = orders::new_order_number();
        let email = messages::reprinted(
            &order.order_number,
            &order.user_name,
            &claim.ticket_number,
            &claim.pieces_text_in(order.user_language),
            &number,
            note,
            &state.config.company,
            order.user_language,
        )
        .email_to(order.user_email.clone());
        let mut tx = claims::begin_on_order(&state.db, &order.id).await?;
        let reprint = Reprint {
            original: order,
            original_item_id: &item.id,
            claim_id: &claim.id,
            order_number: &number,
            item: &line,
            notes: &notes,
            by,
        };
        let placed = match claims::place_reprint(&mut tx, &reprint).await {
            Ok(id) => id,
            // Its receipt (decided meanwhile) or its number (drawn twice).
            Err(DbError::Query(sqlx::Error::Database(e))) if e.is_unique_violation() => {
                drop(tx);
                super::still_open(&state.db, &claim.id).await?;
                continue;
            }
            Err(e) => return Err(e.into()),
        };
        let decision = Decision {
            status: ClaimStatus::Reprinted.as_str(),
            note,
            by,
            reprint_order_id: Some(&placed),
            refund_owed_id: None,
            refund_amount: None,
            email: &email,
        };
        let resolution =
            messages::resolution(ClaimStatus::Reprinted, &pieces, Some(&number), None, note);
        super::commit(state, tx, claim, &decision, &resolution).await?;
        stock::wake();
        tracing::info!(claim = %claim.id, order_id = %order.id, reprint = %placed, "claim reprinted");
        return Ok(());
    }
    Err(Failure::internal("a reprint found no free order number"))
}
