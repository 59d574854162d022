//! Paying in two parts (issue 52): the customer pays the balance of an order
//! whose advance was paid (a provider order for exactly the balance, paid
//! and verified as any payment: `POST /payments/verify` or the webhook), and
//! the advance's receipt voucher (when the store issues them).

use poem::web::Data;
use poem_openapi::OpenApi;
use poem_openapi::param::Path;
use poem_openapi::payload::Json;

use super::invoice::visible_order;
use crate::core::checkout::balance::open_balance;
use crate::core::checkout::open::payments_configured;
use crate::core::documents::receipt_voucher::{self, ReceiptVoucher};
use crate::db::orders;
use crate::http::auth::BearerAuth;
use crate::http::dto::{CreatedOrder, OrderRef};
use crate::http::envelope::Envelope;
use crate::http::error::ApiError;
use crate::http::fails::Fails;
use crate::http::fails::status::*;
use crate::http::routes::Tag;
use crate::limits::Door;
use crate::state::AppState;

pub const NO_VOUCHER: &str =
    "This order has no receipt voucher: one is issued for an advance when the store issues them.";

pub struct BalanceApi;

#[OpenApi(tag = "Tag::Orders")]
impl BalanceApi {
    /// Pay the balance of one of your orders paid in two parts: the
    /// provider's order for exactly the balance (`amount`), to pay in its
    /// checkout and verify with `POST /payments/verify` as any payment; the
    /// same one again until it is paid. Once paid the order is paid in full,
    /// its tax invoice is issued and it may be dispatched. 409
    /// `NO_BALANCE_DUE` when nothing is due, `ORDER_CANCELLED` for a
    /// cancelled or refunded order; another customer's order: 404.
    #[oai(path = "/orders/:id/balance", method = "post")]
    async fn pay_balance(
        &self,
        state: Data<&AppState>,
        auth: BearerAuth,
        id: Path<String>,
    ) -> Result<
        Json<Envelope<CreatedOrder>>,
        Fails<{ USER | NOT_FOUND | CONFLICT | TOO_MANY | BAD_GATEWAY | UNAVAILABLE }>,
    > {
        state
            .limits
            .check(Door::CreateOrderUser, &auth.0.id)
            .await?;
        payments_configured(&state)?;
        let order = orders::get_for_user(&state.db, id.0.trim(), &auth.0.id)
            .await?
            .ok_or_else(ApiError::order_not_found)?;
        let order = open_balance(&state, order).await?;
        Ok(Envelope::ok(
            "Balance payment created",
            CreatedOrder {
                order_id: order.balance_provider_order_id.clone().unwrap_or_default(),
                amount: order.balance_due,
                currency: order.currency.clone(),
                key_id: state.payments.key_id().to_string(),
                provider: order.provider.clone(),
                order: OrderRef {
                    id: order.id,
                    order_number: order.order_number,
                },
            },
        ))
    }

    /// The receipt voucher of an order's advance (the owner or an admin),
    /// in its own series (`RECEIPT_VOUCHER_PREFIX`), issued with the advance
    /// when `RECEIPT_VOUCHERS=on`; no tax on an advance for goods. 404 when none.
    #[oai(path = "/orders/:id/receipt-voucher", method = "get")]
    async fn receipt_voucher(
        &self,
        state: Data<&AppState>,
        auth: BearerAuth,
        id: Path<String>,
    ) -> Result<Json<Envelope<ReceiptVoucher>>, Fails<{ USER | FORBIDDEN | NOT_FOUND }>> {
        let order = visible_order(&state, &auth, &id.0).await?;
        let voucher = receipt_voucher::of_order(&state.db, &order.id)
            .await?
            .ok_or_else(|| ApiError::not_found(NO_VOUCHER))?;
        Ok(Envelope::ok("Receipt voucher", voucher))
    }
}
