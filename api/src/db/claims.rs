//! Misprint and damage claims (see the `order_claims` migration): filed on a
//! delivered order's line with photos, each also a support ticket, and
//! decided once by an admin (reprinted as a linked order at ₹0, refunded
//! through a refund owed, or rejected). Rows in, rows out: the rules and the
//! words are `core::claims`'.

use sqlx::{Any, AnyConnection, FromRow, Transaction};

use super::orders::{NewItem, Order};
use super::outbox::Outgoing;
use super::{Db, DbError, now_ms, outbox};
use crate::ids::new_id;

/// A claim as stored, with its order's number and, once its refund is made,
/// its credit note's series and number in it.
#[derive(FromRow, Debug, Clone)]
pub struct ClaimRow {
    pub id: String,
    pub order_id: String,
    pub order_number: String,
    pub order_item_id: String,
    pub user_id: String,
    pub ticket_id: String,
    pub ticket_number: String,
    /// `{size key: count}` (JSON).
    pub pieces: String,
    pub reason: String,
    pub message: String,
    pub status: String,
    pub decision_note: Option<String>,
    pub decided_by: Option<String>,
    pub decided_at: Option<i64>,
    pub reprint_order_id: Option<String>,
    pub refund_amount: Option<i64>,
    pub credit_note_series: Option<String>,
    pub credit_note_seq: Option<i64>,
    pub created_at: i64,
}

const SELECT: &str = "SELECT c.id, c.order_id, o.order_number, c.order_item_id, c.user_id, c.ticket_id, \
     c.ticket_number, c.pieces, c.reason, c.message, c.status, c.decision_note, c.decided_by, c.decided_at, \
     c.reprint_order_id, c.refund_amount, n.series AS credit_note_series, n.seq AS credit_note_seq, c.created_at \
     FROM order_claims c JOIN orders o ON o.id = c.order_id \
     LEFT JOIN refunds_owed r ON r.id = c.refund_owed_id \
     LEFT JOIN credit_notes n ON n.refund_attempt_id = r.attempt_id";

/// The statuses whose pieces count against what a line may still claim:
/// open ones and those granted (a rejected claim gives its pieces back).
pub const HOLDING: &str = "c.status IN ('open', 'reprinted', 'refunded')";

/// A claim to store.
pub struct NewClaim<'a> {
    pub order_id: &'a str,
    pub order_item_id: &'a str,
    pub user_id: &'a str,
    pub ticket_id: &'a str,
    pub ticket_number: &'a str,
    pub pieces: &'a str,
    pub piece_count: i64,
    pub reason: &'a str,
    pub message: &'a str,
    pub photos: &'a [String],
}

/// When the order was last marked delivered (its newest move to delivered).
pub async fn delivered_at(db: &Db, order_id: &str) -> Result<Option<i64>, DbError> {
    Ok(sqlx::query_scalar(
        "SELECT MAX(created_at) FROM order_status_changes WHERE order_id = $1 AND to_status = 'delivered'",
    )
    .bind(order_id)
    .fetch_one(db)
    .await?)
}

/// Starts a write that holds the order: claims filed or decided on one order
/// at the same time take turns (PostgreSQL locks its row; SQLite has one writer).
pub async fn begin_on_order(db: &Db, order_id: &str) -> Result<Transaction<'static, Any>, DbError> {
    let mut tx = super::begin_write(db).await?;
    sqlx::query("UPDATE orders SET updated_at = updated_at WHERE id = $1")
        .bind(order_id)
        .execute(&mut *tx)
        .await?;
    Ok(tx)
}

/// The pieces (`{size: count}` JSON) of the line's claims that hold them, and
/// how many of the order's claims are open, read in the caller's transaction.
pub async fn held(
    conn: &mut AnyConnection,
    order_id: &str,
    order_item_id: &str,
) -> Result<(Vec<String>, i64), DbError> {
    let pieces = sqlx::query_scalar(&format!(
        "SELECT c.pieces FROM order_claims c WHERE c.order_item_id = $1 AND {HOLDING}"
    ))
    .bind(order_item_id)
    .fetch_all(&mut *conn)
    .await?;
    let open = sqlx::query_scalar(
        "SELECT COUNT(*) FROM order_claims WHERE order_id = $1 AND status = 'open'",
    )
    .bind(order_id)
    .fetch_one(&mut *conn)
    .await?;
    Ok((pieces, open))
}

