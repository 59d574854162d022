//! Who reaches a group and when it takes changes: the organiser's own group
//! by id, anyone's by its link's token; and the transactions that hold a
//! group open for a row, a withdrawal or the organiser, refused with the
//! group's reason once it is closed, cancelled or past its deadline.

use sqlx::{Any, Transaction};

use crate::db::group_orders as groups;
use crate::db::group_orders::Group;
use crate::db::{Db, now_ms};
use crate::error::Failure;

fn not_found() -> Failure {
    Failure::not_found("Group order not found")
}

/// The group is no longer open, in words for its state.
pub fn not_open() -> Failure {
    Failure::conflict_code(
        "This group order is no longer open: it was closed or cancelled.",
        "GROUP_NOT_OPEN",
    )
}

/// The organiser's own group (not found for anyone else's).
pub async fn owned(db: &Db, user_id: &str, id: &str) -> Result<Group, Failure> {
    if !crate::ids::is_id(id) {
        return Err(not_found());
    }
    groups::get(db, id)
        .await?
        .filter(|g| g.organiser_id == user_id)
        .ok_or_else(not_found)
}

/// The group a link's token names.
pub async fn by_token(db: &Db, token: &str) -> Result<Group, Failure> {
    // 128 random bits in hex; anything else was never a link.
    if token.len() != 32 || !token.bytes().all(|b| b.is_ascii_hexdigit()) {
        return Err(not_found());
    }
    groups::by_token(db, token).await?.ok_or_else(not_found)
}

/// Why a group takes no new or changed rows: closed, cancelled or past its deadline.
pub fn refuse_rows(group: &Group) -> Result<(), Failure> {
    match group.status.as_str() {
        groups::CLOSED | groups::PLACED => Err(Failure::conflict_code(
            "This group order is closed: the organiser has placed it.",
            "GROUP_CLOSED",
        )),
        groups::CANCELLED => Err(Failure::conflict_code(
            "This group order was cancelled.",
            "GROUP_CANCELLED",
        )),
        _ if group.deadline <= now_ms() => Err(Failure::conflict_code(
            "This group order's deadline has passed: ask the organiser to extend it.",
            "GROUP_DEADLINE_PASSED",
        )),
        _ => Ok(()),
    }
}

/// A transaction holding the group open for a member's row (or a top-up):
/// refused with its reason once it is closed, cancelled or past its deadline.
pub async fn hold_for_rows(db: &Db, group: &Group) -> Result<Transaction<'static, Any>, Failure> {
    refuse_rows(group)?;
    let mut tx = crate::db::begin_write(db).await?;
    if !groups::lock_open(&mut tx, &group.id, Some(now_ms())).await? {
        return Err(not_open());
    }
    Ok(tx)
}

/// A transaction holding the group open for a withdrawal: as for a row, but
/// members paying may withdraw (and are refunded) after the deadline too,
/// until the group is placed: their money never waits on the organiser.
pub async fn hold_for_withdrawal(
    db: &Db,
    group: &Group,
) -> Result<Transaction<'static, Any>, Failure> {
    if group.payment != groups::MEMBERS_PAY {
        return hold_for_rows(db, group).await;
    }
    let mut tx = crate::db::begin_write(db).await?;
    if !groups::lock_open(&mut tx, &group.id, None).await? {
        refuse_rows(group)?;
        return Err(not_open());
    }
    Ok(tx)
}

/// A transaction holding the group open whatever its deadline (the
/// organiser's close, cancel and removals; the clock).
pub async fn hold_open(db: &Db, group: &Group) -> Result<Transaction<'static, Any>, Failure> {
    let mut tx = crate::db::begin_write(db).await?;
    if !groups::lock_open(&mut tx, &group.id, None).await? {
        return Err(not_open());
    }
    Ok(tx)
}
