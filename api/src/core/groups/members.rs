//! A member's own pieces, by the group's link: added (joining, or another
//! piece where the organiser allows more; the organiser's top-ups too),
//! changed while unpaid, and withdrawn (a paid piece refunded), each in one
//! transaction holding the group open.

use sqlx::{Any, Transaction};

use super::holds::{by_token, hold_for_rows, hold_for_withdrawal, refuse_rows};
use super::notify::{tell, tell_minimum};
use super::refunds::{release_row, settle_refunds};
use super::rows::{RowInput, check_row, design_of};
use super::views::{MyPieces, PublicView, my_pieces, not_joined, public_view};
use crate::core::messages::groups as messages;
use crate::db::group_orders as groups;
use crate::db::group_orders::{Group, NewRow, Row};
use crate::error::Failure;
use crate::state::AppState;

/// Adds a row for `user_id` (a member's own, up to the pieces each member
/// may add; or the organiser's top-up) in one transaction with the group
/// held open; tells the member, and (the organiser paying) the organiser
/// when the minimum is first reached. Members paying, only paid pieces count:
/// the groups' clock tells the organiser.
pub async fn add_row(
    state: &AppState,
    group: &Group,
    user_id: &str,
    top_up: bool,
    input: RowInput<'_>,
) -> Result<(), Failure> {
    refuse_rows(group)?;
    let row = check_row(
        &design_of(group)?,
        &product_sizes(state, group).await?,
        input,
    )?;
    let mut tx = hold_for_rows(&state.db, group).await?;
    if groups::count_in(&mut tx, &group.id).await? >= design_engine::limits::MAX_ROSTER_ROWS as i64
    {
        return Err(Failure::conflict_code(
            "This group order is full.",
            "GROUP_FULL",
        ));
    }
    let added = groups::add_row(
        &mut tx,
        &NewRow {
            group_id: &group.id,
            user_id,
            top_up,
            size: row.size.label(),
            name: row.name.as_deref(),
            number: row.number.as_deref(),
        },
        (!top_up).then_some(group.pieces_per_member),
    )
    .await?;
    if !added {
        return Err(messages::holds_enough(group.pieces_per_member));
    }
    let pieces = groups::count_in(&mut tx, &group.id).await?;
    let mut joined = None;
    if !top_up {
        let member = groups::recipient(&mut tx, user_id).await?;
        // A second piece (where the organiser allows more) is added, not joined.
        let added = groups::mine_in(&mut tx, &group.id, user_id).await?.len() > 1;
        let letter = messages::joined(group, &member.name, &row.piece(), added, member.language);
        tell(&mut tx, &member.email, &letter).await?;
        joined = (!added).then_some(member.name);
    }
    if group.payment == groups::ORGANISER_PAYS
        && design_engine::quantities::short_of_minimum(u32::try_from(pieces).unwrap_or(u32::MAX))
            == 0
    {
        tell_minimum(&mut tx, group, pieces).await?;
    }
    tx.commit().await?;
    if let Some(name) = joined {
        use crate::core::notify::{Event, events};
        events::group(
            state,
            Event::GroupJoined,
            &group.id,
            user_id,
            &name,
            &group.title,
        )
        .await;
    }
    Ok(())
}

/// Joins the group by its link with a piece (or adds another where the
/// organiser allows more): the member's pieces now.
pub async fn join(
    state: &AppState,
    token: &str,
    user_id: &str,
    input: RowInput<'_>,
) -> Result<MyPieces, Failure> {
    let group = by_token(&state.db, token).await?;
    add_row(state, &group, user_id, false, input).await?;
    my_pieces(state, &group, user_id).await
}

/// The member's pieces in the group their link names.
pub async fn mine(state: &AppState, token: &str, user_id: &str) -> Result<MyPieces, Failure> {
    let group = by_token(&state.db, token).await?;
    my_pieces(state, &group, user_id).await
}

