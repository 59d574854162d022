//! The stock paid orders take, taken in batches off the payment's path.
//!
//! Every payment for a product used to update that product's row in its own
//! transaction, so on PostgreSQL concurrent payments queued for the row's lock
//! (`just bench-api`: most of verify's time, sampled from `pg_stat_activity`,
//! was `Lock:transactionid` on that UPDATE). Now the paying transaction only
//! adds its order to `stock_due`, and the keeper takes the stock of every due
//! order in one transaction moments later: claimed, taken and removed at once,
//! so each order's stock is taken exactly once, whatever crashes and however
//! many instances share the database (a second keeper waits for the first's
//! claimed rows and finds them gone).

use std::sync::LazyLock;
use std::time::Duration;

use sqlx::Row;
use tokio::sync::Notify;

use crate::db::orders::Claim;
use crate::db::script::Script;
use crate::db::{Db, DbError, now_ms};

/// Woken when a payment made stock due.
static DUE: LazyLock<Notify> = LazyLock::new(Notify::new);

/// How often the keeper looks without being woken (another instance's
/// payments, or orders left due by a crash).
const LOOK_EVERY: Duration = Duration::from_secs(1);

/// How long the keeper lets payments gather after a batch.
const GATHER: Duration = Duration::from_millis(100);

/// Adds a paid order's stock to what is due, in the paying script, if that
/// script's payment confirmed it (`orders::pay`).
pub fn make_due(script: &mut Script, claim: &Claim) {
    script
        .push(&format!(
            "INSERT INTO stock_due (order_id) SELECT id FROM {} WHERE id = $1 AND payment_claim = $2",
            Claim::PAID
        ))
        .bind(claim.order_id.clone())
        .bind(claim.claim.clone());
}

/// Wakes the keeper (after the paying transaction committed).
pub fn wake() {
    DUE.notify_waiters();
}

/// Takes the stock of every due order, never below 0, and marks the catalogue
/// changed: one transaction. Returns how many orders it took.
pub async fn take_due(db: &Db) -> Result<u64, DbError> {
    // A read first: an idle store's keeper, looking every second, never takes
    // SQLite's write lock (or starts a PostgreSQL write) for nothing.
    // (The table holds only what is due: counting it is cheap.)
    let waiting: i64 = sqlx::query_scalar("SELECT COUNT(*) FROM stock_due WHERE taking = 0")
        .fetch_one(db)
        .await?;
    if waiting == 0 {
        return Ok(0);
    }
    // One script (one crossing to SQLite's writer): claim, take, count, remove.
    let mut script = Script::new(db);
    script.push("UPDATE stock_due SET taking = 1 WHERE taking = 0");
    // What is due per product, summed from the claimed orders' lines (found
    // through `order_items_order`): the work grows with what is due, not with
    // every order the product ever had.
    script
        .push(
            "UPDATE products SET stock = CASE WHEN products.stock > due.quantity THEN products.stock - due.quantity ELSE 0 END, \
             updated_at = $1 \
             FROM (SELECT i.product_id, CAST(SUM(i.quantity) AS BIGINT) AS quantity \
                   FROM stock_due d JOIN order_items i ON i.order_id = d.order_id \
                   WHERE d.taking = 1 GROUP BY i.product_id) AS due \
             WHERE products.id = due.product_id",
        )
        .bind(now_ms());
    script.push("SELECT COUNT(*) FROM stock_due WHERE taking = 1");
    // The catalogue changed only if this keeper took something (another may
    // have claimed everything first).
    crate::db::products::bump_version_if(
        &mut script,
        "EXISTS (SELECT 1 FROM stock_due WHERE taking = 1)",
    );
    script.push("DELETE FROM stock_due WHERE taking = 1");
    let rows = script.run().await?;
    let claimed: i64 = rows
        .first()
        .ok_or(DbError::Invariant("a count without a row"))?
        .try_get(0)?;
    Ok(claimed as u64)
}

/// Takes due stock whenever a payment wakes it, and every [`LOOK_EVERY`]
/// (first at start: what a crash left due). Runs for the life of the server.
pub async fn keep(db: Db) {
    loop {
        // Registered before taking: a payment committed meanwhile still wakes it.
        let woken = DUE.notified();
        tokio::pin!(woken);
        woken.as_mut().enable();
        match take_due(&db).await {
            // More may have come while it took: look again soon, once a batch
            // has gathered (under constant payments, the keeper would
            // otherwise hold the writer for one order at a time).
            Ok(n) if n > 0 => {
                tokio::time::sleep(GATHER).await;
                continue;
            }
            Ok(_) => {}
            Err(e) => tracing::warn!(error = %e, "taking the paid orders' stock failed"),
        }
        tokio::select! {
            _ = woken => {}
            _ = tokio::time::sleep(LOOK_EVERY) => {}
        }
    }
}
