//! The seller and its grievance officer in the store's facts, and the policy
//! pages: default texts filled with the seller's details, an admin's edits
//! (never served as live HTML), who may edit, and a production start without
//! the grievance officer. SQLite and PostgreSQL.

use serde_json::{Value, json};

use crate::helpers::process::{Store, data_dir};
use crate::helpers::{Engine, TestApp, engines, fresh_postgres};
use crate::startup::migrate_with;

const SLUGS: [&str; 7] = [
    "about", "contact", "terms", "privacy", "refunds", "shipping", "cookies",
];

/// A page as anyone reads it: status, Cache-Control and the body.
async fn read(app: &TestApp, slug: &str) -> (u16, String, Value) {
    let res = app
        .client
        .get(app.url(&format!("/api/pages/{slug}")))
        .send()
        .await
        .unwrap();
    let status = res.status().as_u16();
    let cache = res
        .headers()
        .get("cache-control")
        .map(|v| v.to_str().unwrap().to_string())
        .unwrap_or_default();
    (status, cache, res.json().await.unwrap_or(Value::Null))
}

/// A page's HTML with its whitespace collapsed (the texts wrap their lines).
async fn html_of(app: &TestApp, slug: &str) -> String {
    let (status, _, body) = read(app, slug).await;
    assert_eq!(status, 200, "{slug}: {body}");
    let html = body["data"]["html"].as_str().unwrap();
    html.split_whitespace().collect::<Vec<_>>().join(" ")
}

#[tokio::test]
async fn the_store_facts_name_the_seller_the_grievance_officer_and_the_claim_window() {
    for engine in engines() {
        let app = TestApp::spawn(engine).await;
        let (status, body) = app.get("/api/store").await;
        assert_eq!(status, 200, "{body}");
        let c = api::domain::company::Company::default();
        assert_eq!(
            body["data"]["seller"],
            json!({"legalName": c.name, "address": c.address, "gstin": c.gstin,
                   "email": c.email, "phone": c.phone}),
            "{engine:?}"
        );
        let g = &c.grievance;
        assert_eq!(
            body["data"]["grievanceOfficer"],
            json!({"name": g.name, "designation": g.designation, "email": g.email,
                   "phone": g.phone, "complete": true})
        );
        assert_eq!(body["data"]["claimWindowDays"], 30);

        let app = TestApp::spawn_configured(engine, None, |c| {
            c.claim_window_days = 14;
            c.company.grievance.email = String::new();
        })
        .await;
        let (_, body) = app.get("/api/store").await;
        assert_eq!(body["data"]["claimWindowDays"], 14);
        assert_eq!(body["data"]["grievanceOfficer"]["complete"], false);
    }
}

#[tokio::test]
async fn every_page_by_default_names_the_seller_and_its_promises() {
    for engine in engines() {
        let app = TestApp::spawn(engine).await;
        let c = api::domain::company::Company::default();
        for slug in SLUGS {
            let (status, cache, body) = read(&app, slug).await;
            assert_eq!(status, 200, "{slug}: {body}");
            assert_eq!(cache, "public, max-age=60", "{slug}");
            let page = &body["data"];
            assert_eq!(
                (&page["slug"], &page["edited"], &page["updatedAt"]),
                (&json!(slug), &json!(false), &Value::Null),
                "{engine:?} {slug}"
            );
            assert!(!page["title"].as_str().unwrap().is_empty());
            let html = page["html"].as_str().unwrap();
            assert!(html.contains(&c.name), "{slug} names the seller: {html}");
            assert!(page["markdown"].as_str().unwrap().contains(&c.name));
        }
        let contact = html_of(&app, "contact").await;
        for words in [
            "id=\"grievance-officer\"",
            c.grievance.name.as_str(),
            c.grievance.designation.as_str(),
            &format!("href=\"mailto:{}\"", c.grievance.email),
            "within 48 hours",
            "within one month",
            "href=\"/support/lookup\"",
            "the form on this page",
            c.address.as_str(),
            c.gstin.as_str(),
        ] {
            assert!(contact.contains(words), "contact: {words}: {contact}");
        }
        let refunds = html_of(&app, "refunds").await;
        for words in [
            "within 30 days of delivery",
            "5-7 business days",
            "reprint",
            "photos",
        ] {
            assert!(refunds.contains(words), "refunds: {words}: {refunds}");
        }
        assert!(
            html_of(&app, "shipping")
                .await
                .contains("15-20 business days")
        );

        // The claim window is the configured one; without an officer the contact page says so plainly.
        let app = TestApp::spawn_configured(engine, None, |c| {
            c.claim_window_days = 14;
            c.company.grievance = api::domain::company::GrievanceOfficer {
                name: String::new(),
                designation: String::new(),
                email: String::new(),
                phone: String::new(),
            };
        })
        .await;
        assert!(
            html_of(&app, "refunds")
                .await
                .contains("within 14 days of delivery"),
            "{engine:?}"
        );
        let contact = html_of(&app, "contact").await;
        assert!(
            contact.contains("The grievance officer's details are not published yet"),
            "{contact}"
        );
        assert!(!contact.contains(&c.grievance.name), "{contact}");
        assert!(contact.contains("within 48 hours"), "{contact}");
    }
}

