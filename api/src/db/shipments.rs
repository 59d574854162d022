//! Shipments (see the `shipments` migration): one per order, booked by hand
//! or through the provider, and the courier's scans. A shipment's state only
//! moves forward; a scan reported twice is kept once.

use sqlx::FromRow;

use super::order_admin::{self, Change};
use super::orders::Order;
use super::outbox::Outgoing;
use super::{Db, DbError, now_ms};
use crate::domain::OrderStatus;
use crate::domain::shipment::{Booking, ShipmentState, TrackingUpdate};
use crate::ids::new_id;

#[derive(FromRow, Debug, Clone)]
pub struct Shipment {
    pub order_id: String,
    /// 'manual' or 'shiprocket'.
    pub provider: String,
    pub courier: String,
    pub awb: String,
    pub tracking_url: String,
    pub provider_order_id: Option<String>,
    pub shipment_id: Option<String>,
    pub state: String,
    pub state_rank: i64,
    pub current_status: String,
    pub etd: Option<String>,
    pub created_at: i64,
    pub updated_at: i64,
    pub last_event_at: i64,
    pub polled_at: i64,
}

impl Shipment {
    pub fn state(&self) -> ShipmentState {
        ShipmentState::parse(&self.state).unwrap_or(ShipmentState::Booked)
    }
}

const COLUMNS: &str = "order_id, provider, courier, awb, tracking_url, provider_order_id, shipment_id, state, \
     state_rank, current_status, etd, created_at, updated_at, last_event_at, polled_at";

#[derive(FromRow, Debug, Clone, PartialEq, Eq)]
pub struct ScanRow {
    pub at: i64,
    pub activity: String,
    pub location: String,
}

pub async fn get(db: &Db, order_id: &str) -> Result<Option<Shipment>, DbError> {
    Ok(sqlx::query_as(&format!(
        "SELECT {COLUMNS} FROM shipments WHERE order_id = $1"
    ))
    .bind(order_id)
    .fetch_optional(db)
    .await?)
}

pub async fn by_awb(db: &Db, awb: &str) -> Result<Option<Shipment>, DbError> {
    Ok(
        sqlx::query_as(&format!("SELECT {COLUMNS} FROM shipments WHERE awb = $1"))
            .bind(awb)
            .fetch_optional(db)
            .await?,
    )
}

/// The scans of a shipment, oldest first.
pub async fn scans(db: &Db, order_id: &str) -> Result<Vec<ScanRow>, DbError> {
    Ok(sqlx::query_as(
        "SELECT at, activity, location FROM shipment_scans WHERE order_id = $1 ORDER BY at, activity",
    )
    .bind(order_id)
    .fetch_all(db)
    .await?)
}

/// What recording a booking found.
#[derive(Debug, PartialEq, Eq)]
pub enum Booked {
    Done,
    /// The order already has a shipment.
    AlreadyShipped,
    /// The AWB is another order's.
    AwbTaken,
    /// The order left `from` meanwhile.
    Moved,
}

