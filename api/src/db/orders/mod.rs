//! Orders and their line snapshots: numbering, placing and reading them.
//! Paying and cancelling, the changes that must happen once, are in
//! `payments`.

mod balance;
mod payments;

pub use balance::{BalancePaid, Settling, by_balance_order, pay_balance, set_balance_order};
pub(in crate::db) use payments::cancel_unpaid;
pub use payments::{Claim, Confirming, Event, Paid, Payment, cancel, pay, record_event};

use sqlx::FromRow;

use super::caps::Cap;
use super::script::Script;

use super::DbError;
use super::{Db, now_ms};
use crate::domain::OrderStatus;
use crate::ids::new_id;

#[derive(FromRow, Debug, Clone)]
pub struct Order {
    pub id: String,
    pub user_id: String,
    pub order_number: String,
    pub status: OrderStatus,
    pub is_paid: i64,
    pub paid_at: Option<i64>,
    pub receipt: String,
    pub provider: String,
    pub provider_order_id: Option<String>,
    pub payment_id: Option<String>,
    pub payment_method: String,
    pub currency: String,
    pub items_count: i64,
    pub items_price: i64,
    pub shipping_price: i64,
    /// The payment gateway's charge, in paise (the `tax_price` column: the
    /// specification's `taxPrice`).
    #[sqlx(rename = "tax_price")]
    pub gateway_charge: i64,
    /// The gateway fee `gateway_charge` was priced with (basis points of the items price).
    pub gateway_fee_bps: i64,
    pub discount_amount: i64,
    pub total_price: i64,
    pub refunded_amount: i64,
    pub shipping_address: String,
    pub billing_address: String,
    pub cancel_reason: Option<String>,
    pub tracking_number: Option<String>,
    pub created_at: i64,
    pub updated_at: i64,
    /// The random claim of the call that recorded the payment (`pay`).
    pub payment_claim: Option<String>,
    /// The business buyer's GSTIN given at checkout, checked by the engine.
    pub buyer_gstin: Option<String>,
    /// 'waiting' for the customer's approval of a proof, or 'approved'; none before payment.
    pub proof_state: Option<String>,
    /// A group member's order: the group order whose pieces it pays for.
    pub group_id: Option<String>,
    /// The coupon the order was priced with, and its code then.
    pub coupon_id: Option<String>,
    pub coupon_code: Option<String>,
    /// Paid in two parts (issue 52): what checkout charged first; 0 for an order paid in full.
    pub advance_amount: i64,
    /// What is left to pay once the advance is paid (0 before, and once the balance is paid).
    pub balance_due: i64,
    /// The provider's order for the balance, once the customer asked to pay it.
    pub balance_provider_order_id: Option<String>,
    pub balance_payment_id: Option<String>,
    pub balance_paid_at: Option<i64>,
    pub user_name: String,
    pub user_email: String,
    /// The language the customer reads the store in: their e-mails about it are in it.
    pub user_language: crate::domain::Language,
}

impl Order {
    /// What the customer has paid of the order's price (before refunds): the
    /// total, less the balance still due; nothing before payment.
    pub fn paid_amount(&self) -> i64 {
        if self.is_paid != 0 {
            self.total_price - self.balance_due
        } else {
            0
        }
    }

    /// What the order's first payment (its provider order) is for: the
    /// advance of an order paid in two parts, else the total.
    pub fn first_payment(&self) -> i64 {
        if self.advance_amount > 0 {
            self.advance_amount
        } else {
            self.total_price
        }
    }

    /// What the balance's payment is for (0 for an order paid in full).
    pub fn balance_amount(&self) -> i64 {
        if self.advance_amount > 0 {
            self.total_price - self.advance_amount
        } else {
            0
        }
    }
}

/// A stored order line.
#[derive(FromRow, Debug, Clone)]
pub struct Item {
    pub id: String,
    pub order_id: String,
    #[sqlx(flatten)]
    pub line: NewItem,
}

