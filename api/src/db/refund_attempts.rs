//! Refunds between setting their money aside and recording the provider's
//! answer (see the `refund_attempts` migration): nothing is lost or refunded
//! twice if the server stops in between. The money set aside is part of the
//! order's payment (`orders.refunded_amount`), or a second payment of the
//! order, recorded in `second_payments` and given back whole. An attempt the
//! provider did not answer finally stays, and is asked again when its
//! `next_try_at` comes (`core::checkout::refunds`).

use sqlx::FromRow;

use super::tax_documents::{self, NewDocument};
use super::{Db, DbError, begin_write, now_ms};

#[derive(Debug, Clone, FromRow)]
pub struct Attempt {
    /// Also the provider's idempotency key.
    pub id: String,
    pub order_id: String,
    pub payment_id: String,
    pub amount: i64,
    pub reason: String,
    pub notes: String,
    pub created_by: String,
    /// 1 when it gives back a second payment of the order (`second_payments`),
    /// not the order's own: the order's refunded amount and status stay.
    pub second_payment: i64,
    /// How often the provider was asked without a final answer.
    pub tries: i64,
}

const COLUMNS: &str =
    "id, order_id, payment_id, amount, reason, notes, created_by, second_payment, tries";

/// How `begin` went.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Begun {
    /// Set aside and recorded: ask the provider.
    Yes,
    /// More than the order has left to refund.
    Exceeds,
    /// A refund of the order's payment is open already (its answer is awaited
    /// or asked again): a second one waits until it is settled.
    UnderWay,
    /// Another caller claimed the refund owed first.
    Claimed,
}

/// Sets `amount` of a paid order aside and records the attempt, to be asked
/// again from `ask_again_at` if no answer is recorded by then, in one
/// transaction; nothing is written unless it is `Begun::Yes`. With `owed`,
/// the refund owed it makes (`refunds_owed`) is claimed in the same transaction.
pub async fn begin(
    db: &Db,
    a: &Attempt,
    owed: Option<&str>,
    ask_again_at: i64,
) -> Result<Begun, sqlx::Error> {
    let now = now_ms();
    let mut tx = begin_write(db).await?;
    if let Some(owed) = owed {
        let claimed = sqlx::query(
            "UPDATE refunds_owed SET attempt_id = $1, done_at = $2 WHERE id = $3 AND done_at IS NULL",
        )
        .bind(&a.id)
        .bind(now)
        .bind(owed)
        .execute(&mut *tx)
        .await?;
        if claimed.rows_affected() != 1 {
            return Ok(Begun::Claimed);
        }
    }
    let reserved = sqlx::query(
        "UPDATE orders SET refunded_amount = refunded_amount + $1, updated_at = $2 \
         WHERE id = $3 AND is_paid = 1 AND payment_id IS NOT NULL AND refunded_amount + $1 <= total_price - balance_due",
    )
    .bind(a.amount)
    .bind(now)
    .bind(&a.order_id)
    .execute(&mut *tx)
    .await?;
    if reserved.rows_affected() != 1 {
        return Ok(Begun::Exceeds);
    }
    // Read after the order's row is locked, so two beginners see each other.
    if open_on(&mut tx, &a.order_id).await? {
        return Ok(Begun::UnderWay);
    }
    insert(&mut tx, a, now, ask_again_at).await?;
    tx.commit().await?;
    Ok(Begun::Yes)
}

/// Whether a refund of the order's own payment is open.
async fn open_on(tx: &mut sqlx::AnyConnection, order_id: &str) -> Result<bool, sqlx::Error> {
    let open: i64 = sqlx::query_scalar(
        "SELECT COUNT(*) FROM refund_attempts WHERE order_id = $1 AND second_payment = 0",
    )
    .bind(order_id)
    .fetch_one(tx)
    .await?;
    Ok(open > 0)
}

/// Whether a refund of the order's own payment is open (its answer awaited
/// or asked again).
pub async fn under_way(db: &Db, order_id: &str) -> Result<bool, sqlx::Error> {
    let mut conn = db.acquire().await?;
    open_on(&mut conn, order_id).await
}