/// Records the booking and moves the order from `from` to shipped in one
/// transaction, with the customer's shipped e-mail (`email`, which carries
/// the courier's details).
pub async fn record_booking(
    db: &Db,
    order: &Order,
    from: OrderStatus,
    provider: &str,
    booking: &Booking,
    by: &str,
    email: Option<&Outgoing>,
) -> Result<Booked, DbError> {
    let now = now_ms();
    let mut tx = super::begin_write(db).await?;
    let inserted = sqlx::query(
        "INSERT INTO shipments (order_id, provider, courier, awb, tracking_url, provider_order_id, shipment_id, \
         state, state_rank, current_status, etd, label, created_by, created_at, updated_at, last_event_at, polled_at) \
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, NULL, $12, $13, $13, $13, $13)",
    )
    .bind(&order.id)
    .bind(provider)
    .bind(&booking.courier)
    .bind(&booking.awb)
    .bind(&booking.tracking_url)
    .bind(&booking.provider_order_id)
    .bind(&booking.shipment_id)
    .bind(ShipmentState::Booked.as_str())
    .bind(i64::from(ShipmentState::Booked.rank()))
    .bind("Booked")
    .bind(&booking.etd)
    .bind(by)
    .bind(now)
    .execute(&mut *tx)
    .await;
    match inserted {
        Ok(_) => {}
        Err(sqlx::Error::Database(e)) if e.is_unique_violation() => {
            drop(tx);
            return Ok(if get(db, &order.id).await?.is_some() {
                Booked::AlreadyShipped
            } else {
                Booked::AwbTaken
            });
        }
        Err(e) => return Err(e.into()),
    }
    sqlx::query("UPDATE orders SET tracking_number = $1 WHERE id = $2")
        .bind(&booking.awb)
        .bind(&order.id)
        .execute(&mut *tx)
        .await?;
    let change = Change {
        from,
        to: OrderStatus::Shipped,
        by,
        override_reason: None,
        email,
    };
    if !order_admin::change_status(&mut tx, order, &change).await? {
        return Ok(Booked::Moved);
    }
    tx.commit().await?;
    Ok(Booked::Done)
}

/// The provider's label, once fetched.
pub async fn label(db: &Db, order_id: &str) -> Result<Option<Vec<u8>>, DbError> {
    let row: Option<(Option<Vec<u8>>,)> =
        sqlx::query_as("SELECT label FROM shipments WHERE order_id = $1")
            .bind(order_id)
            .fetch_optional(db)
            .await?;
    Ok(row.and_then(|(l,)| l))
}

pub async fn keep_label(db: &Db, order_id: &str, pdf: &[u8]) -> Result<(), DbError> {
    sqlx::query("UPDATE shipments SET label = $1 WHERE order_id = $2")
        .bind(pdf)
        .bind(order_id)
        .execute(db)
        .await?;
    Ok(())
}

/// Who moved a shipment in its order's history: the courier's own update.
pub const COURIER: &str = "courier";

/// The order event recording that a shipment reached `state`.
pub fn event_kind(state: ShipmentState) -> String {
    format!("shipment_{}", state.as_str())
}

/// What applying a tracking update did.
#[derive(Debug, PartialEq, Eq)]
pub struct Applied {
    /// Scans not seen before.
    pub new_scans: usize,
    /// The state it moved to, if it moved.
    pub moved_to: Option<ShipmentState>,
}

/// Keeps the update's new scans and moves the shipment forward: to a later
/// state, or within the same state to a later status text; never back, and
/// never out of delivered or returned. Returns what changed.
pub async fn apply(db: &Db, s: &Shipment, u: &TrackingUpdate) -> Result<Applied, DbError> {
    let now = now_ms();
    let mut tx = super::begin_write(db).await?;
    let mut new_scans = 0;
    for scan in &u.scans {
        let done = sqlx::query(
            "INSERT INTO shipment_scans (id, order_id, at, activity, location) VALUES ($1, $2, $3, $4, $5) \
             ON CONFLICT (order_id, at, activity) DO NOTHING",
        )
        .bind(new_id())
        .bind(&s.order_id)
        .bind(scan.at)
        .bind(&scan.activity)
        .bind(&scan.location)
        .execute(&mut *tx)
        .await?;
        new_scans += done.rows_affected() as usize;
    }
    // When the update happened: its latest scan, else now (never later: a
    // courier's clock ahead of ours must not order it after what follows).
    let happened = u.scans.iter().map(|s| s.at).max().unwrap_or(now).min(now);
    let mut moved_to = None;
    if let Some(state) = u.state {
        let rank = i64::from(state.rank());
        let done = sqlx::query(
            "UPDATE shipments SET state = $1, state_rank = $2, current_status = $3, etd = COALESCE($4, etd), \
             updated_at = $5, last_event_at = $6 \
             WHERE order_id = $7 AND state_rank < 3 \
             AND (state_rank < $2 OR (state_rank = $2 AND last_event_at <= $6))",
        )
        .bind(state.as_str())
        .bind(rank)
        .bind(if u.current_status.is_empty() { state.label() } else { &u.current_status })
        .bind(&u.etd)
        .bind(now)
        .bind(happened)
        .bind(&s.order_id)
        .execute(&mut *tx)
        .await?;
        if done.rows_affected() == 1 && rank > s.state_rank {
            moved_to = Some(state);
            // In the order's history (and the customer's timeline) at the time it happened.
            sqlx::query(
                "INSERT INTO order_events (id, order_id, kind, version, actor, note, created_at) \
                 VALUES ($1, $2, $3, NULL, $4, $5, $6)",
            )
            .bind(new_id())
            .bind(&s.order_id)
            .bind(event_kind(state))
            .bind(COURIER)
            .bind(&u.current_status)
            .bind(happened)
            .execute(&mut *tx)
            .await?;
        }
    }
    // Heard from: the poller leaves it alone for a while.
    sqlx::query("UPDATE shipments SET updated_at = $1 WHERE order_id = $2")
        .bind(now)
        .bind(&s.order_id)
        .execute(&mut *tx)
        .await?;
    tx.commit().await?;
    Ok(Applied {
        new_scans,
        moved_to,
    })
}

