//! Paying and cancelling orders, and the provider's events. Every change that
//! must happen once is a conditional UPDATE in one transaction, so concurrent
//! verifies and webhooks cannot apply it twice.

use design_engine::pricing::Paise;

use super::Order;
use crate::db::{Db, DbError, now_ms, outbox};

/// A webhook event, recorded so a replay of it is ignored.
pub struct Event<'a> {
    pub id: &'a str,
    pub event: &'a str,
    pub provider_order_id: Option<&'a str>,
    pub payment_id: Option<&'a str>,
}

async fn insert_event(
    tx: &mut sqlx::Transaction<'_, sqlx::Any>,
    e: &Event<'_>,
) -> Result<bool, DbError> {
    let inserted = sqlx::query(
        "INSERT INTO payment_events (id, event, provider_order_id, payment_id, created_at) VALUES ($1, $2, $3, $4, $5)",
    )
    .bind(e.id)
    .bind(e.event)
    .bind(e.provider_order_id)
    .bind(e.payment_id)
    .bind(now_ms())
    .execute(&mut **tx)
    .await;
    match inserted {
        Ok(_) => Ok(true),
        Err(sqlx::Error::Database(err)) if err.is_unique_violation() => Ok(false),
        Err(err) => Err(err.into()),
    }
}

/// Records an event that changes no order; `false` when it was seen before.
pub async fn record_event(db: &Db, e: &Event<'_>) -> Result<bool, DbError> {
    let mut tx = crate::db::begin_write(db).await?;
    let fresh = insert_event(&mut tx, e).await?;
    if fresh {
        tx.commit().await?;
    }
    Ok(fresh)
}

#[derive(Debug, PartialEq, Eq)]
pub enum Payment {
    /// This call marked the order paid and confirmed, emptied the cart and took the stock.
    Confirmed,
    /// The order was paid before (another verify or a webhook): nothing changed.
    AlreadyPaid,
    /// The order had been cancelled: the payment is recorded (so it can be refunded), nothing else.
    PaidWhileCancelled,
    /// The webhook event was handled before: nothing changed.
    DuplicateEvent,
}

/// Marks an order paid, in one transaction: confirmed only if it was not paid
/// yet (a conditional UPDATE, so concurrent verifies and webhooks confirm
/// once); then the owner's cart is emptied and the order's stock made due
/// (`db::stock` takes it moments later).
#[tracing::instrument(skip(db, event))]
pub async fn pay(
    db: &Db,
    order: &Order,
    payment_id: &str,
    event: Option<&Event<'_>>,
) -> Result<Payment, DbError> {
    let order_id = order.id.as_str();
    // Written before the lock is taken: the transaction only stores it.
    let email = confirmation_email(order)?;
    let now = now_ms();
    let mut tx = crate::db::begin_write(db).await?;
    if let Some(e) = event
        && !insert_event(&mut tx, e).await?
    {
        return Ok(Payment::DuplicateEvent);
    }
    let confirmed = sqlx::query(
        "UPDATE orders SET status = 'confirmed', is_paid = 1, paid_at = $1, payment_id = $2, updated_at = $1 \
         WHERE id = $3 AND is_paid = 0 AND status = 'pending'",
    )
    .bind(now)
    .bind(payment_id)
    .bind(order_id)
    .execute(&mut *tx)
    .await?;
    if confirmed.rows_affected() == 1 {
        // The lines that were ordered (anything added to the cart since stays).
        sqlx::query(
            "DELETE FROM cart_items WHERE user_id = (SELECT user_id FROM orders WHERE id = $1) \
             AND artwork_hash IN (SELECT artwork_hash FROM order_items WHERE order_id = $1)",
        )
        .bind(order_id)
        .execute(&mut *tx)
        .await?;
        outbox::put(&mut tx, "email", &email.to, &email.subject, &email.body).await?;
        // Its stock is taken by the keeper, off this path (`db::stock`).
        crate::db::stock::make_due(&mut tx, order_id).await?;
        tx.commit().await?;
        crate::db::stock::wake();
        return Ok(Payment::Confirmed);
    }
    let recorded = sqlx::query(
        "UPDATE orders SET is_paid = 1, paid_at = $1, payment_id = $2, updated_at = $1 WHERE id = $3 AND is_paid = 0",
    )
    .bind(now)
    .bind(payment_id)
    .bind(order_id)
    .execute(&mut *tx)
    .await?;
    tx.commit().await?;
    Ok(if recorded.rows_affected() == 1 {
        tracing::warn!(
            order_id,
            "payment received for a cancelled order: refund it"
        );
        Payment::PaidWhileCancelled
    } else {
        Payment::AlreadyPaid
    })
}

struct Email {
    to: String,
    subject: String,
    body: String,
}

/// The customer's confirmation e-mail, stored by the paying transaction: sent
/// once per paid order, never for a payment that did not commit.
fn confirmation_email(order: &Order) -> Result<Email, DbError> {
    // The address given at checkout, else the account's.
    let to = serde_json::from_str::<serde_json::Value>(&order.shipping_address)?
        .get("email")
        .and_then(|e| e.as_str())
        .map_or_else(|| order.user_email.clone(), str::to_string);
    let number = &order.order_number;
    Ok(Email {
        to,
        subject: format!("Order {number} confirmed"),
        body: format!(
            "Thank you for your order {number}. We have received your payment of {} for {} items. \
             Your custom apparel will be delivered in 15-20 business days; you can follow the order in My Orders.",
            Paise(order.total_price).format_inr(),
            order.items_count
        ),
    })
}

/// Cancels the user's order while it is pending and unpaid; `false` otherwise.
pub async fn cancel(db: &Db, id: &str, user_id: &str, reason: &str) -> Result<bool, DbError> {
    let done = sqlx::query(
        "UPDATE orders SET status = 'cancelled', cancel_reason = $1, updated_at = $2 \
         WHERE id = $3 AND user_id = $4 AND status = 'pending' AND is_paid = 0",
    )
    .bind(reason)
    .bind(now_ms())
    .bind(id)
    .bind(user_id)
    .execute(db)
    .await?;
    Ok(done.rows_affected() == 1)
}
