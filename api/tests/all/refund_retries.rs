//! Refunds the provider did not answer finally are never lost nor made twice:
//! a 5xx, a 429 or an answer lost behind a proxy leaves the refund open with
//! its money set aside, and it is asked again with the same idempotency key
//! until Razorpay makes it or refuses it (a 4xx with its error code). The
//! real client runs against the Razorpay stand-in, scripted to fail.

use std::time::Duration;

use api::payments::config::ProviderKind;
use serde_json::{Value, json};

use crate::helpers::checkout::{TOTAL, create_order, payment, shopper};
use crate::helpers::razorpay::{Scripted, StandIn, start_stand_in};
use crate::helpers::{Engine, TestApp, engines};

async fn app(engine: Engine, stand_in: &StandIn) -> TestApp {
    let base = start_stand_in(stand_in.clone()).await;
    TestApp::spawn_configured(engine, None, |c| {
        c.payments = TestApp::payments(ProviderKind::Razorpay, &base);
    })
    .await
}

/// A paid order of a new shopper: its id.
async fn paid_order(app: &TestApp, who: &str, payment_id: &str) -> String {
    let token = shopper(app, &format!("{who}@example.com")).await;
    let (status, created) = create_order(app, &token, &format!("rcpt_{who}")).await;
    assert_eq!(status, 200, "{created}");
    let order = created["data"].clone();
    let (status, paid) = app
        .post_auth("/api/payments/verify", &token, payment(&order, payment_id))
        .await;
    assert_eq!(status, 200, "{paid}");
    order["order"]["_id"].as_str().unwrap().to_string()
}

/// What the store recorded for an order: refunds (how many, how much),
/// credit notes, refunds still open.
async fn recorded(app: &TestApp, order_id: &str) -> (i64, i64, i64, i64) {
    let count = |sql: &'static str| async move {
        sqlx::query_scalar::<_, i64>(sql)
            .bind(order_id)
            .fetch_one(&app.db)
            .await
            .unwrap()
    };
    (
        count("SELECT COUNT(*) FROM refunds WHERE order_id = $1").await,
        count("SELECT CAST(COALESCE(SUM(amount), 0) AS BIGINT) FROM refunds WHERE order_id = $1")
            .await,
        count("SELECT COUNT(*) FROM credit_notes WHERE order_id = $1").await,
        count("SELECT COUNT(*) FROM refund_attempts WHERE order_id = $1").await,
    )
}

/// The order as the admin sees it: (status, refunded amount).
async fn order_state(app: &TestApp, admin: &str, id: &str) -> (String, i64) {
    let (_, o) = app.get_auth(&format!("/api/orders/{id}"), admin).await;
    (
        o["data"]["status"].as_str().unwrap_or_default().to_string(),
        o["data"]["refundedAmount"].as_i64().unwrap_or(-1),
    )
}

/// One pass of the refunds' worker over every open refund, run here rather
/// than waited for.
async fn worker(app: &TestApp) {
    api::core::checkout::refunds::recover(&app.state, Duration::ZERO)
        .await
        .unwrap();
}

async fn refund(app: &TestApp, admin: &str, body: Value) -> (u16, Value) {
    app.post_auth("/api/payments/refund", admin, body).await
}

/// How many refund requests reached the stand-in.
fn requests(s: &StandIn) -> usize {
    s.refund_times.lock().unwrap().len()
}

