//! Filing a claim, by the order's owner: the order delivered within the
//! claim window, the pieces keyed by the line's sizes and no more than it
//! has left to claim (its open and granted claims count), the photos the
//! customer's own uploads. The claim's ticket is opened first (numbered and
//! acknowledged by the complaints desk), then the claim is stored with it,
//! its pieces checked again while the order is held, and the customer
//! e-mailed.

use std::collections::BTreeMap;

use design_engine::{Quantities, Size};

use super::Claim;
use crate::core::messages::claims as messages;
use crate::core::support::tickets::{self, Category, NewTicket};
use crate::db::claims::{self, NewClaim};
use crate::db::orders::{Item, Order};
use crate::db::{Db, artwork, now_ms, orders};
use crate::domain::claim::ClaimReason;
use crate::domain::{Language, OrderStatus, india_time};
use crate::error::{Failure, Fallible};
use crate::state::AppState;

/// A claim as the customer sends it.
#[derive(Debug, Clone, Default)]
pub struct Filing {
    /// The order line; may be left out when the order has one.
    pub item_id: Option<String>,
    /// Pieces per size, keyed by the line's size labels (any case).
    pub pieces: BTreeMap<String, i64>,
    pub reason: String,
    pub message: String,
    /// The SHA-256 of each photo, uploaded through `PUT /artwork/{sha256}`.
    pub photos: Vec<String>,
}

const DAY_MS: i64 = 24 * 60 * 60 * 1000;

/// The order is delivered, and was within the claim window (by this
/// process's clock: `TEST_CLOCK_SKEW_MS` moves it in tests).
async fn within_window(state: &AppState, order: &Order) -> Fallible<()> {
    let not_delivered = || messages::not_delivered(&order.order_number, order.status);
    if order.status != OrderStatus::Delivered {
        return Err(not_delivered());
    }
    let delivered = claims::delivered_at(&state.db, &order.id)
        .await?
        .ok_or_else(not_delivered)?;
    let days = state.config.claim_window_days;
    if now_ms() - delivered > days * DAY_MS {
        return Err(messages::window_closed(
            &order.order_number,
            days,
            india_time::date(delivered),
        ));
    }
    Ok(())
}

/// The photos as SHA-256 in lower case: at most six, each given once, each
/// uploaded by `user_id` (anyone else's is refused as if it did not exist).
async fn photos(db: &Db, user_id: &str, given: &[String]) -> Fallible<Vec<String>> {
    if given.len() > messages::PHOTOS_MAX {
        return Err(messages::too_many_photos());
    }
    let mut out: Vec<String> = Vec::with_capacity(given.len());
    for (i, raw) in given.iter().enumerate() {
        let sha256 = raw.trim().to_ascii_lowercase();
        let named = sha256.len() == 64 && sha256.bytes().all(|b| b.is_ascii_hexdigit());
        if !named || !artwork::is_holder(db, &sha256, user_id).await? {
            return Err(messages::bad_photo(i + 1));
        }
        if out.contains(&sha256) {
            return Err(messages::duplicate_photo(i + 1));
        }
        out.push(sha256);
    }
    Ok(out)
}

/// The line the pieces are from: the one named, or the order's only one.
fn line_of<'a>(items: &'a [Item], item_id: Option<&str>) -> Fallible<&'a Item> {
    match item_id.map(str::trim).filter(|s| !s.is_empty()) {
        Some(id) => items
            .iter()
            .find(|i| i.id == id)
            .ok_or_else(messages::unknown_line),
        None => match items {
            [only] => Ok(only),
            _ => Err(messages::which_line()),
        },
    }
}

/// The pieces given, per size the line was ordered in (in its order of
/// sizes); refused when a size is not one of them, a count is negative or
/// absurd, or there are none.
pub fn claimed(ordered: &Quantities, given: &BTreeMap<String, i64>) -> Fallible<Quantities> {
    let mut sized: Vec<(Size, i64)> = Vec::with_capacity(given.len());
    for (key, &n) in given {
        let size = Size::parse(key)
            .filter(|s| ordered.get(*s) > 0)
            .ok_or_else(|| messages::unknown_size(&key.chars().take(12).collect::<String>()))?;
        if sized.iter().any(|(s, _)| *s == size) {
            return Err(messages::duplicate_size(size.label()));
        }
        sized.push((size, n));
    }
    let in_order = ordered
        .iter()
        .filter_map(|(size, _)| sized.iter().find(|(s, _)| *s == size).copied());
    let pieces = Quantities::from_signed(in_order)?;
    if pieces.total() == 0 {
        return Err(messages::no_pieces());
    }
    Ok(pieces)
}

/// The pieces fit in what the line has left to claim (`held`: its open and
/// granted claims' pieces), and the order has room for another open claim.
pub fn fits(ordered: &Quantities, pieces: &Quantities, held: &[String], open: i64) -> Fallible<()> {
    let held: Vec<Quantities> = held
        .iter()
        .map(|h| serde_json::from_str(h))
        .collect::<Result<_, _>>()?;
    for (size, n) in pieces.iter().filter(|(_, n)| *n > 0) {
        let before: u32 = held.iter().map(|q| q.get(size)).sum();
        let had = ordered.get(size);
        if before.saturating_add(n) > had {
            return Err(messages::too_many_pieces(size.label(), had, before));
        }
    }
    if open >= messages::OPEN_MAX {
        return Err(messages::too_many_open());
    }
    Ok(())
}

