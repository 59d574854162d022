//! The complaints desk as the staff run it, on SQLite and PostgreSQL: the
//! admin's list and its filters, acknowledge, reply, assign, resolve and
//! reopen (the customer e-mailed); overdue by the clock of a second instance
//! on the same database (49 hours on: overdue; 47: not), the overview's
//! counts, and the grievance officer's digest sent once a day.

use serde_json::{Value, json};

use crate::helpers::process::{Store, data_dir};
use crate::helpers::{Engine, TestApp, engines};
use crate::tickets::{HOUR_MS, file, outbox, unlimited};

fn complaint(email: &str, category: &str, subject: &str) -> Value {
    json!({
        "name": "Asha Rao", "email": email, "category": category,
        "subject": subject, "message": "The print is smudged."
    })
}

fn numbers(page: &Value) -> Vec<String> {
    page["data"]["tickets"]
        .as_array()
        .unwrap()
        .iter()
        .map(|t| t["number"].as_str().unwrap().to_string())
        .collect()
}

#[tokio::test]
async fn admins_run_the_desk_and_customers_hear_of_it() {
    for engine in engines() {
        let app = unlimited(engine).await;
        let admin = app.admin_token().await;
        let a = file(
            &app,
            None,
            complaint("asha@example.com", "delivery", "Late"),
        )
        .await;
        let b = file(
            &app,
            None,
            complaint("ravi@example.com", "product", "Smudged"),
        )
        .await;
        let (na, nb) = (a["number"].as_str().unwrap(), b["number"].as_str().unwrap());

        let (customer, _) = app.sign_up("nosy@example.com").await;
        let (status, _) = app.get_auth("/api/admin/tickets", &customer).await;
        assert_eq!(status, 403, "{engine:?}");
        let id = a["id"].as_str().unwrap();
        let (status, _) = app
            .post_auth(
                &format!("/api/admin/tickets/{id}/acknowledge"),
                &customer,
                json!({}),
            )
            .await;
        assert_eq!(status, 403);
        let (status, _) = app.get("/api/admin/tickets").await;
        assert_eq!(status, 401);

        let list = |query: &'static str| {
            let admin = admin.clone();
            let app = &app;
            async move {
                let (status, page) = app
                    .get_auth(&format!("/api/admin/tickets{query}"), &admin)
                    .await;
                assert_eq!(status, 200, "{query}: {page}");
                page
            }
        };
        let all = list("").await;
        assert_eq!(numbers(&all), [nb, na], "newest first");
        assert_eq!(
            (
                &all["data"]["total"],
                &all["data"]["page"],
                &all["data"]["limit"]
            ),
            (&json!(2), &json!(1), &json!(20))
        );
        assert_eq!(numbers(&list("?category=product").await), [nb]);
        assert_eq!(numbers(&list("?status=open&overdue=false").await), [nb, na]);
        assert!(numbers(&list("?overdue=true").await).is_empty());
        let paged = list("?limit=1&page=2").await;
        assert_eq!(
            (numbers(&paged), &paged["data"]["total"]),
            (vec![na.to_string()], &json!(2))
        );
        assert_eq!(
            list("?limit=100000").await["data"]["limit"],
            100,
            "at most 100 a page"
        );
        let (status, _) = app.get_auth("/api/admin/tickets?status=lost", &admin).await;
        assert_eq!(status, 400);

        let act = |path: String, body: Value| {
            let admin = admin.clone();
            let app = &app;
            async move { app.post_auth(&path, &admin, body).await }
        };
        let at = |what: &str| format!("/api/admin/tickets/{id}/{what}");
        let (status, t) = act(at("acknowledge"), json!({})).await;
        assert_eq!(status, 200, "{t}");
        assert_eq!(t["data"]["status"], "acknowledged");
        assert!(t["data"]["acknowledgedAt"].is_i64());
        let (status, again) = act(at("acknowledge"), json!({})).await;
        assert_eq!((status, &again["code"]), (409, &json!("TICKET_NOT_OPEN")));
        assert_eq!(numbers(&list("?status=acknowledged").await), [na]);

        let (status, t) = act(at("replies"), json!({"message": "We are reprinting it."})).await;
        assert_eq!(status, 200, "{t}");
        let thread = t["data"]["messages"].as_array().unwrap();
        assert_eq!(
            (&thread[1]["author"], &thread[1]["body"]),
            (&json!("staff"), &json!("We are reprinting it."))
        );
        let mails = outbox(&app, "asha@example.com").await;
        assert_eq!(mails[0]["subject"], format!("Reply to your complaint {na}"));
        assert!(
            mails[0]["body"]
                .as_str()
                .unwrap()
                .contains("We are reprinting it.")
        );
        // A staff reply acknowledges an open ticket.
        let bid = b["id"].as_str().unwrap();
        let (_, tb) = act(
            format!("/api/admin/tickets/{bid}/replies"),
            json!({"message": "Looking"}),
        )
        .await;
        assert_eq!(tb["data"]["status"], "acknowledged");

        let (status, body) = act(at("assign"), json!({"adminId": "not-an-admin"})).await;
        assert_eq!((status, &body["code"]), (400, &json!("TICKET_ASSIGNEE")));
        let me: String =
            sqlx::query_scalar("SELECT id FROM users WHERE email = 'admin@example.com'")
                .fetch_one(&app.db)
                .await
                .unwrap();
        let (status, t) = act(at("assign"), json!({"adminId": me})).await;
        assert_eq!(status, 200, "{t}");
        assert_eq!(t["data"]["assignee"], json!({"id": me, "name": "Asha Rao"}));

        let (status, body) = act(at("resolve"), json!({"note": "  "})).await;
        assert_eq!((status, &body["code"]), (400, &json!("TICKET_NOTE")));
        let (status, body) = act(at("reopen"), json!({})).await;
        assert_eq!(status, 409, "{body}");
        let (status, t) = act(at("resolve"), json!({"note": "Reprinted and shipped."})).await;
        assert_eq!(status, 200, "{t}");
        assert_eq!(
            (&t["data"]["status"], &t["data"]["resolution"]),
            (&json!("resolved"), &json!("Reprinted and shipped."))
        );
        let mails = outbox(&app, "asha@example.com").await;
        assert_eq!(mails[0]["subject"], format!("Complaint {na} resolved"));
        assert!(
            mails[0]["body"]
                .as_str()
                .unwrap()
                .contains("Reprinted and shipped.")
        );
        let (status, _) = act(at("resolve"), json!({"note": "Again"})).await;
        assert_eq!(status, 409);
        // The customer sees the resolution, not the assignee.
        let (_, seen) = app
            .get(&format!(
                "/api/support/tickets/lookup?number={}&email=asha%40example.com",
                na.replace('/', "%2F")
            ))
            .await;
        assert_eq!(seen["data"]["resolution"], "Reprinted and shipped.");
        assert!(seen["data"].get("assignee").is_none(), "{seen}");

        let (status, t) = act(at("reopen"), json!({})).await;
        assert_eq!(status, 200, "{t}");
        assert_eq!(
            t["data"]["status"], "acknowledged",
            "it was acknowledged before"
        );
        assert!(t["data"].get("resolution").is_none());
        let (status, _) = act("/api/admin/tickets/nope/acknowledge".into(), json!({})).await;
        assert_eq!(status, 404);
    }
}

