//! Coupons: the admin's terms checked, a code found, and a coupon tried on
//! priced lines by the engine's rules (`design_engine::coupon`) with the uses
//! so far. A use is held when the order is opened (`db::coupons::push_hold`).

use design_engine::coupon::{CouponLine, CouponTerms, Off, Refusal, Usage, normalise_code};
use design_engine::money::Paise;

use crate::core::messages::coupons as messages;
use crate::db::coupons::{Coupon, CouponInput};
use crate::db::{Db, coupons, now_ms};
use crate::error::{Failure, Fallible};

/// A coupon as the admin writes it (money in paise, times in Unix ms).
#[derive(Debug, Clone, Default)]
pub struct Fields {
    pub code: String,
    pub percent_off: Option<i64>,
    pub amount_off: Option<i64>,
    pub min_pieces: Option<i64>,
    pub valid_from: Option<i64>,
    pub valid_until: Option<i64>,
    pub max_uses: Option<i64>,
    pub max_uses_per_customer: Option<i64>,
    pub product_ids: Vec<String>,
    pub categories: Vec<String>,
    pub active: Option<bool>,
}

/// The admin's fields checked, each refusal with its own message.
pub fn checked(f: Fields) -> Fallible<CouponInput> {
    let code =
        normalise_code(&f.code).ok_or_else(|| Failure::bad_request(messages::CODE_FORMAT))?;
    let (percent_off_bps, amount_off) = match (f.percent_off, f.amount_off) {
        (Some(p), None) if (1..=100).contains(&p) => (Some(p * 100), None),
        (Some(_), None) => return Err(Failure::bad_request(messages::PERCENT_RANGE)),
        (None, Some(a)) if a > 0 => (None, Some(a)),
        (None, Some(_)) => return Err(Failure::bad_request(messages::AMOUNT_POSITIVE)),
        _ => return Err(Failure::bad_request(messages::OFF_EXCLUSIVE)),
    };
    if let (Some(from), Some(until)) = (f.valid_from, f.valid_until)
        && until <= from
    {
        return Err(Failure::bad_request(messages::DATES_ORDER));
    }
    let min_pieces = f.min_pieces.unwrap_or(0);
    if min_pieces < 0 {
        return Err(Failure::bad_request(messages::MIN_PIECES));
    }
    if f.max_uses.is_some_and(|m| m < 1) {
        return Err(Failure::bad_request(messages::MAX_USES));
    }
    if f.max_uses_per_customer.is_some_and(|m| m < 1) {
        return Err(Failure::bad_request(messages::MAX_USES_PER_CUSTOMER));
    }
    let list = |items: Vec<String>| -> Fallible<String> {
        let mut kept: Vec<String> = items
            .into_iter()
            .map(|s| s.trim().to_string())
            .filter(|s| !s.is_empty())
            .collect();
        kept.sort();
        kept.dedup();
        if kept.len() > 100 || kept.iter().any(|s| s.len() > 100) {
            return Err(Failure::bad_request(messages::LIST_LIMIT));
        }
        Ok(serde_json::to_string(&kept)?)
    };
    Ok(CouponInput {
        code,
        percent_off_bps,
        amount_off,
        min_pieces,
        valid_from: f.valid_from,
        valid_until: f.valid_until,
        max_uses: f.max_uses,
        max_uses_per_customer: f.max_uses_per_customer,
        product_ids: list(f.product_ids)?,
        categories: list(f.categories)?,
        active: f.active.unwrap_or(true),
    })
}

/// A saved coupon, or the reason it was not.
pub fn saved(s: coupons::Saved) -> Fallible<Coupon> {
    match s {
        coupons::Saved::Coupon(c) => Ok(*c),
        coupons::Saved::CodeTaken => Err(Failure::conflict_code(
            messages::CODE_TAKEN,
            "COUPON_CODE_TAKEN",
        )),
        coupons::Saved::BelowUses => Err(Failure::conflict_code(
            messages::BELOW_USES,
            "COUPON_BELOW_USES",
        )),
        coupons::Saved::NotFound => Err(Failure::not_found(messages::NOT_FOUND)),
    }
}

/// A JSON list column read back.
pub fn list_of(json: &str) -> Vec<String> {
    serde_json::from_str(json).unwrap_or_default()
}

/// The engine's terms of a stored coupon.
pub fn terms_of(c: &Coupon) -> CouponTerms {
    let count = |n: Option<i64>| n.map(|n| u32::try_from(n).unwrap_or(u32::MAX));
    CouponTerms {
        off: match (c.percent_off_bps, c.amount_off) {
            (Some(bps), _) => Off::Percent(u32::try_from(bps).unwrap_or(0)),
            (None, amount) => Off::Amount(Paise(amount.unwrap_or(0))),
        },
        min_pieces: u32::try_from(c.min_pieces).unwrap_or(u32::MAX),
        product_ids: list_of(&c.product_ids),
        categories: list_of(&c.categories),
        valid_from: c.valid_from,
        valid_until: c.valid_until,
        max_uses: count(c.max_uses),
        max_uses_per_customer: count(c.max_uses_per_customer),
        active: c.active != 0,
    }
}

/// The coupon of a code as a shopper types it; unknown when the code is
/// malformed or names none.
pub async fn find(db: &Db, raw: &str) -> Fallible<Coupon> {
    let Some(code) = normalise_code(raw) else {
        return Err(messages::refusal(Refusal::Unknown));
    };
    coupons::by_code(db, &code)
        .await?
        .ok_or_else(|| messages::refusal(Refusal::Unknown))
}

/// Each line's discount with `coupon` for `user_id` now, or the refusal:
/// the moment and the uses first, then the lines.
pub async fn discounts(
    db: &Db,
    coupon: &Coupon,
    user_id: &str,
    lines: &[CouponLine],
) -> Result<Vec<Paise>, Refusal> {
    let customer_uses = coupons::customer_uses(db, &coupon.id, user_id)
        .await
        .unwrap_or(0);
    let terms = terms_of(coupon);
    terms.check(Usage {
        now_ms: now_ms(),
        uses: u32::try_from(coupon.uses).unwrap_or(u32::MAX),
        customer_uses: u32::try_from(customer_uses).unwrap_or(u32::MAX),
    })?;
    terms.apply(lines)
}

/// The refusal for an order script a coupon's limit stopped: the coupon's
/// uses, or the customer's, read again.
pub async fn limit_refusal(db: &Db, coupon_id: &str) -> Failure {
    let Ok(Some(coupon)) = coupons::get(db, coupon_id).await else {
        return messages::refusal(Refusal::UsedUp);
    };
    if coupon.max_uses.is_some_and(|m| coupon.uses >= m) {
        return messages::refusal(Refusal::UsedUp);
    }
    messages::refusal(Refusal::CustomerLimit)
}
