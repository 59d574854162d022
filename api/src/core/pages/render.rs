//! A page's Markdown as safe HTML, by pulldown-cmark: raw HTML in the text is
//! shown as text (never passed through), links and images keep only safe
//! addresses, and headings get ids from their words (`/contact#grievance-officer`).
//! The page shows this HTML as it is, so the server's rendering is the one
//! every visitor sees.

use std::collections::{HashMap, HashSet};

use pulldown_cmark::{CowStr, Event, HeadingLevel, Options, Parser, Tag, TagEnd};

/// The Markdown as HTML that is safe to put into the page.
pub fn to_html(markdown: &str) -> String {
    let options = Options::ENABLE_TABLES | Options::ENABLE_STRIKETHROUGH;
    let events = safe_events(Parser::new_ext(markdown, options));
    let mut html = String::with_capacity(markdown.len() * 3 / 2);
    pulldown_cmark::html::push_html(&mut html, with_heading_ids(events).into_iter());
    html
}

/// Which addresses a link may have: the web's, e-mail and telephone, and
/// the store's own pages (relative). Images: the web's and relative only.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Target {
    Link,
    Image,
}

/// Whether `url` is safe as `target`. Browsers ignore whitespace and control
/// characters inside a scheme ("java\tscript:"), so they are dropped before
/// the scheme is read; an address with no scheme is relative.
fn safe_url(url: &str, target: Target) -> bool {
    let squeezed: String = url
        .chars()
        .filter(|c| !c.is_ascii_whitespace() && !c.is_control())
        .collect();
    let Some(colon) = squeezed.find(':') else {
        return true;
    };
    if squeezed[..colon].contains(['/', '?', '#']) {
        // A colon after the path starts ("/a:b", "?q=x:y") is no scheme.
        return true;
    }
    let scheme = squeezed[..colon].to_ascii_lowercase();
    match target {
        Target::Link => matches!(scheme.as_str(), "http" | "https" | "mailto" | "tel"),
        Target::Image => matches!(scheme.as_str(), "http" | "https"),
    }
}

/// The parser's events with raw HTML turned into text and unsafe links and
/// images dropped (their words stay, as text).
fn safe_events<'a>(events: impl Iterator<Item = Event<'a>>) -> Vec<Event<'a>> {
    // For each open link or image: whether it was kept (links do not nest,
    // but an image may sit inside a link).
    let mut open: Vec<bool> = Vec::new();
    let mut out = Vec::new();
    for event in events {
        match event {
            Event::Html(raw) | Event::InlineHtml(raw) => out.push(Event::Text(raw)),
            // A block of raw HTML becomes a paragraph of its text.
            Event::Start(Tag::HtmlBlock) => out.push(Event::Start(Tag::Paragraph)),
            Event::End(TagEnd::HtmlBlock) => out.push(Event::End(TagEnd::Paragraph)),
            Event::Start(Tag::Link { ref dest_url, .. }) => {
                let keep = safe_url(dest_url, Target::Link);
                open.push(keep);
                if keep {
                    out.push(event);
                }
            }
            Event::Start(Tag::Image { ref dest_url, .. }) => {
                let keep = safe_url(dest_url, Target::Image);
                open.push(keep);
                if keep {
                    out.push(event);
                }
            }
            Event::End(TagEnd::Link | TagEnd::Image) => {
                if open.pop().unwrap_or(false) {
                    out.push(event);
                }
            }
            other => out.push(other),
        }
    }
    out
}