#[tokio::test]
async fn a_refund_razorpay_answers_503_twice_is_queued_and_made_once() {
    for engine in engines() {
        let stand_in = StandIn::default();
        let app = app(engine, &stand_in).await;
        let id = paid_order(&app, "twice503", "pay_Twice503").await;
        let admin = app.admin_token().await;

        stand_in.script(&[Scripted::Before(503), Scripted::Before(503)]);
        let (status, body) = refund(&app, &admin, json!({"orderId": id})).await;
        assert_eq!(status, 202, "{engine:?} {body}");
        assert!(
            body["message"].as_str().unwrap().contains("under way"),
            "{body}"
        );
        assert_eq!(
            (
                body["data"]["status"].as_str(),
                body["data"]["amount"].as_i64()
            ),
            (Some("queued"), Some(TOTAL)),
            "{body}"
        );
        assert_eq!(
            order_state(&app, &admin, &id).await,
            ("confirmed".into(), TOTAL),
            "the money stays set aside"
        );
        assert_eq!(recorded(&app, &id).await, (0, 0, 0, 1));

        worker(&app).await; // 503 again
        assert_eq!((stand_in.refunds_made(), requests(&stand_in)), (0, 2));
        assert_eq!(recorded(&app, &id).await, (0, 0, 0, 1), "still open");

        worker(&app).await; // made
        assert_eq!(stand_in.refunds_made(), 1);
        assert_eq!(recorded(&app, &id).await, (1, TOTAL, 1, 0), "{engine:?}");
        assert_eq!(
            order_state(&app, &admin, &id).await,
            ("refunded".into(), TOTAL)
        );
        worker(&app).await;
        assert_eq!(requests(&stand_in), 3, "nothing is left to ask");
    }
}

#[tokio::test]
async fn a_refund_made_behind_a_502_is_recorded_once_and_never_made_again() {
    for engine in engines() {
        let stand_in = StandIn::default();
        let app = app(engine, &stand_in).await;
        let id = paid_order(&app, "lost502", "pay_Lost502").await;
        let admin = app.admin_token().await;

        stand_in.script(&[Scripted::After(502)]);
        let part = json!({"orderId": id, "amount": 5_000});
        let (status, body) = refund(&app, &admin, part.clone()).await;
        assert_eq!(status, 202, "{engine:?} {body}");
        assert_eq!(stand_in.refunds_made(), 1, "Razorpay refunded");
        assert_eq!(order_state(&app, &admin, &id).await.1, 5_000);

        // The admin asks again, for the same part or for everything: the
        // refund under way is named, and nothing more is refunded.
        for again in [part.clone(), json!({"orderId": id})] {
            let (status, body) = refund(&app, &admin, again).await;
            assert_eq!(
                (status, body["code"].as_str()),
                (409, Some("REFUND_UNDER_WAY")),
                "{engine:?} {body}"
            );
            assert!(
                body["message"]
                    .as_str()
                    .unwrap()
                    .contains("already under way"),
                "{body}"
            );
        }
        assert_eq!(stand_in.refunds_made(), 1);
        assert_eq!(requests(&stand_in), 1, "Razorpay was not asked again");

        worker(&app).await;
        assert_eq!(
            stand_in.refunds_made(),
            1,
            "asked again with one key: one refund"
        );
        assert_eq!(recorded(&app, &id).await, (1, 5_000, 1, 0), "{engine:?}");
        assert_eq!(
            order_state(&app, &admin, &id).await,
            ("confirmed".into(), 5_000)
        );
        let refund_id: String = sqlx::query_scalar("SELECT id FROM refunds WHERE order_id = $1")
            .bind(&id)
            .fetch_one(&app.db)
            .await
            .unwrap();
        assert_eq!(refund_id, "rfnd_StandIn0000000");

        // Once recorded, the admin can refund more: a refund of its own.
        let (status, body) = refund(&app, &admin, part).await;
        assert_eq!(status, 200, "{body}");
        assert_eq!(stand_in.refunds_made(), 2);
        assert_eq!(recorded(&app, &id).await, (2, 10_000, 2, 0));
    }
}

#[tokio::test]
async fn a_refund_razorpay_answers_429_is_asked_again() {
    for engine in engines() {
        let stand_in = StandIn::default();
        let app = app(engine, &stand_in).await;
        let id = paid_order(&app, "busy429", "pay_Busy429").await;
        let admin = app.admin_token().await;

        stand_in.script(&[Scripted::Before(429)]);
        let (status, body) = refund(&app, &admin, json!({"orderId": id})).await;
        assert_eq!(status, 202, "{engine:?} {body}");
        assert_eq!(recorded(&app, &id).await, (0, 0, 0, 1));
        worker(&app).await;
        assert_eq!(stand_in.refunds_made(), 1);
        assert_eq!(recorded(&app, &id).await, (1, TOTAL, 1, 0), "{engine:?}");
    }
}

