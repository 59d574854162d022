//! A group order's link for its members: what anyone with the link sees, and
//! a signed-in member's own pieces (one, or as many as the organiser allows),
//! added, changed and withdrawn until the deadline. Members paying pay for
//! their pieces in `group_payments`. The rules are `core::groups::members`'s.

use poem::web::Data;
use poem_openapi::param::Path;
use poem_openapi::payload::Json;
use poem_openapi::{Object, OpenApi};

use super::Tag;
use crate::core::groups::members;
use crate::core::groups::members::Withdrawal;
use crate::core::groups::views::{MyPiece, MyPieces, PublicView};
use crate::core::groups::{holds, rows, views};
use crate::core::messages::groups as messages;
use crate::http::auth::BearerAuth;
use crate::http::design_document::DesignDocument;
use crate::http::dto::GroupRowRequest;
use crate::http::envelope::Envelope;
use crate::http::error::ApiResult;
use crate::http::fails::Fails;
use crate::http::fails::status::*;
use crate::http::pictures::{SharedPicture, picture_of};
use crate::http::routes::designs::Thumbnail;
use crate::state::AppState;
use poem_openapi::payload::Binary;

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

fn public_dto(view: PublicView) -> ApiResult<PublicGroupOrder> {
    let PublicView {
        group,
        organiser,
        deadline_passed,
        product_name,
        pieces,
        price_per_piece,
    } = view;
    Ok(PublicGroupOrder {
        organiser,
        deadline_passed,
        personalisation: group.personalisation != 0,
        pieces_per_member: rows::pieces_per_member(&group),
        design: DesignDocument::from_stored(&group.design)?,
        pieces,
        price_per_piece,
        product_name,
        payment: group.payment,
        title: group.title,
        deadline: group.deadline,
        status: group.status,
        product_id: group.product_id,
    })
}

fn piece_dto(p: MyPiece) -> MyGroupPiece {
    MyGroupPiece {
        id: p.id,
        size: p.size,
        name: p.name,
        number: p.number,
        paid: p.paid,
        order_id: p.order_id,
        order_number: p.order_number,
    }
}

fn pieces_dto(mine: MyPieces) -> MyGroupPieces {
    MyGroupPieces {
        pieces: mine.pieces.into_iter().map(piece_dto).collect(),
        pieces_per_member: mine.pieces_per_member,
        to_pay: mine.to_pay,
    }
}

fn withdrawn(w: Withdrawal) -> ApiResult<Json<Envelope<PublicGroupOrder>>> {
    Ok(Envelope::ok(w.message(), public_dto(w.group)?))
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
        let view = views::public(&state, &token.0).await?;
        Ok(Envelope::ok("Group order fetched", public_dto(view)?))
    }

    /// A picture the group's design uses, for the link's page (only its own pictures).
    #[oai(path = "/group-orders/by-token/:token/artwork/:sha256", method = "get")]
    async fn artwork(
        &self,
        state: Data<&AppState>,
        token: Path<String>,
        sha256: Path<String>,
    ) -> Result<SharedPicture, Fails<{ ANY | NOT_FOUND }>> {
        let group = holds::by_token(&state.db, &token.0).await?;
        Ok(picture_of(&state, &rows::design_of(&group)?, &sha256.0).await?)
    }

    /// The group's design drawn by the engine (PNG, 320 px square): the picture its link's preview shows
    /// (`og:image`, docs/seo.md). Kept an hour: the organiser may still change the design.
    #[oai(path = "/group-orders/by-token/:token/thumbnail", method = "get")]
    async fn thumbnail(
        &self,
        state: Data<&AppState>,
        token: Path<String>,
    ) -> Result<Thumbnail, Fails<{ ANY | NOT_FOUND }>> {
        let group = holds::by_token(&state.db, &token.0).await?;
        let design = rows::design_of(&group)?;
        let png = crate::core::designs::thumbnail(&state.db, &state.storage, &state.work, &design)
            .await?;
        Ok(Thumbnail::Ok(Binary(png), "public, max-age=3600".into()))
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
        let mine = members::join(&state, &token.0, &auth.0.id, body.input()).await?;
        let message = messages::joined_answer(mine.pieces.len());
        Ok(Envelope::ok(message, pieces_dto(mine)))
    }

    /// Your pieces in a group order (404 when you have not joined).
    #[oai(path = "/group-orders/by-token/:token/rows/mine", method = "get")]
    async fn mine(
        &self,
        state: Data<&AppState>,
        auth: BearerAuth,
        token: Path<String>,
    ) -> Result<Json<Envelope<MyGroupPieces>>, Fails<{ USER | NOT_FOUND }>> {
        let mine = members::mine(&state, &token.0, &auth.0.id).await?;
        Ok(Envelope::ok("Your pieces", pieces_dto(mine)))
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
        let mine = members::change(&state, &token.0, &auth.0.id, None, body.input()).await?;
        Ok(Envelope::ok("Your piece was changed", pieces_dto(mine)))
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
        let which = Some(row.0.as_str());
        let mine = members::change(&state, &token.0, &auth.0.id, which, body.input()).await?;
        Ok(Envelope::ok("Your piece was changed", pieces_dto(mine)))
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
        Ok(withdrawn(
            members::withdraw(&state, &token.0, &auth.0.id, None).await?,
        )?)
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
        let which = Some(row.0.as_str());
        Ok(withdrawn(
            members::withdraw(&state, &token.0, &auth.0.id, which).await?,
        )?)
    }
}
