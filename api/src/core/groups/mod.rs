//! Group orders' rules: what a member's row may hold, the one design their
//! rows make (quantities from the sizes, the roster from the names and
//! numbers), and closing it into the organiser's cart in one transaction.
//! Every studio rule and every price is the engine's.

use design_engine::design::row_misfit;
use design_engine::roster::{RosterRow, RosterRowInput};
use design_engine::{Design, Quantities, Size};

use crate::core::checkout::quote::{CheckedCart, LineOf, order_line};
use crate::db::group_orders as groups;
use crate::db::group_orders::{Group, Row};
use crate::db::{Db, cart, outbox, products};
use crate::error::{Failure, Kind};
use design_engine::pricing::quote_order;

/// What a group's title may be, in characters.
pub const MAX_TITLE_CHARS: usize = 80;
/// The furthest a deadline may be: 90 days.
pub const MAX_DEADLINE_MS: i64 = 90 * 24 * 3600 * 1000;
/// The most pieces an organiser may let each member add.
pub const MAX_PIECES_PER_MEMBER: u32 = 10;
/// Open groups one organiser may run at once.
pub const MAX_OPEN_GROUPS: usize = 20;

/// A member's row as typed, checked: its size, and for a group whose design
/// prints names or numbers, exactly what it prints.
pub struct CheckedRow {
    pub size: Size,
    pub name: Option<String>,
    pub number: Option<String>,
}

pub fn check_row(
    design: &Design,
    size: &str,
    name: Option<&str>,
    number: Option<&str>,
) -> Result<CheckedRow, Failure> {
    let blank = |s: Option<&str>| s.is_none_or(|s| s.trim().is_empty());
    if !design.is_personalised() {
        let size = Size::parse(size).ok_or_else(|| unknown_size(size))?;
        if !blank(name) || !blank(number) {
            return Err(Failure::bad_request_code(
                "This group order prints no names or numbers: choose a size only.",
                "GROUP_NOT_PERSONALISED",
            ));
        }
        return Ok(CheckedRow {
            size,
            name: None,
            number: None,
        });
    }
    let input = RosterRowInput {
        size: size.to_string(),
        name: name.map(str::to_string),
        number: number.map(str::to_string),
    };
    let row = RosterRow::from_input(&input).map_err(|p| row_error(p.to_string(), p.code()))?;
    if let Some(p) = row_misfit(design, &row) {
        return Err(row_error(p.to_string(), p.code()));
    }
    Ok(CheckedRow {
        size: row.size(),
        name: row.name().map(str::to_string),
        number: row.number().map(str::to_string),
    })
}

fn unknown_size(size: &str) -> Failure {
    let p = design_engine::roster::RowProblem::UnknownSize(size.trim().chars().take(8).collect());
    row_error(p.to_string(), p.code())
}

/// The engine's message for one row, as a sentence.
fn row_error(message: String, code: &str) -> Failure {
    let mut chars = message.chars();
    let sentence = match chars.next() {
        Some(first) => first.to_uppercase().chain(chars).collect(),
        None => message,
    };
    Failure::bad_request_code(sentence, code)
}

/// The design the rows make: the group's design with a piece per row, and
/// the rows as its roster where it prints names or numbers.
pub fn assemble(group_design: &Design, rows: &[Row]) -> Result<Design, Failure> {
    let mut design = group_design.clone();
    let mut quantities = Quantities::default();
    let mut roster = Vec::new();
    for row in rows {
        let size = Size::parse(&row.size).ok_or_else(|| {
            Failure::internal(format!("group row {}: size {:?}", row.id, row.size))
        })?;
        let now = i64::from(quantities.get(size));
        quantities.set(size, now + 1)?;
        if design.is_personalised() {
            let r = RosterRow::new(
                size,
                row.name.as_deref().unwrap_or(""),
                row.number.as_deref().unwrap_or(""),
            )
            .map_err(|p| Failure::internal(format!("group row {}: {p}", row.id)))?;
            roster.push(r);
        }
    }
    design.quantities = quantities;
    design.set_roster(roster)?;
    Ok(design)
}

