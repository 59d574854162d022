//! Sending a group's letters through the outbox, inside the transaction that
//! decided them: to one address, to a user, to everyone in the group (each in
//! their own language: a letter is made per recipient); and the organiser's
//! once-only note that the minimum is reached.

use sqlx::{Any, Transaction};

use crate::core::messages::Letter;
use crate::core::messages::groups as messages;
use crate::db::group_orders as groups;
use crate::db::group_orders::Group;
use crate::db::outbox;
use crate::domain::Language;
use crate::error::Failure;

/// One e-mail to `email`.
pub async fn tell(
    tx: &mut Transaction<'static, Any>,
    email: &str,
    letter: &Letter,
) -> Result<(), Failure> {
    outbox::put(tx, "email", email, &letter.subject, &letter.body).await?;
    Ok(())
}

/// One e-mail to a user (the organiser), in their language.
pub async fn tell_user(
    tx: &mut Transaction<'static, Any>,
    user_id: &str,
    letter: impl Fn(Language) -> Letter,
) -> Result<(), Failure> {
    let to = groups::recipient(tx, user_id).await?;
    tell(tx, &to.email, &letter(to.language)).await
}

/// One e-mail to the organiser and to each member holding a row, each in
/// their language.
pub async fn tell_everyone(
    tx: &mut Transaction<'static, Any>,
    group_id: &str,
    letter: impl Fn(Language) -> Letter,
) -> Result<(), Failure> {
    for to in groups::everyone(tx, group_id).await? {
        tell(tx, &to.email, &letter(to.language)).await?;
    }
    Ok(())
}

/// Tells the organiser, once, that the group has the minimum: `pieces`
/// joined (the organiser paying) or paid for (members paying).
pub async fn tell_minimum(
    tx: &mut Transaction<'static, Any>,
    group: &Group,
    pieces: i64,
) -> Result<(), Failure> {
    if !groups::claim_flag(tx, &group.id, groups::Flag::Minimum).await? {
        return Ok(());
    }
    let members_pay = group.payment == groups::MEMBERS_PAY;
    tell_user(tx, &group.organiser_id, |language| {
        messages::minimum_reached(group, pieces, members_pay, language)
    })
    .await
}