/// Shipments still on their way (booked, in transit, out for delivery) of
/// `provider` that nobody has heard of or asked about since `before`.
pub async fn quiet(
    db: &Db,
    provider: &str,
    before: i64,
    limit: i64,
) -> Result<Vec<Shipment>, DbError> {
    Ok(sqlx::query_as(&format!(
        "SELECT {COLUMNS} FROM shipments WHERE provider = $1 AND state_rank < 3 \
         AND updated_at < $2 AND polled_at < $2 ORDER BY polled_at LIMIT $3"
    ))
    .bind(provider)
    .bind(before)
    .bind(limit)
    .fetch_all(db)
    .await?)
}

/// Claims a quiet shipment for one poll: false when another instance did first.
pub async fn claim_poll(db: &Db, s: &Shipment) -> Result<bool, DbError> {
    let done =
        sqlx::query("UPDATE shipments SET polled_at = $1 WHERE order_id = $2 AND polled_at = $3")
            .bind(now_ms())
            .bind(&s.order_id)
            .bind(s.polled_at)
            .execute(db)
            .await?;
    Ok(done.rows_affected() == 1)
}

/// The shipments of these orders (for labels), in no particular order.
pub async fn of_orders(db: &Db, order_ids: &[&str]) -> Result<Vec<Shipment>, DbError> {
    if order_ids.is_empty() {
        return Ok(Vec::new());
    }
    let placeholders: Vec<String> = (1..=order_ids.len()).map(|i| format!("${i}")).collect();
    let sql = format!(
        "SELECT {COLUMNS} FROM shipments WHERE order_id IN ({})",
        placeholders.join(", ")
    );
    let mut query = sqlx::query_as(&sql);
    for id in order_ids {
        query = query.bind(*id);
    }
    Ok(query.fetch_all(db).await?)
}

/// How long a booking may hold an order before another may try.
const BOOKING_CLAIM_MS: i64 = 2 * 60 * 1000;

/// Holds the order for one booking with the provider: false while another
/// booking (in any instance) holds it.
pub async fn claim_booking(db: &Db, order_id: &str) -> Result<bool, DbError> {
    let now = now_ms();
    let done = sqlx::query(
        "UPDATE orders SET shipment_claimed_at = $1 WHERE id = $2 \
         AND (shipment_claimed_at IS NULL OR shipment_claimed_at < $3)",
    )
    .bind(now)
    .bind(order_id)
    .bind(now - BOOKING_CLAIM_MS)
    .execute(db)
    .await?;
    Ok(done.rows_affected() == 1)
}

pub async fn release_booking(db: &Db, order_id: &str) -> Result<(), DbError> {
    sqlx::query("UPDATE orders SET shipment_claimed_at = NULL WHERE id = $1")
        .bind(order_id)
        .execute(db)
        .await?;
    Ok(())
}
