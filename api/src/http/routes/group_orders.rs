//! Group orders: the organiser shares `/g/{token}`; signed-in members add
//! their own row (a size, and a name and number where the design prints
//! them) until the deadline; the organiser closes the rows into one line of
//! their cart, priced by the engine, and pays for it at checkout. The rules
//! are `core::groups::organiser`'s; here, the organiser's requests and the
//! group as they see it.

use poem::web::Data;
use poem_openapi::param::Path;
use poem_openapi::payload::Json;
use poem_openapi::{Object, OpenApi};

use super::Tag;
use crate::core::cart::pricing::PersonalisationLine;
use crate::core::groups::organiser;
use crate::core::groups::organiser::{NewGroupOrder, Settings};
use crate::core::groups::views::{OrganiserView, Progress};
use crate::core::messages::groups as messages;
use crate::db::group_orders::Row;
use crate::domain::address::{AddressInput, ShippingAddress};
use crate::http::auth::BearerAuth;
use crate::http::design_document::DesignDocument;
use crate::http::dto::{GroupRowRequest, QuantityDto};
use crate::http::envelope::Envelope;
use crate::http::error::ApiResult;
use crate::http::fails::Fails;
use crate::http::fails::status::*;
use crate::state::AppState;

/// A new group order from one of the organiser's saved designs. `deadline`
/// is Unix ms; `payment` is `organiser` (you pay for everyone) or `members`
/// (each member pays for their own piece; then `shipTo` is required: the
/// address every piece ships to); `personalisation` says members add the
/// name and number the design prints (it must print some, and only then);
/// `piecesPerMember` (1 to 10, 1 when absent) is how many pieces each member
/// may add: more than one when, say, a parent orders for two children.
#[derive(Object, Debug)]
#[oai(rename_all = "camelCase")]
pub struct CreateGroupOrder {
    pub design_id: String,
    pub title: String,
    pub deadline: i64,
    pub payment: String,
    pub personalisation: bool,
    pub ship_to: Option<AddressInput>,
    pub pieces_per_member: Option<u32>,
}

/// The organiser's changes: a new title, a new (later or earlier) deadline,
/// and the pieces each member may add (unchanged when absent; fewer than a
/// member holds refuses them more but takes none away).
#[derive(Object, Debug)]
#[oai(rename_all = "camelCase")]
pub struct UpdateGroupOrder {
    pub title: String,
    pub deadline: i64,
    pub pieces_per_member: Option<u32>,
}

/// One piece of a group order, as its organiser sees it.
#[derive(Object, Debug, Clone)]
#[oai(rename_all = "camelCase")]
pub struct GroupRow {
    #[oai(rename = "_id")]
    pub id: String,
    /// The member's name (the organiser's own for a top-up).
    pub member: String,
    pub top_up: bool,
    pub size: String,
    #[oai(skip_serializing_if_is_none)]
    pub name: Option<String>,
    #[oai(skip_serializing_if_is_none)]
    pub number: Option<String>,
    pub joined_at: i64,
    /// Members paying: their order for this piece is paid.
    pub paid: bool,
}

/// What the rows come to now, by the engine: the pieces per size, how many
/// more the 25-per-colour minimum needs, and the price of the line they make.
/// Money in paise.
#[derive(Object, Debug, Clone)]
#[oai(rename_all = "camelCase")]
pub struct GroupProgress {
    pub pieces: u32,
    /// Members paying: the pieces paid for (the ones that count at the close),
    /// and how many more must be paid for the minimum.
    pub paid_pieces: u32,
    pub paid_need_more: u32,
    pub sizes: QuantityDto,
    pub need_more: u32,
    pub minimum_reached: bool,
    /// The garment's price per piece in the tier the pieces reach.
    pub unit_price: i64,
    // Names and numbers per piece and in all; none where the design prints none.
    #[oai(skip_serializing_if_is_none)]
    pub personalisation: Option<PersonalisationLine>,
    pub line_total: i64,
}