#[tokio::test]
async fn a_documented_refusal_ends_the_refund_and_gives_the_money_back() {
    for engine in engines() {
        let stand_in = StandIn::default();
        let app = app(engine, &stand_in).await;
        let id = paid_order(&app, "refused400", "pay_Refused400").await;
        let admin = app.admin_token().await;

        stand_in.script(&[Scripted::Before(400)]);
        let (status, body) = refund(&app, &admin, json!({"orderId": id})).await;
        assert_eq!(status, 502, "{engine:?} {body}");
        assert!(
            body["message"].as_str().unwrap().contains("refused"),
            "{body}"
        );
        assert_eq!(
            order_state(&app, &admin, &id).await,
            ("confirmed".into(), 0),
            "the money set aside is given back"
        );
        assert_eq!(recorded(&app, &id).await, (0, 0, 0, 0), "nothing open");
        worker(&app).await;
        assert_eq!((stand_in.refunds_made(), requests(&stand_in)), (0, 1));
    }
}

/// Writes a refund owed on `order_id`, as a group order's withdrawal does.
async fn owe(app: &TestApp, order_id: &str) -> String {
    let mut tx = app.db.begin().await.unwrap();
    let id = api::db::refunds_owed::owe(&mut tx, order_id, None, "Withdrawn from the group")
        .await
        .unwrap();
    tx.commit().await.unwrap();
    id
}

/// A refund owed: (claimed by an attempt, done, refused with what).
async fn debt(app: &TestApp, id: &str) -> (bool, bool, Option<String>) {
    let (attempt, done, refusal): (Option<String>, Option<i64>, Option<String>) =
        sqlx::query_as("SELECT attempt_id, done_at, refusal FROM refunds_owed WHERE id = $1")
            .bind(id)
            .fetch_one(&app.db)
            .await
            .unwrap();
    (attempt.is_some(), done.is_some(), refusal)
}

#[tokio::test]
async fn a_refund_owed_outlives_an_outage_and_is_made_once() {
    for engine in engines() {
        let stand_in = StandIn::default();
        let app = app(engine, &stand_in).await;
        let id = paid_order(&app, "owed503", "pay_Owed503").await;
        let admin = app.admin_token().await;
        let owed = owe(&app, &id).await;

        stand_in.script(&[Scripted::Before(503)]);
        api::core::checkout::refunds::settle_owed(&app.state)
            .await
            .unwrap();
        assert_eq!(stand_in.refunds_made(), 0);
        assert_eq!(
            recorded(&app, &id).await,
            (0, 0, 0, 1),
            "{engine:?}: still owed"
        );
        assert_eq!(debt(&app, &owed).await, (true, true, None));

        worker(&app).await;
        assert_eq!(stand_in.refunds_made(), 1);
        assert_eq!(recorded(&app, &id).await, (1, TOTAL, 1, 0), "{engine:?}");
        assert_eq!(
            order_state(&app, &admin, &id).await,
            ("refunded".into(), TOTAL)
        );
        api::core::checkout::refunds::settle_owed(&app.state)
            .await
            .unwrap();
        worker(&app).await;
        assert_eq!(requests(&stand_in), 2, "made once, asked no more");
    }
}

#[tokio::test]
async fn a_refund_owed_that_razorpay_refuses_is_kept_for_an_admin() {
    for engine in engines() {
        let stand_in = StandIn::default();
        let app = app(engine, &stand_in).await;
        let id = paid_order(&app, "owed400", "pay_Owed400").await;
        let admin = app.admin_token().await;
        let owed = owe(&app, &id).await;

        stand_in.script(&[Scripted::Before(400)]);
        api::core::checkout::refunds::settle_owed(&app.state)
            .await
            .unwrap();
        let (_, _, refusal) = debt(&app, &owed).await;
        assert!(
            refusal
                .as_deref()
                .is_some_and(|r| r.contains("BAD_REQUEST_ERROR")),
            "{engine:?}: the debt is marked refused, with Razorpay's code: {refusal:?}"
        );
        assert_eq!(
            order_state(&app, &admin, &id).await,
            ("confirmed".into(), 0),
            "the money set aside is given back"
        );
        assert_eq!(recorded(&app, &id).await, (0, 0, 0, 0));
        api::core::checkout::refunds::settle_owed(&app.state)
            .await
            .unwrap();
        worker(&app).await;
        assert_eq!(
            (stand_in.refunds_made(), requests(&stand_in)),
            (0, 1),
            "a refusal is not asked again"
        );
    }
}

