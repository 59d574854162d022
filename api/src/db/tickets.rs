//! Complaint tickets and their threads (see the `support_tickets` migration):
//! filed with their number and first message in one transaction, read by id,
//! by number and e-mail, by owner or through the admin's filters, and moved
//! through their states. Rows in, rows out: `core::support` writes the
//! e-mails and decides who may do what.

use sqlx::{Any, AnyConnection, FromRow, Transaction};

use super::series::{self, Counters};
use super::{Db, DbError, begin_write, outbox};
use crate::domain::ticket::{Author, Category, TicketStatus};
use crate::ids::new_id;

/// A ticket as stored, with its assignee's name and its order's number.
#[derive(FromRow, Debug, Clone)]
pub struct Ticket {
    pub id: String,
    pub series: String,
    pub seq: i64,
    pub user_id: Option<String>,
    pub name: String,
    pub email: String,
    pub phone: Option<String>,
    pub category: Category,
    pub subject: String,
    pub order_id: Option<String>,
    pub order_number: Option<String>,
    pub claim_id: Option<String>,
    pub status: TicketStatus,
    pub created_at: i64,
    pub acknowledge_by: i64,
    pub resolve_by: i64,
    pub acknowledged_at: Option<i64>,
    pub resolved_at: Option<i64>,
    pub resolution: Option<String>,
    pub assignee_id: Option<String>,
    pub assignee_name: Option<String>,
    /// The filer's language: the desk's e-mails to them are in it.
    pub language: crate::domain::Language,
}

const SELECT: &str = "SELECT t.id, t.series, t.seq, t.user_id, t.name, t.email, t.phone, t.category, \
     t.subject, t.order_id, o.order_number, t.claim_id, t.status, t.created_at, t.acknowledge_by, \
     t.resolve_by, t.acknowledged_at, t.resolved_at, t.resolution, t.assignee_id, a.name AS assignee_name, \
     t.language \
     FROM support_tickets t LEFT JOIN orders o ON o.id = t.order_id \
     LEFT JOIN users a ON a.id = t.assignee_id";

/// Overdue at `$1`: not acknowledged past its acknowledgement deadline, or
/// not resolved past its resolution deadline.
const OVERDUE: &str = "((t.status = 'open' AND t.acknowledge_by < $1) \
     OR (t.status <> 'resolved' AND t.resolve_by < $1))";

/// One message of a ticket's thread.
#[derive(FromRow, Debug, Clone)]
pub struct Message {
    pub id: String,
    pub ticket_id: String,
    pub author: Author,
    pub author_name: String,
    pub body: String,
    pub created_at: i64,
}

/// A ticket to file: checked by `core::support`, e-mail lower case.
#[derive(Debug, Clone)]
pub struct NewTicket<'a> {
    pub user_id: Option<&'a str>,
    pub name: &'a str,
    pub email: &'a str,
    pub phone: Option<&'a str>,
    pub category: Category,
    pub subject: &'a str,
    pub message: &'a str,
    pub order_id: Option<&'a str>,
    /// Its series (`GRV/26-27`), by its filing date.
    pub series: &'a str,
    pub created_at: i64,
    pub acknowledge_by: i64,
    pub resolve_by: i64,
    pub language: crate::domain::Language,
}

/// Files a ticket: the next number of its series, the ticket, its first
/// message, and the e-mail `letter` made from that number (the
/// acknowledgement), in one transaction. Returns the ticket's id and seq.
pub async fn file(
    db: &Db,
    new: &NewTicket<'_>,
    letter: impl FnOnce(i64) -> outbox::Outgoing,
) -> Result<(String, i64), DbError> {
    let id = new_id();
    let mut tx = begin_write(db).await?;
    let seq = series::next(&mut tx, Counters::Tickets, new.series).await?;
    sqlx::query(
        "INSERT INTO support_tickets (id, series, seq, user_id, name, email, phone, category, subject, \
         order_id, status, created_at, acknowledge_by, resolve_by, language) \
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, 'open', $11, $12, $13, $14)",
    )
    .bind(&id)
    .bind(new.series)
    .bind(seq)
    .bind(new.user_id)
    .bind(new.name)
    .bind(new.email)
    .bind(new.phone)
    .bind(new.category)
    .bind(new.subject)
    .bind(new.order_id)
    .bind(new.created_at)
    .bind(new.acknowledge_by)
    .bind(new.resolve_by)
    .bind(new.language)
    .execute(&mut *tx)
    .await?;
    insert_message(
        &mut tx,
        &id,
        Author::Customer,
        None,
        new.name,
        new.message,
        new.created_at,
    )
    .await?;
    put(&mut tx, letter(seq)).await?;
    tx.commit().await?;
    Ok((id, seq))
}

