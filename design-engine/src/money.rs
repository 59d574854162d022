//! Money: amounts in integer paise (never a float), their checked arithmetic
//! and half-up rounding, and rupees as people read and write them
//! ("₹12,34,567.89", "59.50"). The bottom of the engine with `limits`: it
//! imports nothing of the crate, so every layer above it can price.

use serde::{Deserialize, Serialize};

/// An amount of money in paise (1/100 rupee). Never a float.
#[cfg_attr(feature = "wasm", derive(tsify::Tsify))]
#[derive(
    Debug, Clone, Copy, Default, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize,
)]
#[serde(transparent)]
pub struct Paise(pub i64);

/// A sum too large for paise: the engine reports it as
/// `StudioError::PriceOverflow` (which `?` converts it to).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Overflow;

impl Paise {
    pub fn rupees(rupees: i64) -> Paise {
        Paise(rupees * 100)
    }

    /// An amount as a merchant writes it in rupees ("60", "59.5", "59.50";
    /// at most ₹99,999.99), `None` for anything else ("-1", "₹60", "1e3",
    /// and "5.555": more than two decimals are refused, never rounded).
    pub fn parse_rupees(rupees: &str) -> Option<Paise> {
        hundredths(rupees, 5).map(Paise)
    }

    pub fn is_zero(&self) -> bool {
        self.0 == 0
    }

    pub(crate) fn add(self, other: Paise) -> Result<Paise, Overflow> {
        self.0.checked_add(other.0).map(Paise).ok_or(Overflow)
    }

    pub(crate) fn sub(self, other: Paise) -> Result<Paise, Overflow> {
        self.0.checked_sub(other.0).map(Paise).ok_or(Overflow)
    }

    pub(crate) fn times(self, n: u32) -> Result<Paise, Overflow> {
        self.0.checked_mul(i64::from(n)).map(Paise).ok_or(Overflow)
    }

    /// Indian rupee notation with lakh grouping: ₹1,23,456.50, -₹5.00 (the
    /// text the web app's `rupees()` writes, and Intl's for `en-IN`).
    pub fn format_inr(self) -> String {
        let sign = if self.0 < 0 { "-" } else { "" };
        let abs = self.0.unsigned_abs();
        let (rupees, paise) = (abs / 100, abs % 100);
        let digits = rupees.to_string();
        let grouped = if digits.len() <= 3 {
            digits
        } else {
            let (head, last3) = digits.split_at(digits.len() - 3);
            let mut out = String::new();
            for (i, ch) in head.chars().enumerate() {
                if i > 0 && (head.len() - i) % 2 == 0 {
                    out.push(',');
                }
                out.push(ch);
            }
            format!("{out},{last3}")
        };
        format!("{sign}₹{grouped}.{paise:02}")
    }
}

impl std::fmt::Display for Paise {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.format_inr())
    }
}

/// A rate in basis points as a percentage: "2.5%" for 250.
pub fn percent(bps: i64) -> String {
    let (whole, frac) = (bps / 100, bps % 100);
    if frac == 0 {
        format!("{whole}%")
    } else {
        format!("{whole}.{}%", format!("{frac:02}").trim_end_matches('0'))
    }
}

/// "12", "12.5" or "12.34" (at most `max_whole` digits before the point and
/// two after) in hundredths; `None` for anything else.
pub(crate) fn hundredths(s: &str, max_whole: usize) -> Option<i64> {
    let (whole, frac) = s.split_once('.').unwrap_or((s, ""));
    let digits = |s: &str| s.bytes().all(|b| b.is_ascii_digit());
    let frac_ok = !s.contains('.') || (1..=2).contains(&frac.len());
    if whole.is_empty() || whole.len() > max_whole || !digits(whole) || !frac_ok || !digits(frac) {
        return None;
    }
    let cents = format!("{frac:0<2}");
    Some(whole.parse::<i64>().ok()? * 100 + cents.parse::<i64>().ok()?)
}

/// `amount × num / den`, half up, in integers (no float ever touches money).
pub(crate) fn mul_div_half_up(amount: i64, num: i64, den: i64) -> i64 {
    let scaled = i128::from(amount) * i128::from(num);
    ((scaled * 2 + i128::from(den)) / (i128::from(den) * 2)) as i64
}

/// Shares `whole` out over parts in proportion to their amounts, to the
/// paisa (largest remainders get the odd paise, earlier parts first on a tie),
/// so the shares add up to it exactly: a charged fee over an order's lines
/// (taxed with them), a refund over an invoice's lines, a coupon's amount off
/// over the lines it applies to. Nothing when the amounts add up to 0 or less.
pub fn share_out(amounts: &[Paise], whole: Paise) -> Vec<Paise> {
    let fee = whole;
    let total: i128 = amounts.iter().map(|a| i128::from(a.0)).sum();
    if total <= 0 || fee.0 == 0 {
        return vec![Paise(0); amounts.len()];
    }
    let mut shares: Vec<(usize, i64, i128)> = amounts
        .iter()
        .enumerate()
        .map(|(i, a)| {
            let exact = i128::from(a.0) * i128::from(fee.0);
            (i, (exact / total) as i64, exact % total)
        })
        .collect();
    let mut left = fee.0 - shares.iter().map(|s| s.1).sum::<i64>();
    let mut by_remainder: Vec<usize> = (0..shares.len()).collect();
    by_remainder.sort_by(|&a, &b| shares[b].2.cmp(&shares[a].2).then(a.cmp(&b)));
    for i in by_remainder {
        if left == 0 {
            break;
        }
        shares[i].1 += 1;
        left -= 1;
    }
    shares.into_iter().map(|s| Paise(s.1)).collect()
}

#[cfg(test)]
mod tests;
