//! The one place a refusal gets its language. Routes and the logic below
//! them build every `Failure` in English, the specification's words that
//! tests assert; the HTTP layer (`http::language`) hands each error answer
//! here with the request's language, and a Hindi reader gets the catalogue's
//! Hindi (`refusals_hi`, and `studio_hi` for the engine's). The code never changes, and an English reader's
//! text is never touched.
//!
//! A refusal is found by its English message, a template whose `{}` stand
//! for the parts filled in (an order number, a count): the Hindi says `{}`
//! for the next part or `{2}` for the second, so its words may come in
//! Hindi's order. The design engine's refusals are found by their code and
//! filled with the values the engine names (`{size}`, `{count}`: the web
//! catalogue's names, which the engine's own test holds), a roster row's
//! Hindi led by its row ("पंक्ति 3: …") when the engine names one.

use std::collections::BTreeMap;

use super::refusals_hi::BY_MESSAGE;
use super::studio_hi::{BY_CODE, ROW};
use crate::domain::Language;

/// `message` (with its `code` and the `values` it names) in `language`; `None`
/// when it stays as it is (English, or a message the catalogue has no Hindi
/// for: an admin's).
pub fn refusal(
    language: Language,
    code: Option<&str>,
    message: &str,
    values: &BTreeMap<String, String>,
) -> Option<String> {
    if language == Language::En {
        return None;
    }
    for (english, hindi) in BY_MESSAGE {
        if let Some(parts) = captures(english, message) {
            return Some(fill(hindi, &parts));
        }
    }
    let code = code?;
    let (_, hindi) = BY_CODE.iter().find(|(c, _)| *c == code)?;
    let text = fill_with(hindi, |name| values.get(name).cloned());
    Some(match values.get("row") {
        Some(row) => fill_with(ROW, |name| match name {
            "row" => Some(row.clone()),
            "problem" => Some(text.clone()),
            _ => None,
        }),
        None => text,
    })
}

/// The parts of `message` standing for the `{}` of `template`, when the
/// message is that template filled in.
fn captures<'m>(template: &str, message: &'m str) -> Option<Vec<&'m str>> {
    let mut pieces = template.split("{}");
    let first = pieces.next().unwrap_or("");
    let mut rest = message.strip_prefix(first)?;
    let pieces: Vec<&str> = pieces.collect();
    if pieces.is_empty() {
        return rest.is_empty().then(Vec::new);
    }
    let mut parts = Vec::with_capacity(pieces.len());
    for (i, piece) in pieces.iter().enumerate() {
        let at = if i + 1 == pieces.len() {
            // The last piece ends the message.
            let at = rest.len().checked_sub(piece.len())?;
            (rest.is_char_boundary(at) && rest[at..] == **piece).then_some(at)?
        } else if piece.is_empty() {
            return None;
        } else {
            rest.find(piece)?
        };
        parts.push(&rest[..at]);
        rest = &rest[at + piece.len()..];
    }
    Some(parts)
}

/// `template` with its `{}` (the next part) and `{n}` (part n, from 1)
/// replaced; English month names in the parts become Hindi ones.
fn fill(template: &str, parts: &[&str]) -> String {
    let mut next = 0;
    fill_with(template, |inside| {
        let index = if inside.is_empty() {
            next += 1;
            Some(next - 1)
        } else {
            inside.parse::<usize>().ok().and_then(|n| n.checked_sub(1))
        };
        index
            .and_then(|i| parts.get(i))
            .map(|part| super::hindi::months(part))
    })
}