/// A priced cart line, as it goes into an order.
#[derive(FromRow, Debug, Clone)]
pub struct NewItem {
    pub product_id: String,
    pub name: String,
    pub color: String,
    pub artwork_hash: String,
    pub design: String,
    pub sizes: String,
    /// The SHA-256 of each picture the design uses: the order keeps them
    /// (not read back: order_item_artwork holds them).
    #[sqlx(skip)]
    pub artwork: Vec<String>,
    pub unit_price: i64,
    /// The price per piece before the quantity tier (none on lines placed before tiers).
    pub base_unit_price: Option<i64>,
    pub tier_discount_bps: i64,
    pub quantity: i64,
    pub elements: i64,
    pub design_fee: i64,
    /// Per piece, for a printed name and a printed number (0 where none is printed).
    pub name_charge: i64,
    pub number_charge: i64,
    /// What a coupon took off the line (0 without one): `line_total` is after it.
    pub discount: i64,
    pub line_total: i64,
    /// The quote the line was placed from, at its held price (`core::quotes`).
    pub quote_id: Option<String>,
}

impl NewItem {
    /// The line's names and numbers as the engine prices them from the stored
    /// design and the charges it was placed at; none for a line without them.
    pub fn personalisation(
        &self,
    ) -> Result<
        Option<design_engine::roster_pricing::PersonalisationQuote>,
        design_engine::StudioError,
    > {
        use design_engine::money::Paise;
        use design_engine::roster_pricing::PersonalisationCharges;
        if self.name_charge == 0 && self.number_charge == 0 {
            return Ok(None);
        }
        let design = design_engine::Design::from_json(&self.design)?;
        let charges =
            PersonalisationCharges::new(Paise(self.name_charge), Paise(self.number_charge))?;
        design.quote_personalisation(charges)
    }
}

/// An order to place, priced by the engine; addresses and notes are JSON.
pub struct NewOrder {
    pub user_id: String,
    pub receipt: String,
    /// Drawn before the provider's order, which quotes it.
    pub order_number: String,
    pub provider: String,
    /// The provider's order, made first so the order is stored once, complete.
    pub provider_order_id: String,
    pub items_count: i64,
    pub items_price: i64,
    /// The payment gateway's charge (stored as `tax_price`).
    pub gateway_charge: i64,
    /// The fee policy the order was priced with (`Config::gateway_fee_bps`).
    pub gateway_fee_bps: i64,
    pub total_price: i64,
    pub shipping_address: String,
    pub billing_address: String,
    /// Checked by the engine (`tax::buyer_gstin`); none for a consumer.
    pub buyer_gstin: Option<String>,
    pub notes: String,
    /// A group member's order: its group order.
    pub group_id: Option<String>,
    /// The coupon the order is priced with (id, code), holding one use of it
    /// from now (`coupons::push_hold`), and what it took off in all.
    pub coupon: Option<(String, String)>,
    pub discount: i64,
    pub items: Vec<NewItem>,
    /// Paid in two parts: the advance checkout charges (the engine's split); 0 for in full.
    pub advance_amount: i64,
}

/// An order's columns as `Order` reads them, named through the table (not an
/// alias: SQLite's RETURNING takes none), with the customer's name, e-mail
/// and language as the three expressions given.
macro_rules! order_columns {
    ($name:literal, $email:literal, $language:literal) => {
        concat!(
            "orders.id, orders.user_id, orders.order_number, orders.status, orders.is_paid, orders.paid_at, \
         orders.receipt, orders.provider, orders.provider_order_id, orders.payment_id, \
         orders.payment_method, orders.currency, orders.items_count, orders.items_price, \
         orders.shipping_price, orders.tax_price, orders.discount_amount, orders.total_price, \
         orders.refunded_amount, orders.shipping_address, orders.billing_address, orders.cancel_reason, \
         orders.tracking_number, orders.created_at, orders.updated_at, orders.payment_claim, \
         orders.buyer_gstin, orders.gateway_fee_bps, orders.proof_state, orders.group_id, orders.coupon_id, \
         orders.coupon_code, orders.advance_amount, orders.balance_due, orders.balance_provider_order_id, \
         orders.balance_payment_id, orders.balance_paid_at, ",
            $name,
            " AS user_name, ",
            $email,
            " AS user_email, ",
            $language,
            " AS user_language"
        )
    };
}

pub(in crate::db) const SELECT: &str = concat!(
    "SELECT ",
    order_columns!("users.name", "users.email", "users.language"),
    " FROM orders JOIN users ON users.id = orders.user_id"
);

