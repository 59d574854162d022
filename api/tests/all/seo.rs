//! What crawlers and link previews read, through the real server on both databases: robots.txt, the sitemap
//! (every product, and a new one at once), each shareable page's own head in the HTML (a product's title,
//! picture and price in INR; a shared design's and a group link's preview, with nothing private), and text
//! responses compressed as the client asks.

use serde_json::{Value, json};

use crate::helpers::groups::tee;
use crate::helpers::{Engine, TestApp, engines};

const PUBLIC_URL: &str = "https://shop.example";
const INDEX: &str = "<!doctype html><html lang=\"en-IN\"><head><meta charset=\"UTF-8\" />\
    <meta name=\"description\" content=\"The generic description.\" /><title>Generic title</title></head>\
    <body><div id=\"root\"></div></body></html>";

/// The store with a built web app (just an index.html) at its public address (with a trailing slash, as an
/// operator may write it).
async fn store(engine: Engine) -> TestApp {
    TestApp::spawn_configured(engine, Some(INDEX), |c| {
        c.public_url = Some(format!("{PUBLIC_URL}/"));
    })
    .await
}

/// A page as a crawler gets it: status, content type and HTML.
async fn page(app: &TestApp, path: &str) -> (u16, String, String) {
    let res = app.client.get(app.url(path)).send().await.unwrap();
    let status = res.status().as_u16();
    let kind = res.headers()["content-type"].to_str().unwrap().to_string();
    (status, kind, res.text().await.unwrap())
}

/// The content of `<meta property="{name}">`.
fn meta<'a>(html: &'a str, name: &str) -> Option<&'a str> {
    let tag = format!("<meta property=\"{name}\" content=\"");
    let start = html.find(&tag)? + tag.len();
    Some(&html[start..start + html[start..].find('"')?])
}

fn json_ld(html: &str) -> Value {
    let tag = "<script type=\"application/ld+json\">";
    let start = html.find(tag).expect("JSON-LD") + tag.len();
    let end = start + html[start..].find("</script>").unwrap();
    serde_json::from_str(&html[start..end]).unwrap()
}

fn title(html: &str) -> &str {
    assert_eq!(html.matches("<title>").count(), 1, "{html}");
    let start = html.find("<title>").unwrap() + "<title>".len();
    &html[start..start + html[start..].find("</title>").unwrap()]
}

#[tokio::test]
async fn robots_txt_keeps_crawlers_out_of_private_paths_and_names_the_sitemap() {
    let app = store(Engine::Sqlite).await;
    let (status, kind, text) = page(&app, "/robots.txt").await;
    assert_eq!((status, kind.as_str()), (200, "text/plain; charset=utf-8"));
    let disallowed: Vec<&str> = text
        .lines()
        .filter_map(|l| l.strip_prefix("Disallow: "))
        .collect();
    for path in [
        "/admin",
        "/account",
        "/user",
        "/cart",
        "/shipping$",
        "/api/",
    ] {
        assert!(disallowed.contains(&path), "{path} in {text}");
    }
    assert!(
        text.contains(&format!("Sitemap: {PUBLIC_URL}/sitemap.xml\n")),
        "{text}"
    );
}

#[tokio::test]
async fn the_sitemap_lists_every_product_and_a_new_one_at_once() {
    for engine in engines() {
        let app = store(engine).await;
        let (_, products) = app.get("/api/products").await;
        let ids: Vec<String> = products["data"]
            .as_array()
            .unwrap()
            .iter()
            .map(|p| p["_id"].as_str().unwrap().to_string())
            .collect();
        assert!(ids.len() >= 5, "{engine:?}");
        let (status, kind, xml) = page(&app, "/sitemap.xml").await;
        assert_eq!(
            (status, kind.as_str()),
            (200, "application/xml; charset=utf-8")
        );
        for path in ["/", "/products", "/terms", "/shipping-policy"] {
            assert!(
                xml.contains(&format!("<loc>{PUBLIC_URL}{path}</loc>")),
                "{path}: {xml}"
            );
        }
        for id in &ids {
            assert!(
                xml.contains(&format!("<loc>{PUBLIC_URL}/product/{id}</loc>")),
                "{engine:?} {id}"
            );
        }
        assert_eq!(xml.matches("<url>").count(), ids.len() + 3 + 7, "{xml}");

        let admin = app.admin_token().await;
        let (status, body) = app
            .post_auth(
                "/api/products",
                &admin,
                json!({"name": "Sitemap Hoodie", "price": 89900}),
            )
            .await;
        assert_eq!(status, 200, "{body}");
        let id = body["data"]["_id"].as_str().unwrap();
        let (_, _, xml) = page(&app, "/sitemap.xml").await;
        assert!(
            xml.contains(&format!("/product/{id}</loc>")),
            "{engine:?}: regenerated"
        );
    }
}