/// The member's piece a change or a withdrawal means: the one named, or the
/// only one they hold.
async fn pick(
    tx: &mut Transaction<'static, Any>,
    group: &Group,
    user_id: &str,
    which: Option<&str>,
) -> Result<Row, Failure> {
    let mut mine = groups::mine_in(tx, &group.id, user_id).await?;
    match which {
        Some(id) => mine
            .into_iter()
            .find(|r| r.id == id)
            .ok_or_else(|| Failure::not_found("Piece not found")),
        None if mine.len() > 1 => Err(Failure::conflict_code(
            "You hold several pieces in this group order: choose the one to change.",
            "GROUP_WHICH_PIECE",
        )),
        None => mine.pop().ok_or_else(not_joined),
    }
}

/// Changes a member's unpaid piece (`which`, or their only one) while the
/// group is held open; an unpaid order for it is let go (a paid piece is
/// what its order made: refused). The member's pieces now.
pub async fn change(
    state: &AppState,
    token: &str,
    user_id: &str,
    which: Option<&str>,
    input: RowInput<'_>,
) -> Result<MyPieces, Failure> {
    let group = by_token(&state.db, token).await?;
    refuse_rows(&group)?;
    let row = check_row(
        &design_of(&group)?,
        &product_sizes(state, &group).await?,
        input,
    )?;
    let mut tx = hold_for_rows(&state.db, &group).await?;
    let held = pick(&mut tx, &group, user_id, which).await?;
    if let Some(order) = held.order_id.as_deref()
        && groups::cancel_or_paid(&mut tx, order, "The member changed their piece").await?
    {
        return Err(Failure::conflict_code(
            "You have paid for this piece, so it cannot change: withdraw it (you are refunded) and join again.",
            "GROUP_ROW_PAID",
        ));
    }
    groups::update_row(
        &mut tx,
        &held.id,
        row.size.label(),
        row.name.as_deref(),
        row.number.as_deref(),
    )
    .await?;
    tx.commit().await?;
    my_pieces(state, &group, user_id).await
}

/// What a withdrawal did: whether the member holds no piece now, and
/// whether a payment is being refunded; and the group as its link shows it.
pub struct Withdrawal {
    pub none_left: bool,
    pub refunded: bool,
    pub group: PublicView,
}

impl Withdrawal {
    /// What happened, in words.
    pub fn message(&self) -> &'static str {
        messages::withdrawn(self.none_left, self.refunded)
    }
}

/// Withdraws a member's piece (`which`, or all of theirs) while the group is
/// held open; a payment owed back is made right after the commit.
pub async fn withdraw(
    state: &AppState,
    token: &str,
    user_id: &str,
    which: Option<&str>,
) -> Result<Withdrawal, Failure> {
    let group = by_token(&state.db, token).await?;
    let mut tx = hold_for_withdrawal(&state.db, &group).await?;
    let rows = match which {
        Some(_) => vec![pick(&mut tx, &group, user_id, which).await?],
        None => groups::mine_in(&mut tx, &group.id, user_id).await?,
    };
    if rows.is_empty() {
        return Err(not_joined());
    }
    let mut owed = Vec::new();
    // One at a time: a paid order holding two of them owes one piece's part,
    // then all it has left.
    for row in &rows {
        owed.extend(release_row(&mut tx, &group, row, "Withdrawn from the group order").await?);
    }
    let refunded = !owed.is_empty();
    let left = groups::mine_in(&mut tx, &group.id, user_id).await?.len();
    tx.commit().await?;
    settle_refunds(state, &owed).await;
    Ok(Withdrawal {
        none_left: left == 0,
        refunded,
        group: public_view(state, group).await?,
    })
}

/// The sizes the group's product comes in now.
async fn product_sizes(
    state: &AppState,
    group: &Group,
) -> Result<Vec<design_engine::Size>, Failure> {
    let product = crate::db::products::get(&state.db, &group.product_id)
        .await?
        .ok_or_else(|| Failure::not_found("Product not found in database."))?;
    Ok(product.garment().sizes)
}
