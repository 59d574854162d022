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
//! Hindi's order. The design engine's refusals are found by their code,
//! their numbers read from the English message in order.

use super::refusals_hi::BY_MESSAGE;
use super::studio_hi::BY_CODE;
use crate::domain::Language;

/// `message` (with its `code`) in `language`; `None` when it stays as it is
/// (English, or a message the catalogue has no Hindi for: an admin's).
pub fn refusal(language: Language, code: Option<&str>, message: &str) -> Option<String> {
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
    let numbers: Vec<&str> = message
        .split(|c: char| !c.is_ascii_digit())
        .filter(|n| !n.is_empty())
        .collect();
    Some(fill(hindi, &numbers))
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
    let mut out = String::with_capacity(template.len() + 16);
    let mut next = 0;
    let mut rest = template;
    while let Some(open) = rest.find('{') {
        out.push_str(&rest[..open]);
        let after = &rest[open + 1..];
        let Some(close) = after.find('}') else {
            out.push_str(&rest[open..]);
            return out;
        };
        let inside = &after[..close];
        let index = if inside.is_empty() {
            next += 1;
            Some(next - 1)
        } else {
            inside.parse::<usize>().ok().and_then(|n| n.checked_sub(1))
        };
        match index.and_then(|i| parts.get(i)) {
            Some(part) => out.push_str(&super::hindi::months(part)),
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
        assert_eq!(refusal(En, None, "Your cart is empty"), None);
        assert_eq!(refusal(En, Some("BELOW_MINIMUM"), "anything"), None);
    }

    #[test]
    fn a_message_is_found_with_its_parts_in_hindi_order() {
        assert_eq!(
            refusal(Hi, None, "Your cart is empty").as_deref(),
            Some("आपकी कार्ट खाली है")
        );
        let claimed = refusal(
            Hi,
            Some("TOO_MANY_PIECES"),
            "At most 3 pieces of size XL can be claimed on this design: 5 were ordered and 2 are in other claims",
        )
        .unwrap();
        assert!(claimed.contains("साइज़ XL के अधिकतम 3 पीस"), "{claimed}");
        assert!(
            claimed.contains("5 ऑर्डर") && claimed.contains("2 दूसरे"),
            "{claimed}"
        );
    }

    #[test]
    fn the_engine_is_found_by_its_code_with_its_numbers() {
        let below = refusal(
            Hi,
            Some("BELOW_MINIMUM"),
            "Minimum quantity requirement not met. You need 10 more items to reach the minimum of 25 per color.",
        )
        .unwrap();
        assert!(below.contains("25") && below.contains("10"), "{below}");
        assert!(below.contains("रंग"), "{below}");
    }

    #[test]
    fn unknown_messages_stay_as_they_are() {
        assert_eq!(refusal(Hi, None, "Invalid or missing X-Api-Key"), None);
        assert_eq!(refusal(Hi, Some("NO_SUCH_CODE"), "Whatever"), None);
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
        for (code, hindi) in BY_CODE {
            assert!(joined.contains(&format!("\"{code}\"")), "no code {code}");
            assert_hindi(hindi, 9);
        }
        let mut seen = std::collections::HashSet::new();
        for (english, _) in BY_MESSAGE {
            assert!(seen.insert(english), "{english:?} twice");
        }
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