#[tokio::test]
async fn a_product_page_carries_its_own_title_picture_and_price_in_inr() {
    for engine in engines() {
        let app = store(engine).await;
        let tee = crate::helpers::checkout::TEE;
        let (_, product) = app.get(&format!("/api/products/{tee}")).await;
        let name = product["data"]["name"].as_str().unwrap().to_string();
        let picture = product["data"]["colorImages"][0]["frontImage"]["url"]
            .as_str()
            .unwrap()
            .to_string();

        let (status, kind, html) = page(&app, &format!("/product/{tee}")).await;
        assert_eq!((status, kind.as_str()), (200, "text/html; charset=utf-8"));
        assert!(title(&html).starts_with(&name), "{html}");
        assert!(!html.contains("Generic title") && !html.contains("The generic description."));
        assert_eq!(
            meta(&html, "og:image"),
            Some(format!("{PUBLIC_URL}{picture}").as_str())
        );
        assert_eq!(meta(&html, "og:type"), Some("product"));
        assert_eq!(meta(&html, "product:price:amount"), Some("299.00"));
        assert_eq!(meta(&html, "product:price:currency"), Some("INR"));
        assert!(html.contains(&format!(
            "<link rel=\"canonical\" href=\"{PUBLIC_URL}/product/{tee}\" />"
        )));
        assert!(html.contains("<meta name=\"twitter:card\""));
        let ld = json_ld(&html);
        assert_eq!(ld["@type"], "Product");
        assert_eq!(ld["name"], name.as_str());
        assert_eq!(ld["offers"]["price"], "299.00");
        assert_eq!(ld["offers"]["priceCurrency"], "INR");
        assert_eq!(ld["offers"]["availability"], "https://schema.org/InStock");
        // The picture itself is what the preview fetches.
        assert_eq!(app.get_bytes(&picture, None).await.0, 200);

        // Each page its own title; the catalogue and a policy page too.
        let (_, _, list) = page(&app, "/products").await;
        let (_, _, terms) = page(&app, "/terms").await;
        assert_ne!(title(&list), title(&html));
        assert!(title(&terms).starts_with("Terms"), "{terms}");
        // A product that does not exist: the app says so, crawlers are told not to index it.
        let (status, _, missing) = page(&app, "/product/000000000000000000000000").await;
        assert_eq!(status, 200);
        assert!(
            missing.contains("<meta name=\"robots\" content=\"noindex\" />"),
            "{missing}"
        );
        assert_eq!(title(&missing), "Generic title", "the app's own head kept");
        // A client route with no head of its own keeps the generic one.
        let (_, _, cart) = page(&app, "/cart").await;
        assert_eq!(title(&cart), "Generic title");
    }
}