/// The database URL of a fresh store for `engine`, and its data directory.
async fn database(engine: Engine) -> (String, std::path::PathBuf) {
    let dir = data_dir("store-tickets");
    let url = match engine {
        Engine::Sqlite => format!("sqlite://{}/store.db?mode=rwc", dir.display()),
        Engine::Postgres => crate::helpers::fresh_postgres().await,
    };
    (url, dir)
}

/// A complaint filed by one instance is overdue to another whose clock is 49
/// hours on (the admin's filter finds it, the overview counts it, the
/// grievance officer is mailed it), and not to one 47 hours on.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn overdue_by_the_clock_of_another_instance() {
    for engine in engines() {
        let (url, dir) = database(engine).await;
        let now = Store::start(&dir, &url).await;
        let (status, filed) = now
            .post(
                "/api/support/tickets",
                "",
                complaint("asha@example.com", "order", "Late"),
            )
            .await;
        assert_eq!(status, 201, "{filed}");
        let number = filed["data"]["number"].as_str().unwrap().to_string();
        now.kill();
        for (hours, overdue) in [(47, false), (49, true)] {
            let skew = (hours * HOUR_MS).to_string();
            let env = [
                ("TEST_CLOCK_SKEW_MS", skew.as_str()),
                ("GRIEVANCE_OFFICER_EMAIL", "officer@example.com"),
            ];
            let later = Store::start_with(&dir, &url, &env).await;
            let admin = later.admin(&dir, &env).await;
            let listed = later.get("/api/admin/tickets?overdue=true", &admin).await;
            let found: Vec<&Value> = listed["data"]["tickets"]
                .as_array()
                .unwrap()
                .iter()
                .collect();
            assert_eq!(
                found.len(),
                usize::from(overdue),
                "{engine:?} {hours} h: {listed}"
            );
            let all = later.get("/api/admin/tickets", &admin).await;
            assert_eq!(all["data"]["tickets"][0]["overdue"], overdue, "{hours} h");
            let overview = later.get("/api/orders/stats/overview", &admin).await;
            assert_eq!(
                (
                    &overview["data"]["openTickets"],
                    &overview["data"]["overdueTickets"]
                ),
                (&json!(1), &json!(i64::from(overdue))),
                "{engine:?} {hours} h: {overview}"
            );
            if overdue {
                let digest = later.message("officer@example.com", &number).await;
                assert!(digest.contains("acknowledge by"), "{digest}");
            } else {
                let outbox = later
                    .get("/api/dev/outbox?to=officer%40example.com", "")
                    .await;
                assert_eq!(
                    outbox["data"],
                    json!([]),
                    "{hours} h: nothing overdue, nothing sent"
                );
            }
            later.kill();
        }
        let _ = std::fs::remove_dir_all(dir);
    }
}

