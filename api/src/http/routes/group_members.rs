//! A group order's link for its members: what anyone with the link sees, and
//! a signed-in member's own pieces (one, or as many as the organiser allows),
//! added, changed and withdrawn until the deadline. Members paying pay for
//! their pieces in `group_payments`.

use poem::web::Data;
use poem_openapi::param::Path;
use poem_openapi::payload::Json;
use poem_openapi::{Object, OpenApi};

use super::Tag;
use super::group_orders::{
    GroupRowRequest, add_row, by_token, hold_for_rows, hold_for_withdrawal, pieces_per_member,
    progress, refuse_rows, settle_refunds,
};
use crate::core::groups as rules;
use crate::db::group_orders as groups;
use crate::db::group_orders::{Group, Row};
use crate::db::{now_ms, products};
use crate::http::auth::BearerAuth;
use crate::http::design_document::DesignDocument;
use crate::http::envelope::{ApiError, ApiResult, Envelope};
use crate::http::fails::Fails;
use crate::http::fails::status::*;
use crate::state::AppState;

/// A group order as its link shows it to anyone: the design, the price per
/// piece, the deadline and the organiser's first name; nothing else of the
/// organiser, nothing of the other members.
#[derive(Object, Debug, Clone)]
#[oai(rename_all = "camelCase")]
pub struct PublicGroupOrder {
    pub title: String,
    pub organiser: String,
    /// `organiser` (the organiser pays for everyone) or `members` (you pay for your piece).
    pub payment: String,
    pub deadline: i64,
    pub deadline_passed: bool,
    pub status: String,
    pub personalisation: bool,
    /// The pieces each member may add.
    pub pieces_per_member: u32,
    pub product_id: String,
    pub product_name: String,
    pub design: DesignDocument,
    /// Pieces so far, for the tier; and the price per piece at that tier,
    /// names and numbers included (members paying: the share each pays,
    /// `Design::quote_share`).
    pub pieces: u32,
    pub price_per_piece: i64,
}

/// One of a member's own pieces; members paying: whether it is paid, and its order.
#[derive(Object, Debug, Clone)]
#[oai(rename_all = "camelCase")]
pub struct MyGroupPiece {
    #[oai(rename = "_id")]
    pub id: String,
    pub size: String,
    #[oai(skip_serializing_if_is_none)]
    pub name: Option<String>,
    #[oai(skip_serializing_if_is_none)]
    pub number: Option<String>,
    pub paid: bool,
    /// The paid order holding it, and its number.
    #[oai(skip_serializing_if_is_none)]
    pub order_id: Option<String>,
    #[oai(skip_serializing_if_is_none)]
    pub order_number: Option<String>,
}

/// A member's own pieces in a group order, in the order they were added.
#[derive(Object, Debug, Clone)]
#[oai(rename_all = "camelCase")]
pub struct MyGroupPieces {
    pub pieces: Vec<MyGroupPiece>,
    /// The most pieces you may hold.
    pub pieces_per_member: u32,
    /// Members paying: paise to pay now for your unpaid pieces (0 when all
    /// are paid, or when the organiser pays).
    pub to_pay: i64,
}

pub struct GroupMembersApi;

#[OpenApi(tag = "Tag::GroupOrders")]
impl GroupMembersApi {
    /// A group order as its link shows it (no sign-in).
    #[oai(path = "/group-orders/by-token/:token", method = "get")]
    async fn public(
        &self,
        state: Data<&AppState>,
        token: Path<String>,
    ) -> Result<Json<Envelope<PublicGroupOrder>>, Fails<{ ANY | NOT_FOUND }>> {
        let group = by_token(&state, &token.0).await?;
        Ok(Envelope::ok(
            "Group order fetched",
            public_view(&state, group).await?,
        ))
    }

    /// A picture the group's design uses, for the link's page (only its own pictures).
    #[oai(path = "/group-orders/by-token/:token/artwork/:sha256", method = "get")]
    async fn artwork(
        &self,
        state: Data<&AppState>,
        token: Path<String>,
        sha256: Path<String>,
    ) -> Result<crate::http::pictures::SharedPicture, Fails<{ ANY | NOT_FOUND }>> {
        let group = by_token(&state, &token.0).await?;
        Ok(
            crate::http::pictures::picture_of(&state, &rules::design_of(&group)?, &sha256.0)
                .await?,
        )
    }

    /// Join with a piece (a size, and a name and number where the design
    /// prints them); where the organiser allows more than one piece each,
    /// the same call adds another.
    #[oai(path = "/group-orders/by-token/:token/rows", method = "post")]
    async fn join(
        &self,
        state: Data<&AppState>,
        auth: BearerAuth,
        token: Path<String>,
        body: Json<GroupRowRequest>,
    ) -> Result<Json<Envelope<MyGroupPieces>>, Fails<{ USER | BODY | NOT_FOUND | CONFLICT }>> {
        let group = by_token(&state, &token.0).await?;
        add_row(&state, &group, &auth.0.id, false, &body).await?;
        let mine = my_pieces(&state, &group, &auth.0.id).await?;
        let message = if mine.pieces.len() > 1 {
            "Piece added"
        } else {
            "You have joined the group order"
        };
        Ok(Envelope::ok(message, mine))
    }