/// A group order as its organiser sees it.
#[derive(Object, Debug, Clone)]
#[oai(rename_all = "camelCase")]
pub struct GroupOrder {
    #[oai(rename = "_id")]
    pub id: String,
    pub token: String,
    /// The link to share: `/g/{token}`.
    pub path: String,
    pub title: String,
    pub deadline: i64,
    pub deadline_passed: bool,
    pub payment: String,
    pub personalisation: bool,
    /// The pieces each member may add.
    pub pieces_per_member: u32,
    /// `open`, `closed` (its line is in the organiser's cart), `placed` or `cancelled`.
    pub status: String,
    // Members paying: where every piece ships.
    #[oai(skip_serializing_if_is_none)]
    pub ship_to: Option<ShippingAddress>,
    pub product_id: String,
    pub product_name: String,
    pub design: DesignDocument,
    pub rows: Vec<GroupRow>,
    pub progress: GroupProgress,
    /// Members paying: paise for the organiser's own unpaid pieces (their
    /// top-ups), paid like a member's at `/by-token/{token}/rows/mine/pay`.
    pub to_pay: i64,
    pub created_at: i64,
}

#[derive(Object, Debug, Clone)]
pub struct GroupOrderList {
    pub groups: Vec<GroupOrder>,
}

impl From<Progress> for GroupProgress {
    fn from(p: Progress) -> GroupProgress {
        GroupProgress {
            pieces: p.pieces,
            paid_pieces: p.paid_pieces,
            paid_need_more: p.paid_need_more,
            sizes: (&p.sizes).into(),
            need_more: p.need_more,
            minimum_reached: p.minimum_reached,
            unit_price: p.unit_price,
            personalisation: p.personalisation.map(Into::into),
            line_total: p.line_total,
        }
    }
}

fn row_dto(r: Row) -> GroupRow {
    GroupRow {
        id: r.id,
        member: r.member_name,
        top_up: r.top_up != 0,
        size: r.size,
        name: r.name,
        number: r.number,
        joined_at: r.created_at,
        paid: r.paid != 0,
    }
}

/// The group as its organiser sees it, as the API shows it.
fn organiser_dto(view: OrganiserView) -> ApiResult<GroupOrder> {
    let OrganiserView {
        group,
        rows,
        progress,
        product_name,
        ship_to,
        to_pay,
        deadline_passed,
    } = view;
    Ok(GroupOrder {
        to_pay,
        ship_to,
        path: format!("/g/{}", group.token),
        deadline_passed,
        personalisation: group.personalisation != 0,
        pieces_per_member: crate::core::groups::rows::pieces_per_member(&group),
        design: DesignDocument::from_stored(&group.design)?,
        rows: rows.into_iter().map(row_dto).collect(),
        progress: progress.into(),
        product_name,
        id: group.id,
        token: group.token,
        title: group.title,
        deadline: group.deadline,
        payment: group.payment,
        status: group.status,
        product_id: group.product_id,
        created_at: group.created_at,
    })
}

pub struct GroupOrdersApi;

#[OpenApi(tag = "Tag::GroupOrders")]
impl GroupOrdersApi {
    /// Start a group order from one of your saved designs.
    #[oai(path = "/group-orders", method = "post")]
    async fn create(
        &self,
        state: Data<&AppState>,
        auth: BearerAuth,
        body: Json<CreateGroupOrder>,
    ) -> Result<Json<Envelope<GroupOrder>>, Fails<{ USER | BODY | NOT_FOUND | CONFLICT }>> {
        let new = NewGroupOrder {
            design_id: &body.design_id,
            title: &body.title,
            deadline: body.deadline,
            payment: &body.payment,
            personalisation: body.personalisation,
            ship_to: body.ship_to.as_ref(),
            pieces_per_member: body.pieces_per_member,
        };
        let view = organiser::create(&state, &auth.0.id, &new).await?;
        Ok(Envelope::ok("Group order created", organiser_dto(view)?))
    }

    /// Your group orders, newest first.
    #[oai(path = "/group-orders", method = "get")]
    async fn list(
        &self,
        state: Data<&AppState>,
        auth: BearerAuth,
    ) -> Result<Json<Envelope<GroupOrderList>>, Fails<{ USER }>> {
        let views = crate::core::groups::views::of_organiser(&state, &auth.0.id).await?;
        let groups = views
            .into_iter()
            .map(organiser_dto)
            .collect::<ApiResult<_>>()?;
        Ok(Envelope::ok(
            "Group orders fetched",
            GroupOrderList { groups },
        ))
    }