/// What a member pays for their unpaid rows, as an order's lines: one line,
/// the group's design with these pieces (and their names and numbers), at the
/// engine's share (`Design::quote_share`), the pictures still held.
pub async fn member_lines(
    state: &crate::state::AppState,
    group: &Group,
    rows: &[Row],
) -> Result<CheckedCart, Failure> {
    let product = products::get(&state.db, &group.product_id)
        .await?
        .ok_or_else(|| Failure::not_found("Product not found in database."))?;
    let pricing = product
        .pricing()
        .with_personalisation(state.config.personalisation);
    let base = design_of(group)?;
    let design = assemble(&base, rows)?;
    crate::core::designs::check_kept(&state.db, &design).await?;
    let quote = design.quote_share(&pricing)?;
    let line = order_line(
        LineOf {
            product_id: product.id,
            name: product.name,
            color: design.color.clone(),
            artwork_hash: design_engine::hash::artwork_hash(&base),
            design: design.to_json(),
        },
        &design,
        &quote,
    )?;
    Ok(CheckedCart {
        quote: quote_order(vec![quote], state.config.gateway_fee_bps)?,
        items: vec![line],
    })
}

/// The group's design as stored (the saved design without quantities or roster).
pub fn design_of(group: &Group) -> Result<Design, Failure> {
    Design::from_json(&group.design)
        .map_err(|e| Failure::internal(format!("group order {}: {e}", group.id)))
}

/// Closes an open group. The organiser paying: into their cart, where the
/// rows become one line (merged with a line of the same artwork already
/// there), the group is closed and its members are told, all in one
/// transaction, so a row that joins at the same moment is either in the
/// line or refused. Members paying: `close_paid`.
pub async fn close(
    db: &Db,
    group: &Group,
    charges: design_engine::roster_pricing::PersonalisationCharges,
) -> Result<(), Failure> {
    if group.payment == groups::MEMBERS_PAY {
        return close_paid(db, group).await;
    }
    let product = products::get(db, &group.product_id)
        .await?
        .ok_or_else(|| Failure::not_found("Product not found in database."))?;
    let pricing = product.pricing().with_personalisation(charges);
    let base = design_of(group)?;
    // The pictures are the organiser's: still held, as for any cart line.
    crate::core::designs::check_design(db, &group.organiser_id, &base).await?;
    let artwork = design_engine::hash::artwork_hash(&base);
    let mut tx = crate::db::begin_write(db).await?;
    if !groups::lock_open(&mut tx, &group.id, None).await? {
        return Err(not_open());
    }
    let rows = groups::rows_in(&mut tx, &group.id).await?;
    let design = assemble(&base, &rows)?;
    design.check_for_cart(&product.colors)?;
    let existing = cart::by_artwork(&mut *tx, &group.organiser_id, &artwork).await?;
    let (merged, target) =
        crate::core::cart::add_design::merged_line(existing.as_ref(), &design, &artwork)?;
    let quote = merged.quote(&pricing)?;
    if !cart::save_in(&mut tx, &group.organiser_id, target, &merged, &quote).await? {
        return Err(crate::core::cart::add_design::busy());
    }
    groups::finish(&mut tx, &group.id, groups::CLOSED).await?;
    for member in members(&rows, &group.organiser_id) {
        let body = format!(
            "Hello {},\n\n{} has closed the group order \"{}\". Your piece ({}) goes to print with the team's order.\n",
            member.member_name,
            group.organiser_name,
            group.title,
            piece(member)
        );
        outbox::put(
            &mut tx,
            "email",
            &member.member_email,
            &format!("{} is closed: your piece goes to print", group.title),
            &body,
        )
        .await?;
    }
    tx.commit().await?;
    Ok(())
}

