//! What each party sees of a group, priced by the engine now: the organiser
//! (every row, the progress towards the minimum, their own pieces to pay),
//! anyone with the link (the design, the price per piece, the organiser's
//! first name), and a member (their own pieces and what they owe).

use design_engine::roster_pricing::PersonalisationQuote;
use design_engine::{Design, Quantities};

use super::holds::by_token;
use super::payments::member_lines;
use super::rows::{assemble, design_of, paid, pieces_per_member};
use crate::db::group_orders as groups;
use crate::db::group_orders::{Group, Row};
use crate::db::{now_ms, products};
use crate::domain::address::ShippingAddress;
use crate::error::Failure;
use crate::state::AppState;

/// What the rows come to now, by the engine: the pieces per size, how many
/// more the minimum needs, and the price of the line they make. Money in paise.
pub struct Progress {
    pub pieces: u32,
    /// Members paying: the pieces paid for (the ones that count at the
    /// close), and how many more must be paid for the minimum.
    pub paid_pieces: u32,
    pub paid_need_more: u32,
    pub sizes: Quantities,
    pub need_more: u32,
    pub minimum_reached: bool,
    /// The garment's price per piece in the tier the pieces reach.
    pub unit_price: i64,
    /// Names and numbers per piece and in all; none where the design prints none.
    pub personalisation: Option<PersonalisationQuote>,
    pub line_total: i64,
}

/// A group as its organiser sees it.
pub struct OrganiserView {
    pub group: Group,
    pub rows: Vec<Row>,
    pub progress: Progress,
    pub product_name: String,
    /// Members paying: where every piece ships.
    pub ship_to: Option<ShippingAddress>,
    /// Members paying: paise for the organiser's own unpaid pieces (their top-ups).
    pub to_pay: i64,
    pub deadline_passed: bool,
}

/// A group as its link shows it to anyone.
pub struct PublicView {
    pub group: Group,
    /// The organiser's first name, and nothing else of them.
    pub organiser: String,
    pub deadline_passed: bool,
    pub product_name: String,
    /// Pieces so far, for the tier; and the price per piece at that tier,
    /// names and numbers included (members paying: the share each pays).
    pub pieces: u32,
    pub price_per_piece: i64,
}

/// One of a member's own pieces; members paying: whether it is paid, and its order.
pub struct MyPiece {
    pub id: String,
    pub size: String,
    pub name: Option<String>,
    pub number: Option<String>,
    pub paid: bool,
    /// The paid order holding it, and its number.
    pub order_id: Option<String>,
    pub order_number: Option<String>,
}

/// A member's own pieces in a group, in the order they were added.
pub struct MyPieces {
    pub pieces: Vec<MyPiece>,
    pub pieces_per_member: u32,
    /// Members paying: paise to pay now for their unpaid pieces.
    pub to_pay: i64,
}

/// The rows' line priced by the engine at the product's pricing now, and
/// the product's name.
async fn progress(
    state: &AppState,
    group: &Group,
    design: &Design,
) -> Result<(Progress, String), Failure> {
    let product = products::get(&state.db, &group.product_id)
        .await?
        .ok_or_else(|| Failure::not_found("Product not found in database."))?;
    let quote = design.quote(
        &product
            .pricing()
            .with_personalisation(state.config.personalisation),
    )?;
    let q = &design.quantities;
    Ok((
        Progress {
            pieces: q.total(),
            paid_pieces: 0,
            paid_need_more: q.need_more(),
            sizes: q.clone(),
            need_more: q.need_more(),
            minimum_reached: q.check_minimum().is_ok(),
            unit_price: quote.unit_price.0,
            personalisation: quote.personalisation,
            line_total: quote.total.0,
        },
        product.name,
    ))
}

/// What the organiser sees of their group.
pub async fn organiser_view(state: &AppState, group: Group) -> Result<OrganiserView, Failure> {
    let rows = groups::rows(&state.db, &group.id).await?;
    let base = design_of(&group)?;
    let design = assemble(&base, &rows)?;
    let (mut progress, product_name) = progress(state, &group, &design).await?;
    let paid = assemble(&base, &paid(&rows))?.quantities;
    progress.paid_pieces = paid.total();
    progress.paid_need_more = paid.need_more();
    let own_unpaid: Vec<Row> = rows
        .iter()
        .filter(|r| r.user_id == group.organiser_id && r.paid == 0)
        .cloned()
        .collect();
    let to_pay = if group.payment == groups::MEMBERS_PAY && !own_unpaid.is_empty() {
        member_lines(state, &group, &own_unpaid)
            .await?
            .quote
            .total
            .0
    } else {
        0
    };
    Ok(OrganiserView {
        to_pay,
        ship_to: group
            .ship_to
            .as_deref()
            .map(serde_json::from_str)
            .transpose()?,
        deadline_passed: group.deadline <= now_ms(),
        rows,
        progress,
        product_name,
        group,
    })
}

