//! What a row leaving its group owes back (withdrawn or removed): its order
//! let go, a paid piece refunded and its order's line rewritten to the pieces
//! still paid for; and making the refunds a request owed right after it.

use sqlx::{Any, Transaction};

use super::rows::{assemble, design_of};
use crate::core::messages::groups as messages;
use crate::db::group_orders as groups;
use crate::db::group_orders::{Group, Row};
use crate::error::Failure;
use crate::state::AppState;

/// A row leaves its group (withdrawn or removed), in the caller's
/// transaction holding the group: dropped, and its order let go (cancelled
/// while unpaid). A paid order owes the piece back, named in the refund's
/// reason (and so its credit note), and its line is rewritten to the pieces
/// still paid for: what is made is always what is paid and not refunded.
/// The refund owed (its id), if any.
pub async fn release_row(
    tx: &mut Transaction<'static, Any>,
    group: &Group,
    row: &Row,
    reason: &str,
) -> Result<Option<String>, Failure> {
    groups::drop_row(tx, &row.id).await?;
    let Some(order_id) = row.order_id.as_deref() else {
        return Ok(None);
    };
    let reason = messages::piece_refund_reason(reason, row);
    let owed = groups::release_order(tx, order_id, &reason, false).await?;
    if owed.is_some() {
        let held = groups::rows_of_order(tx, order_id).await?;
        if !held.is_empty() {
            let design = assemble(&design_of(group)?, &held)?;
            crate::db::orders::rewrite_group_line(
                tx,
                order_id,
                &design.to_json(),
                &serde_json::to_string(&design.quantities)?,
                i64::from(design.quantities.total()),
            )
            .await?;
        }
    }
    Ok(owed)
}

/// Makes the refunds a request just owed, and only those: a member does not
/// wait on other members' refunds (the groups' clock makes any left over).
pub async fn settle_refunds(state: &AppState, owed: &[String]) {
    if let Err(e) = crate::core::checkout::refunds::settle_these(state, owed).await {
        tracing::warn!(error = %e, "refunds owed are left for the groups' clock");
    }
}