/// Stores a claim with its photos, links its ticket to it and queues the
/// customer's e-mail, in the caller's transaction: the new claim's id.
pub async fn insert(
    tx: &mut Transaction<'static, Any>,
    new: &NewClaim<'_>,
    email: &Outgoing,
) -> Result<String, DbError> {
    let id = new_id();
    sqlx::query(
        "INSERT INTO order_claims (id, order_id, order_item_id, user_id, ticket_id, ticket_number, pieces, \
         piece_count, reason, message, created_at) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11)",
    )
    .bind(&id)
    .bind(new.order_id)
    .bind(new.order_item_id)
    .bind(new.user_id)
    .bind(new.ticket_id)
    .bind(new.ticket_number)
    .bind(new.pieces)
    .bind(new.piece_count)
    .bind(new.reason)
    .bind(new.message)
    .bind(now_ms())
    .execute(&mut **tx)
    .await?;
    for (position, sha256) in new.photos.iter().enumerate() {
        sqlx::query(
            "INSERT INTO order_claim_photos (claim_id, position, sha256) VALUES ($1, $2, $3)",
        )
        .bind(&id)
        .bind(position as i64)
        .bind(sha256)
        .execute(&mut **tx)
        .await?;
    }
    sqlx::query("UPDATE support_tickets SET claim_id = $1 WHERE id = $2")
        .bind(&id)
        .bind(new.ticket_id)
        .execute(&mut **tx)
        .await?;
    put(tx, email).await?;
    Ok(id)
}

async fn put(tx: &mut Transaction<'static, Any>, m: &Outgoing) -> Result<(), DbError> {
    Ok(outbox::put(tx, m.channel, &m.to, &m.subject, &m.body).await?)
}

pub async fn get(db: &Db, id: &str) -> Result<Option<ClaimRow>, DbError> {
    Ok(sqlx::query_as(&format!("{SELECT} WHERE c.id = $1"))
        .bind(id)
        .fetch_optional(db)
        .await?)
}

/// The order's claims, oldest first.
pub async fn of_order(db: &Db, order_id: &str) -> Result<Vec<ClaimRow>, DbError> {
    Ok(sqlx::query_as(&format!(
        "{SELECT} WHERE c.order_id = $1 ORDER BY c.created_at, c.id"
    ))
    .bind(order_id)
    .fetch_all(db)
    .await?)
}

/// A page of every customer's claims (all, or those in `status`), newest
/// first, and how many there are.
pub async fn list(
    db: &Db,
    status: Option<&str>,
    limit: i64,
    offset: i64,
) -> Result<(Vec<ClaimRow>, i64), DbError> {
    let rows = sqlx::query_as(&format!(
        "{SELECT} WHERE ($1 IS NULL OR c.status = $1) ORDER BY c.created_at DESC, c.id DESC LIMIT $2 OFFSET $3"
    ))
    .bind(status)
    .bind(limit)
    .bind(offset)
    .fetch_all(db)
    .await?;
    let total =
        sqlx::query_scalar("SELECT COUNT(*) FROM order_claims WHERE ($1 IS NULL OR status = $1)")
            .bind(status)
            .fetch_one(db)
            .await?;
    Ok((rows, total))
}

/// The photos (SHA-256 of the artwork) of each of these claims, in order.
pub async fn photos(db: &Db, claim_ids: &[&str]) -> Result<Vec<(String, String)>, DbError> {
    if claim_ids.is_empty() {
        return Ok(Vec::new());
    }
    let placeholders: Vec<String> = (1..=claim_ids.len()).map(|i| format!("${i}")).collect();
    let sql = format!(
        "SELECT claim_id, sha256 FROM order_claim_photos WHERE claim_id IN ({}) ORDER BY claim_id, position",
        placeholders.join(", ")
    );
    let mut query = sqlx::query_as(&sql);
    for id in claim_ids {
        query = query.bind(*id);
    }
    Ok(query.fetch_all(db).await?)
}

/// A decision to record.
pub struct Decision<'a> {
    /// `reprinted`, `refunded` or `rejected`.
    pub status: &'a str,
    pub note: Option<&'a str>,
    pub by: &'a str,
    pub reprint_order_id: Option<&'a str>,
    pub refund_owed_id: Option<&'a str>,
    pub refund_amount: Option<i64>,
    /// The customer's e-mail about it, queued with it.
    pub email: &'a Outgoing,
}

