//! The complaints desk through the real server, on SQLite and PostgreSQL:
//! filing answers a number sequential per financial year (gapless under 50
//! parallel filings) and e-mails it; lookup by number and e-mail; the
//! customer's own tickets and replies; the admin's desk; deadlines read by
//! another instance's clock; the overview's counts; the daily digest once.

use std::sync::Arc;

use serde_json::{Value, json};

use crate::helpers::checkout::paid_order;
use crate::helpers::{Engine, TestApp, engines};

pub(crate) const HOUR_MS: i64 = 3_600_000;

fn complaint(email: &str, subject: &str) -> Value {
    json!({
        "name": "Asha Rao", "email": email, "phone": "+91 98765 43210", "category": "delivery",
        "subject": subject, "message": "The parcel has not arrived.\nIt was due last week."
    })
}

pub(crate) async fn unlimited(engine: Engine) -> TestApp {
    TestApp::spawn_adjusted(
        engine,
        None,
        |_| {},
        |s| s.limits = Arc::new(api::limits::Limits::unlimited()),
    )
    .await
}

/// Files a complaint (signed in with `token`); the answer's ticket.
pub(crate) async fn file(app: &TestApp, token: Option<&str>, body: Value) -> Value {
    let (status, answer) = match token {
        Some(t) => app.post_auth("/api/support/tickets", t, body).await,
        None => app.post("/api/support/tickets", body).await,
    };
    assert_eq!(status, 201, "{answer}");
    answer["data"].clone()
}

/// `GRV/26-27/000042`: the series of the financial year of now in India, and the place in it.
fn number_parts(number: &str) -> (String, i64) {
    let (series, seq) = number.rsplit_once('/').unwrap();
    assert_eq!(seq.len(), 6, "{number}");
    (series.to_string(), seq.parse().unwrap())
}

fn this_years_series() -> String {
    let today = api::core::documents::tax_document::india_date(api::db::now_ms());
    format!("GRV/{}", today.financial_year())
}

async fn tickets_stored(app: &TestApp) -> i64 {
    sqlx::query_scalar("SELECT COUNT(*) FROM support_tickets")
        .fetch_one(&app.db)
        .await
        .unwrap()
}

/// Looks a complaint up by its number and e-mail.
async fn look(app: &TestApp, number: String, email: &str) -> (u16, Value) {
    let path = format!(
        "/api/support/tickets/lookup?number={}&email={}",
        number.replace('/', "%2F"),
        email.replace('@', "%40")
    );
    app.get(&path).await
}

pub(crate) async fn outbox(app: &TestApp, to: &str) -> Vec<Value> {
    let (status, body) = app
        .get(&format!("/api/dev/outbox?to={}", to.replace('@', "%40")))
        .await;
    assert_eq!(status, 200);
    body["data"].as_array().unwrap().clone()
}

#[tokio::test]
async fn a_complaint_gets_its_number_and_an_acknowledgement_at_once() {
    for engine in engines() {
        let app = TestApp::spawn(engine).await;
        let t = file(&app, None, complaint("Asha@Example.com", "Parcel late")).await;
        let number = t["number"].as_str().unwrap();
        assert_eq!(number_parts(number), (this_years_series(), 1), "{engine:?}");
        assert_eq!(t["status"], "open");
        assert_eq!(t["category"], "delivery");
        assert_eq!(t["email"], "asha@example.com");
        assert_eq!(t["phone"], "9876543210");
        assert_eq!(t["overdue"], false);
        let created = t["createdAt"].as_i64().unwrap();
        assert_eq!(t["acknowledgeBy"].as_i64().unwrap(), created + 48 * HOUR_MS);
        assert_eq!(
            t["resolveBy"].as_i64().unwrap(),
            created + 30 * 24 * HOUR_MS
        );
        assert!(t.get("assignee").is_none());
        let thread = t["messages"].as_array().unwrap();
        assert_eq!(thread.len(), 1);
        assert_eq!(thread[0]["author"], "customer");
        assert_eq!(thread[0]["authorName"], "Asha Rao");
        assert_eq!(
            thread[0]["body"],
            "The parcel has not arrived.\nIt was due last week."
        );
        let mails = outbox(&app, "asha@example.com").await;
        assert_eq!(mails.len(), 1, "{mails:?}");
        assert_eq!(mails[0]["subject"], format!("Complaint {number} received"));
        let body = mails[0]["body"].as_str().unwrap();
        assert!(
            body.contains(number) && body.contains("within 48 hours"),
            "{body}"
        );
        assert!(body.contains("within one month"), "{body}");
        assert!(
            body.contains(&format!(
                "/support/lookup?number={}",
                number.replace('/', "%2F")
            )),
            "{body}"
        );
        // The next one is the next number.
        let next = file(&app, None, complaint("ravi@example.com", "Wrong size")).await;
        assert_eq!(number_parts(next["number"].as_str().unwrap()).1, 2);
    }
}

