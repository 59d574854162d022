//! GST on apparel, worked out inside GST-inclusive prices: the states and
//! their codes, GSTINs with their check character, the dated rate table, the
//! CGST + SGST or IGST split by place of supply, and each line's taxable value
//! and tax to the paisa, so that the taxable value plus the tax is exactly
//! what the buyer paid. The studio, the cart, checkout and every document use
//! these figures and no others.
//!
//! Sources: rates by sale value per piece, Notification 1/2017-Central Tax
//! (Rate) as amended with effect from 22 September 2025 (5% up to ₹2,500 a
//! piece, 18% above; before, 5% up to ₹1,000 and 12% above); the split, IGST
//! Act s.10(1)(a) (goods delivered: the place of delivery); state codes and the
//! GSTIN check character, the GST portal's published scheme.

use serde::{Deserialize, Serialize};

use crate::pricing::Paise;

/// A state or union territory by its GST state code (the first two digits of a GSTIN).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct GstState {
    pub code: u8,
    pub name: &'static str,
}

/// Every state and union territory with its GST code, as India Post names
/// them (so a pincode's state is found), plus 97 Other Territory.
pub const STATES: [GstState; 38] = [
    GstState {
        code: 1,
        name: "Jammu and Kashmir",
    },
    GstState {
        code: 2,
        name: "Himachal Pradesh",
    },
    GstState {
        code: 3,
        name: "Punjab",
    },
    GstState {
        code: 4,
        name: "Chandigarh",
    },
    GstState {
        code: 5,
        name: "Uttarakhand",
    },
    GstState {
        code: 6,
        name: "Haryana",
    },
    GstState {
        code: 7,
        name: "Delhi",
    },
    GstState {
        code: 8,
        name: "Rajasthan",
    },
    GstState {
        code: 9,
        name: "Uttar Pradesh",
    },
    GstState {
        code: 10,
        name: "Bihar",
    },
    GstState {
        code: 11,
        name: "Sikkim",
    },
    GstState {
        code: 12,
        name: "Arunachal Pradesh",
    },
    GstState {
        code: 13,
        name: "Nagaland",
    },
    GstState {
        code: 14,
        name: "Manipur",
    },
    GstState {
        code: 15,
        name: "Mizoram",
    },
    GstState {
        code: 16,
        name: "Tripura",
    },
    GstState {
        code: 17,
        name: "Meghalaya",
    },
    GstState {
        code: 18,
        name: "Assam",
    },
    GstState {
        code: 19,
        name: "West Bengal",
    },
    GstState {
        code: 20,
        name: "Jharkhand",
    },
    GstState {
        code: 21,
        name: "Odisha",
    },
    GstState {
        code: 22,
        name: "Chhattisgarh",
    },
    GstState {
        code: 23,
        name: "Madhya Pradesh",
    },
    GstState {
        code: 24,
        name: "Gujarat",
    },
    GstState {
        code: 26,
        name: "The Dadra and Nagar Haveli and Daman and Diu",
    },
    GstState {
        code: 27,
        name: "Maharashtra",
    },
    GstState {
        code: 29,
        name: "Karnataka",
    },
    GstState {
        code: 30,
        name: "Goa",
    },
    GstState {
        code: 31,
        name: "Lakshadweep",
    },
    GstState {
        code: 32,
        name: "Kerala",
    },
    GstState {
        code: 33,
        name: "Tamil Nadu",
    },
    GstState {
        code: 34,
        name: "Puducherry",
    },
    GstState {
        code: 35,
        name: "Andaman and Nicobar Islands",
    },
    GstState {
        code: 36,
        name: "Telangana",
    },
    GstState {
        code: 37,
        name: "Andhra Pradesh",
    },
    GstState {
        code: 38,
        name: "Ladakh",
    },
    GstState {
        code: 97,
        name: "Other Territory",
    },
    // Old names still typed in addresses.
    GstState {
        code: 21,
        name: "Orissa",
    },
];