async fn insert_message(
    tx: &mut AnyConnection,
    ticket_id: &str,
    author: Author,
    author_id: Option<&str>,
    author_name: &str,
    body: &str,
    at: i64,
) -> Result<(), sqlx::Error> {
    sqlx::query(
        "INSERT INTO support_ticket_messages (id, ticket_id, author, author_id, author_name, body, created_at) \
         VALUES ($1, $2, $3, $4, $5, $6, $7)",
    )
    .bind(new_id())
    .bind(ticket_id)
    .bind(author)
    .bind(author_id)
    .bind(author_name)
    .bind(body)
    .bind(at)
    .execute(tx)
    .await?;
    Ok(())
}

async fn put(tx: &mut Transaction<'_, Any>, m: outbox::Outgoing) -> Result<(), sqlx::Error> {
    outbox::put(tx, m.channel, &m.to, &m.subject, &m.body).await
}

/// A ticket by id.
pub async fn get(db: &Db, id: &str) -> Result<Option<Ticket>, DbError> {
    Ok(sqlx::query_as(&format!("{SELECT} WHERE t.id = $1"))
        .bind(id)
        .fetch_optional(db)
        .await?)
}

/// The ticket numbered `seq` in `series` and filed with `email` (lower case).
pub async fn by_number(
    db: &Db,
    series: &str,
    seq: i64,
    email: &str,
) -> Result<Option<Ticket>, DbError> {
    Ok(sqlx::query_as(&format!(
        "{SELECT} WHERE t.series = $1 AND t.seq = $2 AND t.email = $3"
    ))
    .bind(series)
    .bind(seq)
    .bind(email)
    .fetch_optional(db)
    .await?)
}

/// The most tickets a customer's list shows (newest first).
pub const MAX_OWN: i64 = 200;

/// A customer's tickets, newest first: filed signed in as `user_id`, or with
/// `email` (their verified address, None when it is not verified).
pub async fn of_customer(
    db: &Db,
    user_id: &str,
    email: Option<&str>,
) -> Result<Vec<Ticket>, DbError> {
    Ok(sqlx::query_as(&format!(
        "{SELECT} WHERE t.user_id = $1 OR t.email = $2 \
         ORDER BY t.created_at DESC, t.id DESC LIMIT {MAX_OWN}"
    ))
    .bind(user_id)
    .bind(email)
    .fetch_all(db)
    .await?)
}

/// The threads of `tickets`, oldest message first, in one query.
pub async fn messages(db: &Db, ticket_ids: &[&str]) -> Result<Vec<Message>, DbError> {
    if ticket_ids.is_empty() {
        return Ok(Vec::new());
    }
    let marks: Vec<String> = (1..=ticket_ids.len()).map(|i| format!("${i}")).collect();
    let sql = format!(
        "SELECT id, ticket_id, author, author_name, body, created_at FROM support_ticket_messages \
         WHERE ticket_id IN ({}) ORDER BY created_at, id",
        marks.join(", ")
    );
    let mut q = sqlx::query_as(&sql);
    for id in ticket_ids {
        q = q.bind(*id);
    }
    Ok(q.fetch_all(db).await?)
}

/// Which tickets the admin's list shows.
#[derive(Debug, Default, Clone, Copy)]
pub struct Filter {
    pub status: Option<TicketStatus>,
    pub category: Option<Category>,
    /// Only overdue ones (true) or only those that are not (false).
    pub overdue: Option<bool>,
}

