//! Group orders: the organiser shares `/g/{token}`; signed-in members add
//! their own row (a size, and a name and number where the design prints
//! them) until the deadline; the organiser closes the rows into one line of
//! their cart, priced by the engine, and pays for it at checkout.

use design_engine::Design;
use poem::web::Data;
use poem_openapi::param::Path;
use poem_openapi::payload::Json;
use poem_openapi::{Object, OpenApi};

use super::Tag;
use crate::core::cart::pricing::PersonalisationLine;
use crate::core::groups as rules;
use crate::core::groups::{
    MAX_DEADLINE_MS, MAX_OPEN_GROUPS, MAX_PIECES_PER_MEMBER, MAX_TITLE_CHARS, not_open,
};
use crate::db::group_orders as groups;
use crate::db::group_orders::{Group, NewGroup, NewRow, Row};
use crate::db::{designs, now_ms, outbox, products};
use crate::domain::address::{AddressInput, ShippingAddress};
use crate::http::auth::BearerAuth;
use crate::http::design_document::DesignDocument;
use crate::http::dto::QuantityDto;
use crate::http::envelope::{ApiError, ApiResult, Envelope};
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

/// A member's row: a size (S, M, L, XL, XXL), and the name and number where
/// the design prints them.
#[derive(Object, Debug)]
pub struct GroupRowRequest {
    pub size: String,
    pub name: Option<String>,
    pub number: Option<String>,
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

fn not_found() -> ApiError {
    ApiError::not_found("Group order not found")
}

/// The organiser's own group (404 for anyone else's).
async fn owned(state: &AppState, user_id: &str, id: &str) -> Result<Group, ApiError> {
    if !crate::ids::is_id(id) {
        return Err(not_found());
    }
    groups::get(&state.db, id)
        .await?
        .filter(|g| g.organiser_id == user_id)
        .ok_or_else(not_found)
}

pub(super) async fn by_token(state: &AppState, token: &str) -> Result<Group, ApiError> {
    // 128 random bits in hex; anything else was never a link.
    if token.len() != 32 || !token.bytes().all(|b| b.is_ascii_hexdigit()) {
        return Err(not_found());
    }
    groups::by_token(&state.db, token)
        .await?
        .ok_or_else(not_found)
}

fn checked_title(title: &str) -> Result<String, ApiError> {
    let title = title.trim();
    if title.is_empty() || title.chars().count() > MAX_TITLE_CHARS || title.contains(['\r', '\n']) {
        return Err(ApiError::bad_request_code(
            format!(
                "Please give the group order a title of 1 to {MAX_TITLE_CHARS} characters on one line."
            ),
            "GROUP_TITLE",
        ));
    }
    Ok(title.to_string())
}

fn checked_pieces_per_member(pieces: Option<u32>, now: i64) -> Result<i64, ApiError> {
    match pieces {
        None => Ok(now),
        Some(n @ 1..=MAX_PIECES_PER_MEMBER) => Ok(i64::from(n)),
        Some(_) => Err(ApiError::bad_request_code(
            format!("Please allow each member 1 to {MAX_PIECES_PER_MEMBER} pieces."),
            "GROUP_PIECES_PER_MEMBER",
        )),
    }
}

fn checked_deadline(deadline: i64) -> Result<i64, ApiError> {
    let now = now_ms();
    if deadline <= now || deadline > now + MAX_DEADLINE_MS {
        return Err(ApiError::bad_request_code(
            "Please choose a deadline in the future, at most 90 days from now.",
            "GROUP_DEADLINE",
        ));
    }
    Ok(deadline)
}

/// Why a group takes no new or changed rows: closed, cancelled or past its deadline.
pub(super) fn refuse_rows(group: &Group) -> Result<(), ApiError> {
    match group.status.as_str() {
        groups::CLOSED | groups::PLACED => Err(ApiError::conflict_code(
            "This group order is closed: the organiser has placed it.",
            "GROUP_CLOSED",
        )),
        groups::CANCELLED => Err(ApiError::conflict_code(
            "This group order was cancelled.",
            "GROUP_CANCELLED",
        )),
        _ if group.deadline <= now_ms() => Err(ApiError::conflict_code(
            "This group order's deadline has passed: ask the organiser to extend it.",
            "GROUP_DEADLINE_PASSED",
        )),
        _ => Ok(()),
    }
}

/// A transaction holding the group open for a member's row (or a top-up):
/// refused with its reason once it is closed, cancelled or past its deadline.
pub(super) async fn hold_for_rows(
    state: &AppState,
    group: &Group,
) -> ApiResult<sqlx::Transaction<'static, sqlx::Any>> {
    refuse_rows(group)?;
    let mut tx = crate::db::begin_write(&state.db).await?;
    if !groups::lock_open(&mut tx, &group.id, Some(now_ms())).await? {
        return Err(not_open().into());
    }
    Ok(tx)
}