/// Lower case, letters and digits only, "&" as "and", without a leading "the".
fn normalise(name: &str) -> String {
    let words: Vec<String> = name
        .replace('&', " and ")
        .split(|c: char| !c.is_alphanumeric())
        .filter(|w| !w.is_empty())
        .map(str::to_lowercase)
        .collect();
    let words = match words.first().map(String::as_str) {
        Some("the") => &words[1..],
        _ => &words[..],
    };
    words.join(" ")
}

impl GstState {
    pub fn by_code(code: u8) -> Option<GstState> {
        STATES.iter().copied().find(|s| s.code == code)
    }

    /// The state an address names (any case, "&" for "and", with or without
    /// "The"; "Pondicherry", "Orissa" and the former Daman and Diu or Dadra
    /// and Nagar Haveli are known too).
    pub fn by_name(name: &str) -> Option<GstState> {
        let wanted = normalise(name);
        let alias = match wanted.as_str() {
            "pondicherry" => Some(34),
            "daman and diu" | "dadra and nagar haveli" | "dnh and dd" => Some(26),
            "new delhi" | "nct of delhi" => Some(7),
            _ => None,
        };
        alias
            .and_then(GstState::by_code)
            .or_else(|| STATES.iter().copied().find(|s| normalise(s.name) == wanted))
    }

    /// The code as written on documents: two digits.
    pub fn code_str(self) -> String {
        format!("{:02}", self.code)
    }
}

/// Why a GSTIN was refused, each with its own message (shoppers read them at
/// checkout, sellers in the start-up log).
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum GstinError {
    #[error("A GSTIN has 15 characters, letters and digits only")]
    Length,
    #[error(
        "This GSTIN is not in the right format: 2 digits of the state, the 10-character PAN, 1 digit or letter, Z, and a check character"
    )]
    Format,
    /// The first two digits, which name no state or union territory.
    #[error("This GSTIN starts with {0:02}, which is not a GST state code")]
    State(u8),
    #[error("This GSTIN's check character is wrong: please check it for a typing mistake")]
    CheckCharacter,
    /// A buyer's GSTIN from another state than the one they are billed in.
    #[error(
        "This GSTIN is registered in {} ({:02}), but the billing address is in {}",
        .registered.name, .registered.code, .billing.name
    )]
    StateMismatch {
        registered: GstState,
        billing: GstState,
    },
    /// The billing address names no state the GSTIN could be compared with.
    #[error("The billing address's state, {0:?}, is not a state or union territory of India")]
    UnknownBillingState(String),
}

/// A GSTIN whose format, state code and check character are right.
#[derive(Debug, Clone, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(try_from = "String", into = "String")]
pub struct Gstin(String);

const GSTIN_ALPHABET: &[u8; 36] = b"0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ";

/// The check character of a GSTIN's first 14 characters (upper case, `0-9A-Z`).
fn check_character(first14: &[u8]) -> Option<u8> {
    let mut sum = 0u32;
    for (i, c) in first14.iter().enumerate() {
        let value = GSTIN_ALPHABET.iter().position(|a| a == c)? as u32;
        let product = value * if i % 2 == 0 { 1 } else { 2 };
        sum += product / 36 + product % 36;
    }
    Some(GSTIN_ALPHABET[((36 - sum % 36) % 36) as usize])
}

impl Gstin {
    /// Checks a GSTIN (spaces around it ignored, any case).
    pub fn parse(raw: &str) -> Result<Gstin, GstinError> {
        let s = raw.trim().to_ascii_uppercase();
        let b = s.as_bytes();
        if b.len() != 15 || !b.iter().all(u8::is_ascii_alphanumeric) {
            return Err(GstinError::Length);
        }
        let digits = |r: std::ops::Range<usize>| b[r].iter().all(u8::is_ascii_digit);
        let letters = |r: std::ops::Range<usize>| b[r].iter().all(u8::is_ascii_uppercase);
        // State (2 digits), PAN (5 letters, 4 digits, a letter), entity, Z, check.
        if !(digits(0..2) && letters(2..7) && digits(7..11) && letters(11..12) && b[13] == b'Z') {
            return Err(GstinError::Format);
        }
        let code: u8 = s[..2].parse().map_err(|_| GstinError::Format)?;
        if GstState::by_code(code).is_none() {
            return Err(GstinError::State(code));
        }
        if check_character(&b[..14]) != Some(b[14]) {
            return Err(GstinError::CheckCharacter);
        }
        Ok(Gstin(s))
    }

