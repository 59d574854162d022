//! How a Hindi text writes what the English one writes in English words:
//! dates with Hindi month names ("5 मार्च 2026"), as the English letters
//! write "5 March 2026". Rupees need nothing: `Paise::format_inr` already
//! groups them the Indian way (₹1,23,456.00), which Hindi readers use too.

use chrono::{Datelike, NaiveDate};

use crate::domain::Language;

const MONTHS: [(&str, &str); 12] = [
    ("January", "जनवरी"),
    ("February", "फ़रवरी"),
    ("March", "मार्च"),
    ("April", "अप्रैल"),
    ("May", "मई"),
    ("June", "जून"),
    ("July", "जुलाई"),
    ("August", "अगस्त"),
    ("September", "सितंबर"),
    ("October", "अक्टूबर"),
    ("November", "नवंबर"),
    ("December", "दिसंबर"),
];

/// A day as the letters write it: "5 March 2026" or "5 मार्च 2026".
pub fn long_date(d: NaiveDate, language: Language) -> String {
    match language {
        Language::En => d.format("%-d %B %Y").to_string(),
        Language::Hi => format!("{} {} {}", d.day(), MONTHS[d.month0() as usize].1, d.year()),
    }
}

/// `text` with English month names in Hindi (a date inside a refusal's part).
pub fn months(text: &str) -> String {
    let mut out = text.to_string();
    if out.bytes().any(|b| b.is_ascii_uppercase()) {
        for (english, hindi) in MONTHS {
            out = out.replace(english, hindi);
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn dates_in_both_languages() {
        let d = NaiveDate::from_ymd_opt(2026, 2, 5).unwrap();
        assert_eq!(long_date(d, Language::En), "5 February 2026");
        assert_eq!(long_date(d, Language::Hi), "5 फ़रवरी 2026");
        assert_eq!(months("on 5 February 2026"), "on 5 फ़रवरी 2026");
    }
}