    /// One of your group orders, with its rows and its progress.
    #[oai(path = "/group-orders/:id", method = "get")]
    async fn get(
        &self,
        state: Data<&AppState>,
        auth: BearerAuth,
        id: Path<String>,
    ) -> Result<Json<Envelope<GroupOrder>>, Fails<{ USER | NOT_FOUND }>> {
        let view = organiser::get(&state, &auth.0.id, &id.0).await?;
        Ok(Envelope::ok("Group order fetched", organiser_dto(view)?))
    }

    /// Change an open group order's title and deadline (extend it, or end it sooner).
    #[oai(path = "/group-orders/:id", method = "put")]
    async fn update(
        &self,
        state: Data<&AppState>,
        auth: BearerAuth,
        id: Path<String>,
        body: Json<UpdateGroupOrder>,
    ) -> Result<Json<Envelope<GroupOrder>>, Fails<{ USER | BODY | NOT_FOUND | CONFLICT }>> {
        let settings = Settings {
            title: &body.title,
            deadline: body.deadline,
            pieces_per_member: body.pieces_per_member,
        };
        let view = organiser::update(&state, &auth.0.id, &id.0, &settings).await?;
        Ok(Envelope::ok("Group order updated", organiser_dto(view)?))
    }

    /// Close the group. You paying: its rows become one line in your cart,
    /// priced by the engine, for you to pay at checkout. Members paying: the
    /// paid pieces go to print (a row still unpaid leaves, its member told).
    /// Refused below the minimum of 25 (members paying: paid pieces).
    #[oai(path = "/group-orders/:id/close", method = "post")]
    async fn close(
        &self,
        state: Data<&AppState>,
        auth: BearerAuth,
        id: Path<String>,
    ) -> Result<Json<Envelope<GroupOrder>>, Fails<{ USER | NOT_FOUND | CONFLICT }>> {
        let view = organiser::close(&state, &auth.0.id, &id.0).await?;
        let message = messages::closed(&view.group);
        Ok(Envelope::ok(message, organiser_dto(view)?))
    }

    /// Cancel the group; its members are told, and every member who paid is refunded.
    #[oai(path = "/group-orders/:id/cancel", method = "post")]
    async fn cancel(
        &self,
        state: Data<&AppState>,
        auth: BearerAuth,
        id: Path<String>,
    ) -> Result<Json<Envelope<GroupOrder>>, Fails<{ USER | NOT_FOUND | CONFLICT }>> {
        let view = organiser::cancel(&state, &auth.0.id, &id.0).await?;
        Ok(Envelope::ok("Group order cancelled", organiser_dto(view)?))
    }

    /// Top up: a piece nobody claimed, added by the organiser (as many as needed).
    #[oai(path = "/group-orders/:id/rows", method = "post")]
    async fn top_up(
        &self,
        state: Data<&AppState>,
        auth: BearerAuth,
        id: Path<String>,
        body: Json<GroupRowRequest>,
    ) -> Result<Json<Envelope<GroupOrder>>, Fails<{ USER | BODY | NOT_FOUND | CONFLICT }>> {
        let view = organiser::top_up(&state, &auth.0.id, &id.0, body.input()).await?;
        Ok(Envelope::ok("Piece added", organiser_dto(view)?))
    }

    /// Remove a row; its member is told, and refunded if they paid.
    #[oai(path = "/group-orders/:id/rows/:row", method = "delete")]
    async fn remove_row(
        &self,
        state: Data<&AppState>,
        auth: BearerAuth,
        id: Path<String>,
        row: Path<String>,
    ) -> Result<Json<Envelope<GroupOrder>>, Fails<{ USER | NOT_FOUND | CONFLICT }>> {
        let view = organiser::remove_row(&state, &auth.0.id, &id.0, &row.0).await?;
        Ok(Envelope::ok("Row removed", organiser_dto(view)?))
    }
}
