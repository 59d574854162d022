//! The tax inside GST-inclusive amounts: the dated rate table, the split by
//! place of supply, each line's taxable value and tax to the paisa, a charged
//! fee or a refund shared over the lines, and an order's totals.

use serde::{Deserialize, Serialize};

use super::date::Date;
use super::states::GstState;
use crate::money::{Paise, mul_div_half_up, share_out};

/// One row of the dated rate table: from `from`, the low rate up to
/// `threshold` of taxable value a piece, the high rate above.
struct RateRow {
    from: Date,
    threshold: Paise,
    low_bps: i64,
    high_bps: i64,
}

/// Newest first.
const RATES: [RateRow; 2] = [
    RateRow {
        from: Date::new(2025, 9, 22),
        threshold: Paise(2_500_00),
        low_bps: 500,
        high_bps: 1800,
    },
    RateRow {
        from: Date::new(2017, 7, 1),
        threshold: Paise(1_000_00),
        low_bps: 500,
        high_bps: 1200,
    },
];

/// The rate of a piece that sells for `per_piece` (GST-inclusive) on `date`:
/// the low rate when the taxable value at the low rate is within the
/// threshold, the high rate otherwise. (The value decides the rate and the
/// rate the value; taking the low rate's value first is the reading that
/// never charges the high rate on a piece whose value at the low rate
/// qualifies for it.)
pub fn rate_bps(per_piece: Paise, date: Date) -> i64 {
    let row = RATES
        .iter()
        .find(|r| date >= r.from)
        .unwrap_or(&RATES[RATES.len() - 1]);
    let taxable_at_low = mul_div_half_up(per_piece.0, 10_000, 10_000 + row.low_bps);
    if taxable_at_low <= row.threshold.0 {
        row.low_bps
    } else {
        row.high_bps
    }
}

/// GSTR-1's "B2C large" line: an inter-state invoice to an unregistered buyer
/// whose value is above this is reported invoice by invoice (Table 5), the
/// rest summed per state and rate (Table 7). ₹1,00,000 from 1 August 2024
/// (Notification 12/2024-CT), ₹2,50,000 before.
pub fn b2c_large_above(date: Date) -> Paise {
    if date >= Date::new(2024, 8, 1) {
        Paise(1_00_000_00)
    } else {
        Paise(2_50_000_00)
    }
}

/// The tax that applies: both halves within a state, IGST across states.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub enum Split {
    /// CGST + SGST (or UTGST), half the rate each.
    IntraState,
    /// IGST at the full rate.
    InterState,
}

impl Split {
    pub fn of(seller: GstState, place_of_supply: GstState) -> Split {
        if seller.code == place_of_supply.code {
            Split::IntraState
        } else {
            Split::InterState
        }
    }
}

/// One line's tax, inside its GST-inclusive amount.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct LineTax {
    /// What the buyer pays for the line, tax included (its share of a charged fee too).
    pub amount: Paise,
    pub quantity: u32,
    pub rate_bps: i64,
    pub taxable_value: Paise,
    pub cgst: Paise,
    pub sgst: Paise,
    pub igst: Paise,
}

impl LineTax {
    pub fn tax(&self) -> Paise {
        Paise(self.cgst.0 + self.sgst.0 + self.igst.0)
    }
}

/// Works out the tax inside a GST-inclusive `amount` for `quantity` pieces,
/// rounded to the paisa so that taxable value + tax = amount exactly (and, in
/// a state, CGST = SGST).
pub fn line_tax(amount: Paise, quantity: u32, split: Split, date: Date) -> LineTax {
    let per_piece = Paise(amount.0 / i64::from(quantity.max(1)));
    tax_at(amount, quantity, rate_bps(per_piece, date), split)
}

/// The tax inside `amount` at `rate` basis points.
fn tax_at(amount: Paise, quantity: u32, rate: i64, split: Split) -> LineTax {
    let (cgst, sgst, igst) = match split {
        Split::IntraState => {
            let half = mul_div_half_up(amount.0, rate / 2, 10_000 + rate);
            (half, half, 0)
        }
        Split::InterState => (0, 0, mul_div_half_up(amount.0, rate, 10_000 + rate)),
    };
    LineTax {
        amount,
        quantity,
        rate_bps: rate,
        taxable_value: Paise(amount.0 - cgst - sgst - igst),
        cgst: Paise(cgst),
        sgst: Paise(sgst),
        igst: Paise(igst),
    }
}

/// An order's tax: each line with its share of the fee, and the totals.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct OrderTax {
    pub split: Split,
    pub lines: Vec<LineTax>,
    pub taxable_value: Paise,
    pub cgst: Paise,
    pub sgst: Paise,
    pub igst: Paise,
    /// taxable value + every tax: what the buyer paid.
    pub total: Paise,
}

/// The tax of an order whose lines cost `lines` (amount, pieces; GST-inclusive)
/// and whose charged fee is `fee`, delivered from `seller` to `place_of_supply` on `date`.
pub fn order_tax(
    lines: &[(Paise, u32)],
    fee: Paise,
    seller: GstState,
    place_of_supply: GstState,
    date: Date,
) -> OrderTax {
    let split = Split::of(seller, place_of_supply);
    let amounts: Vec<Paise> = lines.iter().map(|(a, _)| *a).collect();
    let shares = share_out(&amounts, fee);
    let lines: Vec<LineTax> = lines
        .iter()
        .zip(shares)
        .map(|(&(amount, quantity), share)| {
            line_tax(Paise(amount.0 + share.0), quantity, split, date)
        })
        .collect();
    totals(split, lines)
}

fn totals(split: Split, lines: Vec<LineTax>) -> OrderTax {
    let sum = |f: fn(&LineTax) -> Paise| Paise(lines.iter().map(|l| f(l).0).sum());
    OrderTax {
        split,
        taxable_value: sum(|l| l.taxable_value),
        cgst: sum(|l| l.cgst),
        sgst: sum(|l| l.sgst),
        igst: sum(|l| l.igst),
        total: sum(|l| l.amount),
        lines,
    }
}

/// The tax inside `refund` given back on an invoice whose lines are
/// `invoiced`: the refund is shared over the lines in proportion to their
/// amounts (as a charged fee is), and each share is taxed at its invoice
/// line's rate, so a full refund reverses the invoice exactly.
pub fn credit_tax(invoiced: &[LineTax], refund: Paise, split: Split) -> OrderTax {
    let amounts: Vec<Paise> = invoiced.iter().map(|l| l.amount).collect();
    let shares = share_out(&amounts, refund);
    let lines: Vec<LineTax> = invoiced
        .iter()
        .zip(shares)
        .map(|(line, share)| tax_at(share, line.quantity, line.rate_bps, split))
        .collect();
    totals(split, lines)
}
