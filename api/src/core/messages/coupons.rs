//! What coupons tell people: the shopper's refusals (each its own words and
//! code) and the admin's when a coupon's terms are not right.

use design_engine::coupon::Refusal;
use design_engine::money::Paise;

use crate::error::Failure;

/// The shopper's words for a refusal; a 400 with the refusal's code.
pub fn refusal(r: Refusal) -> Failure {
    let message = match r {
        Refusal::Unknown => {
            "This coupon code is not valid. Please check the code and try again.".to_string()
        }
        Refusal::NotStarted => "This coupon is not valid yet.".to_string(),
        Refusal::Expired => "This coupon has expired.".to_string(),
        Refusal::UsedUp => "This coupon has been fully used.".to_string(),
        Refusal::CustomerLimit => {
            "You have already used this coupon as many times as it allows.".to_string()
        }
        Refusal::BelowMinimum { min_pieces, pieces } => format!(
            "This coupon needs at least {min_pieces} pieces of the products it applies to; your cart has {pieces}."
        ),
        Refusal::NotApplicable => {
            "This coupon does not apply to the products in your cart.".to_string()
        }
    };
    Failure::bad_request_code(message, r.code())
}

/// "10% off" or "₹500.00 off", for the cart and the admin's list.
pub fn off_label(percent_off_bps: Option<i64>, amount_off: Option<i64>) -> String {
    match (percent_off_bps, amount_off) {
        (Some(bps), _) => format!("{} off", design_engine::money::percent(bps)),
        (None, Some(paise)) => format!("{} off", Paise(paise)),
        (None, None) => String::new(),
    }
}

pub const CODE_FORMAT: &str = "Coupon code must be 4 to 20 letters and digits";
pub const OFF_EXCLUSIVE: &str =
    "Give either percentOff (1 to 100) or amountOff (paise, above 0), not both";
pub const PERCENT_RANGE: &str = "percentOff must be a whole number from 1 to 100";
pub const AMOUNT_POSITIVE: &str = "amountOff must be above 0 paise";
pub const DATES_ORDER: &str = "validUntil must be after validFrom";
pub const MIN_PIECES: &str = "minPieces must be 0 or more";
pub const MAX_USES: &str = "maxUses must be 1 or more";
pub const MAX_USES_PER_CUSTOMER: &str = "maxUsesPerCustomer must be 1 or more";
pub const LIST_LIMIT: &str = "A coupon may name at most 100 products and 100 categories";
pub const CODE_TAKEN: &str = "A coupon with this code already exists";
pub const BELOW_USES: &str = "maxUses cannot be lower than the uses already taken";
pub const NOT_FOUND: &str = "Coupon not found";