    pub fn as_str(&self) -> &str {
        &self.0
    }

    /// The registration's state (its first two digits).
    pub fn state(&self) -> GstState {
        GstState::by_code(self.0[..2].parse().expect("checked")).expect("checked")
    }
}

/// A buyer's GSTIN as checkout takes it (spaces around it ignored, any
/// case): blank is none; otherwise it must be valid and registered in the
/// billing address's state (a business claims input tax credit in the state
/// it is billed in). A blank `billing_state` (a form not filled in yet) is
/// not compared.
pub fn buyer_gstin(raw: &str, billing_state: &str) -> Result<Option<Gstin>, GstinError> {
    if raw.trim().is_empty() {
        return Ok(None);
    }
    let gstin = Gstin::parse(raw)?;
    if billing_state.trim().is_empty() {
        return Ok(Some(gstin));
    }
    let billing = GstState::by_name(billing_state)
        .ok_or_else(|| GstinError::UnknownBillingState(billing_state.trim().to_string()))?;
    let registered = gstin.state();
    if registered.code != billing.code {
        return Err(GstinError::StateMismatch {
            registered,
            billing,
        });
    }
    Ok(Some(gstin))
}

impl TryFrom<String> for Gstin {
    type Error = GstinError;
    fn try_from(s: String) -> Result<Gstin, GstinError> {
        Gstin::parse(&s)
    }
}

impl From<Gstin> for String {
    fn from(g: Gstin) -> String {
        g.0
    }
}

/// The HSN code a product of `category` carries unless the admin sets one:
/// knitted t-shirts 6109, knitted polo shirts 6105, woven shirts 6205.
pub fn default_hsn(category: &str) -> &'static str {
    let c = normalise(category);
    let words: Vec<&str> = c.split(' ').collect();
    let is = |w: &[&str]| w.iter().any(|x| words.contains(x));
    let t_shirt = words
        .windows(2)
        .any(|p| p[0] == "t" && p[1].starts_with("shirt"));
    if is(&["polo", "polos"]) {
        "6105"
    } else if t_shirt || is(&["tshirt", "tshirts", "tee", "tees"]) {
        "6109"
    } else {
        "6205"
    }
}

/// Why an HSN code was refused.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("An HSN code has 4, 6 or 8 digits")]
pub struct HsnError;

/// An HSN code as written on invoices: 4, 6 or 8 digits (4 for sellers up to
/// ₹5 crore turnover, 6 above; 8 is the full tariff line).
pub fn check_hsn(raw: &str) -> Result<String, HsnError> {
    let s = raw.trim();
    if matches!(s.len(), 4 | 6 | 8) && s.bytes().all(|b| b.is_ascii_digit()) {
        Ok(s.to_string())
    } else {
        Err(HsnError)
    }
}

/// A calendar date (the invoice's), compared as (year, month, day).
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
pub struct Date {
    pub year: i32,
    pub month: u8,
    pub day: u8,
}

impl Date {
    pub const fn new(year: i32, month: u8, day: u8) -> Date {
        Date { year, month, day }
    }

    /// The financial year (April to March) the date falls in, as a document
    /// series names it: "26-27" for 1 April 2026 to 31 March 2027.
    pub fn financial_year(self) -> String {
        let start = if self.month >= 4 {
            self.year
        } else {
            self.year - 1
        };
        format!(
            "{:02}-{:02}",
            start.rem_euclid(100),
            (start + 1).rem_euclid(100)
        )
    }
}

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

/// `amount × num / den`, half up, in integers (no float ever touches money).
fn mul_div_half_up(amount: i64, num: i64, den: i64) -> i64 {
    let scaled = i128::from(amount) * i128::from(num);
    ((scaled * 2 + i128::from(den)) / (i128::from(den) * 2)) as i64
}

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