/// Files a claim on `order_id` for its owner `user_id` (anyone else's order
/// is not found): 409 outside the window, 400 for anything wrong in it.
pub async fn file(state: &AppState, user_id: &str, order_id: &str, f: Filing) -> Fallible<Claim> {
    let db = &state.db;
    let order = orders::get_for_user(db, order_id, user_id)
        .await?
        .ok_or_else(Failure::order_not_found)?;
    within_window(state, &order).await?;
    let reason = ClaimReason::parse(f.reason.trim()).ok_or_else(messages::bad_reason)?;
    let message =
        tickets::text(&f.message, messages::MESSAGE_MAX, true).ok_or_else(messages::bad_message)?;
    let photos = photos(db, user_id, &f.photos).await?;
    let items = orders::items(db, &[order.id.as_str()]).await?;
    let item = line_of(&items, f.item_id.as_deref())?;
    let ordered: Quantities = serde_json::from_str(&item.line.sizes)?;
    let pieces = claimed(&ordered, &f.pieces)?;
    // Checked before the ticket is opened, and again as the claim is stored.
    let (held, open) = claims::held(&mut *db.acquire().await?, &order.id, &item.id).await?;
    fits(&ordered, &pieces, &held, open)?;

    let text = super::pieces_text(&pieces, Language::En);
    let ticket = tickets::open(
        state,
        NewTicket {
            user_id: Some(user_id.to_string()),
            name: order.user_name.clone(),
            email: order.user_email.clone(),
            phone: None,
            category: Category::Product,
            subject: messages::ticket_subject(reason, &text, &order.order_number),
            message: message.clone(),
            order_id: Some(order.id.clone()),
            language: order.user_language,
        },
    )
    .await?;
    let email = messages::filed(
        &order.order_number,
        &order.user_name,
        &ticket.number,
        &super::pieces_text(&pieces, order.user_language),
        reason,
        &state.config.company,
        order.user_language,
    )
    .email_to(order.user_email.clone());
    let mut tx = claims::begin_on_order(db, &order.id).await?;
    let (held, open) = claims::held(&mut tx, &order.id, &item.id).await?;
    fits(&ordered, &pieces, &held, open)?;
    let id = claims::insert(
        &mut tx,
        &NewClaim {
            order_id: &order.id,
            order_item_id: &item.id,
            user_id,
            ticket_id: &ticket.id,
            ticket_number: &ticket.number,
            pieces: &serde_json::to_string(&pieces)?,
            piece_count: i64::from(pieces.total()),
            reason: reason.as_str(),
            message: &message,
            photos: &photos,
        },
        &email,
    )
    .await?;
    tx.commit().await.map_err(crate::db::DbError::from)?;
    tracing::info!(claim = %id, order_id = %order.id, ticket = %ticket.number, pieces = pieces.total(), "claim filed");
    crate::core::notify::events::complaint_acknowledged(state, &order, &id, &ticket.number).await;
    super::get(db, &id).await
}

#[cfg(test)]
mod tests {
    use super::*;

    fn ordered() -> Quantities {
        Quantities::from_signed([(Size::S, 10), (Size::XXL, 15)]).unwrap()
    }

    fn given(pairs: &[(&str, i64)]) -> BTreeMap<String, i64> {
        pairs.iter().map(|(k, n)| (k.to_string(), *n)).collect()
    }

    #[test]
    fn pieces_are_the_lines_sizes() {
        let pieces = claimed(&ordered(), &given(&[("XXL", 2), ("s", 1)])).unwrap();
        assert_eq!((pieces.get(Size::S), pieces.get(Size::XXL)), (1, 2));
        for (bad, code) in [
            (given(&[("m", 1)]), "UNKNOWN_SIZE"),
            (given(&[("3xl", 1)]), "UNKNOWN_SIZE"),
            (given(&[("s", 0)]), "NO_PIECES"),
            (given(&[]), "NO_PIECES"),
            (given(&[("s", 1), ("S", 1)]), "DUPLICATE_SIZE"),
        ] {
            let e = claimed(&ordered(), &bad).unwrap_err();
            assert_eq!(e.code.as_deref(), Some(code), "{bad:?}");
        }
        assert!(claimed(&ordered(), &given(&[("s", -1)])).is_err());
    }

    #[test]
    fn earlier_claims_count_against_the_line() {
        let two_s = claimed(&ordered(), &given(&[("s", 2)])).unwrap();
        let eight_s =
            serde_json::to_string(&claimed(&ordered(), &given(&[("s", 8)])).unwrap()).unwrap();
        assert!(fits(&ordered(), &two_s, std::slice::from_ref(&eight_s), 1).is_ok());
        let e = fits(&ordered(), &two_s, &[eight_s.clone(), eight_s], 1).unwrap_err();
        assert_eq!(
            e.message,
            "At most 0 pieces of size S can be claimed on this design: 10 were ordered and 16 are in other claims"
        );
        let e = fits(&ordered(), &two_s, &[], messages::OPEN_MAX).unwrap_err();
        assert_eq!(e.code.as_deref(), Some("TOO_MANY_OPEN_CLAIMS"));
    }
}