#[tokio::test]
async fn an_admin_edits_previews_and_resets_a_page() {
    for engine in engines() {
        let app = TestApp::spawn(engine).await;
        let admin = app.admin_token().await;
        let default = read(&app, "terms").await.2["data"].clone();

        let edit = json!({"title": "  Terms of sale ", "markdown": "## Orders\n\nAt least **25** pieces."});
        let (status, body) = app.put_auth("/api/pages/terms", &admin, edit).await;
        assert_eq!(status, 200, "{engine:?} {body}");
        assert_eq!(body["message"], "Page saved");
        let saved = &body["data"];
        assert_eq!(
            (&saved["slug"], &saved["title"], &saved["edited"]),
            (&json!("terms"), &json!("Terms of sale"), &json!(true))
        );
        assert!(saved["updatedAt"].as_i64().unwrap() > 1_700_000_000_000);
        let (_, _, read_back) = read(&app, "terms").await;
        assert_eq!(
            &read_back["data"], saved,
            "what anyone reads is what was saved"
        );
        assert_eq!(
            saved["html"],
            "<h2 id=\"orders\">Orders</h2>\n<p>At least <strong>25</strong> pieces.</p>\n"
        );
        // Another page keeps its default text.
        assert_eq!(read(&app, "privacy").await.2["data"]["edited"], false);

        let (status, body) = app
            .post_auth(
                "/api/pages/preview",
                &admin,
                json!({"markdown": "*Draft* [mail](mailto:a@b.example)"}),
            )
            .await;
        assert_eq!(status, 200, "{body}");
        assert_eq!(
            body["data"]["html"],
            "<p><em>Draft</em> <a href=\"mailto:a@b.example\">mail</a></p>\n"
        );
        assert_eq!(
            read(&app, "terms").await.2["data"],
            *saved,
            "a preview saves nothing"
        );

        let (status, body) = app.delete_auth("/api/pages/terms", &admin).await;
        assert_eq!(status, 200, "{body}");
        assert_eq!(body["data"], default);
        assert_eq!(read(&app, "terms").await.2["data"], default);
        // Resetting a page with no edit is no error.
        let (status, _) = app.delete_auth("/api/pages/terms", &admin).await;
        assert_eq!(status, 200);
    }
}

