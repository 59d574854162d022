//! Tax document numbers (CGST Rule 46(b)), and complaint tickets' alike: a
//! series per kind of document and financial year, e.g. `INV/26-27/000123`,
//! at most 16 characters of letters, digits, `/` and `-`. The database keeps
//! the series and the number in it; this is the one place that writes and
//! reads the text.

use design_engine::tax::Date;

/// A series prefix: 1 to 3 capital letters or digits, so that a number fits
/// in 16 characters up to 999,999 documents a year.
pub fn check_prefix(raw: &str) -> Result<String, String> {
    let p = raw.trim().to_ascii_uppercase();
    if (1..=3).contains(&p.len()) && p.bytes().all(|b| b.is_ascii_alphanumeric()) {
        Ok(p)
    } else {
        Err(format!(
            "{raw:?} is not a document prefix: use 1 to 3 letters or digits (a number is at most 16 characters)"
        ))
    }
}

/// The series of `prefix` for the financial year of `date`: `INV/26-27`.
pub fn series(prefix: &str, date: Date) -> String {
    format!("{prefix}/{}", date.financial_year())
}

/// The `seq`th number of a series: `INV/26-27/000123`.
pub fn number(series: &str, seq: i64) -> String {
    format!("{series}/{seq:06}")
}

/// A number as a link may carry it, with `/` or `-` between its parts
/// (`CN/26-27/000004` or `CN-26-27-000004`): its series and place in it.
pub fn parse(text: &str) -> Option<(String, i64)> {
    let parts: Vec<&str> = text.split(['/', '-']).collect();
    let [prefix, from, to, seq] = parts.as_slice() else {
        return None;
    };
    let digits = |s: &str, n: usize| s.len() == n && s.bytes().all(|b| b.is_ascii_digit());
    if check_prefix(prefix).ok().as_deref() != Some(*prefix)
        || !digits(from, 2)
        || !digits(to, 2)
        || !(6..=9).contains(&seq.len())
        || !seq.bytes().all(|b| b.is_ascii_digit())
    {
        return None;
    }
    Some((format!("{prefix}/{from}-{to}"), seq.parse().ok()?))
}

/// The complaints desk's series prefix: tickets are `GRV/26-27/000042`.
pub const GRIEVANCE_PREFIX: &str = "GRV";

/// `INVOICE_PREFIX` (default INV), `CREDIT_NOTE_PREFIX` (default CN) and
/// `QUOTE_PREFIX` (default QT: quotes with a negotiated price, their own series).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct DocumentPrefixes {
    pub invoice: String,
    pub credit_note: String,
    /// `RECEIPT_VOUCHER_PREFIX` (default RV): advances' receipt vouchers (issue 52).
    pub receipt_voucher: String,
    pub quote: String,
}

impl Default for DocumentPrefixes {
    fn default() -> DocumentPrefixes {
        DocumentPrefixes {
            invoice: "INV".to_string(),
            credit_note: "CN".to_string(),
            receipt_voucher: "RV".to_string(),
            quote: "QT".to_string(),
        }
    }
}

impl DocumentPrefixes {
    pub fn from_env() -> anyhow::Result<DocumentPrefixes> {
        let read = |name: &str, default: &str| {
            check_prefix(&crate::env::env_or(name, default))
                .map_err(|e| anyhow::anyhow!("{name}: {e}"))
        };
        let prefixes = DocumentPrefixes {
            invoice: read("INVOICE_PREFIX", "INV")?,
            credit_note: read("CREDIT_NOTE_PREFIX", "CN")?,
            receipt_voucher: read("RECEIPT_VOUCHER_PREFIX", "RV")?,
            quote: read("QUOTE_PREFIX", "QT")?,
        };
        anyhow::ensure!(
            prefixes.invoice != prefixes.credit_note,
            "INVOICE_PREFIX and CREDIT_NOTE_PREFIX must differ: each kind of document has its own series"
        );
        anyhow::ensure!(
            prefixes.receipt_voucher != prefixes.invoice
                && prefixes.receipt_voucher != prefixes.credit_note,
            "RECEIPT_VOUCHER_PREFIX must differ from INVOICE_PREFIX and CREDIT_NOTE_PREFIX: each kind of document has its own series"
        );
        anyhow::ensure!(
            prefixes.quote != prefixes.invoice && prefixes.quote != prefixes.credit_note,
            "QUOTE_PREFIX must differ from INVOICE_PREFIX and CREDIT_NOTE_PREFIX: quotes have their own series"
        );
        Ok(prefixes)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn numbers_fit_sixteen_characters_and_read_back() {
        let s = series("INV", Date::new(2026, 11, 25));
        assert_eq!(number(&s, 123), "INV/26-27/000123");
        assert_eq!(number(&s, 999_999).len(), 16);
        assert_eq!(series("CN", Date::new(2027, 3, 31)), "CN/26-27");
        assert_eq!(parse("INV/26-27/000123"), Some(("INV/26-27".into(), 123)));
        assert_eq!(parse("CN-26-27-000004"), Some(("CN/26-27".into(), 4)));
        for bad in [
            "",
            "INV/26-27",
            "inv/26-27/000001",
            "INV/2026-27/000001",
            "INV/26-27/12",
            "A/B/C/D",
            "INV/26-27/0000x1",
        ] {
            assert_eq!(parse(bad), None, "{bad}");
        }
        assert_eq!(check_prefix(" lt ").unwrap(), "LT");
        assert!(check_prefix("").is_err());
        assert!(check_prefix("ABCD").is_err());
        assert!(check_prefix("A/B").is_err());
    }
}
