//! Coupons: the merchant's rows, the coupon a shopper applied to their cart,
//! and the uses. A use is held in the script that stores the order
//! (`push_hold`: the coupon's count and the customer's rise with the order's
//! INSERT, and their CHECKs refuse a use past the limits, failing the whole
//! script, so parallel checkouts never take more than there are) and given
//! back once when the order ends unpaid or is refunded in full (`release`).

use sqlx::FromRow;

use super::script::Script;
use super::{Db, DbError, now_ms};
use crate::ids::new_id;

#[derive(FromRow, Debug, Clone, PartialEq)]
pub struct Coupon {
    pub id: String,
    pub code: String,
    pub percent_off_bps: Option<i64>,
    pub amount_off: Option<i64>,
    pub min_pieces: i64,
    pub valid_from: Option<i64>,
    pub valid_until: Option<i64>,
    pub max_uses: Option<i64>,
    pub max_uses_per_customer: Option<i64>,
    /// JSON lists.
    pub product_ids: String,
    pub categories: String,
    pub active: i64,
    pub uses: i64,
    pub created_at: i64,
    pub updated_at: i64,
}

/// A coupon's terms as the admin sets them (the code in capitals).
#[derive(Debug, Clone)]
pub struct CouponInput {
    pub code: String,
    pub percent_off_bps: Option<i64>,
    pub amount_off: Option<i64>,
    pub min_pieces: i64,
    pub valid_from: Option<i64>,
    pub valid_until: Option<i64>,
    pub max_uses: Option<i64>,
    pub max_uses_per_customer: Option<i64>,
    pub product_ids: String,
    pub categories: String,
    pub active: bool,
}

const COLUMNS: &str = "id, code, percent_off_bps, amount_off, min_pieces, valid_from, valid_until, max_uses, \
     max_uses_per_customer, product_ids, categories, active, uses, created_at, updated_at";

/// What writing a coupon came to.
pub enum Saved {
    Coupon(Box<Coupon>),
    /// Another coupon has this code.
    CodeTaken,
    /// The new limit is below the uses already held or paid.
    BelowUses,
    NotFound,
}

fn saved_error(e: sqlx::Error) -> Result<Saved, DbError> {
    match &e {
        sqlx::Error::Database(d) if d.is_unique_violation() => Ok(Saved::CodeTaken),
        sqlx::Error::Database(d) if d.is_check_violation() => Ok(Saved::BelowUses),
        _ => Err(e.into()),
    }
}

pub async fn create(db: &Db, c: &CouponInput) -> Result<Saved, DbError> {
    let now = now_ms();
    let row = sqlx::query_as(&format!(
        "INSERT INTO coupons (id, code, percent_off_bps, amount_off, min_pieces, valid_from, valid_until, max_uses, \
         max_uses_per_customer, product_ids, categories, active, created_at, updated_at) \
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $13) RETURNING {COLUMNS}"
    ))
    .bind(new_id())
    .bind(&c.code)
    .bind(c.percent_off_bps)
    .bind(c.amount_off)
    .bind(c.min_pieces)
    .bind(c.valid_from)
    .bind(c.valid_until)
    .bind(c.max_uses)
    .bind(c.max_uses_per_customer)
    .bind(&c.product_ids)
    .bind(&c.categories)
    .bind(i64::from(c.active))
    .bind(now)
    .fetch_one(db)
    .await;
    match row {
        Ok(c) => Ok(Saved::Coupon(Box::new(c))),
        Err(e) => saved_error(e),
    }
}

/// Rewrites a coupon's terms (its uses stay); each customer's cap follows the
/// new per-customer limit, never below what the customer already holds.
pub async fn update(db: &Db, id: &str, c: &CouponInput) -> Result<Saved, DbError> {
    let mut tx = super::begin_write(db).await?;
    let row: Result<Option<Coupon>, sqlx::Error> = sqlx::query_as(&format!(
        "UPDATE coupons SET code = $1, percent_off_bps = $2, amount_off = $3, min_pieces = $4, valid_from = $5, \
         valid_until = $6, max_uses = $7, max_uses_per_customer = $8, product_ids = $9, categories = $10, \
         active = $11, updated_at = $12 WHERE id = $13 RETURNING {COLUMNS}"
    ))
    .bind(&c.code)
    .bind(c.percent_off_bps)
    .bind(c.amount_off)
    .bind(c.min_pieces)
    .bind(c.valid_from)
    .bind(c.valid_until)
    .bind(c.max_uses)
    .bind(c.max_uses_per_customer)
    .bind(&c.product_ids)
    .bind(&c.categories)
    .bind(i64::from(c.active))
    .bind(now_ms())
    .bind(id)
    .fetch_optional(&mut *tx)
    .await;
    let row = match row {
        Ok(Some(row)) => row,
        Ok(None) => return Ok(Saved::NotFound),
        Err(e) => return saved_error(e),
    };
    sqlx::query(
        "UPDATE coupon_customers SET cap = CASE WHEN $1 IS NULL THEN NULL WHEN uses > $1 THEN uses ELSE $1 END \
         WHERE coupon_id = $2",
    )
    .bind(c.max_uses_per_customer)
    .bind(id)
    .execute(&mut *tx)
    .await?;
    tx.commit().await?;
    Ok(Saved::Coupon(Box::new(row)))
}

pub async fn list(db: &Db) -> Result<Vec<Coupon>, DbError> {
    Ok(sqlx::query_as(&format!(
        "SELECT {COLUMNS} FROM coupons ORDER BY created_at DESC, id"
    ))
    .fetch_all(db)
    .await?)
}

