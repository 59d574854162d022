//! The pages' default texts (`defaults/*.md`), written for this store and
//! filled with its configuration: the seller, the grievance officer, the
//! claim window, the fee policy. A `{{name}}` in a template is one of
//! [`value`]'s names; each value is Markdown-escaped, so a seller's name with
//! a `*` or a `<` shows as written.

use design_engine::limits::MIN_PER_COLOUR;

use super::Slug;
use crate::config::Config;
use crate::domain::company::{Company, GrievanceOfficer};

/// What the default texts say of the store's configuration.
pub(super) struct Settings<'a> {
    pub company: &'a Company,
    pub claim_window_days: i64,
    pub pending_order_hours: i64,
    pub refresh_token_days: i64,
    pub proof_required: bool,
    pub gateway_fee_bps: i64,
}

impl Settings<'_> {
    pub fn of(config: &Config) -> Settings<'_> {
        Settings {
            company: &config.company,
            claim_window_days: config.claim_window_days,
            pending_order_hours: config.pending_order_hours,
            refresh_token_days: config.refresh_token_days,
            proof_required: config.proof_required,
            gateway_fee_bps: config.gateway_fee_bps,
        }
    }
}

/// The template of `slug`'s default text: its title as a first-level heading
/// on the first line, then the page's text.
fn template(slug: Slug) -> &'static str {
    match slug {
        Slug::About => include_str!("defaults/about.md"),
        Slug::Contact => include_str!("defaults/contact.md"),
        Slug::Terms => include_str!("defaults/terms.md"),
        Slug::Privacy => include_str!("defaults/privacy.md"),
        Slug::Refunds => include_str!("defaults/refunds.md"),
        Slug::Shipping => include_str!("defaults/shipping.md"),
        Slug::Cookies => include_str!("defaults/cookies.md"),
    }
}

/// `slug`'s default title (the template's heading).
pub(super) fn title(slug: Slug) -> &'static str {
    template(slug)
        .lines()
        .next()
        .and_then(|l| l.strip_prefix("# "))
        .unwrap_or_else(|| slug.as_str())
}

/// `slug`'s default text (the template after its heading; pages show the
/// title themselves), filled in from `config`.
pub(super) fn markdown(slug: Slug, config: &Settings) -> String {
    let template = template(slug);
    let body = template.split_once('\n').map_or("", |(_, rest)| rest);
    fill(body.trim_start(), |name| value(name, config))
}

/// Each `{{name}}` in `template` replaced by `value(name)`; a name it does
/// not know stays as written (a test keeps every template free of them).
fn fill(template: &str, value: impl Fn(&str) -> Option<String>) -> String {
    let mut out = String::with_capacity(template.len() + 512);
    let mut rest = template;
    while let Some(start) = rest.find("{{") {
        let Some(len) = rest[start..].find("}}") else {
            break;
        };
        let name = &rest[start + 2..start + len];
        match value(name) {
            Some(v) => {
                out.push_str(&rest[..start]);
                out.push_str(&v);
            }
            None => out.push_str(&rest[..start + len + 2]),
        }
        rest = &rest[start + len + 2..];
    }
    out.push_str(rest);
    out
}

/// What shows for a detail production has not configured.
const UNPUBLISHED: &str = "*(not published yet)*";

/// The value of a template's `{{name}}`, as Markdown.
fn value(name: &str, config: &Settings) -> Option<String> {
    let seller = &config.company;
    Some(match name {
        "seller_name" => plain(&seller.name),
        "seller_address" => plain(&seller.address),
        "seller_gstin" => plain(&seller.gstin),
        "seller_email" => email(&seller.email),
        "seller_phone" => phone(&seller.phone),
        "support_email" => email(&seller.support_email),
        "grievance_officer" => officer(&seller.grievance, &seller.support_email),
        "claim_window_days" => config.claim_window_days.to_string(),
        "pending_order_hours" => config.pending_order_hours.to_string(),
        "refresh_days" => config.refresh_token_days.to_string(),
        "minimum_per_colour" => MIN_PER_COLOUR.to_string(),
        "cancel_until" => if config.proof_required {
            "you approve your proof"
        } else {
            "production starts"
        }
        .to_string(),
        "gateway_fee" => match config.gateway_fee_bps {
            0 => "There is no payment gateway charge: we bear the gateway's fee ourselves."
                .to_string(),
            bps => format!(
                "A charge for the payment gateway, \"{}\" of the order's value, is shown as its own line in the \
                 cart and at checkout, before you pay.",
                escape(&design_engine::pricing::gateway_label(bps))
            ),
        },
        _ => return None,
    })
}

