//! Issue 53 for group orders: each letter a group sends goes in its
//! recipient's language, the organiser's and every member's own (a member
//! always has an account: the one they joined with), so one event reaches a
//! Hindi reader in Hindi and an English one in English.

use serde_json::json;

use crate::helpers::checkout::pay_cart;
use crate::helpers::groups::{app, member, member_speaking, open, outbox};
use crate::helpers::{TestApp, engines};

/// The organiser (`captain@example.com`, Asha Rao), reading Hindi by their
/// profile's choice, and their new group order (the organiser paying): its
/// id and token.
async fn hindi_organiser_and_group(app: &TestApp) -> (String, String, String) {
    let (organiser, _) = app.sign_up("captain@example.com").await;
    let (status, body) = app
        .put_auth(
            "/api/users/profile",
            &organiser,
            json!({"name": "Asha Rao", "language": "hi"}),
        )
        .await;
    assert_eq!(status, 200, "{body}");
    let g = open(app, &organiser, json!({})).await;
    let id = g["_id"].as_str().unwrap().to_string();
    let token = g["token"].as_str().unwrap().to_string();
    (organiser, id, token)
}

async fn join(app: &TestApp, token: &str, count: usize) {
    let rows = format!("/api/group-orders/by-token/{token}/rows");
    for n in 0..count {
        let member = match n {
            0 => member_speaking(app, n, "hi-IN,hi;q=0.9").await,
            _ => member(app, n).await,
        };
        let (status, body) = app.post_auth(&rows, &member, json!({"size": "M"})).await;
        assert_eq!(status, 200, "{body}");
    }
}

fn is_hindi(text: &str) -> bool {
    text.chars().any(|c| ('\u{0900}'..='\u{097F}').contains(&c))
}

/// Everyone the same event's letters went to: by its Hindi subject and by its English one.
async fn told(app: &TestApp, hindi: &str, english: &str) -> (Vec<String>, usize) {
    (outbox(app, hindi).await, outbox(app, english).await.len())
}

#[tokio::test]
async fn a_group_tells_each_member_and_its_organiser_in_their_own_language() {
    for engine in engines() {
        let app = app(engine).await;
        let (organiser, id, token) = hindi_organiser_and_group(&app).await;
        join(&app, &token, 25).await;

        // Joining: the Hindi member in Hindi, every other in English.
        assert_eq!(
            told(
                &app,
                "आप Chess Club 2026 में शामिल हो गए हैं",
                "You have joined Chess Club 2026"
            )
            .await,
            (vec!["member0@example.com".to_string()], 24),
            "{engine:?}"
        );
        let letter = app
            .message_with("member0@example.com", "नमस्ते Member 0")
            .await;
        assert!(
            letter.contains("Asha Rao के ग्रुप ऑर्डर \"Chess Club 2026\"")
                && letter.contains("आपका पीस: M।"),
            "{letter}"
        );
        let letter = app
            .message_with("member1@example.com", "Hello Member 1")
            .await;
        assert!(!is_hindi(&letter), "{letter}");

        // The 25th piece: the organiser hears of the minimum in Hindi.
        assert_eq!(
            told(
                &app,
                "Chess Club 2026 ने न्यूनतम संख्या पूरी कर ली",
                "Chess Club 2026 has reached the minimum"
            )
            .await,
            (vec!["captain@example.com".to_string()], 0)
        );
        let letter = app
            .message_with("captain@example.com", "में 25 पीस हो गए हैं")
            .await;
        assert!(letter.starts_with("नमस्ते Asha Rao,"), "{letter}");

        // Closed into the organiser's cart: each member in their language.
        let (status, body) = app
            .post_auth(
                &format!("/api/group-orders/{id}/close"),
                &organiser,
                json!({}),
            )
            .await;
        assert_eq!(status, 200, "{body}");
        assert_eq!(
            told(
                &app,
                "Chess Club 2026 बंद हो गया: आपका पीस प्रिंट के लिए जा रहा है",
                "Chess Club 2026 is closed: your piece goes to print"
            )
            .await,
            (vec!["member0@example.com".to_string()], 24)
        );

        // Paid and placed: one event to everyone, the organiser and member 0 in Hindi.
        let (_, cart) = app.get_auth("/api/cart", &organiser).await;
        let total = cart["data"]["totalPrice"].as_i64().unwrap();
        pay_cart(&app, &organiser, "rcpt_group_hi", total).await;
        for _ in 0..2 {
            api::core::groups::tick(&app.state).await.unwrap();
        }
        let (hindi, english) = told(
            &app,
            "Chess Club 2026 का ऑर्डर प्लेस हो गया",
            "Chess Club 2026 has been ordered",
        )
        .await;
        assert_eq!(
            (hindi, english),
            (
                vec![
                    "captain@example.com".to_string(),
                    "member0@example.com".to_string()
                ],
                24
            )
        );
        let letter = app
            .message_with("captain@example.com", "के रूप में प्लेस कर दिया गया है")
            .await;
        assert!(letter.contains("ऑर्डर LT-"), "{letter}");
    }
}

#[tokio::test]
async fn the_deadline_and_a_cancel_are_told_in_each_readers_language() {
    for engine in engines() {
        let app = app(engine).await;
        let (organiser, id, token) = hindi_organiser_and_group(&app).await;
        join(&app, &token, 3).await;

        // The deadline passes below the minimum: the organiser is told in Hindi.
        sqlx::query("UPDATE group_orders SET deadline = $1 WHERE id = $2")
            .bind(api::db::now_ms() - 1)
            .bind(&id)
            .execute(&app.db)
            .await
            .unwrap();
        api::core::groups::tick(&app.state).await.unwrap();
        assert_eq!(
            told(
                &app,
                "Chess Club 2026 की अंतिम तिथि आ गई",
                "Chess Club 2026 reached its deadline"
            )
            .await,
            (vec!["captain@example.com".to_string()], 0),
            "{engine:?}"
        );
        let letter = app
            .message_with("captain@example.com", "न्यूनतम संख्या से 22 कम")
            .await;
        assert!(letter.contains("इसमें 3 पीस हैं"), "{letter}");

        // The organiser cancels: each member told why in their language.
        let (status, body) = app
            .post_auth(
                &format!("/api/group-orders/{id}/cancel"),
                &organiser,
                json!({}),
            )
            .await;
        assert_eq!(status, 200, "{body}");
        assert_eq!(
            told(
                &app,
                "Chess Club 2026 रद्द कर दिया गया",
                "Chess Club 2026 was cancelled"
            )
            .await,
            (vec!["member0@example.com".to_string()], 2)
        );
        let letter = app
            .message_with("member0@example.com", "Asha Rao ने ग्रुप ऑर्डर रद्द कर दिया है")
            .await;
        assert!(letter.contains("आपसे कोई पैसा नहीं लिया गया।"), "{letter}");
        let letter = app
            .message_with(
                "member2@example.com",
                "Asha Rao has cancelled the group order",
            )
            .await;
        assert!(
            !is_hindi(&letter) && letter.contains("Nothing was charged."),
            "{letter}"
        );
    }
}
