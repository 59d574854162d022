//! The customer's order confirmation e-mail, stored by the paying script:
//! sent once per paid order, never for a payment that did not commit.

use design_engine::money::Paise;

use crate::core::messages::orders as messages;
use crate::db::{DbError, orders, outbox};
use crate::domain::company::Company;

/// The confirmation e-mail of `order`; with `invoiced`, it says the tax
/// invoice is attached and attaches it.
pub fn confirmation_email(
    order: &orders::Order,
    invoiced: bool,
    seller: &Company,
) -> Result<outbox::Outgoing, DbError> {
    // The address given at checkout, else the account's.
    let to = serde_json::from_str::<serde_json::Value>(&order.shipping_address)?
        .get("email")
        .and_then(|e| e.as_str())
        .map_or_else(|| order.user_email.clone(), str::to_string);
    let letter = messages::order_confirmed(
        &order.order_number,
        Paise(order.total_price),
        order.items_count,
        invoiced,
        seller,
        order.user_language,
    );
    Ok(outbox::Outgoing {
        attachment: invoiced.then(|| outbox::Attachment::TaxInvoice {
            order_id: order.id.clone(),
        }),
        ..letter.email_to(to)
    })
}

/// The address given at checkout, else the account's.
fn customer_email(order: &orders::Order) -> Result<String, DbError> {
    Ok(
        serde_json::from_str::<serde_json::Value>(&order.shipping_address)?
            .get("email")
            .and_then(|e| e.as_str())
            .map_or_else(|| order.user_email.clone(), str::to_string),
    )
}

/// The confirmation of an order paid in two parts, on its advance: the
/// balance due before dispatch; with `voucher`, that its receipt voucher is in My Orders.
pub fn advance_email(
    order: &orders::Order,
    voucher: bool,
    seller: &Company,
) -> Result<outbox::Outgoing, DbError> {
    let letter = crate::core::messages::payment_plans::advance_received(
        &order.order_number,
        Paise(order.advance_amount),
        Paise(order.balance_amount()),
        order.items_count,
        voucher,
        seller,
        order.user_language,
    );
    Ok(letter.email_to(customer_email(order)?))
}

/// The balance of an order paid in two parts received; with `invoiced`, its
/// tax invoice attached.
pub fn balance_email(
    order: &orders::Order,
    invoiced: bool,
    seller: &Company,
) -> Result<outbox::Outgoing, DbError> {
    let letter = crate::core::messages::payment_plans::balance_received(
        &order.order_number,
        Paise(order.balance_amount()),
        Paise(order.total_price),
        invoiced,
        seller,
        order.user_language,
    );
    Ok(outbox::Outgoing {
        attachment: invoiced.then(|| outbox::Attachment::TaxInvoice {
            order_id: order.id.clone(),
        }),
        ..letter.email_to(customer_email(order)?)
    })
}