/// The refunds' worker asks again by itself, waiting longer each time (the
/// first wait shortened from 30 s to 1 s here, as `REFUND_RETRY_SECS` can).
#[tokio::test]
async fn the_worker_asks_again_backing_off_until_the_refund_is_made() {
    for engine in engines() {
        let stand_in = StandIn::default();
        let base = start_stand_in(stand_in.clone()).await;
        let app = TestApp::spawn_configured(engine, None, |c| {
            c.payments = TestApp::payments(ProviderKind::Razorpay, &base);
            c.payments.refund_retry = Duration::from_secs(1);
        })
        .await;
        let id = paid_order(&app, "backoff", "pay_Backoff01").await;
        let admin = app.admin_token().await;

        stand_in.script(&[Scripted::Before(503), Scripted::Before(502)]);
        let (status, body) = refund(&app, &admin, json!({"orderId": id})).await;
        assert_eq!(status, 202, "{engine:?} {body}");
        let (tries, next): (i64, i64) =
            sqlx::query_as("SELECT tries, next_try_at FROM refund_attempts WHERE order_id = $1")
                .bind(&id)
                .fetch_one(&app.db)
                .await
                .unwrap();
        let wait = next - api::db::now_ms();
        assert_eq!(tries, 1);
        assert!(
            (0..=1_000).contains(&wait),
            "asked again in a second: {wait} ms"
        );

        let deadline = std::time::Instant::now() + Duration::from_secs(20);
        while recorded(&app, &id).await.0 == 0 {
            assert!(
                std::time::Instant::now() < deadline,
                "{engine:?}: the worker made the refund"
            );
            tokio::time::sleep(Duration::from_millis(100)).await;
        }
        assert_eq!(stand_in.refunds_made(), 1);
        assert_eq!(recorded(&app, &id).await, (1, TOTAL, 1, 0), "{engine:?}");
        let times = stand_in.refund_times.lock().unwrap().clone();
        let gaps: Vec<u128> = times
            .windows(2)
            .map(|w| (w[1] - w[0]).as_millis())
            .collect();
        assert_eq!(gaps.len(), 2, "asked three times: {gaps:?}");
        assert!(
            gaps[0] >= 900 && gaps[1] >= 1_900,
            "waited 1 s, then 2 s: {gaps:?}"
        );
    }
}

/// Cancelling a paid order while Razorpay is down cancels it: its refund is
/// under way (the message says so), and made once when Razorpay answers.
#[tokio::test]
async fn cancelling_while_razorpay_is_down_leaves_the_refund_under_way() {
    for engine in engines() {
        let stand_in = StandIn::default();
        let app = app(engine, &stand_in).await;
        let id = paid_order(&app, "cancel503", "pay_Cancel503").await;
        let admin = app.admin_token().await;

        stand_in.script(&[Scripted::Before(503)]);
        let (status, body) = app
            .put_auth(
                &format!("/api/orders/{id}/status"),
                &admin,
                json!({"status": "cancelled"}),
            )
            .await;
        assert_eq!(
            (status, body["data"]["status"].as_str()),
            (200, Some("cancelled")),
            "{engine:?} {body}"
        );
        assert!(
            body["message"].as_str().unwrap().contains("under way"),
            "{body}"
        );
        assert_eq!(recorded(&app, &id).await, (0, 0, 0, 1));
        worker(&app).await;
        assert_eq!(stand_in.refunds_made(), 1);
        assert_eq!(recorded(&app, &id).await, (1, TOTAL, 1, 0), "{engine:?}");
        assert_eq!(order_state(&app, &admin, &id).await.1, TOTAL);
    }
}
