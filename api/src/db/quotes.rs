//! Quotes with a negotiated price (see the `quotes` migration): made with
//! their number and their e-mail in one transaction, read by id, by customer
//! e-mail or all for the admins, and accepted once into a cart line that holds
//! the quoted price. Rows in, rows out: `core::quotes` checks and prices them.

use design_engine::{Design, LineQuote};
use sqlx::FromRow;

use super::series::{self, Counters};
use super::{Db, DbError, begin_write, cart, outbox};
use crate::ids::new_id;

/// A quote as stored.
#[derive(FromRow, Debug, Clone)]
pub struct Quote {
    pub id: String,
    pub series: String,
    pub seq: i64,
    pub customer_email: String,
    pub product_id: String,
    pub product_name: String,
    pub color: String,
    /// The engine's quantities (JSON map of size to pieces).
    pub quantities: String,
    /// The engine's design document (JSON), or none: plain garments.
    pub design: Option<String>,
    pub unit_price: i64,
    pub list_unit_price: i64,
    /// The engine's priced line at the held price when the quote was made (JSON `LineQuote`).
    pub line: String,
    pub valid_until: i64,
    pub note: String,
    pub created_at: i64,
    pub accepted_at: Option<i64>,
}

const SELECT: &str = "SELECT id, series, seq, customer_email, product_id, product_name, color, quantities, \
     design, unit_price, list_unit_price, line, valid_until, note, created_at, accepted_at FROM quotes";

/// A checked, priced quote to store.
pub struct NewQuote<'a> {
    pub series: &'a str,
    pub customer_email: &'a str,
    pub product_id: &'a str,
    pub product_name: &'a str,
    pub color: &'a str,
    pub quantities: String,
    pub design: Option<String>,
    pub unit_price: i64,
    pub list_unit_price: i64,
    pub line: String,
    pub valid_until: i64,
    pub note: &'a str,
    pub created_by: &'a str,
    pub created_at: i64,
}

/// Stores a quote with the next number of its series and queues the e-mail
/// `letter` makes from its id and number, in one transaction. Returns its id.
pub async fn create(
    db: &Db,
    new: &NewQuote<'_>,
    letter: impl FnOnce(&str, i64) -> outbox::Outgoing,
) -> Result<String, DbError> {
    let id = new_id();
    let mut tx = begin_write(db).await?;
    let seq = series::next(&mut tx, Counters::Quotes, new.series).await?;
    sqlx::query(
        "INSERT INTO quotes (id, series, seq, customer_email, product_id, product_name, color, quantities, \
         design, unit_price, list_unit_price, line, valid_until, note, created_by, created_at) \
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16)",
    )
    .bind(&id)
    .bind(new.series)
    .bind(seq)
    .bind(new.customer_email)
    .bind(new.product_id)
    .bind(new.product_name)
    .bind(new.color)
    .bind(&new.quantities)
    .bind(new.design.as_deref())
    .bind(new.unit_price)
    .bind(new.list_unit_price)
    .bind(&new.line)
    .bind(new.valid_until)
    .bind(new.note)
    .bind(new.created_by)
    .bind(new.created_at)
    .execute(&mut *tx)
    .await?;
    let m = letter(&id, seq);
    outbox::put(&mut tx, m.channel, &m.to, &m.subject, &m.body).await?;
    tx.commit().await?;
    Ok(id)
}

pub async fn get(db: &Db, id: &str) -> Result<Option<Quote>, DbError> {
    Ok(sqlx::query_as(&format!("{SELECT} WHERE id = $1"))
        .bind(id)
        .fetch_optional(db)
        .await?)
}

/// The quotes made for `email` (lower case), newest first.
pub async fn of_email(db: &Db, email: &str) -> Result<Vec<Quote>, DbError> {
    Ok(sqlx::query_as(&format!(
        "{SELECT} WHERE customer_email = $1 ORDER BY created_at DESC, id DESC LIMIT 200"
    ))
    .bind(email)
    .fetch_all(db)
    .await?)
}

/// A page of every quote, newest first, and how many there are.
pub async fn page(db: &Db, offset: i64, limit: i64) -> Result<(Vec<Quote>, i64), DbError> {
    let rows = sqlx::query_as(&format!(
        "{SELECT} ORDER BY created_at DESC, id DESC LIMIT $1 OFFSET $2"
    ))
    .bind(limit)
    .bind(offset)
    .fetch_all(db)
    .await?;
    let total: i64 = sqlx::query_scalar("SELECT COUNT(*) FROM quotes")
        .fetch_one(db)
        .await?;
    Ok((rows, total))
}

/// What accepting a quote came to.
#[derive(Debug, PartialEq, Eq)]
pub enum Accepted {
    /// The line is in the cart, its price held.
    Done,
    /// The quote was accepted before, or expired at `now` (the caller reads it to tell which).
    NotOpen,
    /// The cart already holds a line of this artwork.
    InCart,
}

/// Accepts quote `id` at `now` for `user_id` and puts `design` in their cart
/// priced at `quote` (the held line), in one transaction: one conditional
/// UPDATE takes the quote (still open and valid), so two accepts at once make
/// one line; a refused line gives the quote back.
pub async fn accept(
    db: &Db,
    id: &str,
    user_id: &str,
    now: i64,
    design: &Design,
    quote: &LineQuote,
) -> Result<Accepted, DbError> {
    let mut tx = begin_write(db).await?;
    let taken = sqlx::query(
        "UPDATE quotes SET accepted_at = $1, accepted_by = $2 \
         WHERE id = $3 AND accepted_at IS NULL AND valid_until >= $1",
    )
    .bind(now)
    .bind(user_id)
    .bind(id)
    .execute(&mut *tx)
    .await?;
    if taken.rows_affected() != 1 {
        return Ok(Accepted::NotOpen);
    }
    cart::lock(&mut tx, user_id).await?;
    let artwork = design_engine::hash::artwork_hash(design);
    if cart::by_artwork(&mut *tx, user_id, &artwork)
        .await?
        .is_some()
    {
        return Ok(Accepted::InCart);
    }
    let target = cart::Target::New { artwork: &artwork };
    if !cart::save_in(&mut tx, user_id, target, design, quote).await? {
        return Ok(Accepted::InCart);
    }
    sqlx::query(
        "UPDATE cart_items SET quote_id = $1, held_unit_price = $2 WHERE user_id = $3 AND artwork_hash = $4",
    )
    .bind(id)
    .bind(quote.unit_price.0)
    .bind(user_id)
    .bind(&artwork)
    .execute(&mut *tx)
    .await?;
    tx.commit().await?;
    Ok(Accepted::Done)
}

/// The quote numbers of these quotes, by id (for cart and order lines).
pub async fn numbers(db: &Db, ids: &[&str]) -> Result<Vec<(String, String, i64)>, DbError> {
    if ids.is_empty() {
        return Ok(Vec::new());
    }
    let marks: Vec<String> = (1..=ids.len()).map(|i| format!("${i}")).collect();
    let sql = format!(
        "SELECT id, series, seq FROM quotes WHERE id IN ({})",
        marks.join(", ")
    );
    let mut q = sqlx::query_as(&sql);
    for id in ids {
        q = q.bind(*id);
    }
    Ok(q.fetch_all(db).await?)
}
