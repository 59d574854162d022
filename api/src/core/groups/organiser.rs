//! What an organiser does with their group: start it from a saved design,
//! change its title, deadline and pieces per member, close or cancel it, top
//! it up and remove a row. Each answers the group as the organiser sees it.

use super::closing;
use super::holds::{hold_open, not_open, owned};
use super::members::add_row;
use super::notify::tell;
use super::refunds::{release_row, settle_refunds};
use super::rows::RowInput;
use super::views::{OrganiserView, organiser_view};
use crate::core::messages::groups as messages;
use crate::db::group_orders as groups;
use crate::db::group_orders::NewGroup;
use crate::db::{designs, now_ms};
use crate::domain::address::AddressInput;
use crate::error::Failure;
use crate::state::AppState;

/// What a group's title may be, in characters.
pub const MAX_TITLE_CHARS: usize = 80;
/// The furthest a deadline may be: 90 days.
pub const MAX_DEADLINE_MS: i64 = 90 * 24 * 3600 * 1000;
/// The most pieces an organiser may let each member add.
pub const MAX_PIECES_PER_MEMBER: u32 = 10;
/// Open groups one organiser may run at once.
pub const MAX_OPEN_GROUPS: usize = 20;

/// A new group as the organiser asks for it: from `design_id`, one of their
/// saved designs; `payment` is `organiser` or `members` (then `ship_to` is
/// where every piece ships); `personalisation` says members add the names
/// and numbers the design prints.
pub struct NewGroupOrder<'a> {
    pub design_id: &'a str,
    pub title: &'a str,
    pub deadline: i64,
    pub payment: &'a str,
    pub personalisation: bool,
    pub ship_to: Option<&'a AddressInput>,
    pub pieces_per_member: Option<u32>,
}

/// The organiser's changes: title, deadline, and the pieces each member may
/// add (unchanged when none).
pub struct Settings<'a> {
    pub title: &'a str,
    pub deadline: i64,
    pub pieces_per_member: Option<u32>,
}

fn checked_title(title: &str) -> Result<String, Failure> {
    let title = title.trim();
    if title.is_empty() || title.chars().count() > MAX_TITLE_CHARS || title.contains(['\r', '\n']) {
        return Err(messages::bad_title(MAX_TITLE_CHARS));
    }
    Ok(title.to_string())
}

fn checked_pieces_per_member(pieces: Option<u32>, now: i64) -> Result<i64, Failure> {
    match pieces {
        None => Ok(now),
        Some(n @ 1..=MAX_PIECES_PER_MEMBER) => Ok(i64::from(n)),
        Some(_) => Err(messages::bad_pieces_per_member(MAX_PIECES_PER_MEMBER)),
    }
}

fn checked_deadline(deadline: i64) -> Result<i64, Failure> {
    let now = now_ms();
    if deadline <= now || deadline > now + MAX_DEADLINE_MS {
        return Err(Failure::bad_request_code(
            "Please choose a deadline in the future, at most 90 days from now.",
            "GROUP_DEADLINE",
        ));
    }
    Ok(deadline)
}

/// The address every piece ships to: members paying, the one given; the
/// organiser paying, none (stored as `ShippingAddress` JSON).
fn checked_ship_to(
    payment: &str,
    ship_to: Option<&AddressInput>,
) -> Result<Option<String>, Failure> {
    match payment {
        groups::ORGANISER_PAYS => Ok(None),
        groups::MEMBERS_PAY => {
            let address = ship_to.ok_or_else(|| {
                Failure::bad_request_code(
                    "Give the address every member's piece ships to.",
                    "GROUP_SHIP_TO",
                )
            })?;
            Ok(Some(serde_json::to_string(&address.shipping()?)?))
        }
        _ => Err(Failure::bad_request_code(
            "Payment must be 'organiser' or 'members'.",
            "GROUP_PAYMENT",
        )),
    }
}

