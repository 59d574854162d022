//! What happens to groups without anyone asking, once a minute: deadlines
//! (closing a group that has the minimum, else telling its organiser), the
//! members-pay grace, the minimum reached by paid pieces, placed and shipped
//! orders, and the refunds owed.

use super::closing::{cancel_by_clock, close};
use super::notify::{tell_everyone, tell_minimum, tell_user};
use super::rows::{paid, pieces_of};
use crate::core::messages::groups as messages;
use crate::db::group_orders as groups;
use crate::db::group_orders::Group;
use crate::error::{Failure, Kind};
use crate::state::AppState;

/// How often the groups' clock runs: deadlines, placed orders, shipments.
const EVERY: std::time::Duration = std::time::Duration::from_secs(60);

pub async fn run(state: AppState) {
    loop {
        if let Err(e) = tick(&state).await {
            tracing::warn!(error = ?e, "group orders' clock failed");
        }
        tokio::time::sleep(EVERY).await;
    }
}

/// What happens to groups without anyone asking, once each (every step is a
/// compare-and-set, so instances running it side by side do it once):
/// a group past its deadline closes when it has the minimum (members paying:
/// paid pieces), else its organiser is told what they can do; a closed group
/// whose line the organiser paid for is placed, and everyone is told; and
/// again when its order ships. The refunds owed are made.
pub async fn tick(state: &AppState) -> Result<(), Failure> {
    for group in groups::past_deadline(&state.db).await? {
        at_deadline(state, &group).await?;
    }
    // Members paying, past the deadline and its grace below the minimum: the
    // members' money is not left waiting on an organiser who does nothing.
    let grace = state.config.group_grace_hours;
    for group in groups::past_grace(&state.db, crate::db::now_ms() - grace * 3_600_000).await? {
        past_grace(state, &group).await?;
    }
    // Members paying: the minimum counts paid pieces, which land through the payments' paths.
    let minimum = i64::from(design_engine::limits::MIN_PER_COLOUR);
    for group in groups::paid_minimum_unmailed(&state.db, minimum).await? {
        paid_minimum(state, &group).await?;
    }
    for (group_id, order_id) in groups::paid_for(&state.db).await? {
        placed(state, &group_id, &order_id).await?;
    }
    for group_id in groups::shipped_unmailed(&state.db).await? {
        shipped(state, &group_id).await?;
    }
    crate::core::checkout::refunds::settle_owed(state)
        .await
        .map_err(|e| Failure::internal(format!("refunds owed: {e}")))?;
    Ok(())
}

/// A group past its deadline closes when it has the minimum (members paying:
/// paid pieces); its organiser is told, once, either way.
async fn at_deadline(state: &AppState, group: &Group) -> Result<(), Failure> {
    let db = &state.db;
    let members_pay = group.payment == groups::MEMBERS_PAY;
    let mut rows = groups::rows(db, &group.id).await?;
    if members_pay {
        rows = paid(&rows);
    }
    let quantities = pieces_of(group, &rows)?;
    let pieces = quantities.total();
    let closed = quantities.check_minimum().is_ok() && close(state, group).await.is_ok();
    let grace = members_pay.then_some(state.config.group_grace_hours);
    let letter = |language| {
        if closed {
            messages::closed_at_deadline(group, pieces, members_pay, language)
        } else {
            messages::deadline_reached(group, pieces, quantities.need_more(), grace, language)
        }
    };
    let mut tx = crate::db::begin_write(db).await?;
    if groups::claim_flag(&mut tx, &group.id, groups::Flag::Deadline).await? {
        tell_user(&mut tx, &group.organiser_id, letter).await?;
    }
    tx.commit().await?;
    Ok(())
}

/// A members-pay group still below the minimum of paid pieces past its grace
/// is cancelled (unless extended, closed or cancelled meanwhile).
async fn past_grace(state: &AppState, group: &Group) -> Result<(), Failure> {
    let rows = paid(&groups::rows(&state.db, &group.id).await?);
    if pieces_of(group, &rows)?.check_minimum().is_ok() {
        return Ok(());
    }
    match cancel_by_clock(&state.db, group, state.config.group_grace_hours).await {
        Ok(_) => {
            tracing::info!(group_id = %group.id, "a group order past its grace was cancelled");
            Ok(())
        }
        // Extended, closed or cancelled meanwhile (by another instance too).
        Err(Failure {
            kind: Kind::Conflict,
            ..
        }) => Ok(()),
        Err(e) => Err(e),
    }
}

/// A members-pay group whose paid pieces reached the minimum: its organiser is told, once.
async fn paid_minimum(state: &AppState, group: &Group) -> Result<(), Failure> {
    let rows = paid(&groups::rows(&state.db, &group.id).await?);
    if pieces_of(group, &rows)?.check_minimum().is_ok() {
        let mut tx = crate::db::begin_write(&state.db).await?;
        tell_minimum(&mut tx, group, rows.len() as i64).await?;
        tx.commit().await?;
    }
    Ok(())
}

/// A closed group whose line the organiser paid for is placed; everyone is told.
async fn placed(state: &AppState, group_id: &str, order_id: &str) -> Result<(), Failure> {
    let mut tx = crate::db::begin_write(&state.db).await?;
    if groups::place(&mut tx, group_id, order_id).await? {
        let (title, number) = groups::title_and_number(&mut tx, group_id, order_id).await?;
        tell_everyone(&mut tx, group_id, |language| {
            messages::placed(&title, &number, language)
        })
        .await?;
        crate::core::notify::events::group_placed(&mut tx, &state.notify.clock, group_id, &title)
            .await?;
    }
    tx.commit().await?;
    Ok(())
}

/// A placed group whose order shipped: everyone is told, once.
async fn shipped(state: &AppState, group_id: &str) -> Result<(), Failure> {
    let mut tx = crate::db::begin_write(&state.db).await?;
    if groups::claim_flag(&mut tx, group_id, groups::Flag::Shipped).await? {
        let title = groups::title(&mut tx, group_id).await?;
        tell_everyone(&mut tx, group_id, |language| {
            messages::shipped(&title, language)
        })
        .await?;
    }
    tx.commit().await?;
    Ok(())
}
