//! A product's country of origin, which the e-commerce rules require on the
//! listing of imported goods: a country's name as the merchant writes it
//! ("India", "Bangladesh", "Côte d'Ivoire"), checked once for every door.

/// What a product without one says: the store's own garments are made here.
pub const DEFAULT_COUNTRY_OF_ORIGIN: &str = "India";
/// The longest country name taken, in characters.
pub const MAX_COUNTRY_CHARS: usize = 60;

/// Why a country of origin was refused.
#[derive(Debug, Clone, Copy, PartialEq, Eq, thiserror::Error)]
#[error("Country of origin must be a country's name of 2 to 60 letters, e.g. India")]
pub struct OriginError;

impl OriginError {
    pub const CODE: &'static str = "INVALID_COUNTRY_OF_ORIGIN";
}

/// The country of origin as kept (trimmed, inner spaces single): letters of
/// any script, spaces and the marks names use (`'`, `-`, `.`, `,`, parentheses),
/// 2 to 60 characters with at least two letters.
pub fn country_of_origin(raw: &str) -> Result<String, OriginError> {
    let name = raw.split_whitespace().collect::<Vec<_>>().join(" ");
    let count = name.chars().count();
    let allowed =
        |c: char| c.is_alphabetic() || matches!(c, ' ' | '\'' | '’' | '-' | '.' | ',' | '(' | ')');
    let letters = name.chars().filter(|c| c.is_alphabetic()).count();
    if (2..=MAX_COUNTRY_CHARS).contains(&count) && letters >= 2 && name.chars().all(allowed) {
        Ok(name)
    } else {
        Err(OriginError)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_of_countries_are_kept_tidy() {
        assert_eq!(country_of_origin(" India ").unwrap(), "India");
        assert_eq!(
            country_of_origin("Côte  d'Ivoire").unwrap(),
            "Côte d'Ivoire"
        );
        assert_eq!(
            country_of_origin("Korea, Republic of").unwrap(),
            "Korea, Republic of"
        );
        assert_eq!(country_of_origin("भारत").unwrap(), "भारत");
        let longest = "A".repeat(MAX_COUNTRY_CHARS);
        assert_eq!(country_of_origin(&longest).unwrap(), longest);
    }

    #[test]
    fn anything_else_is_refused() {
        for bad in [
            "",
            " ",
            "I",
            "..",
            "India1",
            "<b>India</b>",
            "In\u{7}dia",
            "A".repeat(MAX_COUNTRY_CHARS + 1).as_str(),
        ] {
            assert_eq!(country_of_origin(bad), Err(OriginError), "{bad:?}");
        }
        assert_eq!(
            OriginError.to_string(),
            "Country of origin must be a country's name of 2 to 60 letters, e.g. India"
        );
    }
}