/// Starts a group from one of the organiser's saved designs, as it is now:
/// the pieces and the roster come from the rows.
pub async fn create(
    state: &AppState,
    user_id: &str,
    new: &NewGroupOrder<'_>,
) -> Result<OrganiserView, Failure> {
    let title = checked_title(new.title)?;
    let deadline = checked_deadline(new.deadline)?;
    let pieces_per_member = checked_pieces_per_member(new.pieces_per_member, 1)?;
    let ship_to = checked_ship_to(new.payment, new.ship_to)?;
    if !crate::ids::is_id(new.design_id) {
        return Err(Failure::not_found("Design not found"));
    }
    let saved = designs::get(&state.db, user_id, new.design_id)
        .await?
        .ok_or_else(|| Failure::not_found("Design not found"))?;
    let mut design = saved.design()?;
    match (new.personalisation, design.is_personalised()) {
        (true, false) => {
            return Err(Failure::bad_request_code(
                "Add a name or a number to the design in the studio first, so members can fill them in.",
                "GROUP_PERSONALISATION",
            ));
        }
        (false, true) => {
            return Err(Failure::bad_request_code(
                "This design prints names or numbers: let members add them.",
                "GROUP_PERSONALISATION",
            ));
        }
        _ => {}
    }
    design.check_for_saving(&saved.garment()?)?;
    // The group's design is the saved one as it is now: the pieces and the roster come from the rows.
    design.quantities = design_engine::Quantities::default();
    design.set_roster(Vec::new())?;
    let open = groups::of_organiser(&state.db, user_id)
        .await?
        .iter()
        .filter(|g| g.status == groups::OPEN)
        .count();
    if open >= MAX_OPEN_GROUPS {
        return Err(messages::too_many_open(MAX_OPEN_GROUPS));
    }
    let group = groups::create(
        &state.db,
        &NewGroup {
            organiser_id: user_id,
            product_id: &design.product_id,
            design: &design.to_json(),
            artwork_hash: &design_engine::hash::artwork_hash(&design),
            title: &title,
            deadline,
            payment: new.payment,
            personalisation: new.personalisation,
            ship_to: ship_to.as_deref(),
            pieces_per_member,
            pictures: &design
                .image_assets()
                .map(|a| a.sha256.clone())
                .collect::<Vec<_>>(),
        },
    )
    .await?;
    organiser_view(state, group).await
}

/// One of the organiser's groups.
pub async fn get(state: &AppState, user_id: &str, id: &str) -> Result<OrganiserView, Failure> {
    organiser_view(state, owned(&state.db, user_id, id).await?).await
}

/// Changes an open group's title and deadline (extended, or ended sooner)
/// and the pieces each member may add (fewer than a member holds refuses
/// them more but takes none away).
pub async fn update(
    state: &AppState,
    user_id: &str,
    id: &str,
    settings: &Settings<'_>,
) -> Result<OrganiserView, Failure> {
    let group = owned(&state.db, user_id, id).await?;
    let title = checked_title(settings.title)?;
    let deadline = checked_deadline(settings.deadline)?;
    let pieces = checked_pieces_per_member(settings.pieces_per_member, group.pieces_per_member)?;
    if !groups::update(&state.db, &group.id, &title, deadline, pieces).await? {
        return Err(not_open());
    }
    get(state, user_id, id).await
}

/// Closes the group (`closing::close`): the organiser paying, into their
/// cart; members paying, with the paid pieces.
pub async fn close(state: &AppState, user_id: &str, id: &str) -> Result<OrganiserView, Failure> {
    let group = owned(&state.db, user_id, id).await?;
    closing::close(state, &group).await?;
    get(state, user_id, id).await
}

/// Cancels the group (`closing::cancel`); the refunds it owes are made.
pub async fn cancel(state: &AppState, user_id: &str, id: &str) -> Result<OrganiserView, Failure> {
    let group = owned(&state.db, user_id, id).await?;
    let owed = closing::cancel(&state.db, &group).await?;
    settle_refunds(state, &owed).await;
    get(state, user_id, id).await
}

/// Tops the group up with a piece nobody claimed (as many as needed).
pub async fn top_up(
    state: &AppState,
    user_id: &str,
    id: &str,
    input: RowInput<'_>,
) -> Result<OrganiserView, Failure> {
    let group = owned(&state.db, user_id, id).await?;
    add_row(state, &group, user_id, true, input).await?;
    organiser_view(state, group).await
}

/// Removes a row; its member is told, and refunded if they paid.
pub async fn remove_row(
    state: &AppState,
    user_id: &str,
    id: &str,
    row_id: &str,
) -> Result<OrganiserView, Failure> {
    let group = owned(&state.db, user_id, id).await?;
    let mut tx = hold_open(&state.db, &group).await?;
    let removed = groups::row_in(&mut tx, &group.id, row_id)
        .await?
        .ok_or_else(|| Failure::not_found("Row not found"))?;
    let owed = release_row(&mut tx, &group, &removed, "Removed from the group order").await?;
    if removed.top_up == 0 && removed.user_id != group.organiser_id {
        let letter = messages::removed(&group, &removed, owed.is_some(), removed.member_language);
        tell(&mut tx, &removed.member_email, &letter).await?;
    }
    tx.commit().await?;
    settle_refunds(state, owed.as_slice()).await;
    organiser_view(state, group).await
}