pub async fn get(db: &Db, id: &str) -> Result<Option<Coupon>, DbError> {
    Ok(
        sqlx::query_as(&format!("SELECT {COLUMNS} FROM coupons WHERE id = $1"))
            .bind(id)
            .fetch_optional(db)
            .await?,
    )
}

/// The coupon of this code (in capitals).
pub async fn by_code(db: &Db, code: &str) -> Result<Option<Coupon>, DbError> {
    Ok(
        sqlx::query_as(&format!("SELECT {COLUMNS} FROM coupons WHERE code = $1"))
            .bind(code)
            .fetch_optional(db)
            .await?,
    )
}

/// The customer's uses of the coupon, held or paid.
pub async fn customer_uses(db: &Db, coupon_id: &str, user_id: &str) -> Result<i64, DbError> {
    let uses: Option<i64> = sqlx::query_scalar(
        "SELECT uses FROM coupon_customers WHERE coupon_id = $1 AND user_id = $2",
    )
    .bind(coupon_id)
    .bind(user_id)
    .fetch_optional(db)
    .await?;
    Ok(uses.unwrap_or(0))
}

/// The coupon the shopper applied to their cart.
pub async fn of_cart(db: &Db, user_id: &str) -> Result<Option<Coupon>, DbError> {
    Ok(sqlx::query_as(&format!(
        "SELECT {} FROM coupons WHERE id = (SELECT coupon_id FROM cart_coupons WHERE user_id = $1)",
        COLUMNS
    ))
    .bind(user_id)
    .fetch_optional(db)
    .await?)
}

pub async fn apply_to_cart(db: &Db, user_id: &str, coupon_id: &str) -> Result<(), DbError> {
    sqlx::query(
        "INSERT INTO cart_coupons (user_id, coupon_id, created_at) VALUES ($1, $2, $3) \
         ON CONFLICT (user_id) DO UPDATE SET coupon_id = excluded.coupon_id, created_at = excluded.created_at",
    )
    .bind(user_id)
    .bind(coupon_id)
    .bind(now_ms())
    .execute(db)
    .await?;
    Ok(())
}

/// Takes the coupon off the cart; `false` when none was on it.
pub async fn remove_from_cart(db: &Db, user_id: &str) -> Result<bool, DbError> {
    let done = sqlx::query("DELETE FROM cart_coupons WHERE user_id = $1")
        .bind(user_id)
        .execute(db)
        .await?;
    Ok(done.rows_affected() > 0)
}

/// Adds to an order's script the holding of one use of `coupon_id` by
/// `user_id`, if the order `placed` (the script's result) was stored with
/// it: the coupon's count and the customer's rise by one. Past `max_uses`
/// or the customer's cap a CHECK fails the script, and nothing is stored
/// ([`is_limit`] tells that failure).
pub fn push_hold(script: &mut Script, coupon_id: &str, user_id: &str, order_id: &str) {
    script
        .push(
            "UPDATE coupons SET uses = uses + 1 WHERE id = $1 \
             AND EXISTS (SELECT 1 FROM placed WHERE id = $2 AND coupon_id = $1)",
        )
        .bind(coupon_id.to_string())
        .bind(order_id.to_string());
    script
        .push(
            "INSERT INTO coupon_customers (coupon_id, user_id, uses, cap) \
             SELECT $1, $2, 1, (SELECT max_uses_per_customer FROM coupons WHERE id = $1) \
             WHERE EXISTS (SELECT 1 FROM placed WHERE id = $3 AND coupon_id = $1) \
             ON CONFLICT (coupon_id, user_id) DO UPDATE SET uses = coupon_customers.uses + 1",
        )
        .bind(coupon_id.to_string())
        .bind(user_id.to_string())
        .bind(order_id.to_string());
}

/// Whether a failed order script was refused by a coupon's limit (which one
/// is for the caller to find out: the counts are read again).
pub fn is_limit(e: &DbError) -> bool {
    matches!(e, DbError::Query(sqlx::Error::Database(d)) if d.is_check_violation()
        && ["coupon_uses_within", "coupon_customer_within"]
            .iter()
            .any(|c| d.constraint() == Some(c) || d.message().contains(c)))
}

/// Gives back the use an order holds, once (the order's `coupon_held` goes
/// from 1 to 0), in the caller's transaction: when the order is cancelled
/// unpaid, expires, or is refunded in full.
pub async fn release(conn: &mut sqlx::AnyConnection, order_id: &str) -> Result<(), sqlx::Error> {
    let held: Option<(String, String)> = sqlx::query_as(
        "UPDATE orders SET coupon_held = 0 WHERE id = $1 AND coupon_held = 1 AND coupon_id IS NOT NULL \
         RETURNING coupon_id, user_id",
    )
    .bind(order_id)
    .fetch_optional(&mut *conn)
    .await?;
    let Some((coupon_id, user_id)) = held else {
        return Ok(());
    };
    sqlx::query("UPDATE coupons SET uses = uses - 1 WHERE id = $1 AND uses > 0")
        .bind(&coupon_id)
        .execute(&mut *conn)
        .await?;
    sqlx::query(
        "UPDATE coupon_customers SET uses = uses - 1 WHERE coupon_id = $1 AND user_id = $2 AND uses > 0",
    )
    .bind(&coupon_id)
    .bind(&user_id)
    .execute(&mut *conn)
    .await?;
    Ok(())
}