#[tokio::test]
async fn script_and_handlers_in_an_admins_text_never_come_back_live() {
    for engine in engines() {
        let app = TestApp::spawn(engine).await;
        let admin = app.admin_token().await;
        let markdown = "<script>alert(1)</script>\n\nHello <img src=x onerror=alert(2)> there\n\n\
                        [x](javascript:alert(3)) and [y](JAVASCRIPT:alert(4)) and \
                        <a href=\"javascript:alert(5)\">z</a>\n\n![p](data:image/svg+xml,x)";
        let (status, body) = app
            .put_auth(
                "/api/pages/about",
                &admin,
                json!({"title": "<script>alert(6)</script>", "markdown": markdown}),
            )
            .await;
        assert_eq!(status, 200, "{body}");
        let (_, preview) = app
            .post_auth("/api/pages/preview", &admin, json!({"markdown": markdown}))
            .await;
        let (_, _, page) = read(&app, "about").await;
        assert_eq!(
            page["data"]["markdown"], markdown,
            "the text is kept as written"
        );
        for html in [
            page["data"]["html"].as_str().unwrap(),
            preview["data"]["html"].as_str().unwrap(),
        ] {
            for live in [
                "<script",
                "<img",
                "<a href=\"javascript",
                "href=\"JAVASCRIPT",
                "src=\"data:",
            ] {
                assert!(!html.contains(live), "{engine:?} {live}: {html}");
            }
            assert!(
                !html.to_lowercase().contains("javascript:alert(3)"),
                "{html}"
            );
            for shown in [
                "&lt;script&gt;alert(1)&lt;/script&gt;",
                "&lt;img src=x onerror=alert(2)&gt;",
                "<p>x and y and &lt;a href=",
            ] {
                assert!(html.contains(shown), "{shown}: {html}");
            }
        }
    }
}

#[tokio::test]
async fn only_admins_edit_and_nothing_changes_otherwise() {
    for engine in engines() {
        let app = TestApp::spawn(engine).await;
        let (user, _) = app.sign_up("shopper@example.com").await;
        let before = read(&app, "refunds").await.2;
        let edit = json!({"title": "Mine", "markdown": "Mine"});
        for (token, status) in [("", 401), (user.as_str(), 403)] {
            let (s, body) = app
                .put_auth("/api/pages/refunds", token, edit.clone())
                .await;
            assert_eq!(s, status, "{engine:?} PUT {body}");
            let (s, _) = app.delete_auth("/api/pages/refunds", token).await;
            assert_eq!(s, status, "DELETE");
            let (s, _) = app
                .post_auth("/api/pages/preview", token, json!({"markdown": "x"}))
                .await;
            assert_eq!(s, status, "preview");
        }
        assert_eq!(read(&app, "refunds").await.2, before);
    }
}

