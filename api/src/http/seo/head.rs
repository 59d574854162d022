//! A page's head as crawlers and link previews read it (they run no JavaScript): its title, description,
//! canonical address, Open Graph and Twitter card tags and schema.org JSON-LD, written into the app's HTML in
//! place of the generic title and description.

use std::fmt::Write;

/// The picture a link preview shows, with its size when known (WhatsApp wants 300 px on the short side).
pub struct Picture {
    pub url: String,
    pub size: Option<(u32, u32)>,
}

/// What one page's head says. Every URL is a path or already absolute; [`Head::write`] makes paths absolute.
pub struct Head {
    pub title: String,
    pub description: String,
    /// The page's own path, for `og:url` and the canonical link.
    pub path: String,
    /// `website`, `product`, ...
    pub kind: &'static str,
    pub picture: Option<Picture>,
    /// Further `<meta property>` pairs (`product:price:amount`, ...).
    pub properties: Vec<(&'static str, String)>,
    pub json_ld: Option<serde_json::Value>,
}

/// Text for an attribute or an element: `<`, `>`, `&` and both quotes escaped.
pub fn escape(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for c in text.chars() {
        match c {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '"' => out.push_str("&quot;"),
            '\'' => out.push_str("&#39;"),
            c => out.push(c),
        }
    }
    out
}

/// At most `max` characters of `text` on one line, cut at a word with an ellipsis.
pub fn summary(text: &str, max: usize) -> String {
    let line = text.split_whitespace().collect::<Vec<_>>().join(" ");
    if line.chars().count() <= max {
        return line;
    }
    let cut: String = line.chars().take(max - 1).collect();
    let cut = cut.rsplit_once(' ').map_or(cut.as_str(), |(head, _)| head);
    format!("{}…", cut.trim_end_matches([',', '.', ';', ':']))
}

/// `url` as is when absolute, else on `base` (`PUBLIC_URL`, no trailing slash; empty leaves it a path).
pub fn absolute(base: &str, url: &str) -> String {
    if url.starts_with("https://") || url.starts_with("http://") {
        url.to_string()
    } else {
        format!("{base}{url}")
    }
}

impl Head {
    /// The tags, one a line. `base` is `PUBLIC_URL`: without it there is no canonical link (a path is no
    /// canonical address) and pictures stay paths.
    pub fn write(&self, base: &str, site: &str) -> String {
        let mut h = String::new();
        let title = escape(&self.title);
        let description = escape(&self.description);
        let _ = writeln!(h, "<title>{title}</title>");
        let _ = writeln!(h, r#"<meta name="description" content="{description}" />"#);
        if !base.is_empty() {
            let url = escape(&absolute(base, &self.path));
            let _ = writeln!(h, r#"<link rel="canonical" href="{url}" />"#);
            let _ = writeln!(h, r#"<meta property="og:url" content="{url}" />"#);
        }
        let mut property = |name: &str, value: &str| {
            let _ = writeln!(
                h,
                r#"<meta property="{name}" content="{}" />"#,
                escape(value)
            );
        };
        property("og:site_name", site);
        property("og:type", self.kind);
        property("og:title", &self.title);
        property("og:description", &self.description);
        property("og:locale", "en_IN");
        if let Some(p) = &self.picture {
            property("og:image", &absolute(base, &p.url));
            if let Some((w, h)) = p.size {
                property("og:image:width", &w.to_string());
                property("og:image:height", &h.to_string());
            }
            property("og:image:alt", &self.title);
        }
        for (name, value) in &self.properties {
            property(name, value);
        }
        let card = if self.picture.is_some() {
            "summary_large_image"
        } else {
            "summary"
        };
        let _ = writeln!(h, r#"<meta name="twitter:card" content="{card}" />"#);
        if let Some(ld) = &self.json_ld {
            // `<` escaped in JSON: no text of a product's can close the script element.
            let json = ld.to_string().replace('<', "\\u003c");
            let _ = writeln!(h, r#"<script type="application/ld+json">{json}</script>"#);
        }
        h
    }
}

/// `html` (the built index.html) with `tags` at the end of its head, or where its title was when it has no
/// `</head>`; with `replace`, its generic title and description give way to the tags' own.
pub fn inject(html: &str, tags: &str, replace: bool) -> String {
    let mut out = html.to_string();
    let mut title_at = None;
    if !replace {
        title_at = out.find("<title>");
    } else if let (Some(start), Some(end)) = (out.find("<title>"), out.find("</title>")) {
        out.replace_range(start..end + "</title>".len(), "");
        title_at = Some(start);
    }
    if replace
        && let Some(start) = out.find(r#"<meta name="description""#)
        && let Some(len) = out[start..].find('>')
    {
        out.replace_range(start..start + len + 1, "");
        title_at = title_at.map(|t| if t > start { t - len - 1 } else { t });
    }
    let doctype_end = || {
        let lower = out.to_ascii_lowercase();
        lower
            .find("<!doctype html>")
            .map_or(0, |d| d + "<!doctype html>".len())
    };
    let at = out.find("</head>").or(title_at).unwrap_or_else(doctype_end);
    out.insert_str(at, tags);
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    fn head() -> Head {
        Head {
            title: "Tee <b>\"bold\"</b>".into(),
            description: "A tee & more".into(),
            path: "/product/1".into(),
            kind: "product",
            picture: Some(Picture {
                url: "/api/catalogue/t.png".into(),
                size: Some((600, 720)),
            }),
            properties: vec![("product:price:amount", "299.00".into())],
            json_ld: Some(serde_json::json!({"name": "</script><script>alert(1)</script>"})),
        }
    }

    #[test]
    fn everything_written_is_escaped() {
        let tags = head().write("https://shop.example", "Store");
        assert!(tags.contains("<title>Tee &lt;b&gt;&quot;bold&quot;&lt;/b&gt;</title>"));
        assert!(tags.contains(r#"content="A tee &amp; more""#));
        assert!(!tags.contains("</script><script>"), "{tags}");
        assert!(tags.contains(
            r#"<meta property="og:image" content="https://shop.example/api/catalogue/t.png" />"#
        ));
        assert!(tags.contains(r#"<link rel="canonical" href="https://shop.example/product/1" />"#));
        assert!(tags.contains("summary_large_image"));
    }

    #[test]
    fn without_a_public_url_there_is_no_canonical_link() {
        let tags = head().write("", "Store");
        assert!(!tags.contains("canonical"));
        assert!(tags.contains(r#"content="/api/catalogue/t.png""#));
    }

    #[test]
    fn the_generic_title_and_description_are_replaced() {
        let html = "<html><head><meta charset=\"UTF-8\" />\n<meta name=\"description\" content=\"generic\" />\n<title>Store</title></head><body></body></html>";
        let out = inject(html, "<title>Mine</title>\n", true);
        assert!(
            !out.contains("generic") && !out.contains("<title>Store"),
            "{out}"
        );
        assert!(out.contains("<title>Mine</title>\n</head>"), "{out}");
        assert_eq!(out.matches("<title>").count(), 1);
        let bare = inject(
            "<!doctype html><title>Store</title><p>app</p>",
            "<title>Mine</title>",
            true,
        );
        assert_eq!(bare, "<!doctype html><title>Mine</title><p>app</p>");
        let no_title = inject("<!DOCTYPE html><p>app</p>", "<title>Mine</title>", true);
        assert_eq!(no_title, "<!DOCTYPE html><title>Mine</title><p>app</p>");
        let kept = inject(
            "<!doctype html><title>Store</title>",
            "<meta name=\"robots\" />",
            false,
        );
        assert_eq!(
            kept,
            "<!doctype html><meta name=\"robots\" /><title>Store</title>"
        );
    }

    #[test]
    fn summaries_are_cut_at_a_word() {
        assert_eq!(summary("short  text\n", 160), "short text");
        let long = "word ".repeat(60);
        let s = summary(&long, 40);
        assert!(s.chars().count() <= 40 && s.ends_with("word…"), "{s}");
    }
}
