//! Members paying for their own piece of a group order: an order of its own
//! (one line: their pieces at the engine's share), placed and paid through
//! the same checkout, provider, verify and webhook as any order
//! (`routes::payments`), and shipped with the group to the organiser's
//! address. Withdrawing, a removal or a cancel owes it back
//! (`db::group_orders::release_order`). The rules are
//! `core::groups::payments`'s: `payable`, `bill`, then checkout's
//! `open_order`, then `link`.

use poem::web::Data;
use poem_openapi::param::Path;
use poem_openapi::payload::Json;
use poem_openapi::{Object, OpenApi};

use super::Tag;
use crate::core::checkout::open::{Checkout, check_receipt, open_order};
use crate::core::groups::payments::{bill, link, payable};
use crate::domain::address::AddressInput;
use crate::http::auth::BearerAuth;
use crate::http::dto::{CreatedOrder, created};
use crate::http::envelope::Envelope;
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
        let group = payable(&state.db, &token.0).await?;
        let receipt = check_receipt(&body.receipt)?;
        let due = bill(&state, &group, &auth.0.id, &body.billing_address).await?;
        let order = open_order(
            &state,
            &auth.0.id,
            Checkout {
                amount: body.amount,
                receipt,
                notes: due.notes,
                shipping: &due.shipping,
                billing: Some(&body.billing_address),
                same_as_shipping: false,
                gstin: body.gstin.as_deref(),
                lines: Some(due.lines),
                group_id: Some(&group.id),
                coupon_code: None,
                plan: crate::domain::payment_terms::PaymentPlan::Full,
            },
        )
        .await?;
        link(&state.db, &group, &auth.0.id, &due.rows, &order).await?;
        Ok(Envelope::ok("Order created", created(&state, order)))
    }
}
