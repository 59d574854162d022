//! Members paying for their own piece of a group order: an order of its own
//! (one line: their pieces at the engine's share), placed and paid through
//! the same checkout, provider, verify and webhook as any order
//! (`routes::payments`), and shipped with the group to the organiser's
//! address. Withdrawing, a removal or a cancel owes it back
//! (`db::group_orders::release_order`).

use poem::web::Data;
use poem_openapi::param::Path;
use poem_openapi::payload::Json;
use poem_openapi::{Object, OpenApi};

use super::Tag;
use super::group_orders::{by_token, hold_for_rows, refuse_rows};
use crate::core::checkout::open::{Checkout, check_receipt, open_order};
use crate::db::group_orders as groups;
use crate::db::group_orders::Row;
use crate::db::orders;
use crate::domain::address::{AddressInput, ShippingAddress};
use crate::http::auth::BearerAuth;
use crate::http::dto::{CreatedOrder, created};
use crate::http::envelope::{ApiError, ApiResult, Envelope};
use crate::http::fails::Fails;
use crate::http::fails::status::*;
use crate::limits::Door;
use crate::state::AppState;

/// Paying for your pieces of a group order whose members pay: `billingAddress`
/// is your name, contact and billing address (the tax invoice is yours; the
/// piece ships with the group to the organiser).
#[derive(Object, Debug)]
#[oai(rename_all = "camelCase")]
pub struct GroupPayRequest {
    /// The amount you were shown, in paise (`toPay` of your row): refused when
    /// it is not the server's (400 `AMOUNT_MISMATCH`).
    pub amount: i64,
    /// One per checkout attempt: the same receipt returns the same order.
    pub receipt: String,
    // Your name, contact and billing address: the tax invoice is yours (the
    // piece ships with the group to the organiser). A plain comment: a doc
    // comment would wrap the named schema in allOf.
    pub billing_address: AddressInput,
    /// A business buyer's GSTIN, blank for none.
    pub gstin: Option<String>,
}

pub struct GroupPaymentsApi;

#[OpenApi(tag = "Tag::GroupOrders")]
impl GroupPaymentsApi {
    /// Pay for your piece (the organiser: also their top-ups) of a group order
    /// whose members pay: an order of its own at the engine's share per piece,
    /// created pending with the provider's order, exactly as
    /// `/payments/create-order` answers; pay it with the provider and send the
    /// result to `/payments/verify`. Refused once the group is closed,
    /// cancelled or past its deadline.
    #[oai(path = "/group-orders/by-token/:token/rows/mine/pay", method = "post")]
    async fn pay(
        &self,
        state: Data<&AppState>,
        auth: BearerAuth,
        token: Path<String>,
        body: Json<GroupPayRequest>,
    ) -> Result<
        Json<Envelope<CreatedOrder>>,
        Fails<{ USER | BODY | NOT_FOUND | CONFLICT | TOO_MANY | BAD_GATEWAY | UNAVAILABLE }>,
    > {
        state
            .limits
            .check(Door::CreateOrderUser, &auth.0.id)
            .await?;
        let group = by_token(&state, &token.0).await?;
        if group.payment != groups::MEMBERS_PAY {
            return Err(ApiError::conflict_code(
                "The organiser pays for this group order: there is nothing for you to pay.",
                "GROUP_ORGANISER_PAYS",
            )
            .into());
        }
        // Closed, cancelled or past its deadline: refused before any provider order is made.
        refuse_rows(&group)?;
        let receipt = check_receipt(&body.receipt)?;
        // Checked before anything is stored, with the form's messages.
        let billing = body.billing_address.shipping()?;
        let rows = unpaid(&state, &group.id, &auth.0.id).await?;
        if rows.is_empty() {
            return Err(ApiError::conflict_code(
                "You have no unpaid piece in this group order.",
                "GROUP_NOTHING_TO_PAY",
            )
            .into());
        }
        let ship_to: ShippingAddress = serde_json::from_str(
            group
                .ship_to
                .as_deref()
                .ok_or_else(|| ApiError::internal("a members-pay group without an address"))?,
        )?;
        // The piece goes to the organiser's address; its e-mails go to the member.
        let shipping = AddressInput {
            email: Some(billing.email.clone()),
            ..AddressInput::from(&ship_to)
        };
        let lines = crate::core::groups::member_lines(&state, &group, &rows).await?;
        let order = open_order(
            &state,
            &auth.0.id,
            Checkout {
                amount: body.amount,
                receipt,
                notes: serde_json::json!({ "groupOrder": group.title }).to_string(),
                shipping: &shipping,
                billing: Some(&body.billing_address),
                same_as_shipping: false,
                gstin: body.gstin.as_deref(),
                lines: Some(lines),
                group_id: Some(&group.id),
            },
        )
        .await?;
        if let Err(e) = link(&state, &group, &auth.0.id, &rows, &order).await {
            // Nobody can pay for it now: let it go (a payment landing anyway is refunded).
            orders::cancel(
                &state.db,
                &order.id,
                &auth.0.id,
                "The group order changed while paying",
            )
            .await?;
            return Err(e.into());
        }
        Ok(Envelope::ok("Order created", created(&state, order)))
    }
}

async fn unpaid(state: &AppState, group_id: &str, user_id: &str) -> ApiResult<Vec<Row>> {
    let mut conn = state.db.acquire().await.map_err(ApiError::from)?;
    Ok(groups::unpaid_of(&mut conn, group_id, user_id).await?)
}

/// Links the rows priced to their order while the group is open and its
/// deadline ahead; refused when the member's unpaid rows changed meanwhile.
async fn link(
    state: &AppState,
    group: &groups::Group,
    user_id: &str,
    priced: &[Row],
    order: &orders::Order,
) -> ApiResult<()> {
    let mut tx = hold_for_rows(state, group).await?;
    let now = groups::unpaid_of(&mut tx, &group.id, user_id).await?;
    let ids = |rows: &[Row]| rows.iter().map(|r| r.id.clone()).collect::<Vec<_>>();
    if ids(&now) != ids(priced) || order.items_count != priced.len() as i64 {
        return Err(ApiError::conflict_code(
            "Your pieces changed while you were paying: please pay again.",
            "GROUP_ROWS_CHANGED",
        ));
    }
    if !groups::link_order(&mut tx, &now, &order.id).await? {
        return Err(ApiError::conflict_code(
            "Your pieces were paid for meanwhile: there is nothing more to pay.",
            "GROUP_NOTHING_TO_PAY",
        ));
    }
    tx.commit().await.map_err(ApiError::from)?;
    Ok(())
}
