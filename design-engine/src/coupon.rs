//! Coupons: a merchant's terms (a percentage or an amount off, the pieces it
//! needs, the products or categories it is for, when it may be used and how
//! often), checked against the moment, the uses so far and the lines, and
//! applied to each line before tax. A discount given at the sale and shown
//! on the invoice lowers the taxable value (CGST Act s.15(3)(a), Circular
//! 92/11/2019), so the tax is worked out on each line's discounted total and
//! a piece's rate decided on its discounted value (`tax::rate_bps`); the
//! gateway fee is then charged on the discounted subtotal.
//!
//! Commerce: imports `money` and `pricing`, never `design`.

use serde::{Deserialize, Serialize};

use crate::error::StudioError;
use crate::money::{Paise, mul_div_half_up, share_out};
use crate::pricing::{LineQuote, OrderQuote, quote_order};

/// The shortest and the longest code: letters and digits only.
pub const CODE_MIN: usize = 4;
pub const CODE_MAX: usize = 20;

/// A code as the store keeps it: trimmed and in capitals (codes are
/// case-insensitive), or `None` unless it is 4 to 20 letters and digits.
pub fn normalise_code(raw: &str) -> Option<String> {
    let code = raw.trim();
    let ok = (CODE_MIN..=CODE_MAX).contains(&code.len())
        && code.bytes().all(|b| b.is_ascii_alphanumeric());
    ok.then(|| code.to_ascii_uppercase())
}

/// What a coupon takes off.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub enum Off {
    /// Basis points of the lines it applies to (1000 = 10%), 1% to 100%.
    Percent(u32),
    /// An amount, shared over the lines it applies to by their totals.
    Amount(Paise),
}

/// A coupon's terms. Times are Unix milliseconds.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct CouponTerms {
    pub off: Off,
    /// The pieces the lines it applies to must add up to (0: any).
    pub min_pieces: u32,
    /// The products it is for; with `categories` empty too, every product.
    pub product_ids: Vec<String>,
    /// The product categories it is for (compared without case).
    pub categories: Vec<String>,
    pub valid_from: Option<i64>,
    pub valid_until: Option<i64>,
    pub max_uses: Option<u32>,
    pub max_uses_per_customer: Option<u32>,
    pub active: bool,
}

/// How a coupon has been used, at the moment it is tried.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Usage {
    pub now_ms: i64,
    /// Uses held or paid by every customer.
    pub uses: u32,
    /// The customer's own.
    pub customer_uses: u32,
}

/// A line as a coupon sees it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct CouponLine {
    pub product_id: String,
    pub category: String,
    /// What the line costs before the coupon (its quote's total).
    pub total: Paise,
    pub quantity: u32,
    /// A line priced in a negotiated quote: never discounted again.
    pub negotiated: bool,
}

/// Why a coupon is not taken; each has its code and the shopper its own message.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Refusal {
    /// No such code, or switched off by the merchant.
    Unknown,
    NotStarted,
    Expired,
    /// Every use is taken.
    UsedUp,
    /// The customer has used it as often as one customer may.
    CustomerLimit,
    /// The lines it applies to have fewer pieces than it needs.
    BelowMinimum {
        min_pieces: u32,
        pieces: u32,
    },
    /// None of the lines is one it applies to.
    NotApplicable,
}

impl Refusal {
    pub fn code(&self) -> &'static str {
        match self {
            Refusal::Unknown => "COUPON_UNKNOWN",
            Refusal::NotStarted => "COUPON_NOT_STARTED",
            Refusal::Expired => "COUPON_EXPIRED",
            Refusal::UsedUp => "COUPON_USED_UP",
            Refusal::CustomerLimit => "COUPON_CUSTOMER_LIMIT",
            Refusal::BelowMinimum { .. } => "COUPON_BELOW_MINIMUM",
            Refusal::NotApplicable => "COUPON_NOT_APPLICABLE",
        }
    }
}

impl CouponTerms {
    /// Whether the coupon may be used now, as often as it has been.
    pub fn check(&self, usage: Usage) -> Result<(), Refusal> {
        if !self.active {
            return Err(Refusal::Unknown);
        }
        if self.valid_from.is_some_and(|from| usage.now_ms < from) {
            return Err(Refusal::NotStarted);
        }
        if self.valid_until.is_some_and(|until| usage.now_ms > until) {
            return Err(Refusal::Expired);
        }
        if self.max_uses.is_some_and(|max| usage.uses >= max) {
            return Err(Refusal::UsedUp);
        }
        if self
            .max_uses_per_customer
            .is_some_and(|max| usage.customer_uses >= max)
        {
            return Err(Refusal::CustomerLimit);
        }
        Ok(())
    }

    /// Whether the coupon is for this line (a negotiated price never is).
    pub fn applies_to(&self, line: &CouponLine) -> bool {
        if line.negotiated {
            return false;
        }
        let everything = self.product_ids.is_empty() && self.categories.is_empty();
        everything
            || self.product_ids.contains(&line.product_id)
            || self
                .categories
                .iter()
                .any(|c| c.eq_ignore_ascii_case(line.category.trim()))
    }

    /// Each line's discount, in the lines' order (0 where it does not
    /// apply): a percentage of the lines it applies to (half up to the
    /// paisa), or the amount off (never more than they cost), shared over
    /// them by their totals to the paisa by largest remainder, so the lines'
    /// discounts add up to the order's exactly and none exceeds its line.
    pub fn apply(&self, lines: &[CouponLine]) -> Result<Vec<Paise>, Refusal> {
        let eligible: Vec<bool> = lines.iter().map(|l| self.applies_to(l)).collect();
        if !eligible.contains(&true) {
            return Err(Refusal::NotApplicable);
        }
        let pieces: u32 = lines
            .iter()
            .zip(&eligible)
            .filter(|(_, e)| **e)
            .fold(0u32, |n, (l, _)| n.saturating_add(l.quantity));
        if pieces < self.min_pieces {
            return Err(Refusal::BelowMinimum {
                min_pieces: self.min_pieces,
                pieces,
            });
        }
        let amounts: Vec<Paise> = lines
            .iter()
            .zip(&eligible)
            .map(|(l, e)| {
                if *e {
                    Paise(l.total.0.max(0))
                } else {
                    Paise(0)
                }
            })
            .collect();
        let base: i64 = amounts.iter().map(|a| a.0).sum();
        let off = match self.off {
            Off::Percent(bps) => mul_div_half_up(base, i64::from(bps.min(10_000)), 10_000),
            Off::Amount(amount) => amount.0.max(0),
        }
        .min(base);
        Ok(share_out(&amounts, Paise(off)))
    }
}

/// The order priced with a coupon: each line's total less its discount
/// (`CouponTerms::apply`), the subtotal of the discounted lines, the gateway
/// fee on that subtotal, and the coupon's code and discount recorded.
pub fn quote_order_with_coupon(
    lines: Vec<LineQuote>,
    discounts: &[Paise],
    code: &str,
    fee_bps: i64,
) -> Result<OrderQuote, StudioError> {
    if discounts.len() != lines.len() {
        return Err(StudioError::NegativePrice);
    }
    let lines = lines
        .into_iter()
        .zip(discounts)
        .map(|(line, d)| line.with_discount(*d))
        .collect::<Result<Vec<_>, _>>()?;
    let mut quote = quote_order(lines, fee_bps)?;
    quote.coupon_code = Some(code.to_string());
    Ok(quote)
}

#[cfg(test)]
mod tests;