/// A transaction holding the group open for a withdrawal: as for a row, but
/// members paying may withdraw (and are refunded) after the deadline too,
/// until the group is placed: their money never waits on the organiser.
pub(super) async fn hold_for_withdrawal(
    state: &AppState,
    group: &Group,
) -> ApiResult<sqlx::Transaction<'static, sqlx::Any>> {
    if group.payment != groups::MEMBERS_PAY {
        return hold_for_rows(state, group).await;
    }
    let mut tx = crate::db::begin_write(&state.db).await?;
    if !groups::lock_open(&mut tx, &group.id, None).await? {
        refuse_rows(group)?;
        return Err(not_open().into());
    }
    Ok(tx)
}

/// The rows' line priced by the engine at the product's pricing now.
pub(super) async fn progress(
    state: &AppState,
    group: &Group,
    design: &Design,
) -> ApiResult<(GroupProgress, String)> {
    let product = products::get(&state.db, &group.product_id)
        .await?
        .ok_or_else(|| ApiError::not_found("Product not found in database."))?;
    let quote = design.quote(
        &product
            .pricing()
            .with_personalisation(state.config.personalisation),
    )?;
    let q = design.quantities;
    Ok((
        GroupProgress {
            pieces: q.total(),
            paid_pieces: 0,
            paid_need_more: q.need_more(),
            sizes: q.into(),
            need_more: q.need_more(),
            minimum_reached: q.check_minimum().is_ok(),
            unit_price: quote.unit_price.0,
            personalisation: quote.personalisation.map(Into::into),
            line_total: quote.total.0,
        },
        product.name,
    ))
}

