//! Paying in two parts (issue 52): an advance now and the balance before
//! dispatch, as Indian bulk makers ask. The store's policy is a percent of
//! the order's total (`ADVANCE_PERCENT`, 0 turns it off, at most 90) for
//! orders of at least a minimum total (`ADVANCE_MIN_TOTAL`). The one rule of
//! the split: the advance is the percent of the total rounded **up to the
//! whole rupee** (never less than the percent, never more than the total),
//! and the balance is the rest, so advance + balance = total always.
//! Commerce: imports only `money`.

use serde::{Deserialize, Serialize};

use crate::money::Paise;

/// The highest advance percent a store may ask (some of the order must be left to pay).
pub const MAX_ADVANCE_PERCENT: u8 = 90;
/// The store's policy when it sets nothing: 50% on orders of ₹20,000 or more.
pub const DEFAULT_ADVANCE_PERCENT: u8 = 50;
pub const DEFAULT_ADVANCE_MIN_TOTAL: Paise = Paise(20_000_00);

/// The store's terms for paying in advance.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct AdvanceTerms {
    /// Whole percent of the total paid first; 0: the store does not offer it.
    pub percent: u8,
    /// The smallest order total (paise) the plan is offered for.
    pub min_total: Paise,
}

impl Default for AdvanceTerms {
    fn default() -> AdvanceTerms {
        AdvanceTerms {
            percent: DEFAULT_ADVANCE_PERCENT,
            min_total: DEFAULT_ADVANCE_MIN_TOTAL,
        }
    }
}

/// An order's total split into what is paid now and what is paid before dispatch.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct Split {
    pub percent: u8,
    pub advance: Paise,
    pub balance: Paise,
}

/// Why an order cannot be paid in advance (the server answers 400 with it).
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum NotOffered {
    /// The store's percent is 0.
    Off,
    /// The total is under the store's minimum.
    BelowMinimum { min_total: Paise },
}

impl std::fmt::Display for NotOffered {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            NotOffered::Off => f.write_str(
                "This store does not take advance payments: please choose to pay in full",
            ),
            NotOffered::BelowMinimum { min_total } => write!(
                f,
                "Paying an advance is offered on orders of {min_total} or more: please choose to pay in full"
            ),
        }
    }
}

impl AdvanceTerms {
    /// The terms from a percent as a merchant writes it ("50", "0".."90",
    /// whole percent) and a minimum total in rupees ("20000", "19999.50").
    pub fn parse(percent: &str, min_total: &str) -> Result<AdvanceTerms, String> {
        let percent = percent.trim();
        let pct = percent
            .parse::<u8>()
            .ok()
            .filter(|p| *p <= MAX_ADVANCE_PERCENT && percent.bytes().all(|b| b.is_ascii_digit()))
            .ok_or_else(|| {
                format!(
                    "ADVANCE_PERCENT must be a whole percent from 0 (no advance payments) to {MAX_ADVANCE_PERCENT}, not {percent:?}"
                )
            })?;
        let min = min_total.trim();
        let min_total = crate::money::hundredths(min, 9).map(Paise).ok_or_else(|| {
            format!(
                "ADVANCE_MIN_TOTAL must be an amount in rupees (at most two decimals), not {min:?}"
            )
        })?;
        Ok(AdvanceTerms {
            percent: pct,
            min_total,
        })
    }

    /// Whether the store offers the plan at all.
    pub fn offered(&self) -> bool {
        self.percent > 0
    }

    /// The split of `total`, or why it is not offered for it.
    pub fn split(&self, total: Paise) -> Result<Split, NotOffered> {
        if !self.offered() {
            return Err(NotOffered::Off);
        }
        if total < self.min_total || total.0 <= 0 {
            return Err(NotOffered::BelowMinimum {
                min_total: self.min_total,
            });
        }
        Ok(split(total, self.percent))
    }
}