#[tokio::test]
async fn a_wrong_field_is_named_and_nothing_is_filed() {
    for engine in engines() {
        let app = unlimited(engine).await;
        let good = complaint("asha@example.com", "Parcel late");
        let long = |n: usize| "x".repeat(n);
        let cases: [(&str, Value, &str, &str); 10] = [
            ("name", json!(""), "TICKET_NAME", "your name"),
            ("name", json!(long(101)), "TICKET_NAME", "your name"),
            ("email", json!("asha@"), "TICKET_EMAIL", "email address"),
            ("phone", json!("12345"), "TICKET_PHONE", "mobile number"),
            ("subject", json!("  "), "TICKET_SUBJECT", "subject"),
            ("subject", json!("two\nlines"), "TICKET_SUBJECT", "subject"),
            ("subject", json!(long(151)), "TICKET_SUBJECT", "subject"),
            ("message", json!(""), "TICKET_MESSAGE", "message"),
            ("message", json!(long(5001)), "TICKET_MESSAGE", "message"),
            (
                "orderId",
                json!("LT-20260101-NOSUCH"),
                "TICKET_ORDER",
                "order",
            ),
        ];
        for (field, value, code, words) in cases {
            let mut body = good.clone();
            body[field] = value;
            let (status, answer) = app.post("/api/support/tickets", body).await;
            assert_eq!(status, 400, "{engine:?} {field}: {answer}");
            assert_eq!(answer["code"], code, "{field}: {answer}");
            let message = answer["message"].as_str().unwrap();
            assert!(message.contains(words), "{field}: {message}");
        }
        let mut unknown = good.clone();
        unknown["category"] = json!("refund");
        let (status, _) = app.post("/api/support/tickets", unknown).await;
        assert_eq!(status, 400);
        assert_eq!(tickets_stored(&app).await, 0, "{engine:?}");
        assert!(outbox(&app, "asha@example.com").await.is_empty());
        // At the limits, and an optional phone left empty.
        let mut edge = good.clone();
        edge["name"] = json!("é".repeat(100));
        edge["subject"] = json!(long(150));
        edge["message"] = json!(long(5000));
        edge["phone"] = json!("");
        let t = file(&app, None, edge).await;
        assert!(t.get("phone").is_none(), "{t}");
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 4)]
async fn fifty_parallel_complaints_are_numbered_without_gaps() {
    for engine in engines() {
        let app = unlimited(engine).await;
        let filings = (0..50).map(|i| {
            let app = &app;
            async move {
                let body = complaint(&format!("c{i}@example.com"), &format!("Complaint {i}"));
                file(app, None, body).await["number"]
                    .as_str()
                    .unwrap()
                    .to_string()
            }
        });
        let numbers = futures_util::future::join_all(filings).await;
        let mut seqs: Vec<i64> = numbers
            .iter()
            .map(|n| {
                let (series, seq) = number_parts(n);
                assert_eq!(series, this_years_series());
                seq
            })
            .collect();
        seqs.sort_unstable();
        assert_eq!(seqs, (1..=50).collect::<Vec<_>>(), "{engine:?}");
        // Each filer got their own number by e-mail.
        for (i, number) in numbers.iter().enumerate() {
            let mails = outbox(&app, &format!("c{i}@example.com")).await;
            assert_eq!(mails.len(), 1);
            assert!(mails[0]["body"].as_str().unwrap().contains(number.as_str()));
        }
    }
}

#[tokio::test]
async fn lookup_needs_the_number_and_the_email_alike() {
    for engine in engines() {
        let app = TestApp::spawn(engine).await;
        let t = file(&app, None, complaint("asha@example.com", "Parcel late")).await;
        let number = t["number"].as_str().unwrap();
        let (status, found) = look(&app, number.to_string(), "ASHA@example.com").await;
        assert_eq!(status, 200, "{engine:?} {found}");
        assert_eq!(found["data"]["id"], t["id"]);
        assert_eq!(found["data"]["messages"].as_array().unwrap().len(), 1);
        let (status, _) = look(
            &app,
            number.replace('/', "-").to_lowercase(),
            "asha@example.com",
        )
        .await;
        assert_eq!(status, 200, "dashes and lower case read the same");
        let other = number.replace("/000001", "/000002");
        let (wrong_number, a) = look(&app, other, "asha@example.com").await;
        let (wrong_email, b) = look(&app, number.to_string(), "ravi@example.com").await;
        let (not_a_number, c) = look(&app, "INV/26-27/000001".into(), "asha@example.com").await;
        assert_eq!((wrong_number, wrong_email, not_a_number), (404, 404, 404));
        assert_eq!(a, b);
        assert_eq!(a, c);
        assert_eq!(a["message"], "No complaint matches that number and e-mail");
        let (status, _) = look(&app, String::new(), "asha@example.com").await;
        assert_eq!(status, 400);
        // One number guessed at from everywhere: 10, then 429.
        let guessed = number.replace("/000001", "/000009");
        let mut statuses = Vec::new();
        for i in 0..11 {
            let email = format!("guess{i}@example.com");
            statuses.push(look(&app, guessed.clone(), &email).await.0);
        }
        assert_eq!(statuses[..10], [404; 10]);
        assert_eq!(statuses[10], 429, "{engine:?}");
    }
}

