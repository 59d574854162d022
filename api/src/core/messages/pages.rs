//! What the store's pages answer: an unknown page, and an admin's text over its limits.

use crate::error::Failure;

/// A page that is not one of the store's.
pub fn no_such_page() -> Failure {
    Failure::not_found(
        "Page not found. The store's pages are about, contact, terms, privacy, refunds, shipping and cookies",
    )
}

/// A title that is empty, too long or more than one line.
pub fn title_invalid(max_chars: usize, chars: usize) -> Failure {
    let why = if chars == 0 {
        "it is empty".to_string()
    } else {
        format!("it has {chars}")
    };
    Failure::bad_request_code(
        format!("The title must be one line of 1 to {max_chars} characters ({why})"),
        "PAGE_TITLE_INVALID",
    )
}

/// A title with a line break or another control character.
pub fn title_not_one_line() -> Failure {
    Failure::bad_request_code(
        "The title must be one line of text, without line breaks or control characters",
        "PAGE_TITLE_INVALID",
    )
}

/// A page's text that is empty (`bytes` 0) or over `max_bytes`.
pub fn text_length(max_bytes: usize, bytes: usize) -> Failure {
    let why = if bytes == 0 {
        "it is empty".to_string()
    } else {
        format!("it has {bytes}")
    };
    Failure::bad_request_code(
        format!("The page's text must be 1 to {max_bytes} bytes of Markdown ({why})"),
        "PAGE_TEXT_INVALID",
    )
}

/// A page's text with a control character other than tab and line breaks.
pub fn text_control_character() -> Failure {
    Failure::bad_request_code(
        "The page's text contains a control character; only tabs and line breaks may be used",
        "PAGE_TEXT_INVALID",
    )
}

/// The page saved, reset to its default text, or shown.
pub const PAGE: &str = "Page";
pub const PAGE_SAVED: &str = "Page saved";
pub const PAGE_RESET: &str = "Page reset to the store's default text";
pub const PREVIEW: &str = "Preview";