/// An INSERT or UPDATE's RETURNING clause that gives the row as `Order` reads it
/// (RETURNING joins nothing: the customer's name and e-mail are looked up).
pub(in crate::db) const RETURNING: &str = concat!(
    " RETURNING ",
    order_columns!(
        "(SELECT name FROM users WHERE users.id = orders.user_id)",
        "(SELECT email FROM users WHERE users.id = orders.user_id)",
        "(SELECT language FROM users WHERE users.id = orders.user_id)"
    )
);

/// A new order number, dated today in India.
pub fn new_order_number() -> String {
    crate::domain::order_number::order_number(now_ms())
}

/// What placing an order came to.
pub enum Placed {
    /// The new order, or the one this receipt placed before (a retry).
    Order(Box<Order>),
    /// Another order has this number: draw another (and a provider order for it).
    NumberTaken,
    /// This receipt placed an order that was deleted since: it places no other.
    ReceiptSpent,
    /// The user has as many orders waiting for payment as they may
    /// (`Cap::OpenOrders`): nothing was stored.
    TooManyOpen,
}

/// Stores a pending, unpaid order with its lines and its provider's order in
/// one short write transaction (no provider call inside; SQLite lets one
/// writer in at a time, so an order is written once, not stored and then
/// completed), or returns the one a concurrent request placed with the same receipt.
#[tracing::instrument(skip(db, new), fields(user = new.user_id))]
pub async fn place(db: &Db, new: &NewOrder) -> Result<Placed, DbError> {
    // Orders placed at the same instant may pick the same free slot: the
    // later one picks again (each such clash means a slot was taken).
    for _ in 0..=Cap::OpenOrders.limit() {
        match insert(db, new).await {
            Ok(Some(order)) => return Ok(Placed::Order(Box::new(order))),
            Ok(None) => return Ok(Placed::TooManyOpen),
            Err(DbError::Query(sqlx::Error::Database(e))) if e.is_unique_violation() => {
                if let Some(existing) = by_receipt(db, &new.user_id, &new.receipt).await? {
                    return Ok(Placed::Order(Box::new(existing)));
                }
                if receipt_used(db, &new.user_id, &new.receipt).await? {
                    return Ok(Placed::ReceiptSpent);
                }
                if number_used(db, &new.order_number).await? {
                    return Ok(Placed::NumberTaken);
                }
            }
            Err(e) => return Err(e),
        }
    }
    Ok(Placed::TooManyOpen)
}

async fn number_used(db: &Db, order_number: &str) -> Result<bool, DbError> {
    let found: Option<String> = sqlx::query_scalar("SELECT id FROM orders WHERE order_number = $1")
        .bind(order_number)
        .fetch_optional(db)
        .await?;
    Ok(found.is_some())
}