/// `percent` of `total` rounded up to the whole rupee (at most the total),
/// and the rest. A percent over 100 is taken as 100; a negative total as 0.
pub fn split(total: Paise, percent: u8) -> Split {
    let total = total.0.max(0);
    let pct = i128::from(percent.min(100));
    let exact = i128::from(total) * pct; // hundredths of a paisa
    // Up to the whole rupee: 100 paise = 10,000 hundredths of a paisa.
    let advance = ((exact + 9_999) / 10_000 * 100) as i64;
    let advance = advance.min(total);
    Split {
        percent: percent.min(100),
        advance: Paise(advance),
        balance: Paise(total - advance),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    #[test]
    fn half_of_an_order_rounded_up_to_the_rupee() {
        let s = split(Paise(20_501_25), 50);
        assert_eq!(s.advance, Paise(10_251_00));
        assert_eq!(s.balance, Paise(10_250_25));
        let s = split(Paise(30_000_00), 50);
        assert_eq!((s.advance, s.balance), (Paise(15_000_00), Paise(15_000_00)));
        let s = split(Paise(7_661_88), 80);
        assert_eq!((s.advance, s.balance), (Paise(6_130_00), Paise(1_531_88)));
        // Never more than the total.
        assert_eq!(split(Paise(50), 90).advance, Paise(50));
    }

    #[test]
    fn offered_only_from_the_minimum_total() {
        let terms = AdvanceTerms::default();
        assert_eq!(
            terms.split(Paise(19_999_99)),
            Err(NotOffered::BelowMinimum {
                min_total: Paise(20_000_00)
            })
        );
        assert_eq!(
            terms.split(Paise(20_000_00)).unwrap().advance,
            Paise(10_000_00)
        );
        let off = AdvanceTerms {
            percent: 0,
            ..terms
        };
        assert_eq!(off.split(Paise(1_00_000_00)), Err(NotOffered::Off));
        assert_eq!(
            NotOffered::BelowMinimum {
                min_total: Paise(20_000_00)
            }
            .to_string(),
            "Paying an advance is offered on orders of ₹20,000.00 or more: please choose to pay in full"
        );
    }

    #[test]
    fn the_policy_as_a_merchant_writes_it() {
        assert_eq!(
            AdvanceTerms::parse("50", "20000"),
            Ok(AdvanceTerms::default())
        );
        assert_eq!(
            AdvanceTerms::parse(" 0 ", "1.5").unwrap(),
            AdvanceTerms {
                percent: 0,
                min_total: Paise(150)
            }
        );
        assert_eq!(AdvanceTerms::parse("90", "0").unwrap().percent, 90);
        for bad in ["91", "100", "-1", "50.5", "", "+5", "fifty"] {
            let e = AdvanceTerms::parse(bad, "20000").unwrap_err();
            assert!(
                e.starts_with("ADVANCE_PERCENT must be a whole percent from 0"),
                "{bad}: {e}"
            );
        }
        for bad in ["", "-5", "20,000", "₹20000", "1.234", "1e4"] {
            let e = AdvanceTerms::parse("50", bad).unwrap_err();
            assert!(
                e.starts_with("ADVANCE_MIN_TOTAL must be an amount in rupees"),
                "{bad}: {e}"
            );
        }
    }

    proptest! {
        #[test]
        fn advance_and_balance_make_the_total(total in 0i64..1_000_000_000_00, percent in 0u8..=100) {
            let s = split(Paise(total), percent);
            prop_assert_eq!(s.advance.0 + s.balance.0, total);
            prop_assert!(s.advance.0 >= 0 && s.balance.0 >= 0);
            // Never less than the percent, and less than a rupee more (unless capped at the total).
            let exact = i128::from(total) * i128::from(percent);
            prop_assert!(i128::from(s.advance.0) * 100 >= exact);
            prop_assert!(s.advance.0 == total || i128::from(s.advance.0 - 100) * 100 < exact);
            if s.advance.0 < total { prop_assert_eq!(s.advance.0 % 100, 0); }
        }
    }
}