/// Each heading with an id made of its words ("Grievance officer" →
/// `grievance-officer`; a repeat gets `-2`, `-3`), so a link can point at a
/// section. The Markdown cannot set ids or classes itself.
fn with_heading_ids(events: Vec<Event<'_>>) -> Vec<Event<'_>> {
    let mut ids = Ids::default();
    let mut out = Vec::with_capacity(events.len());
    let mut i = 0;
    while i < events.len() {
        if let Event::Start(Tag::Heading { level, .. }) = &events[i] {
            let level: HeadingLevel = *level;
            let end = events[i..]
                .iter()
                .position(|e| matches!(e, Event::End(TagEnd::Heading(_))))
                .map_or(events.len(), |n| i + n);
            let words: String = events[i + 1..end]
                .iter()
                .filter_map(|e| match e {
                    Event::Text(t) | Event::Code(t) => Some(t.as_ref()),
                    _ => None,
                })
                .collect();
            out.push(Event::Start(Tag::Heading {
                level,
                id: unique_id(&words, &mut ids).map(CowStr::from),
                classes: Vec::new(),
                attrs: Vec::new(),
            }));
        } else {
            out.push(events[i].clone());
        }
        i += 1;
    }
    out
}

/// The ids given so far, and per base id the next number to try (a page of
/// thousands of equal headings numbers them in one pass each).
#[derive(Default)]
struct Ids {
    used: HashSet<String>,
    next: HashMap<String, usize>,
}

/// The words as an id: lower-case letters and digits joined by single
/// dashes; None when nothing is left.
fn unique_id(words: &str, ids: &mut Ids) -> Option<String> {
    let base = words
        .to_lowercase()
        .split(|c: char| !c.is_ascii_alphanumeric())
        .filter(|w| !w.is_empty())
        .collect::<Vec<_>>()
        .join("-");
    if base.is_empty() {
        return None;
    }
    let n = ids.next.entry(base.clone()).or_insert(1);
    loop {
        let id = if *n == 1 {
            base.clone()
        } else {
            format!("{base}-{n}")
        };
        *n += 1;
        if ids.used.insert(id.clone()) {
            return Some(id);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::to_html;

    #[test]
    fn markdown_becomes_html() {
        assert_eq!(
            to_html("## Refunds\n\nWithin **5–7** business days, see [terms](/terms)."),
            "<h2 id=\"refunds\">Refunds</h2>\n<p>Within <strong>5–7</strong> business days, see <a href=\"/terms\">terms</a>.</p>\n"
        );
        let table = to_html("| a | b |\n|---|---|\n| 1 | 2 |\n");
        assert!(
            table.contains("<table>") && table.contains("<td>2</td>"),
            "{table}"
        );
        let contact = to_html("Write to <hello@shop.example> or [call](tel:+918000000000).");
        assert!(
            contact.contains("<a href=\"mailto:hello@shop.example\">hello@shop.example</a>")
                && contact.contains("<a href=\"tel:+918000000000\">call</a>"),
            "{contact}"
        );
    }

    #[test]
    fn raw_html_is_shown_as_text_never_passed_through() {
        for (markdown, shown) in [
            (
                "<script>alert(1)</script>",
                "&lt;script&gt;alert(1)&lt;/script&gt;",
            ),
            (
                "Hello <img src=x onerror=alert(1)> there",
                "Hello &lt;img src=x onerror=alert(1)&gt; there",
            ),
            (
                "<div onclick=\"alert(1)\">\n\n*x*\n</div>",
                "&lt;div onclick=\"alert(1)\"&gt;",
            ),
            ("<!-- hidden -->", "&lt;!-- hidden --&gt;"),
            (
                "<a href=\"javascript:alert(1)\">x</a>",
                "&lt;a href=\"javascript:alert(1)\"&gt;x&lt;/a&gt;",
            ),
        ] {
            let html = to_html(markdown);
            assert!(html.contains(shown), "{markdown}: {html}");
            for live in ["<script", "<img", "<div", "<!--", "<a "] {
                assert!(!html.contains(live), "{markdown}: {html}");
            }
        }
    }

    #[test]
    fn unsafe_links_and_images_keep_only_their_words() {
        for markdown in [
            "[x](javascript:alert(1))",
            "[x](JavaScript:alert(1))",
            "[x](java\tscript:alert(1))",
            "[x](&#106;avascript:alert(1))",
            "[x](data:text/html;base64,PHNjcmlwdD4=)",
            "[x](vbscript:msgbox)",
            "[x]: javascript:alert(1)\n\n[x]",
            "<javascript:alert(1)>",
            "![x](javascript:alert(1))",
            "![x](data:image/svg+xml,<svg onload=alert(1)>)",
            "![x](mailto:a@b.example)",
        ] {
            let html = to_html(markdown);
            assert!(
                !html.contains("href") && !html.contains("src="),
                "{markdown}: {html}"
            );
            assert!(
                !html.to_lowercase().contains("<a") && !html.contains("<img"),
                "{markdown}: {html}"
            );
        }
        let kept = to_html("[x](javascript:alert(1)) and ![logo](/logo.png)");
        assert_eq!(
            kept, "<p>x and <img src=\"/logo.png\" alt=\"logo\" /></p>\n",
            "the words stay, the safe image too"
        );
        let colon_in_path = to_html("[x](/pages?q=a:b)");
        assert!(
            colon_in_path.contains("href=\"/pages?q=a:b\""),
            "{colon_in_path}"
        );
    }

    #[test]
    fn headings_get_ids_from_their_words_and_markdown_cannot_set_attributes() {
        let html = to_html(
            "## Grievance officer\n\n## Grievance officer\n\n# `Code` & more!\n\n## {#x .y}\n",
        );
        assert!(html.contains("<h2 id=\"grievance-officer\">"), "{html}");
        assert!(html.contains("<h2 id=\"grievance-officer-2\">"), "{html}");
        assert!(html.contains("<h1 id=\"code-more\">"), "{html}");
        assert!(html.contains("<h2 id=\"x-y\">{#x .y}</h2>"), "{html}");
        let repeats = to_html(&"## a\n\n".repeat(20_000));
        assert!(repeats.contains("<h2 id=\"a-20000\">"));
        let clash = to_html("## a 2\n\n## a\n\n## a\n");
        assert!(
            clash.ends_with("<h2 id=\"a\">a</h2>\n<h2 id=\"a-3\">a</h2>\n"),
            "{clash}"
        );
    }
}