/// The characters that make Markdown inside a line: emphasis, code, links,
/// HTML, tables, entities. (A value never starts a line, where `#`, `-` and
/// `1.` would count too.)
const MARKDOWN: &[char] = &['\\', '`', '*', '_', '[', ']', '<', '>', '|', '~', '&'];

/// The text backslash-escaped where it would be read as Markdown: it shows as
/// written, and the admin's editor still reads "12 MG Road, Bengaluru".
fn escape(text: &str) -> String {
    let mut out = String::with_capacity(text.len() + 8);
    for c in text.chars() {
        if MARKDOWN.contains(&c) {
            out.push('\\');
        }
        out.push(c);
    }
    out
}

fn plain(text: &str) -> String {
    if text.is_empty() {
        UNPUBLISHED.to_string()
    } else {
        escape(text)
    }
}

/// A mailto link showing the address.
fn email(address: &str) -> String {
    if address.is_empty() {
        return UNPUBLISHED.to_string();
    }
    let e = escape(address);
    format!("[{e}](<mailto:{e}>)")
}

/// A tel link (its + and digits) showing the number as configured.
fn phone(number: &str) -> String {
    let dial: String = number
        .chars()
        .enumerate()
        .filter(|&(i, c)| c.is_ascii_digit() || (i == 0 && c == '+'))
        .map(|(_, c)| c)
        .collect();
    if !dial.chars().any(|c| c.is_ascii_digit()) {
        return plain(number);
    }
    format!("[{}](tel:{dial})", escape(number))
}

/// The grievance officer as the contact page lists them, or the plain
/// notice that their details are not published yet.
fn officer(officer: &GrievanceOfficer, support_email: &str) -> String {
    if !officer.is_complete() {
        let write_to = if support_email.is_empty() {
            String::new()
        } else {
            format!(" or write to {}", email(support_email))
        };
        return format!(
            "**The grievance officer's details are not published yet.** Until they are, please raise complaints with \
             the form on this page{write_to}: they are acknowledged and resolved within the same times."
        );
    }
    let mut lines = vec![
        format!("- **Name:** {}", escape(&officer.name)),
        format!("- **Designation:** {}", escape(&officer.designation)),
        format!("- **E-mail:** {}", email(&officer.email)),
    ];
    if !officer.phone.is_empty() {
        lines.push(format!("- **Phone:** {}", phone(&officer.phone)));
    }
    lines.join("\n")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_template_is_filled_completely() {
        let company = Company::default();
        let mut config = Settings {
            company: &company,
            claim_window_days: 30,
            pending_order_hours: 24,
            refresh_token_days: 30,
            proof_required: true,
            gateway_fee_bps: 250,
        };
        for slug in Slug::ALL {
            let text = markdown(slug, &config);
            assert!(!text.contains("{{"), "{slug:?}: {text}");
            assert!(text.contains("Legacy Threads"), "{slug:?} names the seller");
            assert!(
                !text.starts_with('#') && !title(slug).is_empty(),
                "{slug:?}"
            );
        }
        let terms = markdown(Slug::Terms, &config);
        assert!(
            terms.contains("\"Payment Gateway (2.5%)\" of the order"),
            "{terms}"
        );
        config.gateway_fee_bps = 0;
        config.proof_required = false;
        let terms = markdown(Slug::Terms, &config);
        assert!(
            terms.contains("There is no payment gateway charge"),
            "{terms}"
        );
        assert!(
            terms.contains("free of charge until production starts"),
            "{terms}"
        );
    }

    #[test]
    fn values_show_as_written_never_as_markdown() {
        assert_eq!(
            escape("A*B_<C> [x](y) & 1, 2."),
            "A\\*B\\_\\<C\\> \\[x\\](y) \\& 1, 2."
        );
        assert_eq!(
            email("a_b@shop.example"),
            "[a\\_b@shop.example](<mailto:a\\_b@shop.example>)"
        );
        assert_eq!(
            phone("+91 80-1234 5678"),
            "[+91 80-1234 5678](tel:+918012345678)"
        );
        let html = super::super::render::to_html(&plain("A*B_<C> [x](y) & `z`"));
        assert_eq!(html, "<p>A*B_&lt;C&gt; [x](y) &amp; `z`</p>\n");
        assert_eq!(phone(""), UNPUBLISHED);
        let html = super::super::render::to_html(&email("a_b@shop.example"));
        assert!(
            html.contains("<a href=\"mailto:a_b@shop.example\">a_b@shop.example</a>"),
            "{html}"
        );
        assert_eq!(
            fill("{{a}} {{b}} {{", |n| (n == "a").then(|| "1".into())),
            "1 {{b}} {{"
        );
    }
}
