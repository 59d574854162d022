//! A document's total in words, as Indian invoices write it.

use crate::money::Paise;

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
