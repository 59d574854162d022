//! Making and delivering orders: print files, the courier's tracking updates,
//! and the customer's e-mail when an order changes status.

pub mod courier_updates;
pub mod print_files;

use crate::core::messages::orders as messages;
use crate::db::orders::Order;
use crate::db::outbox::Outgoing;
use crate::domain::OrderStatus;
use crate::domain::company::Company;

/// The customer's e-mail when `order` moves `to` a status they hear of
/// (shipped, delivered, cancelled, refunded), ending with the seller's
/// support contact; a shipment's `courier_line`. None for the others.
pub fn status_email(
    order: &Order,
    to: OrderStatus,
    courier_line: Option<&str>,
    seller: &Company,
) -> Option<Outgoing> {
    to.tells_customer().then(|| {
        messages::status_changed(
            &order.order_number,
            &order.user_name,
            to,
            courier_line,
            seller,
            order.user_language,
        )
        .email_to(order.user_email.clone())
    })
}
