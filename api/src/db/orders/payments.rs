//! Paying and cancelling orders, and the provider's events. Every change that
//! must happen once is a conditional UPDATE in one transaction, so concurrent
//! verifies and webhooks cannot apply it twice.

use design_engine::pricing::Paise;

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
/// once); then the owner's cart is emptied and the stock taken, never below 0.
#[tracing::instrument(skip(db, event))]
pub async fn pay(
    db: &Db,
    order_id: &str,
    payment_id: &str,
    event: Option<&Event<'_>>,
) -> Result<Payment, DbError> {
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
        confirmation_email(&mut tx, order_id).await?;
        // Last: a product's row is shared by every order of it, so its lock
        // is held for as short a time as possible.
        sqlx::query(
            "UPDATE products SET stock = CASE WHEN stock > (SELECT CAST(SUM(i.quantity) AS BIGINT) FROM order_items i \
               WHERE i.order_id = $1 AND i.product_id = products.id) \
             THEN stock - (SELECT CAST(SUM(i.quantity) AS BIGINT) FROM order_items i \
               WHERE i.order_id = $1 AND i.product_id = products.id) \
             ELSE 0 END, updated_at = $2 \
             WHERE id IN (SELECT product_id FROM order_items WHERE order_id = $1)",
        )
        .bind(order_id)
        .bind(now)
        .execute(&mut *tx)
        .await?;
        crate::db::products::bump_version(&mut tx).await?;
        tx.commit().await?;
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

/// The customer's confirmation e-mail, in the paying transaction: sent once
/// per paid order, never for a payment that did not commit.
async fn confirmation_email(
    tx: &mut sqlx::Transaction<'_, sqlx::Any>,
    order_id: &str,
) -> Result<(), DbError> {
    let (number, total, items, address, account): (String, i64, i64, String, String) =
        sqlx::query_as(
            "SELECT o.order_number, o.total_price, o.items_count, o.shipping_address, u.email \
         FROM orders o JOIN users u ON u.id = o.user_id WHERE o.id = $1",
        )
        .bind(order_id)
        .fetch_one(&mut **tx)
        .await?;
    // The address given at checkout, else the account's.
    let to = serde_json::from_str::<serde_json::Value>(&address)?
        .get("email")
        .and_then(|e| e.as_str())
        .map(str::to_string)
        .unwrap_or(account);
    let body = format!(
        "Thank you for your order {number}. We have received your payment of {} for {items} items. \
         Your custom apparel will be delivered in 15-20 business days; you can follow the order in My Orders.",
        Paise(total).format_inr()
    );
    outbox::put(
        tx,
        "email",
        &to,
        &format!("Order {number} confirmed"),
        &body,
    )
    .await?;
    Ok(())
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
