//! Accepting a quote: once, before it expires, by the customer it was made
//! for. Its line goes into their cart at the quoted unit price, held for that
//! line only; a quote for the garments only takes one of the customer's saved
//! designs of its product and colour, at the quote's pieces. One conditional
//! UPDATE takes the quote, so two accepts at once make one cart line.

use design_engine::held_price::at_held_or_lower;
use design_engine::{Design, Paise};

use super::{Shown, Standing, day, visible};
use crate::core::messages::quotes as messages;
use crate::db::quotes::{self, Accepted};
use crate::db::{designs, products};
use crate::error::Failure;
use crate::state::AppState;

fn refusal(s: &Shown) -> Option<Failure> {
    match s.standing {
        Standing::Accepted => Some(messages::already_accepted(&s.number)),
        Standing::Expired => Some(messages::expired(&s.number, &day(s.valid_until))),
        Standing::Open => None,
    }
}

/// The design the line is made of: the quote's own, or the customer's saved
/// design `design_id` for a quote of the garments only; at the quote's pieces.
async fn line_design(
    state: &AppState,
    user_id: &str,
    s: &Shown,
    design_id: Option<&str>,
) -> Result<Design, Failure> {
    let mut design = match (&s.quote.design, design_id) {
        (Some(_), Some(_)) => return Err(messages::design_given()),
        (Some(stored), None) => Design::from_json(stored)?,
        (None, None) => return Err(messages::design_needed()),
        (None, Some(id)) => {
            if !crate::ids::is_id(id) {
                return Err(messages::unknown_design());
            }
            let saved = designs::get(&state.db, user_id, id)
                .await?
                .ok_or_else(messages::unknown_design)?;
            let design = saved.design()?;
            if design.product_id != s.quote.product_id
                || !design.color.eq_ignore_ascii_case(&s.quote.color)
            {
                return Err(messages::design_elsewhere());
            }
            design
        }
    };
    design.quantities = s.quantities.clone();
    Ok(design)
}

/// Accepts quote `id` for `user_id` into their cart.
pub async fn accept(
    state: &AppState,
    user_id: &str,
    id: &str,
    design_id: Option<&str>,
) -> Result<Shown, Failure> {
    let s = visible(state, user_id, false, id).await?;
    if let Some(no) = refusal(&s) {
        return Err(no);
    }
    let design = line_design(state, user_id, &s, design_id).await?;
    let product = products::get(&state.db, &s.quote.product_id)
        .await?
        .ok_or_else(|| Failure::not_found("Product not found in database."))?;
    design.check_for_cart(&product.garment())?;
    crate::core::designs::check_design(&state.db, user_id, &design).await?;
    let pricing = product
        .pricing()
        .with_personalisation(state.config.personalisation);
    let line = at_held_or_lower(design.quote(&pricing)?, Paise(s.quote.unit_price))?;
    let now = crate::db::now_ms();
    match quotes::accept(&state.db, id, user_id, now, &design, &line).await? {
        Accepted::Done => {
            tracing::info!(quote = %id, "quote accepted");
            visible(state, user_id, false, id).await
        }
        Accepted::InCart => Err(messages::already_in_cart()),
        Accepted::NotOpen => {
            let again = visible(state, user_id, false, id).await?;
            Err(refusal(&again)
                .unwrap_or_else(|| Failure::conflict("The quote changed. Please try again.")))
        }
    }
}