/// Closes an open group whose members pay: the paid rows are the order
/// (each member's own order, released to production now); a row still
/// unpaid leaves, its order cancelled (a payment landing on it later is
/// refunded), unless its payment landed first. Below the minimum nothing
/// changes: the organiser tops up, extends the deadline or cancels.
async fn close_paid(db: &Db, group: &Group) -> Result<(), Failure> {
    let base = design_of(group)?;
    let mut tx = crate::db::begin_write(db).await?;
    if !groups::lock_open(&mut tx, &group.id, None).await? {
        return Err(not_open());
    }
    let mut kept = Vec::new();
    let mut unpaid = Vec::new();
    for row in groups::rows_in(&mut tx, &group.id).await? {
        let paid = match (&row.order_id, row.paid) {
            (_, 1) => true,
            (Some(order), _) => groups::cancel_or_paid(&mut tx, order, CLOSED_UNPAID).await?,
            (None, _) => false,
        };
        if paid {
            kept.push(row)
        } else {
            unpaid.push(row)
        }
    }
    // The engine's minimum over the paid pieces (dropping the transaction undoes the cancels).
    assemble(&base, &kept)?.quantities.check_minimum()?;
    for row in &unpaid {
        groups::drop_row(&mut tx, &row.id).await?;
    }
    groups::finish(&mut tx, &group.id, groups::PLACED).await?;
    for member in members(&unpaid, &group.organiser_id) {
        let body = format!(
            "Hello {},\n\n{} has closed the group order \"{}\" before your piece ({}) was paid for, so it is not in the order and nothing was charged.\n",
            member.member_name,
            group.organiser_name,
            group.title,
            piece(member)
        );
        let subject = format!("{} is closed without your piece", group.title);
        outbox::put(&mut tx, "email", &member.member_email, &subject, &body).await?;
    }
    tell_everyone(&mut tx, &group.id, &format!("{} has been ordered", group.title), &format!(
        "The group order \"{}\" is closed with {} paid pieces and goes to print together; you will hear when it ships.\n",
        group.title,
        kept.len()
    ))
    .await?;
    tx.commit().await?;
    Ok(())
}

const CLOSED_UNPAID: &str = "The group order closed before this piece was paid for";

/// Cancels an open group and tells its members; every member's payment is
/// owed back in the same transaction: the refunds owed (their ids, for the
/// caller to make).
pub async fn cancel(db: &Db, group: &Group) -> Result<Vec<String>, Failure> {
    let why = format!("{} has cancelled the group order", group.organiser_name);
    cancel_because(db, group, &why, false).await
}

/// The clock cancels a members-pay group that missed its deadline below the
/// minimum and was neither extended nor closed within the grace hours, as
/// `cancel` does, and tells the organiser too.
pub async fn cancel_by_clock(
    db: &Db,
    group: &Group,
    grace_hours: i64,
) -> Result<Vec<String>, Failure> {
    let why = format!(
        "The group order missed its deadline without enough paid pieces, and {} did not extend it within {grace_hours} hours, so it was cancelled",
        group.organiser_name
    );
    cancel_because(db, group, &why, true).await
}

async fn cancel_because(
    db: &Db,
    group: &Group,
    why: &str,
    tell_organiser: bool,
) -> Result<Vec<String>, Failure> {
    let mut tx = crate::db::begin_write(db).await?;
    if !groups::finish(&mut tx, &group.id, groups::CANCELLED).await? {
        return Err(not_open());
    }
    let rows = groups::rows_in(&mut tx, &group.id).await?;
    let mut orders: Vec<&str> = rows.iter().filter_map(|r| r.order_id.as_deref()).collect();
    orders.sort_unstable();
    orders.dedup();
    let mut owed = Vec::new();
    for order in orders {
        owed.extend(
            groups::release_order(&mut tx, order, "The group order was cancelled", true).await?,
        );
    }
    if tell_organiser {
        let email = email_of(&mut tx, &group.organiser_id).await?;
        let body = format!(
            "Hello {},\n\n{why}: \"{}\". Every member who paid is being refunded.\n",
            group.organiser_name, group.title
        );
        let subject = format!("{} was cancelled", group.title);
        outbox::put(&mut tx, "email", &email, &subject, &body).await?;
    }
    for member in members(&rows, &group.organiser_id) {
        let money = if member.paid != 0 {
            "Your payment is being refunded to the card you paid with."
        } else {
            "Nothing was charged."
        };
        let body = format!(
            "Hello {},\n\n{why}: \"{}\". Nothing will be printed for you. {money}\n",
            member.member_name, group.title
        );
        outbox::put(
            &mut tx,
            "email",
            &member.member_email,
            &format!("{} was cancelled", group.title),
            &body,
        )
        .await?;
    }
    tx.commit().await?;
    Ok(owed)
}