#[tokio::test]
async fn filing_is_limited_per_address() {
    for engine in engines() {
        let app = TestApp::spawn(engine).await;
        for i in 0..5 {
            file(
                &app,
                None,
                complaint("asha@example.com", &format!("No {i}")),
            )
            .await;
        }
        let (status, body) = app
            .post(
                "/api/support/tickets",
                complaint("ASHA@example.com", "Again"),
            )
            .await;
        assert_eq!(status, 429, "{engine:?} {body}");
        assert_eq!(tickets_stored(&app).await, 5);
        // Another address from the same client still files.
        file(&app, None, complaint("ravi@example.com", "Mine")).await;
    }
}

#[tokio::test]
async fn customers_see_and_answer_only_their_own() {
    for engine in engines() {
        let app = unlimited(engine).await;
        // Signed up, then signed in by a code: her address is verified.
        app.sign_up("asha@example.com").await;
        let asha = app.sign_in_by_code("asha@example.com").await;
        let signed_in = file(&app, Some(&asha), complaint("asha.alt@example.com", "Mine")).await;
        // Filed signed out with her verified address: hers too.
        let signed_out = file(&app, None, complaint("asha@example.com", "Also mine")).await;
        file(&app, None, complaint("ravi@example.com", "Not hers")).await;
        let (status, list) = app.get_auth("/api/support/tickets", &asha).await;
        assert_eq!(status, 200, "{list}");
        let ids: Vec<&Value> = list["data"]
            .as_array()
            .unwrap()
            .iter()
            .map(|t| &t["id"])
            .collect();
        assert_eq!(
            ids,
            [&signed_out["id"], &signed_in["id"]],
            "{engine:?} newest first"
        );
        let (status, _) = app.get("/api/support/tickets").await;
        assert_eq!(status, 401);

        let (ravi, _) = app.sign_up("ravi@example.com").await;
        let (_, his) = app.get_auth("/api/support/tickets", &ravi).await;
        assert_eq!(
            his["data"],
            json!([]),
            "an unproven address claims no ticket"
        );
        let id = signed_in["id"].as_str().unwrap();
        let path = format!("/api/support/tickets/{id}");
        let replies = format!("{path}/replies");
        let (status, one) = app.get_auth(&path, &asha).await;
        assert_eq!((status, &one["data"]["id"]), (200, &signed_in["id"]));
        let (status, _) = app.get_auth(&path, &ravi).await;
        assert_eq!(status, 404, "someone else's ticket");
        let (status, _) = app
            .post_auth(&replies, &ravi, json!({"message": "Me too"}))
            .await;
        assert_eq!(status, 404);
        let (status, body) = app
            .post_auth(&replies, &asha, json!({"message": " "}))
            .await;
        assert_eq!((status, &body["code"]), (400, &json!("TICKET_MESSAGE")));
        let (status, body) = app
            .post_auth(&replies, &asha, json!({"message": "Any news?"}))
            .await;
        assert_eq!(status, 200, "{body}");
        let thread = body["data"]["messages"].as_array().unwrap();
        assert_eq!(thread.len(), 2);
        assert_eq!(thread[1]["body"], "Any news?");
        assert_eq!(thread[1]["author"], "customer");
        // A full thread takes no more.
        for i in 2..200 {
            sqlx::query(
                "INSERT INTO support_ticket_messages (id, ticket_id, author, author_name, body, created_at) \
                 VALUES ($1, $2, 'customer', 'Asha Rao', 'more', $3)",
            )
            .bind(format!("filler-{i}"))
            .bind(id)
            .bind(i64::from(i))
            .execute(&app.db)
            .await
            .unwrap();
        }
        let (status, body) = app
            .post_auth(&replies, &asha, json!({"message": "One more"}))
            .await;
        assert_eq!(
            (status, &body["code"]),
            (409, &json!("TICKET_THREAD_FULL")),
            "{body}"
        );
    }
}

/// A customer's order named by its id or number: linked when it is theirs.
#[tokio::test]
async fn a_complaint_names_only_the_filers_own_order() {
    for engine in engines() {
        let app = unlimited(engine).await;
        let (order_id, token) = paid_order(&app, "buyer@example.com").await;
        let mut body = complaint("someone@example.com", "Misprint");
        body["orderId"] = json!(order_id);
        let t = file(&app, Some(&token), body.clone()).await;
        assert_eq!(t["orderId"], json!(order_id), "{engine:?}");
        let number = t["orderNumber"].as_str().unwrap().to_string();
        // Signed out, by number, with the order's e-mail.
        let mut by_number = complaint("buyer@example.com", "Misprint");
        by_number["orderId"] = json!(number.to_lowercase());
        assert_eq!(
            file(&app, None, by_number).await["orderId"],
            json!(order_id)
        );
        // A stranger naming it is told the same as for no order at all.
        let (status, answer) = app.post("/api/support/tickets", body).await;
        assert_eq!((status, &answer["code"]), (400, &json!("TICKET_ORDER")));
    }
}