/// Shares `fee` out over lines in proportion to their amounts, to the paisa
/// (largest remainders get the odd paise), so the shares add up to the fee: a
/// charged fee is part of the value of the goods and is taxed with them.
pub fn share_fee(amounts: &[Paise], fee: Paise) -> Vec<Paise> {
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
    let shares = share_fee(&amounts, fee);
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
    let shares = share_fee(&amounts, refund);
    let lines: Vec<LineTax> = invoiced
        .iter()
        .zip(shares)
        .map(|(line, share)| tax_at(share, line.quantity, line.rate_bps, split))
        .collect();
    totals(split, lines)
}

/// Indian figures in words, for a document's total (lakh and crore):
/// "Rupees One Lakh Twenty-Three Thousand Four Hundred Fifty-Six and Fifty Paise Only".
pub fn in_words(amount: Paise) -> String {
    const ONES: [&str; 20] = [
        "Zero",
        "One",
        "Two",
        "Three",
        "Four",
        "Five",
        "Six",
        "Seven",
        "Eight",
        "Nine",
        "Ten",
        "Eleven",
        "Twelve",
        "Thirteen",
        "Fourteen",
        "Fifteen",
        "Sixteen",
        "Seventeen",
        "Eighteen",
        "Nineteen",
    ];
    const TENS: [&str; 10] = [
        "", "", "Twenty", "Thirty", "Forty", "Fifty", "Sixty", "Seventy", "Eighty", "Ninety",
    ];
    fn below_100(n: u64) -> String {
        match n {
            0..=19 => ONES[n as usize].to_string(),
            _ if n.is_multiple_of(10) => TENS[(n / 10) as usize].to_string(),
            _ => format!("{}-{}", TENS[(n / 10) as usize], ONES[(n % 10) as usize]),
        }
    }
    fn below_1000(n: u64) -> Vec<String> {
        let mut words = Vec::new();
        if n >= 100 {
            words.push(format!("{} Hundred", ONES[(n / 100) as usize]));
        }
        if !n.is_multiple_of(100) {
            words.push(below_100(n % 100));
        }
        words
    }
    fn number(mut n: u64) -> String {
        if n == 0 {
            return ONES[0].to_string();
        }
        let mut words = Vec::new();
        let crores = n / 1_00_00_000;
        n %= 1_00_00_000;
        if crores > 0 {
            words.push(format!("{} Crore", number(crores)));
        }
        for (unit, name) in [(1_00_000, "Lakh"), (1_000, "Thousand")] {
            if n >= unit {
                words.push(format!("{} {name}", below_100(n / unit)));
                n %= unit;
            }
        }
        words.extend(below_1000(n));
        words.join(" ")
    }
    let abs = amount.0.unsigned_abs();
    let (rupees, paise) = (abs / 100, abs % 100);
    let sign = if amount.0 < 0 { "Minus " } else { "" };
    if paise == 0 {
        format!("{sign}Rupees {} Only", number(rupees))
    } else {
        format!(
            "{sign}Rupees {} and {} Paise Only",
            number(rupees),
            below_100(paise)
        )
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const TODAY: Date = Date::new(2026, 11, 25);
    const KARNATAKA: GstState = GstState {
        code: 29,
        name: "Karnataka",
    };

    #[test]
    fn b2c_large_threshold_is_dated() {
        assert_eq!(b2c_large_above(Date::new(2024, 8, 1)), Paise(1_00_000_00));
        assert_eq!(b2c_large_above(TODAY), Paise(1_00_000_00));
        assert_eq!(b2c_large_above(Date::new(2024, 7, 31)), Paise(2_50_000_00));
    }

    #[test]
    fn gstins_are_checked_to_the_check_character() {
        let g = Gstin::parse(" 27aapfu0939f1zv ").unwrap();
        assert_eq!(
            (g.as_str(), g.state().name),
            ("27AAPFU0939F1ZV", "Maharashtra")
        );
        assert_eq!(
            Gstin::parse("27AAPFU0939F1ZW"),
            Err(GstinError::CheckCharacter)
        );
        assert_eq!(Gstin::parse("27AAPFU0939F1Z"), Err(GstinError::Length));
        assert_eq!(Gstin::parse("27AAPF10939F1ZV"), Err(GstinError::Format));
        assert_eq!(Gstin::parse("27AAPFU0939F1YV"), Err(GstinError::Format));
        // 28 (old Andhra Pradesh) is no longer a state code.
        assert_eq!(Gstin::parse("28AAPFU0939F1ZV"), Err(GstinError::State(28)));
        assert_eq!(Gstin::parse("00AAPFU0939F1ZV"), Err(GstinError::State(0)));
        // The store's development placeholder has the wrong check character.
        assert_eq!(
            Gstin::parse("29ABCDE1234F1Z5"),
            Err(GstinError::CheckCharacter)
        );
        assert!(Gstin::parse("29ABCDE1234F1ZW").is_ok());
    }

    #[test]
    fn each_refusal_says_what_is_wrong() {
        let message = |raw: &str, billing: &str| buyer_gstin(raw, billing).unwrap_err().to_string();
        assert_eq!(
            message("27AAPFU0939F1Z", "Maharashtra"),
            "A GSTIN has 15 characters, letters and digits only"
        );
        assert_eq!(
            message("27AAPFU-939F1ZV", "Maharashtra"),
            "A GSTIN has 15 characters, letters and digits only"
        );
        assert!(
            message("27AAPF10939F1ZV", "Maharashtra")
                .starts_with("This GSTIN is not in the right format: 2 digits of the state")
        );
        assert_eq!(
            message("28AAPFU0939F1ZV", "Maharashtra"),
            "This GSTIN starts with 28, which is not a GST state code"
        );
        assert_eq!(
            message("27AAPFU0939F1ZW", "Maharashtra"),
            "This GSTIN's check character is wrong: please check it for a typing mistake"
        );
        assert_eq!(
            message("27AAPFU0939F1ZV", "karnataka"),
            "This GSTIN is registered in Maharashtra (27), but the billing address is in Karnataka"
        );
        assert_eq!(
            message("07AAPFU0939F1ZX", "Bavaria"),
            "The billing address's state, \"Bavaria\", is not a state or union territory of India"
        );
    }

    #[test]
    fn a_buyer_gstin_is_optional_and_must_match_the_billing_state() {
        assert_eq!(buyer_gstin("  ", "Karnataka"), Ok(None));
        let g = buyer_gstin(" 27aapfu0939f1zv ", "MAHARASHTRA")
            .unwrap()
            .unwrap();
        assert_eq!(g.as_str(), "27AAPFU0939F1ZV");
        // Delhi's GSTIN and its aliases in addresses.
        assert!(
            buyer_gstin("07AAPFU0939F1ZX", "New Delhi")
                .unwrap()
                .is_some()
        );
        assert!(matches!(
            buyer_gstin("07AAPFU0939F1ZX", "Haryana"),
            Err(GstinError::StateMismatch { registered, billing }) if registered.code == 7 && billing.code == 6
        ));
        // A form whose state is not chosen yet checks the GSTIN alone.
        assert!(buyer_gstin("27AAPFU0939F1ZV", "").unwrap().is_some());
        assert_eq!(
            buyer_gstin("27AAPFU0939F1ZW", ""),
            Err(GstinError::CheckCharacter)
        );
    }

    #[test]
    fn states_are_found_by_the_names_addresses_use() {
        assert_eq!(GstState::by_name("KARNATAKA"), Some(KARNATAKA));
        assert_eq!(GstState::by_name("Jammu & Kashmir").unwrap().code, 1);
        assert_eq!(
            GstState::by_name("Dadra and Nagar Haveli and Daman and Diu")
                .unwrap()
                .code,
            26
        );
        assert_eq!(GstState::by_name("Orissa").unwrap().code, 21);
        assert_eq!(GstState::by_name("Pondicherry").unwrap().code, 34);
        assert_eq!(GstState::by_name("IL"), None);
        // Every code appears once but Odisha's old name.
        let mut codes: Vec<u8> = STATES.iter().map(|s| s.code).collect();
        codes.sort_unstable();
        codes.dedup();
        assert_eq!(codes.len(), STATES.len() - 1);
    }

    #[test]
    fn hsn_codes_default_by_category_and_are_checked() {
        assert_eq!(default_hsn("t-shirts"), "6109");
        assert_eq!(default_hsn("T-Shirts"), "6109");
        assert_eq!(default_hsn("Polo shirts"), "6105");
        assert_eq!(default_hsn("shirts"), "6205");
        assert_eq!(default_hsn("Sport shirts"), "6205");
        assert_eq!(default_hsn("Tees"), "6109");
        assert_eq!(check_hsn(" 6109 "), Ok("6109".into()));
        assert_eq!(check_hsn("61091000"), Ok("61091000".into()));
        assert_eq!(check_hsn("610"), Err(HsnError));
        assert_eq!(check_hsn("61O9"), Err(HsnError));
        assert_eq!(check_hsn("61091"), Err(HsnError));
    }

    #[test]
    fn the_rate_follows_the_value_per_piece_and_the_date() {
        // From 22 September 2025: ₹2,500 of taxable value a piece at 5% is ₹2,625 with tax.
        assert_eq!(rate_bps(Paise(2_625_00), TODAY), 500);
        assert_eq!(rate_bps(Paise(2_625_01), TODAY), 1800);
        // Before: ₹1,000 at 5% is ₹1,050.
        let before = Date::new(2025, 9, 21);
        assert_eq!(rate_bps(Paise(1_050_00), before), 500);
        assert_eq!(rate_bps(Paise(1_050_01), before), 1200);
        assert_eq!(rate_bps(Paise(1_050_01), Date::new(2025, 9, 22)), 500);
    }

    #[test]
    fn within_a_state_cgst_and_sgst_are_equal_halves_and_add_up_exactly() {
        // 25 tees at ₹299 and a ₹50 design fee: ₹7,525 at 5%.
        let t = line_tax(Paise(7_525_00), 25, Split::IntraState, TODAY);
        assert_eq!(t.rate_bps, 500);
        // 7525 × 2.5 / 105 = 179.166… → ₹179.17 each.
        assert_eq!(
            (t.cgst, t.sgst, t.igst),
            (Paise(179_17), Paise(179_17), Paise(0))
        );
        assert_eq!(t.taxable_value, Paise(7_166_66));
        assert_eq!(t.taxable_value.0 + t.tax().0, 7_525_00);
    }

    #[test]
    fn across_states_igst_at_the_full_rate() {
        let t = line_tax(Paise(7_525_00), 25, Split::InterState, TODAY);
        // 7525 × 5 / 105 = 358.333… → ₹358.33.
        assert_eq!(
            (t.cgst, t.igst, t.taxable_value),
            (Paise(0), Paise(358_33), Paise(7_166_67))
        );
        // A ₹3,000 piece: 18%, 3000 × 18 / 118 = 457.627… → ₹457.63.
        let t = line_tax(Paise(3_000_00), 1, Split::InterState, TODAY);
        assert_eq!(
            (t.rate_bps, t.igst, t.taxable_value),
            (1800, Paise(457_63), Paise(2_542_37))
        );
    }

    #[test]
    fn a_charged_fee_is_shared_over_the_lines_and_taxed_with_them() {
        let shares = share_fee(&[Paise(100_00), Paise(200_00), Paise(1)], Paise(7_51));
        assert_eq!(shares.iter().map(|s| s.0).sum::<i64>(), 7_51);
        assert_eq!(shares, [Paise(2_50), Paise(5_01), Paise(0)]);
        // The fee at 2.5% of ₹7,525 = ₹188.13, and at 0.
        let delhi = GstState::by_code(7).unwrap();
        let with_fee = order_tax(
            &[(Paise(7_525_00), 25)],
            Paise(188_13),
            KARNATAKA,
            delhi,
            TODAY,
        );
        assert_eq!(with_fee.split, Split::InterState);
        assert_eq!(with_fee.total, Paise(7_713_13));
        // 7713.13 × 5 / 105 = 367.291… → ₹367.29.
        assert_eq!(
            (with_fee.igst, with_fee.taxable_value),
            (Paise(367_29), Paise(7_345_84))
        );
        let absorbed = order_tax(
            &[(Paise(7_525_00), 25)],
            Paise(0),
            KARNATAKA,
            KARNATAKA,
            TODAY,
        );
        assert_eq!(absorbed.split, Split::IntraState);
        assert_eq!(
            (absorbed.cgst, absorbed.sgst, absorbed.total),
            (Paise(179_17), Paise(179_17), Paise(7_525_00))
        );
    }

    #[test]
    fn every_order_adds_up_to_what_was_paid() {
        use proptest::prelude::*;
        proptest!(|(lines in proptest::collection::vec((1i64..10_000_000, 1u32..500), 1..6), fee in 0i64..100_000, same: bool)| {
            let lines: Vec<(Paise, u32)> = lines.into_iter().map(|(a, q)| (Paise(a), q)).collect();
            let to = if same { KARNATAKA } else { GstState::by_code(33).unwrap() };
            let t = order_tax(&lines, Paise(fee), KARNATAKA, to, TODAY);
            let paid: i64 = lines.iter().map(|(a, _)| a.0).sum::<i64>() + fee;
            prop_assert_eq!(t.total.0, paid);
            prop_assert_eq!(t.taxable_value.0 + t.cgst.0 + t.sgst.0 + t.igst.0, paid);
            for l in &t.lines {
                prop_assert_eq!(l.cgst, l.sgst);
                prop_assert!(l.taxable_value.0 >= 0);
            }
        });
    }

    #[test]
    fn financial_years_run_april_to_march() {
        assert_eq!(Date::new(2026, 3, 31).financial_year(), "25-26");
        assert_eq!(Date::new(2026, 4, 1).financial_year(), "26-27");
        assert_eq!(TODAY.financial_year(), "26-27");
        assert_eq!(Date::new(2099, 12, 1).financial_year(), "99-00");
    }

    #[test]
    fn a_full_credit_reverses_the_invoice_and_a_part_keeps_its_rates() {
        // Two lines at different rates (₹3,000 a piece is 18%), with a fee.
        let lines = [(Paise(25 * 800_00), 25), (Paise(25 * 3_000_00), 25)];
        let invoice = order_tax(&lines, Paise(2_375_00), KARNATAKA, KARNATAKA, TODAY);
        let full = credit_tax(&invoice.lines, invoice.total, invoice.split);
        assert_eq!(full, invoice);
        // A part: shared by amount, each share taxed at its line's rate.
        let part = credit_tax(&invoice.lines, Paise(1_000_00), invoice.split);
        assert_eq!(part.total, Paise(1_000_00));
        assert_eq!(
            part.lines.iter().map(|l| l.rate_bps).collect::<Vec<_>>(),
            vec![500, 1800]
        );
        // 20,500 : 76,875 of ₹1,000 (the fee shared in) is ₹210.53 : ₹789.47.
        assert_eq!(part.lines[0].amount, Paise(210_53));
        assert_eq!(part.lines[1].amount, Paise(789_47));
        // ₹210.53 at 5% within a state: 2.5% of 210.53/1.05 = ₹5.0126 → ₹5.01 each half.
        assert_eq!(
            (part.lines[0].cgst, part.lines[0].sgst),
            (Paise(5_01), Paise(5_01))
        );
        assert_eq!(part.lines[0].taxable_value, Paise(200_51));
        // ₹789.47 at 18%: 9% of 789.47/1.18 = ₹60.2137 → ₹60.21 each half.
        assert_eq!(part.lines[1].cgst, Paise(60_21));
        assert_eq!(part.taxable_value.0 + part.cgst.0 + part.sgst.0, 1_000_00);
    }

    #[test]
    fn totals_are_written_in_indian_words() {
        assert_eq!(in_words(Paise(0)), "Rupees Zero Only");
        assert_eq!(in_words(Paise(21_00)), "Rupees Twenty-One Only");
        assert_eq!(
            in_words(Paise(1_23_456_50)),
            "Rupees One Lakh Twenty-Three Thousand Four Hundred Fifty-Six and Fifty Paise Only"
        );
        assert_eq!(
            in_words(Paise(12_00_00_000_05)),
            "Rupees Twelve Crore and Five Paise Only"
        );
        assert_eq!(
            in_words(Paise(1_05_00_100_00)),
            "Rupees One Crore Five Lakh One Hundred Only"
        );
        assert_eq!(in_words(Paise(-100)), "Minus Rupees One Only");
    }
}