async fn organiser_view(state: &AppState, group: Group) -> ApiResult<GroupOrder> {
    let rows = groups::rows(&state.db, &group.id).await?;
    let base = rules::design_of(&group)?;
    let design = rules::assemble(&base, &rows)?;
    let (mut progress, product_name) = progress(state, &group, &design).await?;
    let paid: Vec<Row> = rows.iter().filter(|r| r.paid != 0).cloned().collect();
    let paid = rules::assemble(&base, &paid)?.quantities;
    progress.paid_pieces = paid.total();
    progress.paid_need_more = paid.need_more();
    let own_unpaid: Vec<Row> = rows
        .iter()
        .filter(|r| r.user_id == group.organiser_id && r.paid == 0)
        .cloned()
        .collect();
    let to_pay = if group.payment == groups::MEMBERS_PAY && !own_unpaid.is_empty() {
        rules::member_lines(state, &group, &own_unpaid)
            .await?
            .quote
            .total
            .0
    } else {
        0
    };
    Ok(GroupOrder {
        to_pay,
        ship_to: group
            .ship_to
            .as_deref()
            .map(serde_json::from_str)
            .transpose()?,
        path: format!("/g/{}", group.token),
        deadline_passed: group.deadline <= now_ms(),
        personalisation: group.personalisation != 0,
        pieces_per_member: pieces_per_member(&group),
        design: DesignDocument::from_stored(&group.design)?,
        rows: rows.into_iter().map(row_dto).collect(),
        progress,
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

pub(super) fn pieces_per_member(group: &Group) -> u32 {
    u32::try_from(group.pieces_per_member).unwrap_or(1)
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

/// Adds a row for `user_id` (a member's own, up to the pieces each member
/// may add; or the organiser's top-up) in one transaction with the group
/// held open; tells the member, and (the organiser paying) the organiser
/// when the minimum is first reached. Members paying, only paid pieces count:
/// the groups' clock tells the organiser.
pub(super) async fn add_row(
    state: &AppState,
    group: &Group,
    user_id: &str,
    top_up: bool,
    body: &GroupRowRequest,
) -> ApiResult<()> {
    refuse_rows(group)?;
    let design = rules::design_of(group)?;
    let row = rules::check_row(
        &design,
        &body.size,
        body.name.as_deref(),
        body.number.as_deref(),
    )?;
    let mut tx = hold_for_rows(state, group).await?;
    if groups::count_in(&mut tx, &group.id).await? >= design_engine::roster::MAX_ROSTER_ROWS as i64
    {
        return Err(ApiError::conflict_code(
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
        return Err(match group.pieces_per_member {
            1 => ApiError::conflict_code(
                "You have already joined this group order: change or withdraw your row instead.",
                "GROUP_ALREADY_JOINED",
            ),
            n => ApiError::conflict_code(
                format!("You hold {n} pieces, the most this group order allows each member."),
                "GROUP_PIECES_PER_MEMBER",
            ),
        });
    }
    let pieces = groups::count_in(&mut tx, &group.id).await?;
    if !top_up {
        let (name, email): (String, String) =
            sqlx::query_as("SELECT name, email FROM users WHERE id = $1")
                .bind(user_id)
                .fetch_one(&mut *tx)
                .await?;
        let body = format!(
            "Hello {name},\n\nYou have joined \"{}\", {}'s group order. Your piece: {}.\nYou can change or withdraw it until the deadline.\n",
            group.title,
            group.organiser_name,
            [
                Some(row.size.label()),
                row.name.as_deref(),
                row.number.as_deref()
            ]
            .into_iter()
            .flatten()
            .collect::<Vec<_>>()
            .join(" ")
        );
        // A second piece (where the organiser allows more) is added, not joined.
        let subject = if groups::mine_in(&mut tx, &group.id, user_id).await?.len() > 1 {
            format!("Piece added to {}", group.title)
        } else {
            format!("You have joined {}", group.title)
        };
        outbox::put(&mut tx, "email", &email, &subject, &body).await?;
    }
    if group.payment == groups::ORGANISER_PAYS
        && design_engine::quantities::short_of_minimum(u32::try_from(pieces).unwrap_or(u32::MAX))
            == 0
    {
        rules::tell_minimum(&mut tx, group, pieces).await?;
    }
    tx.commit().await?;
    Ok(())
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
        let title = checked_title(&body.title)?;
        let deadline = checked_deadline(body.deadline)?;
        let pieces_per_member = checked_pieces_per_member(body.pieces_per_member, 1)?;
        let ship_to = match body.payment.as_str() {
            groups::ORGANISER_PAYS => None,
            groups::MEMBERS_PAY => {
                let address = body.ship_to.as_ref().ok_or_else(|| {
                    ApiError::bad_request_code(
                        "Give the address every member's piece ships to.",
                        "GROUP_SHIP_TO",
                    )
                })?;
                Some(serde_json::to_string(&address.shipping()?)?)
            }
            _ => {
                return Err(ApiError::bad_request_code(
                    "Payment must be 'organiser' or 'members'.",
                    "GROUP_PAYMENT",
                )
                .into());
            }
        };
        if !crate::ids::is_id(&body.design_id) {
            return Err(ApiError::not_found("Design not found").into());
        }
        let saved = designs::get(&state.db, &auth.0.id, &body.design_id)
            .await?
            .ok_or_else(|| ApiError::not_found("Design not found"))?;
        let mut design = saved.design()?;
        match (body.personalisation, design.is_personalised()) {
            (true, false) => {
                return Err(ApiError::bad_request_code(
                    "Add a name or a number to the design in the studio first, so members can fill them in.",
                    "GROUP_PERSONALISATION",
                )
                .into());
            }
            (false, true) => {
                return Err(ApiError::bad_request_code(
                    "This design prints names or numbers: let members add them.",
                    "GROUP_PERSONALISATION",
                )
                .into());
            }
            _ => {}
        }
        design.check_for_saving(&saved.product_colors()?)?;
        // The group's design is the saved one as it is now: the pieces and the roster come from the rows.
        design.quantities = design_engine::Quantities::default();
        design.set_roster(Vec::new())?;
        let open = groups::of_organiser(&state.db, &auth.0.id)
            .await?
            .iter()
            .filter(|g| g.status == groups::OPEN)
            .count();
        if open >= MAX_OPEN_GROUPS {
            return Err(ApiError::conflict_code(
                format!("You have {MAX_OPEN_GROUPS} open group orders: close or cancel one first."),
                "GROUP_LIMIT",
            )
            .into());
        }
        let group = groups::create(
            &state.db,
            &NewGroup {
                organiser_id: &auth.0.id,
                product_id: &design.product_id,
                design: &design.to_json(),
                artwork_hash: &design_engine::hash::artwork_hash(&design),
                title: &title,
                deadline,
                payment: &body.payment,
                personalisation: body.personalisation,
                ship_to: ship_to.as_deref(),
                pieces_per_member,
                pictures: &design
                    .image_assets()
                    .map(|a| a.sha256.clone())
                    .collect::<Vec<_>>(),
            },
        )
        .await?;
        Ok(Envelope::ok(
            "Group order created",
            organiser_view(&state, group).await?,
        ))
    }

    /// Your group orders, newest first.
    #[oai(path = "/group-orders", method = "get")]
    async fn list(
        &self,
        state: Data<&AppState>,
        auth: BearerAuth,
    ) -> Result<Json<Envelope<GroupOrderList>>, Fails<{ USER }>> {
        let mut out = Vec::new();
        for group in groups::of_organiser(&state.db, &auth.0.id).await? {
            out.push(organiser_view(&state, group).await?);
        }
        Ok(Envelope::ok(
            "Group orders fetched",
            GroupOrderList { groups: out },
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
        let group = owned(&state, &auth.0.id, &id.0).await?;
        Ok(Envelope::ok(
            "Group order fetched",
            organiser_view(&state, group).await?,
        ))
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
        let group = owned(&state, &auth.0.id, &id.0).await?;
        let title = checked_title(&body.title)?;
        let deadline = checked_deadline(body.deadline)?;
        let pieces = checked_pieces_per_member(body.pieces_per_member, group.pieces_per_member)?;
        if !groups::update(&state.db, &group.id, &title, deadline, pieces).await? {
            return Err(not_open().into());
        }
        let group = owned(&state, &auth.0.id, &id.0).await?;
        Ok(Envelope::ok(
            "Group order updated",
            organiser_view(&state, group).await?,
        ))
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
        let group = owned(&state, &auth.0.id, &id.0).await?;
        rules::close(&state.db, &group, state.config.personalisation).await?;
        let group = owned(&state, &auth.0.id, &id.0).await?;
        let message = if group.payment == groups::MEMBERS_PAY {
            "Group order closed: its pieces go to print"
        } else {
            "Group order closed: its line is in your cart"
        };
        Ok(Envelope::ok(message, organiser_view(&state, group).await?))
    }

    /// Cancel the group; its members are told, and every member who paid is refunded.
    #[oai(path = "/group-orders/:id/cancel", method = "post")]
    async fn cancel(
        &self,
        state: Data<&AppState>,
        auth: BearerAuth,
        id: Path<String>,
    ) -> Result<Json<Envelope<GroupOrder>>, Fails<{ USER | NOT_FOUND | CONFLICT }>> {
        let group = owned(&state, &auth.0.id, &id.0).await?;
        let owed = rules::cancel(&state.db, &group).await?;
        settle_refunds(&state, &owed).await;
        let group = owned(&state, &auth.0.id, &id.0).await?;
        Ok(Envelope::ok(
            "Group order cancelled",
            organiser_view(&state, group).await?,
        ))
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
        let group = owned(&state, &auth.0.id, &id.0).await?;
        add_row(&state, &group, &auth.0.id, true, &body).await?;
        Ok(Envelope::ok(
            "Piece added",
            organiser_view(&state, group).await?,
        ))
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
        let group = owned(&state, &auth.0.id, &id.0).await?;
        let mut tx = crate::db::begin_write(&state.db).await?;
        if !groups::lock_open(&mut tx, &group.id, None).await? {
            return Err(not_open().into());
        }
        let removed = groups::row_in(&mut tx, &group.id, &row.0)
            .await?
            .ok_or_else(|| ApiError::not_found("Row not found"))?;
        let owed =
            rules::release_row(&mut tx, &group, &removed, "Removed from the group order").await?;
        if removed.top_up == 0 && removed.user_id != group.organiser_id {
            let body = format!(
                "Hello {},\n\n{} has removed your piece ({}) from the group order \"{}\". {}\n",
                removed.member_name,
                group.organiser_name,
                rules::piece(&removed),
                group.title,
                money_back(owed.is_some())
            );
            outbox::put(
                &mut tx,
                "email",
                &removed.member_email,
                &format!("Your piece was removed from {}", group.title),
                &body,
            )
            .await
            .map_err(ApiError::from)?;
        }
        tx.commit().await.map_err(ApiError::from)?;
        settle_refunds(&state, owed.as_slice()).await;
        Ok(Envelope::ok(
            "Row removed",
            organiser_view(&state, group).await?,
        ))
    }
}

pub(super) fn money_back(refunded: bool) -> &'static str {
    if refunded {
        "Your payment is being refunded to the card you paid with."
    } else {
        "Nothing was charged."
    }
}

/// Makes the refunds a request just owed, and only those: a member does not
/// wait on other members' refunds (the groups' clock makes any left over).
pub(super) async fn settle_refunds(state: &AppState, owed: &[String]) {
    if let Err(e) = crate::core::checkout::refunds::settle_these(state, owed).await {
        tracing::warn!(error = %e, "refunds owed are left for the groups' clock");
    }
}