#[tokio::test]
async fn unknown_pages_are_404_and_bad_text_400_per_field() {
    for engine in engines() {
        let app = TestApp::spawn(engine).await;
        let admin = app.admin_token().await;
        for slug in ["nope", "About", "..%2Fterms", &"a".repeat(2000)] {
            let (status, _, body) = read(&app, slug).await;
            assert_eq!(status, 404, "{engine:?} {slug}: {body}");
            assert!(
                body["message"]
                    .as_str()
                    .unwrap()
                    .starts_with("Page not found"),
                "{body}"
            );
        }
        let (status, _) = app
            .put_auth(
                "/api/pages/nope",
                &admin,
                json!({"title": "T", "markdown": "M"}),
            )
            .await;
        assert_eq!(status, 404);
        let (status, _) = app.delete_auth("/api/pages/nope", &admin).await;
        assert_eq!(status, 404);

        let before = read(&app, "shipping").await.2;
        for (edit, code, words) in [
            (
                json!({"title": "T", "markdown": "a".repeat(50_001)}),
                "PAGE_TEXT_INVALID",
                "The page's text must be 1 to 50000 bytes of Markdown (it has 50001)",
            ),
            (
                json!({"title": "T", "markdown": " \n "}),
                "PAGE_TEXT_INVALID",
                "(it is empty)",
            ),
            (
                json!({"title": "T", "markdown": "a\u{0}b"}),
                "PAGE_TEXT_INVALID",
                "control character",
            ),
            (
                json!({"title": "x".repeat(121), "markdown": "M"}),
                "PAGE_TITLE_INVALID",
                "The title must be one line of 1 to 120 characters (it has 121)",
            ),
            (
                json!({"title": "  ", "markdown": "M"}),
                "PAGE_TITLE_INVALID",
                "(it is empty)",
            ),
            (
                json!({"title": "Two\nlines", "markdown": "M"}),
                "PAGE_TITLE_INVALID",
                "without line breaks",
            ),
        ] {
            let (status, body) = app.put_auth("/api/pages/shipping", &admin, edit).await;
            assert_eq!((status, body["code"].as_str()), (400, Some(code)), "{body}");
            assert!(body["message"].as_str().unwrap().contains(words), "{body}");
        }
        let (status, body) = app
            .post_auth(
                "/api/pages/preview",
                &admin,
                json!({"markdown": "a".repeat(50_001)}),
            )
            .await;
        assert_eq!(
            (status, body["code"].as_str()),
            (400, Some("PAGE_TEXT_INVALID"))
        );
        assert_eq!(read(&app, "shipping").await.2, before, "nothing changed");
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_production_start_without_the_grievance_officer_serves_and_says_so() {
    for engine in engines() {
        let dir = data_dir("store-officer");
        let log = dir.join("server.log");
        let database_url = match engine {
            Engine::Sqlite => format!("sqlite://{}/store.db?mode=rwc", dir.display()),
            Engine::Postgres => fresh_postgres().await,
        };
        let store = Store::start_logging_with(
            &dir,
            &database_url,
            &log,
            &[
                ("RUST_LOG", "warn"),
                ("TEST_PROVIDERS", "off"),
                ("PAYMENT_PROVIDER", "razorpay"),
                ("RAZORPAY_KEY_ID", "rzp_test_key"),
                ("COMPANY_NAME", "Legacy Threads Pvt Ltd"),
                ("COMPANY_ADDRESS", "4 Linking Road, Mumbai 400050"),
                ("COMPANY_GSTIN", "27AAPFU0939F1ZV"),
                ("COMPANY_EMAIL", "Hello@Shop.example"),
                ("GRIEVANCE_OFFICER_NAME", "Ravi Kumar"),
                ("GRIEVANCE_OFFICER_DESIGNATION", " "),
                ("GRIEVANCE_OFFICER_EMAIL", ""),
                ("GRIEVANCE_OFFICER_PHONE", ""),
            ],
        )
        .await;
        let logged = std::fs::read_to_string(&log).unwrap();
        let warned = "grievance officer not published: GRIEVANCE_OFFICER_DESIGNATION, \
                      GRIEVANCE_OFFICER_EMAIL not set";
        assert_eq!(logged.matches(warned).count(), 1, "{engine:?}: {logged}");
        let facts = store.get("/api/store", "").await;
        assert_eq!(
            facts["data"]["grievanceOfficer"],
            json!({"name": "Ravi Kumar", "designation": "", "email": "", "phone": "", "complete": false})
        );
        assert_eq!(facts["data"]["seller"]["email"], "hello@shop.example");
        let contact = store.get("/api/pages/contact", "").await;
        let html = contact["data"]["html"].as_str().unwrap();
        assert!(html.contains("details are not published yet"), "{html}");
        assert!(html.contains("Legacy Threads Pvt Ltd"), "{html}");
        drop(store);
        let _ = std::fs::remove_dir_all(&dir);
    }
}

#[test]
fn malformed_contact_e_mails_and_claim_windows_refuse_to_start() {
    for (var, value, words) in [
        (
            "GRIEVANCE_OFFICER_EMAIL",
            "ravi.example.com",
            "GRIEVANCE_OFFICER_EMAIL must be an e-mail address",
        ),
        (
            "COMPANY_EMAIL",
            "hello@",
            "COMPANY_EMAIL must be an e-mail address",
        ),
        (
            "CLAIM_WINDOW_DAYS",
            "0",
            "CLAIM_WINDOW_DAYS must be a whole number of days from 1 to 365",
        ),
        (
            "CLAIM_WINDOW_DAYS",
            "366",
            "CLAIM_WINDOW_DAYS must be a whole number of days from 1 to 365",
        ),
        ("CLAIM_WINDOW_DAYS", "30 days", "CLAIM_WINDOW_DAYS must be"),
    ] {
        let (ok, out) = migrate_with(&[(var, value)]);
        assert!(!ok && out.contains(words), "{var}={value}: {out}");
    }
    for days in ["1", "365"] {
        let (ok, out) = migrate_with(&[("CLAIM_WINDOW_DAYS", days)]);
        assert!(ok, "{days}: {out}");
    }
}