/// Records a second payment of an order (a second capture of its provider
/// order) and the attempt to give it back in full, in one transaction;
/// `false` (nothing written) when that payment is recorded already, refunded
/// or being refunded. One the provider refused before is tried again.
pub async fn begin_second_payment(
    db: &Db,
    a: &Attempt,
    ask_again_at: i64,
) -> Result<bool, sqlx::Error> {
    let now = now_ms();
    let mut tx = begin_write(db).await?;
    let recorded = sqlx::query(
        "INSERT INTO second_payments (payment_id, order_id, amount, status, created_at, updated_at) \
         VALUES ($1, $2, $3, 'refunding', $4, $4) \
         ON CONFLICT (payment_id) DO UPDATE SET status = 'refunding', updated_at = $4 \
         WHERE second_payments.status = 'failed'",
    )
    .bind(&a.payment_id)
    .bind(&a.order_id)
    .bind(a.amount)
    .bind(now)
    .execute(&mut *tx)
    .await?;
    if recorded.rows_affected() != 1 {
        return Ok(false);
    }
    insert(&mut tx, a, now, ask_again_at).await?;
    tx.commit().await?;
    Ok(true)
}

async fn insert(
    tx: &mut sqlx::AnyConnection,
    a: &Attempt,
    now: i64,
    ask_again_at: i64,
) -> Result<(), sqlx::Error> {
    sqlx::query(
        "INSERT INTO refund_attempts (id, order_id, payment_id, amount, reason, notes, created_by, created_at, \
         second_payment, tries, next_try_at) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, 0, $10)",
    )
    .bind(&a.id)
    .bind(&a.order_id)
    .bind(&a.payment_id)
    .bind(a.amount)
    .bind(&a.reason)
    .bind(&a.notes)
    .bind(&a.created_by)
    .bind(now)
    .bind(a.second_payment)
    .bind(ask_again_at)
    .execute(tx)
    .await?;
    Ok(())
}

/// Removes the attempt; `false` when another caller finished it first (its
/// outcome is then recorded once, by that caller).
async fn take(tx: &mut sqlx::AnyConnection, a: &Attempt) -> Result<bool, sqlx::Error> {
    let gone = sqlx::query("DELETE FROM refund_attempts WHERE id = $1")
        .bind(&a.id)
        .execute(tx)
        .await?;
    Ok(gone.rows_affected() == 1)
}

/// No refund was made: the money set aside is given back. With `refusal`
/// (the provider refused) a second payment is marked failed and a refund
/// owed refused, both for an admin to see to; without (no provider to ask) a
/// refund owed is owed again.
pub async fn abandon(db: &Db, a: &Attempt, refusal: Option<&str>) -> Result<(), sqlx::Error> {
    let mut tx = begin_write(db).await?;
    if take(&mut tx, a).await? {
        let owed = match refusal {
            Some(why) => sqlx::query(
                "UPDATE refunds_owed SET refused_at = $1, refusal = $2 WHERE attempt_id = $3",
            )
            .bind(now_ms())
            .bind(why),
            None => sqlx::query(
                "UPDATE refunds_owed SET attempt_id = NULL, done_at = NULL WHERE attempt_id = $1",
            ),
        };
        owed.bind(&a.id).execute(&mut *tx).await?;
        if a.second_payment != 0 {
            sqlx::query(
                "UPDATE second_payments SET status = 'failed', updated_at = $1 WHERE payment_id = $2",
            )
            .bind(now_ms())
            .bind(&a.payment_id)
            .execute(&mut *tx)
            .await?;
        } else {
            sqlx::query(
                "UPDATE orders SET refunded_amount = refunded_amount - $1, updated_at = $2 \
                 WHERE id = $3 AND refunded_amount >= $1",
            )
            .bind(a.amount)
            .bind(now_ms())
            .bind(&a.order_id)
            .execute(&mut *tx)
            .await?;
        }
    }
    tx.commit().await
}

