//! The customer's order confirmation e-mail, stored by the paying script:
//! sent once per paid order, never for a payment that did not commit.

use design_engine::pricing::Paise;

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
    let number = &order.order_number;
    let invoice_note = if invoiced {
        " Your tax invoice is attached, and in My Orders."
    } else {
        ""
    };
    Ok(outbox::Outgoing {
        channel: "email",
        to,
        subject: format!("Order {number} confirmed"),
        body: format!(
            "Thank you for your order {number}. We have received your payment of {} for {} items. \
             Your custom apparel will be delivered in 15-20 business days; you can follow the order in My Orders.{invoice_note}\n{}",
            Paise(order.total_price).format_inr(),
            order.items_count,
            seller.contact_line()
        )
        .trim_end()
        .to_string(),
        attachment: invoiced.then(|| outbox::Attachment::TaxInvoice {
            order_id: order.id.clone(),
        }),
    })
}
