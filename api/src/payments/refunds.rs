//! Refunds through the provider: by an admin, or at once for a payment that
//! arrived after its order was cancelled (the customer is never left charged
//! for an order that will not be made).

use crate::db::orders;
use crate::envelope::{ApiError, ApiResult};
use crate::payments::ProviderRefund;
use crate::state::AppState;

/// Refunds `amount` (default: what has not been refunded yet) of a paid
/// order; returns the provider's refund and the order after it.
pub async fn refund(
    state: &AppState,
    order: &orders::Order,
    amount: Option<i64>,
    reason: &str,
    by: &str,
) -> ApiResult<(ProviderRefund, orders::Order)> {
    let Some(payment_id) = order.payment_id.clone().filter(|_| order.is_paid != 0) else {
        return Err(ApiError::bad_request("Only paid orders can be refunded"));
    };
    let remaining = order.total_price - order.refunded_amount;
    let amount = amount.unwrap_or(remaining);
    if amount <= 0 || amount > remaining {
        return Err(ApiError::bad_request(format!(
            "The refund must be between 1 and {remaining} paise (what has not been refunded yet)"
        )));
    }
    // Set the money aside first: two refunds at once cannot exceed what was paid.
    if !orders::reserve_refund(&state.db, &order.id, amount).await? {
        return Err(ApiError::conflict(
            "The refund exceeds what is left to refund",
        ));
    }
    let notes = serde_json::json!({ "order_number": order.order_number, "reason": reason });
    let refund = match state.payments.refund(&payment_id, amount, &notes).await {
        Ok(r) => r,
        Err(e) => {
            orders::release_refund(&state.db, &order.id, amount).await?;
            return Err(ApiError::bad_gateway(
                "The payment provider refused the refund. Please try again.",
                e,
            ));
        }
    };
    orders::record_refund(
        &state.db,
        &orders::NewRefund {
            id: &refund.id,
            order_id: &order.id,
            payment_id: &payment_id,
            amount,
            reason,
            created_by: by,
        },
    )
    .await?;
    let after = orders::get(&state.db, &order.id)
        .await?
        .ok_or_else(|| ApiError::internal("a refunded order vanished"))?;
    Ok((refund, after))
}

/// A payment landed on a cancelled order: give it back in full. `true` when
/// refunded; a failure is logged for an admin to refund by hand.
pub async fn refund_cancelled(state: &AppState, order_id: &str) -> bool {
    let order = match orders::get(&state.db, order_id).await {
        Ok(Some(o)) => o,
        _ => return false,
    };
    let reason = "Paid after the order was cancelled";
    match refund(state, &order, None, reason, "system").await {
        Ok(_) => true,
        Err(e) => {
            tracing::error!(order_id, error = ?e, "refund of a payment on a cancelled order failed: refund it by hand");
            false
        }
    }
}