/// However many instances look, the grievance officer gets one list a day
/// (the admins, when no officer's address is configured).
#[tokio::test]
async fn the_digest_goes_once_a_day() {
    let cases = [
        (true, "grievance@legacythreads.example"),
        (false, "admin@example.com"),
    ];
    for engine in engines() {
        for (officer, expected) in cases {
            let app = TestApp::spawn_configured(engine, None, |c| {
                if !officer {
                    c.company.grievance.email.clear();
                }
            })
            .await;
            app.admin_token().await;
            let t = file(
                &app,
                None,
                complaint("asha@example.com", "payment", "Charged twice"),
            )
            .await;
            assert_eq!(
                api::core::support::digest::send_due(&app.state)
                    .await
                    .unwrap(),
                None
            );
            // Filed two days ago, as far as its deadlines go.
            sqlx::query("UPDATE support_tickets SET acknowledge_by = acknowledge_by - $1")
                .bind(49 * HOUR_MS)
                .execute(&app.db)
                .await
                .unwrap();
            let other = api::prepare(app.state.config.as_ref().clone())
                .await
                .unwrap();
            let (first, second, third) = tokio::join!(
                api::core::support::digest::send_due(&app.state),
                api::core::support::digest::send_due(&other),
                api::core::support::digest::send_due(&app.state),
            );
            let sent: Vec<_> = [first, second, third]
                .into_iter()
                .filter_map(Result::unwrap)
                .collect();
            assert_eq!(sent, [1], "{engine:?}");
            let to = api::core::support::digest::recipients(&app.state)
                .await
                .unwrap();
            assert_eq!(to, [expected]);
            for r in &to {
                let mut mails = outbox(&app, r).await;
                mails.retain(|m| m["subject"].as_str().unwrap().contains("overdue"));
                assert_eq!(mails.len(), 1, "{r}: {mails:?}");
                assert_eq!(mails[0]["subject"], "1 overdue complaint");
                assert!(
                    mails[0]["body"]
                        .as_str()
                        .unwrap()
                        .contains(t["number"].as_str().unwrap())
                );
            }
            assert_eq!(
                api::core::support::digest::send_due(&other).await.unwrap(),
                None
            );
        }
    }
}
