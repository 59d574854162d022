//! The store's policy pages (about, contact, terms, privacy, refunds,
//! shipping, cookies): a title and Markdown, as an admin edited them or else
//! the default text written for this store, always served with the server's
//! safe HTML rendering of the Markdown.

mod defaults;
pub mod render;

use crate::core::messages::pages as messages;
use crate::db::pages as db;
use crate::error::{Failure, Fallible};
use crate::state::AppState;

/// A page's title: at most this many characters.
pub const MAX_TITLE_CHARS: usize = 120;
/// A page's Markdown: at most this many bytes (the longest default is under 6,000).
pub const MAX_MARKDOWN_BYTES: usize = 50_000;

/// The store's pages. A path names one of these or is answered 404 before
/// anything is read.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Slug {
    About,
    Contact,
    Terms,
    Privacy,
    Refunds,
    Shipping,
    Cookies,
}

impl Slug {
    pub const ALL: [Slug; 7] = [
        Slug::About,
        Slug::Contact,
        Slug::Terms,
        Slug::Privacy,
        Slug::Refunds,
        Slug::Shipping,
        Slug::Cookies,
    ];

    pub fn parse(slug: &str) -> Fallible<Slug> {
        Slug::ALL
            .into_iter()
            .find(|s| s.as_str() == slug)
            .ok_or_else(messages::no_such_page)
    }

    pub fn as_str(self) -> &'static str {
        match self {
            Slug::About => "about",
            Slug::Contact => "contact",
            Slug::Terms => "terms",
            Slug::Privacy => "privacy",
            Slug::Refunds => "refunds",
            Slug::Shipping => "shipping",
            Slug::Cookies => "cookies",
        }
    }
}

/// A page as shown.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Page {
    pub slug: Slug,
    pub title: String,
    pub markdown: String,
    /// `markdown` rendered safe ([`render::to_html`]).
    pub html: String,
    /// When an admin last saved it; None while it shows the default text.
    pub updated_at: Option<i64>,
}

impl Page {
    fn new(slug: Slug, title: String, markdown: String, updated_at: Option<i64>) -> Page {
        Page {
            slug,
            html: render::to_html(&markdown),
            title,
            markdown,
            updated_at,
        }
    }
}

/// An admin's text for a page, checked: a title of one line, 1 to
/// [`MAX_TITLE_CHARS`] characters; Markdown of 1 to [`MAX_MARKDOWN_BYTES`]
/// bytes without control characters (PostgreSQL refuses a NUL in text).
#[derive(Debug, Clone)]
pub struct Edit {
    title: String,
    markdown: String,
}

impl Edit {
    pub fn parse(title: &str, markdown: &str) -> Fallible<Edit> {
        let title = title.trim();
        if title.chars().any(char::is_control) {
            return Err(messages::title_not_one_line());
        }
        let chars = title.chars().count();
        if !(1..=MAX_TITLE_CHARS).contains(&chars) {
            return Err(messages::title_invalid(MAX_TITLE_CHARS, chars));
        }
        check_markdown(markdown, 1)?;
        Ok(Edit {
            title: title.to_string(),
            markdown: markdown.to_string(),
        })
    }
}

/// Markdown of `min` to [`MAX_MARKDOWN_BYTES`] bytes (blank counts as 0),
/// with no control character but tab and line breaks.
fn check_markdown(markdown: &str, min: usize) -> Fallible<()> {
    let bytes = if markdown.trim().is_empty() {
        0
    } else {
        markdown.len()
    };
    if !(min..=MAX_MARKDOWN_BYTES).contains(&bytes) {
        return Err(messages::text_length(MAX_MARKDOWN_BYTES, bytes));
    }
    if markdown
        .chars()
        .any(|c| c.is_control() && !matches!(c, '\t' | '\n' | '\r'))
    {
        return Err(messages::text_control_character());
    }
    Ok(())
}

/// The page as an admin saved it, or its default text.
pub async fn page(state: &AppState, slug: Slug) -> Fallible<Page> {
    Ok(match db::get(&state.db, slug.as_str()).await? {
        Some(row) => Page::new(slug, row.title, row.markdown, Some(row.updated_at)),
        None => default_page(state, slug),
    })
}

/// The page's default text, filled with the store's configuration.
fn default_page(state: &AppState, slug: Slug) -> Page {
    let settings = defaults::Settings::of(&state.config);
    Page::new(
        slug,
        defaults::title(slug).to_string(),
        defaults::markdown(slug, &settings),
        None,
    )
}

/// Saves admin `by`'s text for the page.
pub async fn save(state: &AppState, slug: Slug, edit: Edit, by: &str) -> Fallible<Page> {
    let row = db::save(&state.db, slug.as_str(), &edit.title, &edit.markdown, by).await?;
    tracing::info!(page = slug.as_str(), admin = by, "page edited");
    Ok(Page::new(
        slug,
        row.title,
        row.markdown,
        Some(row.updated_at),
    ))
}

/// Forgets an admin's text: the page shows its default text again.
pub async fn reset(state: &AppState, slug: Slug, by: &str) -> Fallible<Page> {
    if db::reset(&state.db, slug.as_str()).await? {
        tracing::info!(
            page = slug.as_str(),
            admin = by,
            "page reset to its default text"
        );
    }
    Ok(default_page(state, slug))
}

/// The HTML of Markdown being edited (empty is allowed: an emptied editor).
pub fn preview(markdown: &str) -> Result<String, Failure> {
    check_markdown(markdown, 0)?;
    Ok(render::to_html(markdown))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn slugs_round_trip_and_others_are_not_found() {
        for slug in Slug::ALL {
            assert_eq!(Slug::parse(slug.as_str()), Ok(slug));
            assert_ne!(defaults::title(slug), slug.as_str());
        }
        for other in [
            "",
            "About",
            "preview",
            "../terms",
            "terms/",
            "x".repeat(10_000).as_str(),
        ] {
            assert_eq!(
                Slug::parse(other).unwrap_err().kind,
                crate::error::Kind::NotFound
            );
        }
        assert_eq!(
            defaults::title(Slug::Refunds),
            "Returns, refunds and cancellation"
        );
    }

    #[test]
    fn an_edit_is_checked_field_by_field() {
        let ok = Edit::parse("  Terms  ", "Text").unwrap();
        assert_eq!(ok.title, "Terms");
        let code = |r: Fallible<Edit>| r.unwrap_err().code.unwrap();
        assert_eq!(code(Edit::parse(" ", "Text")), "PAGE_TITLE_INVALID");
        assert_eq!(
            code(Edit::parse(&"é".repeat(121), "Text")),
            "PAGE_TITLE_INVALID"
        );
        assert!(Edit::parse(&"é".repeat(120), "Text").is_ok());
        assert_eq!(code(Edit::parse("A\nB", "Text")), "PAGE_TITLE_INVALID");
        assert_eq!(code(Edit::parse("T", " \n ")), "PAGE_TEXT_INVALID");
        assert_eq!(
            code(Edit::parse("T", &"a".repeat(50_001))),
            "PAGE_TEXT_INVALID"
        );
        assert!(Edit::parse("T", &"a".repeat(50_000)).is_ok());
        assert_eq!(code(Edit::parse("T", "a\0b")), "PAGE_TEXT_INVALID");
        assert!(Edit::parse("T", "a\tb\r\nc").is_ok());
        assert_eq!(preview("").unwrap(), "");
    }
}