/// A row leaves its group (withdrawn or removed), in the caller's
/// transaction holding the group: dropped, and its order let go (cancelled
/// while unpaid). A paid order owes the piece back, named in the refund's
/// reason (and so its credit note), and its line is rewritten to the pieces
/// still paid for: what is made is always what is paid and not refunded.
/// The refund owed (its id), if any.
pub async fn release_row(
    tx: &mut sqlx::Transaction<'static, sqlx::Any>,
    group: &Group,
    row: &Row,
    reason: &str,
) -> Result<Option<String>, Failure> {
    groups::drop_row(tx, &row.id).await?;
    let Some(order_id) = row.order_id.as_deref() else {
        return Ok(None);
    };
    let reason = format!("{reason}: 1 piece ({})", piece(row));
    let owed = groups::release_order(tx, order_id, &reason, false).await?;
    if owed.is_some() {
        let held = groups::rows_of_order(tx, order_id).await?;
        if !held.is_empty() {
            let design = assemble(&design_of(group)?, &held)?;
            crate::db::orders::rewrite_group_line(
                tx,
                order_id,
                &design.to_json(),
                &serde_json::to_string(&design.quantities)?,
                i64::from(design.quantities.total()),
            )
            .await?;
        }
    }
    Ok(owed)
}

/// A group member's order may go into production or ship only once its
/// group is placed, and only while its line makes exactly the pieces the
/// group's rows still pay for.
pub async fn may_make(db: &Db, order: &crate::db::orders::Order) -> Result<(), Failure> {
    if let Some(group) = groups::waiting_for(db, &order.id).await? {
        return Err(Failure::conflict_code(
            format!(
                "Order {} pays for a piece of the group order \"{group}\", which is not placed yet: it goes into production with the group",
                order.order_number
            ),
            "GROUP_NOT_PLACED",
        ));
    }
    match groups::pieces_and_rows(db, &order.id).await? {
        Some((pieces, rows)) if pieces != rows => Err(Failure::conflict_code(
            format!(
                "Order {} makes {pieces} pieces but its group order's rows pay for {rows}: it cannot be made until they agree",
                order.order_number
            ),
            "GROUP_PIECES_CHANGED",
        )),
        _ => Ok(()),
    }
}

/// The members' own rows (not the organiser's top-ups).
fn members<'a>(rows: &'a [Row], organiser_id: &'a str) -> impl Iterator<Item = &'a Row> + 'a {
    rows.iter()
        .filter(move |r| r.top_up == 0 && r.user_id != organiser_id)
}

/// "M", "M, ASHA 7": a row as a member reads it.
pub fn piece(row: &Row) -> String {
    let mut words = vec![row.size.clone()];
    words.extend(
        [row.name.as_deref(), row.number.as_deref()]
            .into_iter()
            .flatten()
            .map(str::to_string),
    );
    words.join(" ")
}

/// The group is no longer open, in words for its state.
pub fn not_open() -> Failure {
    Failure::conflict_code(
        "This group order is no longer open: it was closed or cancelled.",
        "GROUP_NOT_OPEN",
    )
}

/// How often the groups' clock runs: deadlines, placed orders, shipments.
const EVERY: std::time::Duration = std::time::Duration::from_secs(60);