#[tokio::test]
async fn shared_design_and_group_links_preview_their_design_and_nothing_private() {
    for engine in engines() {
        let app = store(engine).await;
        let email = "ravi.kapoor.organiser@example.com";
        let (organiser, _) = app.sign_up(email).await;
        app.post("/api/auth/otp/phone/send", json!({"phone": "9876543210"}))
            .await;
        let code = app.code_for("9876543210").await;
        let (status, body) = app
            .put_auth(
                "/api/users/profile",
                &organiser,
                json!({"name": "Ravi Kapoor", "phone": "9876543210", "phoneCode": code}),
            )
            .await;
        assert_eq!(status, 200, "{body}");
        let (status, saved) = app
            .post_auth(
                "/api/designs",
                &organiser,
                json!({"name": "Chess club tee", "design": tee(false)}),
            )
            .await;
        assert_eq!(status, 201, "{saved}");
        let id = saved["data"]["_id"].as_str().unwrap();
        let (_, shared) = app
            .post_auth(&format!("/api/designs/{id}/share"), &organiser, json!({}))
            .await;
        let token = shared["data"]["token"].as_str().unwrap();
        let (_, group) = app
            .post_auth(
                "/api/group-orders",
                &organiser,
                json!({"designId": id, "title": "Chess Club 2026", "deadline": api::db::now_ms() + 86_400_000,
                       "payment": "organiser", "personalisation": false}),
            )
            .await;
        let group_token = group["data"]["token"].as_str().expect("a group");

        for (path, name, picture) in [
            (
                format!("/d/{token}"),
                "Chess club tee",
                format!("/api/shared-designs/{token}/thumbnail"),
            ),
            (
                format!("/g/{group_token}"),
                "Chess Club 2026",
                format!("/api/group-orders/by-token/{group_token}/thumbnail"),
            ),
        ] {
            let (status, _, html) = page(&app, &path).await;
            assert_eq!(status, 200, "{path}");
            assert!(title(&html).starts_with(name), "{html}");
            assert_eq!(
                meta(&html, "og:title").map(|t| t.starts_with(name)),
                Some(true)
            );
            assert_eq!(
                meta(&html, "og:image"),
                Some(format!("{PUBLIC_URL}{picture}").as_str())
            );
            assert_eq!(meta(&html, "og:image:width"), Some("320"));
            for private in [email, "9876543210", "98765", "Kapoor", "Ravi", "Asha"] {
                assert!(
                    !html.contains(private),
                    "{engine:?} {path}: {private} in {html}"
                );
            }
            // The preview's picture is served to anyone with the link, a PNG at least 300 px square.
            let (status, kind, png) = app.get_bytes(&picture, None).await;
            assert_eq!((status, kind.as_str()), (200, "image/png"), "{path}");
            let size = image::load_from_memory(&png).unwrap();
            assert!(size.width() >= 300 && size.height() >= 300, "{path}");
        }
        // A link that is not (or no longer) valid: not indexed.
        let (_, _, html) = page(&app, "/g/not-a-token").await;
        assert!(html.contains("noindex"), "{html}");
    }
}

#[tokio::test]
async fn text_responses_are_compressed_as_the_client_asks() {
    let app = store(Engine::Sqlite).await;
    let fetch = |path: &'static str, encoding: &'static str| {
        let req = app
            .client
            .get(app.url(path))
            .header("accept-encoding", encoding);
        async move {
            let res = req.send().await.unwrap();
            let coding = res
                .headers()
                .get("content-encoding")
                .map(|v| v.to_str().unwrap().to_string());
            let vary = res
                .headers()
                .get_all("vary")
                .iter()
                .any(|v| v.to_str().unwrap().contains("Accept-Encoding"));
            (coding, vary, res.bytes().await.unwrap().len())
        }
    };
    let (plain, _, plain_len) = fetch("/api/products", "identity").await;
    assert_eq!(plain, None);
    for (asked, coding) in [
        ("gzip, deflate, br", "br"),
        ("gzip", "gzip"),
        ("br;q=0, gzip", "gzip"),
    ] {
        let (got, vary, len) = fetch("/api/products", asked).await;
        assert_eq!(got.as_deref(), Some(coding), "{asked}");
        assert!(vary, "{asked}");
        assert!(len * 4 < plain_len, "{asked}: {len} of {plain_len} bytes");
    }
    // HTML and the sitemap too; pictures are sent as they are.
    assert_eq!(
        fetch("/product/64f1a2b3c4d5e6f708190a05", "br")
            .await
            .0
            .as_deref(),
        Some("br")
    );
    assert_eq!(
        fetch("/sitemap.xml", "gzip").await.0.as_deref(),
        Some("gzip")
    );
    let (_, products) = app.get("/api/products").await;
    let picture = products["data"][0]["colorImages"][0]["frontImage"]["url"]
        .as_str()
        .unwrap()
        .to_string();
    let res = app
        .client
        .get(app.url(&picture))
        .header("accept-encoding", "br, gzip")
        .send()
        .await
        .unwrap();
    assert_eq!(res.status(), 200);
    assert!(res.headers().get("content-encoding").is_none(), "{picture}");
}