/// A page of tickets, newest first, and how many match; overdue as of `now`.
pub async fn list(
    db: &Db,
    f: Filter,
    now: i64,
    limit: i64,
    offset: i64,
) -> Result<(Vec<Ticket>, i64), DbError> {
    // $1 is always `now` (OVERDUE reads it); the filters add their own.
    let mut conditions = vec!["$1 = $1".to_string()];
    let mut next = 2;
    if f.status.is_some() {
        conditions.push(format!("t.status = ${next}"));
        next += 1;
    }
    if f.category.is_some() {
        conditions.push(format!("t.category = ${next}"));
        next += 1;
    }
    match f.overdue {
        Some(true) => conditions.push(OVERDUE.to_string()),
        Some(false) => conditions.push(format!("NOT {OVERDUE}")),
        None => {}
    }
    let filter = conditions.join(" AND ");
    let page_sql = format!(
        "{SELECT} WHERE {filter} ORDER BY t.created_at DESC, t.id DESC LIMIT ${next} OFFSET ${}",
        next + 1
    );
    let count_sql = format!("SELECT COUNT(*) FROM support_tickets t WHERE {filter}");
    let mut page = sqlx::query_as(&page_sql).bind(now);
    let mut count = sqlx::query_scalar(&count_sql).bind(now);
    if let Some(s) = f.status {
        page = page.bind(s);
        count = count.bind(s);
    }
    if let Some(c) = f.category {
        page = page.bind(c);
        count = count.bind(c);
    }
    let tickets = page.bind(limit).bind(offset).fetch_all(db).await?;
    let total = count.fetch_one(db).await?;
    Ok((tickets, total))
}

/// Tickets not resolved, and of them those overdue at `now` (the admin overview).
pub async fn counts(db: &Db, now: i64) -> Result<(i64, i64), DbError> {
    Ok(sqlx::query_as(&format!(
        "SELECT COUNT(*), COALESCE(SUM(CASE WHEN {OVERDUE} THEN 1 ELSE 0 END), 0) \
         FROM support_tickets t WHERE t.status <> 'resolved'"
    ))
    .bind(now)
    .fetch_one(db)
    .await?)
}

/// Who writes a message: the customer, or an admin (their id and name).
#[derive(Debug, Clone, Copy)]
pub struct Writer<'a> {
    pub author: Author,
    pub id: Option<&'a str>,
    pub name: &'a str,
}

/// The most messages a thread holds (the complaint included).
pub const MAX_THREAD: i64 = 200;

/// What adding a message came to.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Added {
    Added,
    /// No such ticket.
    NoTicket,
    /// The thread holds `MAX_THREAD` messages already; nothing was written.
    Full,
}

/// Adds a message to a ticket's thread at `now`, with what it does to the
/// ticket, and queues `letter` (the customer's e-mail of a staff reply), in
/// one transaction. A customer's message reopens a resolved ticket (to
/// `acknowledged`, or `open` if it never was); a staff message acknowledges
/// an open one.
pub async fn add_message(
    db: &Db,
    ticket_id: &str,
    by: Writer<'_>,
    body: &str,
    now: i64,
    letter: Option<outbox::Outgoing>,
) -> Result<Added, DbError> {
    let mut tx = begin_write(db).await?;
    // Counted in the write transaction, so concurrent replies cannot pass the cap together.
    let (tickets, messages): (i64, i64) = sqlx::query_as(
        "SELECT (SELECT COUNT(*) FROM support_tickets WHERE id = $1), \
         (SELECT COUNT(*) FROM support_ticket_messages WHERE ticket_id = $1)",
    )
    .bind(ticket_id)
    .fetch_one(&mut *tx)
    .await?;
    if tickets == 0 {
        return Ok(Added::NoTicket);
    }
    if messages >= MAX_THREAD {
        return Ok(Added::Full);
    }
    insert_message(&mut tx, ticket_id, by.author, by.id, by.name, body, now).await?;
    match by.author {
        Author::Customer => reopen_in(&mut tx, ticket_id).await?,
        Author::Staff => acknowledge_in(&mut tx, ticket_id, now).await?,
    };
    if let Some(letter) = letter {
        put(&mut tx, letter).await?;
    }
    tx.commit().await?;
    Ok(Added::Added)
}

async fn acknowledge_in(tx: &mut AnyConnection, id: &str, now: i64) -> Result<bool, sqlx::Error> {
    let done = sqlx::query(
        "UPDATE support_tickets SET status = 'acknowledged', acknowledged_at = $2 \
         WHERE id = $1 AND status = 'open'",
    )
    .bind(id)
    .bind(now)
    .execute(tx)
    .await?;
    Ok(done.rows_affected() == 1)
}

async fn reopen_in(tx: &mut AnyConnection, id: &str) -> Result<bool, sqlx::Error> {
    let done = sqlx::query(
        "UPDATE support_tickets SET resolved_at = NULL, resolution = NULL, \
         status = CASE WHEN acknowledged_at IS NULL THEN 'open' ELSE 'acknowledged' END \
         WHERE id = $1 AND status = 'resolved'",
    )
    .bind(id)
    .execute(tx)
    .await?;
    Ok(done.rows_affected() == 1)
}

