//! What a tracking update does, however it arrives (the webhook, or the
//! poller asking the provider): the shipment's new scans are kept, its state
//! moves forward only, and a delivery marks the order delivered (the
//! customer is e-mailed). The poller backs the webhook up for shipments on
//! their way whose updates stopped.

use std::time::Duration;

use crate::db::{DbError, now_ms, order_admin, shipments};
use crate::domain::OrderStatus;
use crate::domain::shipment::{ShipmentState, TrackingUpdate};
use crate::state::AppState;

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Outcome {
    /// New scans or a later state.
    Applied,
    /// Nothing new (a replayed or late event).
    Duplicate,
    /// No shipment has that AWB.
    UnknownAwb,
}

impl Outcome {
    pub fn as_str(self) -> &'static str {
        match self {
            Outcome::Applied => "applied",
            Outcome::Duplicate => "duplicate",
            Outcome::UnknownAwb => "unknownAwb",
        }
    }
}

pub async fn receive(state: &AppState, update: &TrackingUpdate) -> Result<Outcome, DbError> {
    let Some(shipment) = shipments::by_awb(&state.db, &update.awb).await? else {
        return Ok(Outcome::UnknownAwb);
    };
    let applied = shipments::apply(&state.db, &shipment, update).await?;
    if applied.moved_to == Some(ShipmentState::Delivered) {
        deliver(state, &shipment.order_id).await?;
    }
    if let Some(to @ (ShipmentState::OutForDelivery | ShipmentState::Delivered)) = applied.moved_to
        && let Some(order) = order_admin::get(&state.db, &shipment.order_id).await?
    {
        let events = crate::core::notify::events::DeliveryStep::from(to);
        crate::core::notify::events::delivery_step(state, &order, events).await;
    }
    Ok(if applied.new_scans > 0 || applied.moved_to.is_some() {
        Outcome::Applied
    } else {
        Outcome::Duplicate
    })
}

/// Shipped becomes delivered; an order an admin moved elsewhere stays where it is.
async fn deliver(state: &AppState, order_id: &str) -> Result<(), DbError> {
    let Some(order) = order_admin::get(&state.db, order_id).await? else {
        return Ok(());
    };
    if order.status == OrderStatus::Shipped {
        let to = OrderStatus::Delivered;
        let email = super::status_email(&order, to, None, &state.config.company);
        order_admin::set_status(
            &state.db,
            &order,
            OrderStatus::Shipped,
            to,
            shipments::COURIER,
            email.as_ref(),
            None,
        )
        .await?;
    }
    Ok(())
}

/// Asks the provider about up to `batch` quiet shipments; returns how many
/// it asked about. Each is claimed first, so several instances never ask twice.
pub async fn poll_once(state: &AppState, batch: i64) -> Result<usize, DbError> {
    if state.shipping.shiprocket().is_none() {
        return Ok(0);
    }
    let before = now_ms() - state.config.shipping.poll_minutes * 60_000;
    let mut asked = 0;
    for s in shipments::quiet(&state.db, "shiprocket", before, batch).await? {
        if !shipments::claim_poll(&state.db, &s).await? {
            continue;
        }
        asked += 1;
        match state.shipping.track(&s.awb).await {
            Ok(Some(update)) => {
                receive(state, &update).await?;
            }
            Ok(None) => {}
            Err(e) => tracing::warn!(awb = %s.awb, error = %e, "tracking poll failed"),
        }
    }
    Ok(asked)
}

/// Every ten minutes, the quiet shipments.
pub async fn run(state: AppState) {
    loop {
        if let Err(e) = poll_once(&state, 50).await {
            tracing::warn!(error = %e, "tracking poll failed");
        }
        tokio::time::sleep(Duration::from_secs(600)).await;
    }
}