pub async fn run(state: crate::state::AppState) {
    loop {
        if let Err(e) = tick(&state).await {
            tracing::warn!(error = ?e, "group orders' clock failed");
        }
        tokio::time::sleep(EVERY).await;
    }
}

/// What happens to groups without anyone asking, once each (every step is a
/// compare-and-set, so instances running it side by side do it once):
/// a group past its deadline closes when it has the minimum (members paying:
/// paid pieces), else its organiser is told what they can do; a closed group
/// whose line the organiser paid for is placed, and everyone is told; and
/// again when its order ships. The refunds owed are made.
pub async fn tick(state: &crate::state::AppState) -> Result<(), Failure> {
    let (db, charges) = (&state.db, state.config.personalisation);
    for group in groups::past_deadline(db).await? {
        let mut rows = groups::rows(db, &group.id).await?;
        if group.payment == groups::MEMBERS_PAY {
            rows.retain(|r| r.paid != 0);
        }
        let quantities = assemble(&design_of(&group)?, &rows)?.quantities;
        let pieces = quantities.total();
        let closed = quantities.check_minimum().is_ok() && close(db, &group, charges).await.is_ok();
        let (subject, body) = if closed {
            (
                format!("{} closed at its deadline", group.title),
                format!(
                    "Hello {},\n\n\"{}\" reached its deadline with {pieces} {} and is closed: {}\n",
                    group.organiser_name,
                    group.title,
                    if group.payment == groups::MEMBERS_PAY {
                        "paid pieces"
                    } else {
                        "pieces"
                    },
                    if group.payment == groups::MEMBERS_PAY {
                        "its pieces go to print together."
                    } else {
                        "its line is in your cart. Pay for it there to send it to print."
                    }
                ),
            )
        } else {
            let need = quantities.need_more();
            (
                format!("{} reached its deadline", group.title),
                format!(
                    "Hello {},\n\n\"{}\" reached its deadline with {pieces} pieces{}. You can extend the deadline, top up the missing pieces yourself and close it, or cancel it.{}\n",
                    group.organiser_name,
                    group.title,
                    if need > 0 {
                        format!(", {need} short of the minimum")
                    } else {
                        String::new()
                    },
                    if group.payment == groups::MEMBERS_PAY {
                        format!(
                            " If you have not extended it within {} hours, it is cancelled and every member who paid is refunded.",
                            state.config.group_grace_hours
                        )
                    } else {
                        String::new()
                    }
                ),
            )
        };
        let mut tx = crate::db::begin_write(db).await?;
        if groups::claim_flag(&mut tx, &group.id, groups::Flag::Deadline).await? {
            let email = email_of(&mut tx, &group.organiser_id).await?;
            outbox::put(&mut tx, "email", &email, &subject, &body).await?;
        }
        tx.commit().await?;
    }
    // Members paying, past the deadline and its grace below the minimum: the
    // members' money is not left waiting on an organiser who does nothing.
    let grace = state.config.group_grace_hours;
    for group in groups::past_grace(db, crate::db::now_ms() - grace * 3_600_000).await? {
        let mut rows = groups::rows(db, &group.id).await?;
        rows.retain(|r| r.paid != 0);
        if assemble(&design_of(&group)?, &rows)?
            .quantities
            .check_minimum()
            .is_err()
        {
            match cancel_by_clock(db, &group, grace).await {
                Ok(_) => {
                    tracing::info!(group_id = %group.id, "a group order past its grace was cancelled")
                }
                // Extended, closed or cancelled meanwhile (by another instance too).
                Err(Failure {
                    kind: Kind::Conflict,
                    ..
                }) => {}
                Err(e) => return Err(e),
            }
        }
    }
    // Members paying: the minimum counts paid pieces, which land through the payments' paths.
    let minimum = i64::from(design_engine::quantities::MIN_PER_COLOUR);
    for group in groups::paid_minimum_unmailed(db, minimum).await? {
        let mut rows = groups::rows(db, &group.id).await?;
        rows.retain(|r| r.paid != 0);
        if assemble(&design_of(&group)?, &rows)?
            .quantities
            .check_minimum()
            .is_ok()
        {
            let mut tx = crate::db::begin_write(db).await?;
            tell_minimum(&mut tx, &group, rows.len() as i64).await?;
            tx.commit().await?;
        }
    }
    for (group_id, order_id) in groups::paid_for(db).await? {
        let mut tx = crate::db::begin_write(db).await?;
        if groups::place(&mut tx, &group_id, &order_id).await? {
            let (title, number): (String, String) = sqlx::query_as(
                "SELECT g.title, o.order_number FROM group_orders g JOIN orders o ON o.id = $2 WHERE g.id = $1",
            )
            .bind(&group_id)
            .bind(&order_id)
            .fetch_one(&mut *tx)
            .await?;
            tell_everyone(&mut tx, &group_id, &format!("{title} has been ordered"), &format!(
                "The group order \"{title}\" has been paid for and placed as order {number}. Every piece is printed together; you will hear when it ships.\n"
            ))
            .await?;
        }
        tx.commit().await?;
    }
    for group_id in groups::shipped_unmailed(db).await? {
        let mut tx = crate::db::begin_write(db).await?;
        if groups::claim_flag(&mut tx, &group_id, groups::Flag::Shipped).await? {
            let title: String = sqlx::query_scalar("SELECT title FROM group_orders WHERE id = $1")
                .bind(&group_id)
                .fetch_one(&mut *tx)
                .await?;
            tell_everyone(&mut tx, &group_id, &format!("{title} has shipped"), &format!(
                "The group order \"{title}\" has shipped to its organiser, who will hand out the pieces.\n"
            ))
            .await?;
        }
        tx.commit().await?;
    }
    crate::core::checkout::refunds::settle_owed(state)
        .await
        .map_err(|e| Failure::internal(format!("refunds owed: {e}")))?;
    Ok(())
}

