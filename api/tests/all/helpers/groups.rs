//! Group order helpers shared by the group tests: an app that tells many
//! members apart, members signed up, and the club's tee.

use design_engine::personal_field::PersonalField;
use design_engine::personalisation::PersonalStyle;
use design_engine::{Design, Font, PrintArea, TextElement};
use serde_json::{Value, json};

use super::{Engine, TestApp};

pub const TEE: &str = "64f1a2b3c4d5e6f708190a05"; // T-Shirt Normal, ₹299

/// An app whose clients are told apart by `X-Forwarded-For` (from loopback),
/// so that many members can sign up from one test.
pub async fn app(engine: Engine) -> TestApp {
    TestApp::spawn_configured(engine, None, members_apart).await
}

/// Clients told apart by `X-Forwarded-For` from loopback (see `app`).
pub fn members_apart(c: &mut api::config::Config) {
    c.trusted_proxies = vec!["127.0.0.1".parse().unwrap()];
}

/// A group order "Chess Club 2026" the organiser opens from a newly saved
/// club tee, a week to its deadline, the organiser paying; `changes` are
/// the request's fields to change (the members paying, their address..).
pub async fn open(app: &TestApp, organiser: &str, changes: Value) -> Value {
    let (status, saved) = app
        .post_auth(
            "/api/designs",
            organiser,
            json!({"name": "Club tee", "design": tee(false)}),
        )
        .await;
    assert_eq!(status, 201, "{saved}");
    let mut body = json!({"designId": saved["data"]["_id"], "title": "Chess Club 2026",
        "deadline": api::db::now_ms() + 7 * 24 * 3_600_000, "payment": "organiser", "personalisation": false});
    for (k, v) in changes.as_object().unwrap() {
        body[k] = v.clone();
    }
    let (status, res) = app.post_auth("/api/group-orders", organiser, body).await;
    assert_eq!(status, 200, "{res}");
    res["data"].clone()
}

/// Member `n`, signed up from their own address: their access token.
pub async fn member(app: &TestApp, n: usize) -> String {
    member_speaking(app, n, "en-IN").await
}

/// Member `n`, signed up from their own address with `accept_language`
/// (the language their account keeps): their access token.
pub async fn member_speaking(app: &TestApp, n: usize, accept_language: &str) -> String {
    let res = app
        .client
        .post(app.url("/api/auth/register"))
        .header("x-forwarded-for", format!("198.51.100.{}", n % 250 + 1))
        .header("Accept-Language", accept_language)
        .json(&json!({"name": format!("Member {n}"), "email": format!("member{n}@example.com"), "password": "correct horse"}))
        .send()
        .await
        .unwrap();
    assert_eq!(res.status(), 201);
    let body: Value = res.json().await.unwrap();
    body["data"]["accessToken"].as_str().unwrap().to_string()
}

/// A tee with the club's name on the back; with names and numbers when `team`.
pub fn tee(team: bool) -> Value {
    let mut d = Design::new(TEE, "white");
    d.set_text(
        PrintArea::Back,
        TextElement::new("Chess Club", Font::Georgia, 24, "#111111").unwrap(),
    );
    if team {
        for field in PersonalField::ALL {
            let style =
                PersonalStyle::new(field, Font::Arial, field.default_height(), "#111111").unwrap();
            d.set_personal(PrintArea::Back, field, style);
        }
    }
    serde_json::from_str(&d.to_json()).unwrap()
}

/// Who was e-mailed with this subject, in order.
pub async fn outbox(app: &TestApp, subject: &str) -> Vec<String> {
    sqlx::query_scalar("SELECT recipient FROM outbox WHERE subject = $1 ORDER BY recipient")
        .bind(subject)
        .fetch_all(&app.db)
        .await
        .unwrap()
}
