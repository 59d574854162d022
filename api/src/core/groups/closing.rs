//! How an open group ends: closed into the organiser's cart (the organiser
//! paying) or with its paid pieces (members paying), or cancelled by its
//! organiser or by the clock, every member told and every payment owed back.

use super::holds::{hold_open, not_open};
use super::notify::{tell, tell_everyone, tell_user};
use super::rows::{assemble, design_of, members};
use crate::core::messages::groups as messages;
use crate::core::messages::groups::Cancelled;
use crate::db::group_orders as groups;
use crate::db::group_orders::Group;
use crate::db::{Db, cart, products};
use crate::error::Failure;
use crate::state::AppState;

/// Closes an open group. The organiser paying: into their cart, where the
/// rows become one line (merged with a line of the same artwork already
/// there), the group is closed and its members are told, all in one
/// transaction, so a row that joins at the same moment is either in the
/// line or refused. Members paying: `close_paid`.
pub async fn close(state: &AppState, group: &Group) -> Result<(), Failure> {
    if group.payment == groups::MEMBERS_PAY {
        return close_paid(state, group).await;
    }
    let (db, charges) = (&state.db, state.config.personalisation);
    let product = products::get(db, &group.product_id)
        .await?
        .ok_or_else(|| Failure::not_found("Product not found in database."))?;
    let pricing = product.pricing().with_personalisation(charges);
    let base = design_of(group)?;
    // The pictures are the organiser's: still held, as for any cart line.
    crate::core::designs::check_design(db, &group.organiser_id, &base).await?;
    let artwork = design_engine::hash::artwork_hash(&base);
    let mut tx = hold_open(db, group).await?;
    let rows = groups::rows_in(&mut tx, &group.id).await?;
    let design = assemble(&base, &rows)?;
    design.check_for_cart(&product.garment())?;
    let existing = cart::by_artwork(&mut *tx, &group.organiser_id, &artwork).await?;
    let (merged, target) =
        crate::core::cart::add_design::merged_line(existing.as_ref(), &design, &artwork)?;
    let quote = merged.quote(&pricing)?;
    if !cart::save_in(&mut tx, &group.organiser_id, target, &merged, &quote).await? {
        return Err(crate::core::cart::add_design::busy());
    }
    groups::finish(&mut tx, &group.id, groups::CLOSED).await?;
    for member in members(&rows, &group.organiser_id) {
        tell(
            &mut tx,
            &member.member_email,
            &messages::closed_to_print(group, member, member.member_language),
        )
        .await?;
    }
    tx.commit().await?;
    Ok(())
}

/// Closes an open group whose members pay: the paid rows are the order
/// (each member's own order, released to production now); a row still
/// unpaid leaves, its order cancelled (a payment landing on it later is
/// refunded), unless its payment landed first. Below the minimum nothing
/// changes: the organiser tops up, extends the deadline or cancels. Placed
/// here (not by the clock, as the organiser's paid line is), so everyone
/// left in it hears of it here, WhatsApp too.
async fn close_paid(state: &AppState, group: &Group) -> Result<(), Failure> {
    let base = design_of(group)?;
    let mut tx = hold_open(&state.db, group).await?;
    let mut kept = Vec::new();
    let mut unpaid = Vec::new();
    for row in groups::rows_in(&mut tx, &group.id).await? {
        let paid = match (&row.order_id, row.paid) {
            (_, 1) => true,
            (Some(order), _) => {
                groups::cancel_or_paid(&mut tx, order, messages::CLOSED_UNPAID).await?
            }
            (None, _) => false,
        };
        if paid {
            kept.push(row)
        } else {
            unpaid.push(row)
        }
    }
    // The engine's minimum over the paid pieces (dropping the transaction undoes the cancels).
    assemble(&base, &kept)?.quantities.check_minimum()?;
    for row in &unpaid {
        groups::drop_row(&mut tx, &row.id).await?;
    }
    groups::finish(&mut tx, &group.id, groups::PLACED).await?;
    for member in members(&unpaid, &group.organiser_id) {
        tell(
            &mut tx,
            &member.member_email,
            &messages::closed_without_piece(group, member, member.member_language),
        )
        .await?;
    }
    let letter = |language| messages::ordered_with_paid_pieces(group, kept.len(), language);
    tell_everyone(&mut tx, &group.id, letter).await?;
    crate::core::notify::events::group_placed(
        &mut tx,
        &state.notify.clock,
        &group.id,
        &group.title,
    )
    .await?;
    tx.commit().await?;
    Ok(())
}

/// Cancels an open group and tells its members; every member's payment is
/// owed back in the same transaction: the refunds owed (their ids, for the
/// caller to make).
pub async fn cancel(db: &Db, group: &Group) -> Result<Vec<String>, Failure> {
    cancel_because(db, group, Cancelled::ByOrganiser).await
}

/// The clock cancels a members-pay group that missed its deadline below the
/// minimum and was neither extended nor closed within the grace hours, as
/// `cancel` does, and tells the organiser too.
pub async fn cancel_by_clock(
    db: &Db,
    group: &Group,
    grace_hours: i64,
) -> Result<Vec<String>, Failure> {
    cancel_because(db, group, Cancelled::ByClock { grace_hours }).await
}

/// Cancels the group `why`; the clock's cancel tells the organiser too (who
/// cancels it themselves knows).
async fn cancel_because(db: &Db, group: &Group, why: Cancelled) -> Result<Vec<String>, Failure> {
    let mut tx = crate::db::begin_write(db).await?;
    if !groups::finish(&mut tx, &group.id, groups::CANCELLED).await? {
        return Err(not_open());
    }
    let rows = groups::rows_in(&mut tx, &group.id).await?;
    let mut orders: Vec<&str> = rows.iter().filter_map(|r| r.order_id.as_deref()).collect();
    orders.sort_unstable();
    orders.dedup();
    let mut owed = Vec::new();
    for order in orders {
        owed.extend(groups::release_order(&mut tx, order, messages::CANCELLED, true).await?);
    }
    if why != Cancelled::ByOrganiser {
        let letter = |language| messages::cancelled_to_organiser(group, why, language);
        tell_user(&mut tx, &group.organiser_id, letter).await?;
    }
    for member in members(&rows, &group.organiser_id) {
        let letter = messages::cancelled_to_member(group, member, why, member.member_language);
        tell(&mut tx, &member.member_email, &letter).await?;
    }
    tx.commit().await?;
    Ok(owed)
}
