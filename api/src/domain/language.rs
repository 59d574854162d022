//! The language a customer reads the store in: English or Hindi. Kept on
//! the account (`users.language`), sent by the web app as `Accept-Language`,
//! and chosen for every text the server writes to that customer.

use serde::{Deserialize, Serialize};

/// A customer's language, as stored, in the API and in `Accept-Language`.
#[derive(
    poem_openapi::Enum, Debug, Clone, Copy, Default, PartialEq, Eq, Hash, Serialize, Deserialize,
)]
#[oai(rename_all = "lowercase")]
#[serde(rename_all = "lowercase")]
pub enum Language {
    #[default]
    En,
    Hi,
}

impl Language {
    pub const ALL: [Language; 2] = [Language::En, Language::Hi];

    pub fn as_str(self) -> &'static str {
        match self {
            Language::En => "en",
            Language::Hi => "hi",
        }
    }

    pub fn parse(s: &str) -> Option<Language> {
        Language::ALL.into_iter().find(|l| l.as_str() == s)
    }

    /// The first language of an `Accept-Language` header (by its weights)
    /// that the store speaks; English when none is, or there is no header.
    /// `hi-IN` counts as Hindi and `en-GB` as English.
    pub fn from_accept_language(header: Option<&str>) -> Language {
        let Some(header) = header else {
            return Language::En;
        };
        let mut best: Option<(f32, Language)> = None;
        for part in header.split(',').take(16) {
            let mut pieces = part.split(';');
            let tag = pieces.next().unwrap_or("").trim();
            let primary = tag.split('-').next().unwrap_or("").to_ascii_lowercase();
            let Some(language) = Language::parse(&primary) else {
                continue;
            };
            let weight = pieces
                .find_map(|p| {
                    p.trim()
                        .strip_prefix("q=")
                        .and_then(|q| q.parse::<f32>().ok())
                })
                .unwrap_or(1.0);
            if weight > 0.0 && best.is_none_or(|(w, _)| weight > w) {
                best = Some((weight, language));
            }
        }
        best.map_or(Language::En, |(_, l)| l)
    }
}

super::stored_text::stored_as_text!(Language);

#[cfg(test)]
mod tests {
    use super::Language::{self, En, Hi};

    #[test]
    fn accept_language_picks_the_heaviest_language_the_store_speaks() {
        let pick = Language::from_accept_language;
        assert_eq!(pick(None), En);
        assert_eq!(pick(Some("hi-IN,hi;q=0.9,en;q=0.8")), Hi);
        assert_eq!(pick(Some("en-IN,en;q=0.9,hi;q=0.8")), En);
        assert_eq!(pick(Some("fr,hi;q=0.5")), Hi);
        assert_eq!(pick(Some("en;q=0.2, HI;q=0.7")), Hi);
        assert_eq!(pick(Some("hi;q=0, en;q=0.1")), En);
        assert_eq!(pick(Some("ta-IN")), En);
        assert_eq!(pick(Some(";;,,q=")), En);
    }
}