/// Acknowledges an open ticket at `now`; false when it is not open.
pub async fn acknowledge(db: &Db, id: &str, now: i64) -> Result<bool, DbError> {
    let mut conn = db.acquire().await?;
    Ok(acknowledge_in(&mut conn, id, now).await?)
}

/// Reopens a resolved ticket; false when it is not resolved.
pub async fn reopen(db: &Db, id: &str) -> Result<bool, DbError> {
    let mut conn = db.acquire().await?;
    Ok(reopen_in(&mut conn, id).await?)
}

/// Hands a ticket to the admin `admin_id`; false when either is not there
/// (the admin must have the role now).
pub async fn assign(db: &Db, id: &str, admin_id: &str) -> Result<bool, DbError> {
    let done = sqlx::query(
        "UPDATE support_tickets SET assignee_id = $2 WHERE id = $1 \
         AND EXISTS (SELECT 1 FROM users WHERE id = $2 AND role = 'admin')",
    )
    .bind(id)
    .bind(admin_id)
    .execute(db)
    .await?;
    Ok(done.rows_affected() == 1)
}

/// Resolves a ticket that is not resolved with `note` (also added to the
/// thread by `by`), acknowledging it if it was not, and queues the
/// customer's `letter`, in one transaction; false when it is resolved already.
pub async fn resolve(
    db: &Db,
    id: &str,
    by: Writer<'_>,
    note: &str,
    now: i64,
    letter: outbox::Outgoing,
) -> Result<bool, DbError> {
    let mut tx = begin_write(db).await?;
    if !resolve_in(&mut tx, id, by, note, now).await? {
        return Ok(false);
    }
    put(&mut tx, letter).await?;
    tx.commit().await?;
    Ok(true)
}

/// `resolve` in the caller's transaction, which tells the customer itself (a
/// claim's decision resolves its ticket); `false` when it was resolved already.
pub async fn resolve_in(
    tx: &mut AnyConnection,
    id: &str,
    by: Writer<'_>,
    note: &str,
    now: i64,
) -> Result<bool, DbError> {
    let done = sqlx::query(
        "UPDATE support_tickets SET status = 'resolved', resolved_at = $2, resolution = $3, \
         acknowledged_at = COALESCE(acknowledged_at, $2) WHERE id = $1 AND status <> 'resolved'",
    )
    .bind(id)
    .bind(now)
    .bind(note)
    .execute(&mut *tx)
    .await?;
    if done.rows_affected() != 1 {
        return Ok(false);
    }
    insert_message(tx, id, by.author, by.id, by.name, note, now).await?;
    Ok(true)
}

/// The most tickets one day's list to the grievance officer names.
pub const DIGEST_MAX: i64 = 500;

/// Tickets overdue at `now`, the longest overdue first (by filing).
pub async fn overdue(db: &Db, now: i64) -> Result<Vec<Ticket>, DbError> {
    Ok(sqlx::query_as(&format!(
        "{SELECT} WHERE {OVERDUE} ORDER BY t.created_at, t.id LIMIT {DIGEST_MAX}"
    ))
    .bind(now)
    .fetch_all(db)
    .await?)
}

/// The admins' e-mail addresses.
pub async fn admin_emails(db: &Db) -> Result<Vec<String>, DbError> {
    Ok(
        sqlx::query_scalar("SELECT email FROM users WHERE role = 'admin' ORDER BY email")
            .fetch_all(db)
            .await?,
    )
}

/// Claims India calendar day `day` for its list of `tickets` overdue tickets
/// and queues `letters` with it, in one transaction; false (nothing queued)
/// when another instance, or an earlier run, claimed the day.
pub async fn claim_digest_day(
    db: &Db,
    day: i64,
    now: i64,
    tickets: i64,
    letters: Vec<outbox::Outgoing>,
) -> Result<bool, DbError> {
    let mut tx = begin_write(db).await?;
    let claimed = sqlx::query(
        "INSERT INTO support_digest_days (day, sent_at, tickets) VALUES ($1, $2, $3) \
         ON CONFLICT (day) DO NOTHING",
    )
    .bind(day)
    .bind(now)
    .bind(tickets)
    .execute(&mut *tx)
    .await?;
    if claimed.rows_affected() != 1 {
        return Ok(false);
    }
    for letter in letters {
        put(&mut tx, letter).await?;
    }
    tx.commit().await?;
    Ok(true)
}
