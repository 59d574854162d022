//! Making a quote: the admin's request checked field by field (the first
//! wrong one refused with its own message, nothing stored), the line priced
//! by the engine and held at the negotiated unit price, then stored with its
//! number and its e-mail in one transaction.

use chrono::{Days, NaiveDate};
use design_engine::held_price::hold_unit_price;
use design_engine::{Design, LineQuote, Paise, Quantities};

use super::link;
use crate::core::documents::tax_document::india_date;
use crate::core::messages::quotes::{self as messages, MAX_VALID_DAYS, NOTE_MAX};
use crate::db::products::Product;
use crate::db::{designs, products, quotes, users};
use crate::domain::{Email, india_time, numbering};
use crate::error::Failure;
use crate::state::AppState;

/// A quote as the admin asks for it.
#[derive(Debug, Clone)]
pub struct Request {
    pub customer_email: String,
    pub product_id: String,
    pub color: String,
    pub quantities: Quantities,
    /// One of the customer's saved designs; none: the garments only.
    pub design_id: Option<String>,
    /// The negotiated price per piece, in paise; none: the engine's.
    pub unit_price: Option<i64>,
    /// The last day it is valid (India), `YYYY-MM-DD`.
    pub valid_until: String,
    pub note: String,
}

/// A request checked and priced.
pub struct Priced {
    pub email: String,
    pub product: Product,
    pub design: Design,
    pub has_design: bool,
    /// The engine's line at its list prices, and at the held price.
    pub list: LineQuote,
    pub held: LineQuote,
    pub valid_until: NaiveDate,
    pub note: String,
}

/// The end of `date` in India, in Unix ms.
pub fn end_of(date: NaiveDate) -> i64 {
    india_time::day_start(date + Days::new(1)) - 1
}

fn valid_until(raw: &str, now: i64) -> Result<NaiveDate, Failure> {
    let date = NaiveDate::parse_from_str(raw.trim(), "%Y-%m-%d")
        .map_err(|_| messages::bad_valid_until())?;
    let today = india_time::date(now);
    let last = today + Days::new(MAX_VALID_DAYS as u64);
    if date < today || date > last {
        return Err(messages::bad_valid_until());
    }
    Ok(date)
}

fn note(raw: &str) -> Result<String, Failure> {
    let t = raw.trim();
    let fits = t.chars().count() <= NOTE_MAX
        && t.chars()
            .all(|c| !c.is_control() || matches!(c, '\n' | '\r' | '\t'));
    fits.then(|| t.to_string()).ok_or_else(messages::bad_note)
}

/// The customer's saved design `id` for this quote's product and colour.
async fn customers_design(
    state: &AppState,
    email: &str,
    id: &str,
    product: &Product,
    color: &str,
) -> Result<Design, Failure> {
    if !crate::ids::is_id(id) {
        return Err(messages::unknown_design());
    }
    let user = users::by_email(&state.db, email)
        .await?
        .ok_or_else(messages::unknown_design)?;
    let saved = designs::get(&state.db, &user.id, id)
        .await?
        .ok_or_else(messages::unknown_design)?;
    let design = saved.design()?;
    if design.product_id != product.id || !design.color.eq_ignore_ascii_case(color) {
        return Err(messages::design_elsewhere());
    }
    crate::core::designs::check_design(&state.db, &user.id, &design).await?;
    Ok(design)
}

/// Checks the request in the form's order and prices it with the engine.
pub async fn price(state: &AppState, r: &Request, now: i64) -> Result<Priced, Failure> {
    let email = Email::parse(&r.customer_email)
        .map_err(|_| messages::bad_email())?
        .into_string()
        .to_lowercase();
    if !crate::ids::is_id(&r.product_id) {
        return Err(messages::unknown_product());
    }
    let product = products::get(&state.db, &r.product_id)
        .await?
        .ok_or_else(messages::unknown_product)?;
    let garment = product.garment();
    // The colour and the pieces first, on the plain garment: the engine's words.
    let mut plain = Design::new(&product.id, &r.color);
    plain.quantities = r.quantities.clone();
    plain.check_for_cart(&garment)?;
    let (mut design, has_design) = match r.design_id.as_deref().filter(|d| !d.is_empty()) {
        Some(id) => (
            customers_design(state, &email, id, &product, &r.color).await?,
            true,
        ),
        None => (plain, false),
    };
    design.quantities = r.quantities.clone();
    design.check_for_cart(&garment)?;
    let pricing = product
        .pricing()
        .with_personalisation(state.config.personalisation);
    let list = design.quote(&pricing)?;
    let held = match r.unit_price {
        Some(p) => hold_unit_price(list.clone(), Paise(p))?,
        None => list.clone(),
    };
    Ok(Priced {
        email,
        valid_until: valid_until(&r.valid_until, now)?,
        note: note(&r.note)?,
        product,
        design,
        has_design,
        list,
        held,
    })
}

/// Makes the quote: checked, priced, numbered in this financial year's
/// series and e-mailed to the customer with its link. Returns its id.
pub async fn make(state: &AppState, admin_id: &str, r: &Request) -> Result<String, Failure> {
    let now = crate::db::now_ms();
    let p = price(state, r, now).await?;
    let series = numbering::series(&state.config.document_prefixes.quote, india_date(now));
    let new = quotes::NewQuote {
        series: &series,
        customer_email: &p.email,
        product_id: &p.product.id,
        product_name: &p.product.name,
        color: &p.design.color,
        quantities: serde_json::to_string(&p.design.quantities)?,
        design: p.has_design.then(|| p.design.to_json()),
        unit_price: p.held.unit_price.0,
        list_unit_price: p.list.unit_price.0,
        line: serde_json::to_string(&p.held)?,
        valid_until: end_of(p.valid_until),
        note: &p.note,
        created_by: admin_id,
        created_at: now,
    };
    // The customer's language when the address has an account.
    let language = users::by_email(&state.db, &p.email)
        .await?
        .map(|u| u.language)
        .unwrap_or_default();
    let quoted = messages::Quoted {
        quantity: p.held.quantity,
        product: &p.product.name,
        colour: &p.design.color,
        has_design: p.has_design,
    };
    let letter = |id: &str, seq: i64| {
        messages::quote_made(
            &numbering::number(&series, seq),
            &quoted,
            p.held.unit_price,
            p.valid_until,
            &link(state, id),
            &state.config.company,
            language,
        )
        .email_to(p.email.clone())
    };
    let id = quotes::create(&state.db, &new, letter).await?;
    tracing::info!(quote = %id, "quote made");
    Ok(id)
}
