//! What the admin is told while making orders: production stages, shipments
//! and labels, status changes and proofs sent. Each refusal names the order.

use crate::domain::OrderStatus;
use crate::error::Failure;

/// A stage not among the configured `stages`.
pub fn unknown_stage(name: &str, stages: &[String]) -> Failure {
    Failure::bad_request(format!(
        "Unknown stage {name:?}. The stages are: {}.",
        stages.join(", ")
    ))
}

/// Stages apply only to orders in processing; this one is `status`.
pub fn stages_only_in_processing(order_number: &str, status: OrderStatus) -> Failure {
    Failure::conflict(format!(
        "Order {order_number} is {}: production stages apply only to orders in processing.",
        status.as_str()
    ))
}

/// The order is at `stage` already.
pub fn already_at_stage(order_number: &str, stage: &str) -> Failure {
    Failure::conflict(format!("Order {order_number} is already at {stage}."))
}

/// A move back of more than one step from `current`.
pub fn stage_too_far_back(order_number: &str, current: &str) -> Failure {
    Failure::conflict(format!(
        "Order {order_number} is at {current}: a stage can go back only one step, to correct a mistake."
    ))
}

/// The order left processing while its stage was being moved.
pub fn left_processing(order_number: &str) -> Failure {
    Failure::conflict(format!(
        "Order {order_number} left processing meanwhile. Please reload it."
    ))
}

/// Another admin moved the order's stage first.
pub fn stage_moved_meanwhile(order_number: &str) -> Failure {
    Failure::conflict(format!(
        "Order {order_number} was moved meanwhile. Please reload it."
    ))
}

/// The answer to one order moved to `stage`.
pub fn moved_to_stage(stage: &str) -> String {
    format!("Order moved to {stage}")
}

/// The answer to a bulk move: `moved` of `asked` orders moved to `stage`.
pub fn moved_orders_to_stage(moved: u32, asked: usize, stage: &str) -> String {
    format!("{moved} of {asked} orders moved to {stage}")
}

/// Only a confirmed order or one in processing ships; this one is `status`.
pub fn cannot_ship(order_number: &str, status: OrderStatus) -> Failure {
    Failure::conflict(format!(
        "Order {order_number} is {}: only a confirmed order or one in processing can be shipped",
        status.as_str()
    ))
}

/// A confirmed order ships only once its proof is approved.
pub fn ships_after_approval(order_number: &str) -> Failure {
    Failure::conflict(format!(
        "Order {order_number}'s proof is not approved yet: it cannot ship before the customer approves it"
    ))
}

/// The order was shipped already.
pub fn shipment_exists(order_number: &str) -> Failure {
    Failure::conflict(format!("Order {order_number} has a shipment already"))
}

/// The AWB is another order's.
pub fn awb_taken(awb: &str) -> Failure {
    Failure::conflict(format!("AWB {awb} belongs to another order's shipment"))
}

/// The order's status changed while it was being shipped.
pub fn changed_while_shipping(order_number: &str) -> Failure {
    Failure::conflict(format!(
        "Order {order_number} changed status meanwhile. Please reload it."
    ))
}

/// The courier refused the shipment, in its words (`why`).
pub fn courier_refused(why: &str) -> Failure {
    Failure::unprocessable(format!("Shiprocket refused the shipment: {why}"))
}

/// The answer to a shipment booked.
pub fn shipped(order_number: &str, courier: &str, awb: &str) -> String {
    format!("Order {order_number} shipped with {courier}, AWB {awb}")
}

/// Labels asked for orders (`orders`: their numbers) that have no shipment.
pub fn no_shipment(orders: &[String]) -> Failure {
    Failure::conflict(format!(
        "These orders have no shipment: {}",
        orders.join(", ")
    ))
}

/// A move into production (`to`) without an approved proof and without an
/// override reason; `code` tells the admin's page to ask for one.
pub fn no_approved_proof(order_number: &str, to: OrderStatus, code: &str) -> Failure {
    Failure::conflict_code(
        format!(
            "Order {order_number} has no approved proof: it cannot move to {} without an override reason",
            to.as_str()
        ),
        code,
    )
}

/// The answer to a status change `to`; `refund_under_way` while the payment
/// provider has not confirmed the refund it made.
pub fn status_updated(to: OrderStatus, refund_under_way: bool) -> String {
    let refund_note = if refund_under_way {
        ". The refund is under way: the payment provider has not confirmed it yet, and it is asked again until it does"
    } else {
        ""
    };
    format!("Order status updated to {}{refund_note}", to.as_str())
}

/// A proof for an order that is `status` (cancelled or refunded).
pub fn needs_no_proof(status: OrderStatus) -> Failure {
    Failure::conflict(format!(
        "This order is {}: it needs no proof",
        status.as_str()
    ))
}

/// The answer to version `version` sent.
pub fn proof_sent(version: i64) -> String {
    format!("Proof version {version} sent to the customer")
}