/// Records the decision of an open claim in the caller's transaction, with
/// the customer's e-mail; `false` (nothing written) when the claim was
/// decided already.
pub async fn decide(
    tx: &mut Transaction<'static, Any>,
    claim_id: &str,
    d: &Decision<'_>,
) -> Result<bool, DbError> {
    let done = sqlx::query(
        "UPDATE order_claims SET status = $1, decision_note = $2, decided_by = $3, decided_at = $4, \
         reprint_order_id = $5, refund_owed_id = $6, refund_amount = $7 WHERE id = $8 AND status = 'open'",
    )
    .bind(d.status)
    .bind(d.note)
    .bind(d.by)
    .bind(now_ms())
    .bind(d.reprint_order_id)
    .bind(d.refund_owed_id)
    .bind(d.refund_amount)
    .bind(claim_id)
    .execute(&mut **tx)
    .await?;
    if done.rows_affected() != 1 {
        return Ok(false);
    }
    put(tx, d.email).await?;
    Ok(true)
}

/// A reprint to place: the original order, the line as it is made again, and
/// who decided it.
pub struct Reprint<'a> {
    pub original: &'a Order,
    pub original_item_id: &'a str,
    pub claim_id: &'a str,
    pub order_number: &'a str,
    /// The claimed pieces, at ₹0.
    pub item: &'a NewItem,
    pub notes: &'a str,
    pub by: &'a str,
}

/// Places a reprint in the caller's transaction: an order at ₹0 counted as
/// paid, its proof the original's (approved), straight into production
/// (recorded as `by`'s move from confirmed), its line's pictures held as the
/// original's are, and its stock made due. Its receipt is the claim's, so a
/// claim is reprinted once. The new order's id.
pub async fn place_reprint(
    tx: &mut Transaction<'static, Any>,
    r: &Reprint<'_>,
) -> Result<String, DbError> {
    let id = new_id();
    let item_id = new_id();
    let now = now_ms();
    let o = r.original;
    sqlx::query(
        "INSERT INTO orders (id, user_id, order_number, status, is_paid, paid_at, receipt, provider, payment_method, \
         items_count, items_price, tax_price, total_price, shipping_address, billing_address, notes, created_at, \
         updated_at, gateway_fee_bps, proof_state) \
         VALUES ($1, $2, $3, 'processing', 1, $4, $5, 'none', 'reprint', $6, 0, 0, 0, $7, $8, $9, $4, $4, 0, 'approved')",
    )
    .bind(&id)
    .bind(&o.user_id)
    .bind(r.order_number)
    .bind(now)
    .bind(format!("claim:{}", r.claim_id))
    .bind(r.item.quantity)
    .bind(&o.shipping_address)
    .bind(&o.billing_address)
    .bind(r.notes)
    .execute(&mut **tx)
    .await?;
    let line = r.item;
    sqlx::query(
        "INSERT INTO order_items (id, order_id, position, product_id, name, color, artwork_hash, design, sizes, \
         unit_price, quantity, elements, design_fee, line_total, base_unit_price, tier_discount_bps, name_charge, \
         number_charge) VALUES ($1, $2, 0, $3, $4, $5, $6, $7, $8, 0, $9, $10, 0, 0, NULL, 0, 0, 0)",
    )
    .bind(&item_id)
    .bind(&id)
    .bind(&line.product_id)
    .bind(&line.name)
    .bind(&line.color)
    .bind(&line.artwork_hash)
    .bind(&line.design)
    .bind(&line.sizes)
    .bind(line.quantity)
    .bind(line.elements)
    .execute(&mut **tx)
    .await?;
    sqlx::query(
        "INSERT INTO order_item_artwork (order_item_id, sha256) \
         SELECT $1, sha256 FROM order_item_artwork WHERE order_item_id = $2",
    )
    .bind(&item_id)
    .bind(r.original_item_id)
    .execute(&mut **tx)
    .await?;
    sqlx::query(
        "INSERT INTO order_status_changes (id, order_id, from_status, to_status, changed_by, created_at) \
         VALUES ($1, $2, 'confirmed', 'processing', $3, $4)",
    )
    .bind(new_id())
    .bind(&id)
    .bind(r.by)
    .bind(now)
    .execute(&mut **tx)
    .await?;
    sqlx::query(
        "INSERT INTO order_events (id, order_id, kind, version, actor, note, created_at) \
         VALUES ($1, $2, $3, NULL, $4, $5, $6)",
    )
    .bind(new_id())
    .bind(&id)
    .bind(super::proofs::APPROVED)
    .bind(super::proofs::SYSTEM)
    .bind(format!(
        "A reprint of order {}: its proof was approved there",
        o.order_number
    ))
    .bind(now)
    .execute(&mut **tx)
    .await?;
    sqlx::query("INSERT INTO stock_due (order_id) VALUES ($1)")
        .bind(&id)
        .execute(&mut **tx)
        .await?;
    Ok(id)
}