/// The organiser's groups as they see them, newest first.
pub async fn of_organiser(state: &AppState, user_id: &str) -> Result<Vec<OrganiserView>, Failure> {
    let mut out = Vec::new();
    for group in groups::of_organiser(&state.db, user_id).await? {
        out.push(organiser_view(state, group).await?);
    }
    Ok(out)
}

/// What the link shows.
pub async fn public_view(state: &AppState, group: Group) -> Result<PublicView, Failure> {
    let rows = groups::rows(&state.db, &group.id).await?;
    let design = assemble(&design_of(&group)?, &rows)?;
    let (progress, product_name) = progress(state, &group, &design).await?;
    let price_per_piece = if group.payment == groups::MEMBERS_PAY {
        share_of_one(state, &group).await?
    } else {
        progress.unit_price
            + progress
                .personalisation
                .as_ref()
                .map_or(0, |p| p.per_piece.0)
    };
    Ok(PublicView {
        organiser: group
            .organiser_name
            .split_whitespace()
            .next()
            .unwrap_or_default()
            .to_string(),
        deadline_passed: group.deadline <= now_ms(),
        pieces: progress.pieces,
        price_per_piece,
        product_name,
        group,
    })
}

/// What the link `token` shows.
pub async fn public(state: &AppState, token: &str) -> Result<PublicView, Failure> {
    public_view(state, by_token(&state.db, token).await?).await
}

/// Members paying: what one piece costs a member (`Design::quote_share`).
async fn share_of_one(state: &AppState, group: &Group) -> Result<i64, Failure> {
    let product = products::get(&state.db, &group.product_id)
        .await?
        .ok_or_else(|| Failure::not_found("Product not found in database."))?;
    let mut design = design_of(group)?;
    let garment = product.garment();
    let first = garment
        .sizes
        .first()
        .copied()
        .unwrap_or(design_engine::Size::M);
    design.set_quantity(first, 1)?;
    let pricing = product
        .pricing()
        .with_personalisation(state.config.personalisation);
    Ok(design.quote_share(&pricing)?.total.0)
}

/// You have not joined the group.
pub fn not_joined() -> Failure {
    Failure::not_found("You have not joined this group order")
}

/// A member's own pieces, and what they owe for the unpaid ones (not found
/// when they hold none).
pub async fn my_pieces(
    state: &AppState,
    group: &Group,
    user_id: &str,
) -> Result<MyPieces, Failure> {
    let rows = groups::mine(&state.db, &group.id, user_id).await?;
    if rows.is_empty() {
        return Err(not_joined());
    }
    let to_pay = if group.payment == groups::MEMBERS_PAY {
        let mut conn = state.db.acquire().await?;
        let unpaid = groups::unpaid_of(&mut conn, &group.id, user_id).await?;
        drop(conn);
        if unpaid.is_empty() {
            0
        } else {
            member_lines(state, group, &unpaid).await?.quote.total.0
        }
    } else {
        0
    };
    let mut pieces: Vec<MyPiece> = Vec::with_capacity(rows.len());
    for row in rows {
        let paid = row.paid != 0;
        // The order number of a paid piece (several pieces may share one order).
        let order_number = match (&row.order_id, paid) {
            (Some(id), true) => match pieces.iter().find(|p| p.order_id.as_deref() == Some(id)) {
                Some(p) => p.order_number.clone(),
                None => crate::db::orders::get(&state.db, id)
                    .await?
                    .map(|o| o.order_number),
            },
            _ => None,
        };
        pieces.push(MyPiece {
            id: row.id,
            size: row.size,
            name: row.name,
            number: row.number,
            paid,
            order_id: row.order_id.filter(|_| paid),
            order_number,
        });
    }
    Ok(MyPieces {
        pieces,
        pieces_per_member: pieces_per_member(group),
        to_pay,
    })
}