    /// Your pieces in a group order (404 when you have not joined).
    #[oai(path = "/group-orders/by-token/:token/rows/mine", method = "get")]
    async fn mine(
        &self,
        state: Data<&AppState>,
        auth: BearerAuth,
        token: Path<String>,
    ) -> Result<Json<Envelope<MyGroupPieces>>, Fails<{ USER | NOT_FOUND }>> {
        let group = by_token(&state, &token.0).await?;
        Ok(Envelope::ok(
            "Your pieces",
            my_pieces(&state, &group, &auth.0.id).await?,
        ))
    }

    /// Change your piece, until the deadline (holding several: change one by
    /// its id, `rows/mine/{row}`).
    #[oai(path = "/group-orders/by-token/:token/rows/mine", method = "put")]
    async fn change_mine(
        &self,
        state: Data<&AppState>,
        auth: BearerAuth,
        token: Path<String>,
        body: Json<GroupRowRequest>,
    ) -> Result<Json<Envelope<MyGroupPieces>>, Fails<{ USER | BODY | NOT_FOUND | CONFLICT }>> {
        let group = by_token(&state, &token.0).await?;
        change(&state, &group, &auth.0.id, None, &body).await?;
        Ok(Envelope::ok(
            "Your piece was changed",
            my_pieces(&state, &group, &auth.0.id).await?,
        ))
    }

    /// Change one of your pieces, until the deadline.
    #[oai(path = "/group-orders/by-token/:token/rows/mine/:row", method = "put")]
    async fn change_piece(
        &self,
        state: Data<&AppState>,
        auth: BearerAuth,
        token: Path<String>,
        row: Path<String>,
        body: Json<GroupRowRequest>,
    ) -> Result<Json<Envelope<MyGroupPieces>>, Fails<{ USER | BODY | NOT_FOUND | CONFLICT }>> {
        let group = by_token(&state, &token.0).await?;
        change(&state, &group, &auth.0.id, Some(&row.0), &body).await?;
        Ok(Envelope::ok(
            "Your piece was changed",
            my_pieces(&state, &group, &auth.0.id).await?,
        ))
    }

    /// Withdraw from the group (every piece of yours), until the deadline; a
    /// paid piece is refunded.
    #[oai(path = "/group-orders/by-token/:token/rows/mine", method = "delete")]
    async fn withdraw(
        &self,
        state: Data<&AppState>,
        auth: BearerAuth,
        token: Path<String>,
    ) -> Result<Json<Envelope<PublicGroupOrder>>, Fails<{ USER | NOT_FOUND | CONFLICT }>> {
        let group = by_token(&state, &token.0).await?;
        let message = withdraw(&state, &group, &auth.0.id, None).await?;
        Ok(Envelope::ok(message, public_view(&state, group).await?))
    }

    /// Withdraw one of your pieces, until the deadline; refunded if it is paid.
    #[oai(
        path = "/group-orders/by-token/:token/rows/mine/:row",
        method = "delete"
    )]
    async fn withdraw_piece(
        &self,
        state: Data<&AppState>,
        auth: BearerAuth,
        token: Path<String>,
        row: Path<String>,
    ) -> Result<Json<Envelope<PublicGroupOrder>>, Fails<{ USER | NOT_FOUND | CONFLICT }>> {
        let group = by_token(&state, &token.0).await?;
        let message = withdraw(&state, &group, &auth.0.id, Some(&row.0)).await?;
        Ok(Envelope::ok(message, public_view(&state, group).await?))
    }
}

fn not_joined() -> ApiError {
    ApiError::not_found("You have not joined this group order")
}

/// The member's piece a change or a withdrawal means: the one named, or the
/// only one they hold.
async fn pick(
    tx: &mut sqlx::Transaction<'static, sqlx::Any>,
    group: &Group,
    user_id: &str,
    which: Option<&str>,
) -> ApiResult<Row> {
    let mut mine = groups::mine_in(tx, &group.id, user_id).await?;
    match which {
        Some(id) => mine
            .into_iter()
            .find(|r| r.id == id)
            .ok_or_else(|| ApiError::not_found("Piece not found")),
        None if mine.len() > 1 => Err(ApiError::conflict_code(
            "You hold several pieces in this group order: choose the one to change.",
            "GROUP_WHICH_PIECE",
        )),
        None => mine.pop().ok_or_else(not_joined),
    }
}

