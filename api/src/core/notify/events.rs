//! The updates the store's events queue, with each template's variables in
//! the order `core::messages::whatsapp::variables_of` lists them. Each
//! queues at most once per subject and event, and only for a customer who
//! consented; none ever fails the event it follows.

use design_engine::money::Paise;

use super::{Event, Notice, Stored, proof_links, queue_now};
use crate::db::orders::Order;
use crate::state::AppState;

async fn order_event(state: &AppState, order: &Order, event: Event, more: Vec<String>) {
    let mut variables = vec![order.user_name.clone(), order.order_number.clone()];
    variables.extend(more);
    queue_now(
        &state.db,
        &state.notify.clock,
        Notice {
            subject_id: &order.id,
            event,
            user_id: &order.user_id,
            stored: Stored {
                variables,
                proof_link: None,
            },
        },
    )
    .await;
}

/// A paid order (its advance, when paid in two parts).
pub async fn order_confirmed(state: &AppState, order: &Order) {
    let total = Paise(order.total_price).format_inr();
    order_event(state, order, Event::OrderConfirmed, vec![total]).await;
}

/// A proof version sent: with a link that approves it without signing in.
/// The link is made only for a customer who will be sent it.
pub async fn proof_ready(state: &AppState, order: &Order, version: i64) {
    let given = super::consent::of(&state.db, &order.user_id)
        .await
        .is_ok_and(|c| c.given());
    if !given {
        return;
    }
    let now = state.notify.clock.now();
    let secret = state.config.code_secret.expose();
    let link = match proof_links::create(&state.db, secret, &order.id, version, now).await {
        Ok(id) => id,
        Err(e) => {
            tracing::warn!(error = %e, "could not make a proof link");
            return;
        }
    };
    let subject = format!("{}/v{version}", order.id);
    queue_now(
        &state.db,
        &state.notify.clock,
        Notice {
            subject_id: &subject,
            event: Event::ProofReady,
            user_id: &order.user_id,
            stored: Stored {
                variables: vec![
                    order.user_name.clone(),
                    order.order_number.clone(),
                    version.to_string(),
                ],
                proof_link: Some(link),
            },
        },
    )
    .await;
}

/// A shipment handed to its courier.
pub async fn shipped(state: &AppState, order: &Order, courier: &str, awb: &str, tracking: &str) {
    let more = vec![courier.to_string(), awb.to_string(), tracking.to_string()];
    order_event(state, order, Event::Shipped, more).await;
}

/// A courier's step the customer hears of.
#[derive(Clone, Copy, Debug)]
pub enum DeliveryStep {
    OutForDelivery,
    Delivered,
}

impl From<crate::domain::shipment::ShipmentState> for DeliveryStep {
    fn from(s: crate::domain::shipment::ShipmentState) -> DeliveryStep {
        match s {
            crate::domain::shipment::ShipmentState::Delivered => DeliveryStep::Delivered,
            _ => DeliveryStep::OutForDelivery,
        }
    }
}

/// The courier is out to deliver the order, or delivered it.
pub async fn delivery_step(state: &AppState, order: &Order, step: DeliveryStep) {
    let event = match step {
        DeliveryStep::OutForDelivery => Event::OutForDelivery,
        DeliveryStep::Delivered => Event::Delivered,
    };
    order_event(state, order, event, Vec::new()).await;
}

/// The balance of an order paid in two parts is due before dispatch, paid
/// at `link` (the order's page).
pub async fn balance_due(state: &AppState, order: &Order, link: &str) {
    let amount = Paise(order.balance_due).format_inr();
    order_event(
        state,
        order,
        Event::BalanceDue,
        vec![amount, link.to_string()],
    )
    .await;
}

/// A member joined a group order, or the group order was placed (`event`).
pub async fn group(
    state: &AppState,
    event: Event,
    group_id: &str,
    user_id: &str,
    name: &str,
    title: &str,
) {
    // One per member and group order.
    let subject = format!("{group_id}/{user_id}");
    queue_now(
        &state.db,
        &state.notify.clock,
        Notice {
            subject_id: &subject,
            event,
            user_id,
            stored: Stored {
                variables: vec![name.to_string(), title.to_string()],
                proof_link: None,
            },
        },
    )
    .await;
}

/// A claim (misprint, damage) filed on an order: acknowledged.
pub async fn complaint_acknowledged(
    state: &AppState,
    order: &Order,
    claim_id: &str,
    reference: &str,
) {
    queue_now(
        &state.db,
        &state.notify.clock,
        Notice {
            subject_id: claim_id,
            event: Event::ComplaintAcknowledged,
            user_id: &order.user_id,
            stored: Stored {
                variables: vec![
                    order.user_name.clone(),
                    order.order_number.clone(),
                    reference.to_string(),
                ],
                proof_link: None,
            },
        },
    )
    .await;
}

/// A group order placed: every member who consented hears of it, queued in
/// the placing transaction (one per member and group order).
pub async fn group_placed(
    tx: &mut sqlx::Transaction<'static, sqlx::Any>,
    clock: &super::Clock,
    group_id: &str,
    title: &str,
) -> Result<(), sqlx::Error> {
    let members: Vec<(String, String)> = sqlx::query_as(
        "SELECT id, name FROM users WHERE id IN (SELECT organiser_id FROM group_orders WHERE id = $1) \
         OR id IN (SELECT user_id FROM group_order_rows WHERE group_id = $1) ORDER BY id",
    )
    .bind(group_id)
    .fetch_all(&mut **tx)
    .await?;
    for (user_id, name) in members {
        let subject = format!("{group_id}/{user_id}");
        let notice = Notice {
            subject_id: &subject,
            event: Event::GroupPlaced,
            user_id: &user_id,
            stored: Stored {
                variables: vec![name, title.to_string()],
                proof_link: None,
            },
        };
        super::queue(tx, notice, clock.now()).await?;
    }
    Ok(())
}