/// The order's rows in one script (one crossing to SQLite's writer, one
/// statement on PostgreSQL); returns the order as stored, or none when the
/// user has no open slot left (`db::caps`: the order takes the lowest free
/// one, and its lines are inserted only with it).
async fn insert(db: &Db, new: &NewOrder) -> Result<Option<Order>, DbError> {
    let id = new_id();
    let now = now_ms();
    let mut script = Script::independent(db);
    script
        .push_result("placed", "orders", &format!(
            "INSERT INTO orders (id, user_id, order_number, receipt, provider, provider_order_id, items_count, \
             items_price, tax_price, total_price, shipping_address, billing_address, notes, created_at, updated_at, \
             buyer_gstin, open_slot, gateway_fee_bps, group_id, coupon_id, coupon_code, coupon_held, discount_amount, \
             advance_amount) \
             SELECT $1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $14, $15, slot, $16, $17, $18, $19, $20, $21, \
             $22 FROM \
             (SELECT MIN(n) AS slot FROM ({slots}) AS numbers WHERE n NOT IN \
             (SELECT open_slot FROM orders WHERE user_id = $2 AND open_slot IS NOT NULL)) AS free \
             WHERE slot IS NOT NULL{RETURNING}",
            slots = crate::db::caps::slot_numbers(Cap::OpenOrders),
        ))
        .bind(id.clone())
        .bind(new.user_id.clone())
        .bind(new.order_number.clone())
        .bind(new.receipt.clone())
        .bind(new.provider.clone())
        .bind(new.provider_order_id.clone())
        .bind(new.items_count)
        .bind(new.items_price)
        .bind(new.gateway_charge)
        .bind(new.total_price)
        .bind(new.shipping_address.clone())
        .bind(new.billing_address.clone())
        .bind(new.notes.clone())
        .bind(now)
        .bind(new.buyer_gstin.clone())
        .bind(new.gateway_fee_bps)
        .bind(new.group_id.clone())
        .bind(new.coupon.as_ref().map(|c| c.0.clone()))
        .bind(new.coupon.as_ref().map(|c| c.1.clone()))
        .bind(i64::from(new.coupon.is_some()))
        .bind(new.discount)
        .bind(new.advance_amount);
    for (position, item) in new.items.iter().enumerate() {
        let item_id = new_id();
        script
            .push(
                "INSERT INTO order_items (id, order_id, position, product_id, name, color, artwork_hash, design, \
                 sizes, unit_price, quantity, elements, design_fee, line_total, base_unit_price, tier_discount_bps, \
                 name_charge, number_charge, discount, quote_id) \
                 SELECT $1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16, $17, $18, $19, $20 \
                 WHERE EXISTS (SELECT 1 FROM placed WHERE id = $2)",
            )
            .bind(item_id.clone())
            .bind(id.clone())
            .bind(position as i64)
            .bind(item.product_id.clone())
            .bind(item.name.clone())
            .bind(item.color.clone())
            .bind(item.artwork_hash.clone())
            .bind(item.design.clone())
            .bind(item.sizes.clone())
            .bind(item.unit_price)
            .bind(item.quantity)
            .bind(item.elements)
            .bind(item.design_fee)
            .bind(item.line_total)
            .bind(item.base_unit_price)
            .bind(item.tier_discount_bps)
            .bind(item.name_charge)
            .bind(item.number_charge)
            .bind(item.discount)
            .bind(item.quote_id.clone());
        for sha256 in &item.artwork {
            script
                .push(
                    "INSERT INTO order_item_artwork (order_item_id, sha256) SELECT $1, $2 \
                     WHERE EXISTS (SELECT 1 FROM placed WHERE id = $3) ON CONFLICT DO NOTHING",
                )
                .bind(item_id.clone())
                .bind(sha256.clone())
                .bind(id.clone());
        }
    }
    if let Some((coupon_id, _)) = &new.coupon {
        super::coupons::push_hold(&mut script, coupon_id, &new.user_id, &id);
    }
    // The INSERT's RETURNING row (the lines return none); none at the cap.
    let rows = script.run().await?;
    Ok(rows.first().map(Order::from_row).transpose()?)
}

pub async fn get(db: &Db, id: &str) -> Result<Option<Order>, DbError> {
    Ok(sqlx::query_as(&format!("{SELECT} WHERE orders.id = $1"))
        .bind(id)
        .fetch_optional(db)
        .await?)
}

/// The order if it belongs to `user_id`.
pub async fn get_for_user(db: &Db, id: &str, user_id: &str) -> Result<Option<Order>, DbError> {
    Ok(sqlx::query_as(&format!(
        "{SELECT} WHERE orders.id = $1 AND orders.user_id = $2 AND orders.deleted_at IS NULL"
    ))
    .bind(id)
    .bind(user_id)
    .fetch_optional(db)
    .await?)
}

/// The user's order placed with this receipt, unless it was deleted (a
/// deleted order is never resumed, so never paid).
pub async fn by_receipt(db: &Db, user_id: &str, receipt: &str) -> Result<Option<Order>, DbError> {
    Ok(sqlx::query_as(&format!(
        "{SELECT} WHERE orders.user_id = $1 AND orders.receipt = $2 AND orders.deleted_at IS NULL"
    ))
    .bind(user_id)
    .bind(receipt)
    .fetch_optional(db)
    .await?)
}

/// Whether any order of the user, deleted or not, was placed with this receipt.
async fn receipt_used(db: &Db, user_id: &str, receipt: &str) -> Result<bool, DbError> {
    let found: Option<String> =
        sqlx::query_scalar("SELECT id FROM orders WHERE user_id = $1 AND receipt = $2")
            .bind(user_id)
            .bind(receipt)
            .fetch_optional(db)
            .await?;
    Ok(found.is_some())
}

/// The order of this provider order, unless it was deleted.
pub async fn by_provider_order(db: &Db, provider_order_id: &str) -> Result<Option<Order>, DbError> {
    Ok(sqlx::query_as(&format!(
        "{SELECT} WHERE orders.provider_order_id = $1 AND orders.deleted_at IS NULL"
    ))
    .bind(provider_order_id)
    .fetch_optional(db)
    .await?)
}