/// Tells the organiser, once, that the group has the minimum: `pieces`
/// joined (the organiser paying) or paid for (members paying).
pub async fn tell_minimum(
    tx: &mut sqlx::Transaction<'static, sqlx::Any>,
    group: &Group,
    pieces: i64,
) -> Result<(), Failure> {
    if !groups::claim_flag(tx, &group.id, groups::Flag::Minimum).await? {
        return Ok(());
    }
    let next = if group.payment == groups::MEMBERS_PAY {
        "paid pieces: the minimum is reached. Close the group order when everyone has paid, and the paid pieces go to print."
    } else {
        "pieces: the minimum is reached. Close the group order when everyone is in, and pay for it from your cart."
    };
    let body = format!(
        "Hello {},\n\n\"{}\" has {pieces} {next}\n",
        group.organiser_name, group.title
    );
    let email = email_of(tx, &group.organiser_id).await?;
    let subject = format!("{} has reached the minimum", group.title);
    outbox::put(tx, "email", &email, &subject, &body).await?;
    Ok(())
}

async fn email_of(
    tx: &mut sqlx::Transaction<'static, sqlx::Any>,
    user_id: &str,
) -> Result<String, Failure> {
    Ok(sqlx::query_scalar("SELECT email FROM users WHERE id = $1")
        .bind(user_id)
        .fetch_one(&mut **tx)
        .await?)
}

/// One e-mail to the organiser and to each member holding a row.
async fn tell_everyone(
    tx: &mut sqlx::Transaction<'static, sqlx::Any>,
    group_id: &str,
    subject: &str,
    body: &str,
) -> Result<(), Failure> {
    let emails: Vec<String> = sqlx::query_scalar(
        "SELECT u.email FROM users u WHERE u.id IN (SELECT organiser_id FROM group_orders WHERE id = $1) \
         OR u.id IN (SELECT user_id FROM group_order_rows WHERE group_id = $1) ORDER BY u.email",
    )
    .bind(group_id)
    .fetch_all(&mut **tx)
    .await?;
    for email in emails {
        outbox::put(tx, "email", &email, subject, body).await?;
    }
    Ok(())
}