/// Changes a member's unpaid piece while the group is held open; an unpaid
/// order for it is let go (a paid piece is what its order made: refused).
async fn change(
    state: &AppState,
    group: &Group,
    user_id: &str,
    which: Option<&str>,
    body: &GroupRowRequest,
) -> ApiResult<()> {
    refuse_rows(group)?;
    let row = rules::check_row(
        &rules::design_of(group)?,
        &body.size,
        body.name.as_deref(),
        body.number.as_deref(),
    )?;
    let mut tx = hold_for_rows(state, group).await?;
    let held = pick(&mut tx, group, user_id, which).await?;
    if let Some(order) = held.order_id.as_deref()
        && groups::cancel_or_paid(&mut tx, order, "The member changed their piece").await?
    {
        return Err(ApiError::conflict_code(
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
    Ok(())
}

/// Withdraws a member's piece (or all of theirs) while the group is held
/// open; a payment owed back is made right after the commit. What happened,
/// in words: withdrawn from the group, or one piece of several; refunded.
async fn withdraw(
    state: &AppState,
    group: &Group,
    user_id: &str,
    which: Option<&str>,
) -> ApiResult<&'static str> {
    let mut tx = hold_for_withdrawal(state, group).await?;
    let rows = match which {
        Some(_) => vec![pick(&mut tx, group, user_id, which).await?],
        None => groups::mine_in(&mut tx, &group.id, user_id).await?,
    };
    if rows.is_empty() {
        return Err(not_joined());
    }
    let mut owed = Vec::new();
    // One at a time: a paid order holding two of them owes one piece's part,
    // then all it has left.
    for row in &rows {
        owed.extend(
            rules::release_row(&mut tx, group, row, "Withdrawn from the group order").await?,
        );
    }
    let refunded = !owed.is_empty();
    let left = groups::mine_in(&mut tx, &group.id, user_id).await?.len();
    tx.commit().await?;
    settle_refunds(state, &owed).await;
    Ok(match (left, refunded) {
        (0, true) => "You have withdrawn from the group order: your payment is being refunded",
        (0, false) => "You have withdrawn from the group order",
        (_, true) => "Your piece was withdrawn: its payment is being refunded",
        (_, false) => "Your piece was withdrawn",
    })
}

async fn my_pieces(state: &AppState, group: &Group, user_id: &str) -> ApiResult<MyGroupPieces> {
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
            rules::member_lines(state, group, &unpaid)
                .await?
                .quote
                .total
                .0
        }
    } else {
        0
    };
    let mut pieces = Vec::with_capacity(rows.len());
    for row in rows {
        let paid = row.paid != 0;
        // The order number of a paid piece (several pieces may share one order).
        let order_number = match (&row.order_id, paid) {
            (Some(id), true) => match pieces
                .iter()
                .find(|p: &&MyGroupPiece| p.order_id.as_deref() == Some(id))
            {
                Some(p) => p.order_number.clone(),
                None => crate::db::orders::get(&state.db, id)
                    .await?
                    .map(|o| o.order_number),
            },
            _ => None,
        };
        pieces.push(MyGroupPiece {
            id: row.id,
            size: row.size,
            name: row.name,
            number: row.number,
            paid,
            order_id: row.order_id.filter(|_| paid),
            order_number,
        });
    }
    Ok(MyGroupPieces {
        pieces,
        pieces_per_member: pieces_per_member(group),
        to_pay,
    })
}

/// What the link shows.
async fn public_view(state: &AppState, group: Group) -> ApiResult<PublicGroupOrder> {
    let rows = groups::rows(&state.db, &group.id).await?;
    let design = rules::assemble(&rules::design_of(&group)?, &rows)?;
    let (progress, product_name) = progress(state, &group, &design).await?;
    let per_piece = if group.payment == groups::MEMBERS_PAY {
        share_of_one(state, &group).await?
    } else {
        progress.unit_price + progress.personalisation.as_ref().map_or(0, |p| p.per_piece)
    };
    Ok(PublicGroupOrder {
        organiser: group
            .organiser_name
            .split_whitespace()
            .next()
            .unwrap_or_default()
            .to_string(),
        deadline_passed: group.deadline <= now_ms(),
        personalisation: group.personalisation != 0,
        pieces_per_member: pieces_per_member(&group),
        design: DesignDocument::from_stored(&group.design)?,
        pieces: progress.pieces,
        price_per_piece: per_piece,
        product_name,
        payment: group.payment,
        title: group.title,
        deadline: group.deadline,
        status: group.status,
        product_id: group.product_id,
    })
}

/// Members paying: what one piece costs a member (`Design::quote_share`).
async fn share_of_one(state: &AppState, group: &Group) -> ApiResult<i64> {
    let product = products::get(&state.db, &group.product_id)
        .await?
        .ok_or_else(|| ApiError::not_found("Product not found in database."))?;
    let mut design = rules::design_of(group)?;
    design.set_quantity(design_engine::Size::M, 1)?;
    let pricing = product
        .pricing()
        .with_personalisation(state.config.personalisation);
    Ok(design.quote_share(&pricing)?.total.0)
}