/// The provider made refund `refund_id`: it is recorded at `now` (once,
/// however often this runs) and a fully refunded order becomes `refunded` (a
/// refunded second payment is marked so, and leaves the order as it is).
/// Money back on the order's own payment is numbered and stored with its
/// `credit_note` in the same transaction (none for an order without an invoice).
pub async fn complete(
    db: &Db,
    a: &Attempt,
    refund_id: &str,
    now: i64,
    credit_note: Option<&NewDocument>,
) -> Result<(), DbError> {
    let mut tx = begin_write(db).await?;
    if take(&mut tx, a).await? {
        sqlx::query(
            "INSERT INTO refunds (id, order_id, payment_id, amount, reason, created_by, created_at) \
             VALUES ($1, $2, $3, $4, $5, $6, $7)",
        )
        .bind(refund_id)
        .bind(&a.order_id)
        .bind(&a.payment_id)
        .bind(a.amount)
        .bind(&a.reason)
        .bind(&a.created_by)
        .bind(now)
        .execute(&mut *tx)
        .await?;
        if a.second_payment != 0 {
            sqlx::query(
                "UPDATE second_payments SET status = 'refunded', refund_id = $1, updated_at = $2 \
                 WHERE payment_id = $3",
            )
            .bind(refund_id)
            .bind(now)
            .bind(&a.payment_id)
            .execute(&mut *tx)
            .await?;
        } else {
            let whole = sqlx::query(
                "UPDATE orders SET status = 'refunded', updated_at = $1 WHERE id = $2 AND refunded_amount = total_price - balance_due",
            )
            .bind(now)
            .bind(&a.order_id)
            .execute(&mut *tx)
            .await?;
            // Refunded in full: the order gives its coupon's use back (once).
            if whole.rows_affected() == 1 {
                super::coupons::release(&mut tx, &a.order_id).await?;
            }
            // Money back on the order's own payment adjusts its tax invoice.
            if let Some(note) = credit_note {
                tax_documents::insert_credit_note(&mut tx, &a.order_id, &a.id, a.amount, note)
                    .await?;
            }
        }
    }
    Ok(tx.commit().await?)
}

/// How a recorded second payment stands: refunding, refunded or failed.
pub async fn second_payment_status(
    db: &Db,
    payment_id: &str,
) -> Result<Option<String>, sqlx::Error> {
    sqlx::query_scalar("SELECT status FROM second_payments WHERE payment_id = $1")
        .bind(payment_id)
        .fetch_optional(db)
        .await
}

/// Attempts begun before `before` (Unix ms) and not finished: left by a
/// server that stopped before the provider's answer was recorded, or waiting
/// to be asked again.
pub async fn unfinished(db: &Db, before: i64) -> Result<Vec<Attempt>, sqlx::Error> {
    sqlx::query_as(&format!(
        "SELECT {COLUMNS} FROM refund_attempts WHERE created_at < $1 ORDER BY created_at"
    ))
    .bind(before)
    .fetch_all(db)
    .await
}

/// Attempts whose time to be asked again has come (a few hundred at a time).
pub async fn due(db: &Db, now: i64) -> Result<Vec<Attempt>, sqlx::Error> {
    sqlx::query_as(&format!(
        "SELECT {COLUMNS} FROM refund_attempts WHERE next_try_at <= $1 ORDER BY next_try_at LIMIT 500"
    ))
    .bind(now)
    .fetch_all(db)
    .await
}

/// Takes a due attempt to ask the provider, until `until`: `false` when
/// another caller took it first (or it is finished).
pub async fn lease(db: &Db, id: &str, now: i64, until: i64) -> Result<bool, sqlx::Error> {
    let taken = sqlx::query(
        "UPDATE refund_attempts SET next_try_at = $1 WHERE id = $2 AND next_try_at <= $3",
    )
    .bind(until)
    .bind(id)
    .bind(now)
    .execute(db)
    .await?;
    Ok(taken.rows_affected() == 1)
}

/// The provider gave no final answer again: `tries` so far, asked again at `at`.
pub async fn postpone(db: &Db, id: &str, tries: i64, at: i64) -> Result<(), sqlx::Error> {
    sqlx::query("UPDATE refund_attempts SET tries = $1, next_try_at = $2 WHERE id = $3")
        .bind(tries)
        .bind(at)
        .bind(id)
        .execute(db)
        .await?;
    Ok(())
}