/// The order a payment through this provider order is for, deleted or not:
/// a payment that arrives is never ignored (`pay` refunds one that finds its
/// order cancelled or deleted). Every other lookup leaves deleted orders out.
pub async fn paid_through(db: &Db, provider_order_id: &str) -> Result<Option<Order>, DbError> {
    Ok(
        sqlx::query_as(&format!("{SELECT} WHERE orders.provider_order_id = $1"))
            .bind(provider_order_id)
            .fetch_optional(db)
            .await?,
    )
}

/// Records the provider's order id unless one is already stored (a
/// concurrent retry got there first); `false` then.
pub async fn set_provider_order(
    db: &Db,
    id: &str,
    provider_order_id: &str,
) -> Result<bool, DbError> {
    let done = sqlx::query(
        "UPDATE orders SET provider_order_id = $1, updated_at = $2 WHERE id = $3 AND provider_order_id IS NULL",
    )
    .bind(provider_order_id)
    .bind(now_ms())
    .bind(id)
    .execute(db)
    .await?;
    Ok(done.rows_affected() == 1)
}

/// The order with this number (not deleted), for public tracking.
pub async fn by_number(db: &Db, order_number: &str) -> Result<Option<Order>, DbError> {
    Ok(sqlx::query_as(&format!(
        "{SELECT} WHERE orders.order_number = $1 AND orders.deleted_at IS NULL"
    ))
    .bind(order_number)
    .fetch_optional(db)
    .await?)
}

/// The lines of these orders, in each order's own sequence.
pub async fn items(db: &Db, order_ids: &[&str]) -> Result<Vec<Item>, DbError> {
    if order_ids.is_empty() {
        return Ok(Vec::new());
    }
    let placeholders: Vec<String> = (1..=order_ids.len()).map(|i| format!("${i}")).collect();
    let sql = format!(
        "SELECT id, order_id, product_id, name, color, artwork_hash, design, sizes, unit_price, quantity, elements, \
         design_fee, line_total, base_unit_price, tier_discount_bps, name_charge, number_charge, discount, quote_id FROM order_items WHERE order_id IN ({}) ORDER BY order_id, position",
        placeholders.join(", ")
    );
    let mut query = sqlx::query_as(&sql);
    for id in order_ids {
        query = query.bind(*id);
    }
    Ok(query.fetch_all(db).await?)
}

/// A page of the user's orders, newest first, and how many there are in all.
pub async fn list_for_user(
    db: &Db,
    user_id: &str,
    status: Option<OrderStatus>,
    limit: i64,
    offset: i64,
) -> Result<(Vec<Order>, i64), DbError> {
    let orders = sqlx::query_as(&format!(
        "{SELECT} WHERE orders.user_id = $1 AND orders.deleted_at IS NULL AND ($2 IS NULL OR orders.status = $2) \
         ORDER BY orders.created_at DESC, orders.id DESC LIMIT $3 OFFSET $4"
    ))
    .bind(user_id)
    .bind(status)
    .bind(limit)
    .bind(offset)
    .fetch_all(db)
    .await?;
    let total: i64 = sqlx::query_scalar(
        "SELECT COUNT(*) FROM orders WHERE user_id = $1 AND deleted_at IS NULL AND ($2 IS NULL OR status = $2)",
    )
    .bind(user_id)
    .bind(status)
    .fetch_one(db)
    .await?;
    Ok((orders, total))
}

/// A group member's order after pieces left it (refunded): its one line and
/// its count make exactly the pieces still paid for, inside the transaction
/// that owes the refund. The prices stay as paid; the refund is the change.
pub async fn rewrite_group_line(
    tx: &mut sqlx::Transaction<'static, sqlx::Any>,
    order_id: &str,
    design: &str,
    sizes: &str,
    pieces: i64,
) -> Result<(), DbError> {
    sqlx::query(
        "UPDATE order_items SET design = $1, sizes = $2, quantity = $3 WHERE order_id = $4",
    )
    .bind(design)
    .bind(sizes)
    .bind(pieces)
    .bind(order_id)
    .execute(&mut **tx)
    .await?;
    sqlx::query("UPDATE orders SET items_count = $1, updated_at = $2 WHERE id = $3")
        .bind(pieces)
        .bind(now_ms())
        .bind(order_id)
        .execute(&mut **tx)
        .await?;
    Ok(())
}