/// `template` with each `{…}` replaced by `part` of what is inside it, kept
/// as it is where `part` has nothing.
fn fill_with(template: &str, mut part: impl FnMut(&str) -> Option<String>) -> String {
    let mut out = String::with_capacity(template.len() + 16);
    let mut rest = template;
    while let Some(open) = rest.find('{') {
        out.push_str(&rest[..open]);
        let after = &rest[open + 1..];
        let Some(close) = after.find('}') else {
            out.push_str(&rest[open..]);
            return out;
        };
        match part(&after[..close]) {
            Some(part) => out.push_str(&part),
            None => out.push_str(&rest[open..open + close + 2]),
        }
        rest = &after[close + 1..];
    }
    out.push_str(rest);
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use Language::{En, Hi};

    #[test]
    fn english_is_never_touched() {
        assert_eq!(refusal(En, None, "Your cart is empty", &none()), None);
        assert_eq!(
            refusal(En, Some("BELOW_MINIMUM"), "anything", &none()),
            None
        );
    }

    #[test]
    fn a_message_is_found_with_its_parts_in_hindi_order() {
        assert_eq!(
            refusal(Hi, None, "Your cart is empty", &none()).as_deref(),
            Some("आपकी कार्ट खाली है")
        );
        let claimed = refusal(
            Hi,
            Some("TOO_MANY_PIECES"),
            "At most 3 pieces of size XL can be claimed on this design: 5 were ordered and 2 are in other claims",
            &none(),
        )
        .unwrap();
        assert!(claimed.contains("साइज़ XL के अधिकतम 3 पीस"), "{claimed}");
        assert!(
            claimed.contains("5 ऑर्डर") && claimed.contains("2 दूसरे"),
            "{claimed}"
        );
    }

    fn none() -> BTreeMap<String, String> {
        BTreeMap::new()
    }

    /// The engine's refusal `e` in Hindi, as the API answers it.
    fn engine_hi(e: &design_engine::StudioError) -> String {
        let f = crate::error::Failure::from(e.clone());
        refusal(Hi, f.code.as_deref(), &f.message, &f.values).unwrap()
    }

    #[test]
    fn the_engine_is_found_by_its_code_with_its_values_by_name() {
        use design_engine::StudioError;
        use design_engine::error::RowProblem;
        assert_eq!(
            engine_hi(&StudioError::BelowMinimum(10)),
            "न्यूनतम मात्रा पूरी नहीं हुई। हर रंग के कम से कम 25 पीस चाहिए: 10 पीस और जोड़ें।"
        );
        let size = design_engine::Size::parse("XL").unwrap();
        assert_eq!(
            engine_hi(&StudioError::QuantityTooLarge(size)),
            "साइज़ XL की मात्रा 10000 से ज़्यादा नहीं हो सकती"
        );
        // A contrast of 1.4 is one value, not the numbers 1 and 4.
        let low = engine_hi(&StudioError::QrLowContrast("1.4".into()));
        assert!(low.contains("(कंट्रास्ट 1.4:1,"), "{low}");
        // A roster row's problem is led by its row; a group member's (no row) is not.
        assert_eq!(
            engine_hi(&RowProblem::NameTooLong.at(3)),
            "पंक्ति 3: नाम अधिकतम 12 अक्षरों का हो सकता है"
        );
        let alone = RowProblem::NameTooLong;
        let values = alone
            .values()
            .into_iter()
            .map(|(n, v)| (n.to_string(), v))
            .collect();
        assert_eq!(
            refusal(Hi, Some(alone.code()), &alone.to_string(), &values).as_deref(),
            Some("नाम अधिकतम 12 अक्षरों का हो सकता है")
        );
        // A value the answer lacks stays a placeholder rather than a wrong number.
        assert_eq!(
            refusal(Hi, Some("UNSUPPORTED_VERSION"), "version 9", &none()).as_deref(),
            Some("यह डिज़ाइन स्टूडियो के नए संस्करण में बनाया गया था (संस्करण {version})")
        );
    }

    #[test]
    fn unknown_messages_stay_as_they_are() {
        assert_eq!(
            refusal(Hi, None, "Invalid or missing X-Api-Key", &none()),
            None
        );
        assert_eq!(refusal(Hi, Some("NO_SUCH_CODE"), "Whatever", &none()), None);
        // A template's pieces must all be there, the last one ending the message.
        assert_eq!(
            captures("Order {} has no balance due", "Order X has no balance due!"),
            None
        );
        assert_eq!(
            captures("Order {} has no balance due", "Order X has no balance due"),
            Some(vec!["X"])
        );
        assert_eq!(captures("Wrong OTP", "Wrong OTP!"), None);
        assert_eq!(captures("Wrong OTP", "Wrong OTP"), Some(vec![]));
    }

    #[test]
    fn parts_are_filled_in_by_place_and_months_in_hindi() {
        assert_eq!(fill("{2} और {1}", &["a", "b"]), "b और a");
        assert_eq!(fill("{} {}", &["a", "b"]), "a b");
        assert_eq!(fill("{3}", &["a"]), "{3}");
        assert_eq!(fill("{}", &["5 March 2026"]), "5 मार्च 2026");
    }

    /// Every English template is one the code still says: its literal pieces
    /// are in the source (lines joined as Rust joins `\`-continued strings),
    /// and every Hindi text is Hindi and asks only for parts the English has.
    #[test]
    fn every_entry_is_live_and_has_both_languages() {
        let mut source = String::new();
        let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR"));
        for dir in [root.join("src"), root.join("../design-engine/src")] {
            read_tree(&dir, &mut source);
        }
        let joined = join_continued(&source);
        for (english, hindi) in BY_MESSAGE {
            for piece in english.split("{}").filter(|p| p.trim().len() > 3) {
                assert!(
                    joined.contains(piece),
                    "{piece:?} of {english:?} is not in the source"
                );
            }
            let holes = english.matches("{}").count();
            assert_hindi(hindi, holes);
        }
        let catalogue: BTreeMap<String, String> = serde_json::from_str(
            &std::fs::read_to_string(root.join("../web/src/lib/i18n/en.json")).unwrap(),
        )
        .unwrap();
        for (code, hindi) in BY_CODE {
            assert!(joined.contains(&format!("\"{code}\"")), "no code {code}");
            assert_hindi(hindi, 0);
            // It asks only for values the engine names for its code: the
            // placeholders of the web's text of it, which the engine's test holds.
            let english = &catalogue[&format!("engine.{code}")];
            for name in placeholders(hindi) {
                assert!(
                    placeholders(english).contains(&name),
                    "{code}: the engine names no {name}"
                );
            }
        }
        let mut seen = std::collections::HashSet::new();
        for (english, _) in BY_MESSAGE {
            assert!(seen.insert(english), "{english:?} twice");
        }
    }

    /// The `{name}`s of a template.
    fn placeholders(template: &str) -> Vec<&str> {
        template
            .split('{')
            .skip(1)
            .filter_map(|s| s.split_once('}').map(|(name, _)| name))
            .collect()
    }

    fn assert_hindi(hindi: &str, holes: usize) {
        assert!(
            hindi
                .chars()
                .any(|c| ('\u{0900}'..='\u{097F}').contains(&c)),
            "{hindi:?} is not in Devanagari"
        );
        let asked = hindi.matches("{}").count();
        assert!(
            asked <= holes,
            "{hindi:?} asks for more parts than there are"
        );
        for n in 1..=9 {
            if hindi.contains(&format!("{{{n}}}")) {
                assert!(n <= holes, "{hindi:?} asks for part {n}");
            }
        }
    }

    fn read_tree(dir: &std::path::Path, out: &mut String) {
        for entry in std::fs::read_dir(dir).unwrap().flatten() {
            let path = entry.path();
            if path.is_dir() {
                read_tree(&path, out);
            } else if path.extension().is_some_and(|e| e == "rs")
                && !path.ends_with("refusals_hi.rs")
                && !path.ends_with("studio_hi.rs")
            {
                out.push_str(&std::fs::read_to_string(&path).unwrap());
            }
        }
    }

    /// `"a \<newline>   b"` as Rust reads it: `"a b"`.
    fn join_continued(source: &str) -> String {
        let mut out = String::with_capacity(source.len());
        let mut chars = source.chars().peekable();
        while let Some(c) = chars.next() {
            if c == '\\' && chars.peek() == Some(&'\n') {
                while chars.peek().is_some_and(|c| c.is_whitespace()) {
                    chars.next();
                }
            } else {
                out.push(c);
            }
        }
        out
    }
}
