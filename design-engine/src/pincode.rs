//! The pincode rule: an Indian postal code is six ASCII digits, the first
//! not 0. One rule for the web app (through the WebAssembly module, or the
//! pattern in the facts) and the server; whether India Post delivers there
//! is the server's directory's question, asked only of a pincode.

/// The rule as a regular expression, for pages that test a field without the engine.
pub const PINCODE_PATTERN: &str = "^[1-9][0-9]{5}$";

/// Whether `text` is a pincode: exactly six ASCII digits, the first not 0
/// (no spaces: the caller trims what was typed).
pub fn is_pincode(text: &str) -> bool {
    let b = text.as_bytes();
    b.len() == 6 && b[0] != b'0' && b.iter().all(u8::is_ascii_digit)
}

#[cfg(test)]
mod tests {
    use serde::Deserialize;

    use super::*;

    /// The cases the web app's checks are tested against too.
    #[derive(Deserialize)]
    struct Cases {
        cases: Vec<Case>,
    }

    #[derive(Deserialize)]
    struct Case {
        input: String,
        valid: bool,
    }

    #[test]
    fn the_shared_table_of_pincode_cases() {
        let table: Cases =
            serde_json::from_str(include_str!("../tests/cases/pincode.json")).unwrap();
        assert!(table.cases.len() > 10);
        for case in table.cases {
            assert_eq!(is_pincode(&case.input), case.valid, "{:?}", case.input);
        }
    }

    /// The pattern says what the function does, on every case and more.
    #[test]
    fn the_pattern_is_the_rule() {
        assert_eq!(PINCODE_PATTERN, "^[1-9][0-9]{5}$");
        let pattern = |s: &str| {
            let b = s.as_bytes();
            b.len() == 6
                && (b'1'..=b'9').contains(&b[0])
                && b[1..].iter().all(|c| c.is_ascii_digit())
        };
        for s in [
            "110001", "011000", "99999", "9999999", "12345a", "ab1234", "560 34",
        ] {
            assert_eq!(is_pincode(s), pattern(s), "{s}");
        }
    }
}
