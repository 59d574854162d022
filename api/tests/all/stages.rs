//! Production stages inside 'processing', through the real server on both
//! databases: moves forward and back one, their history and the customer's
//! timeline, bulk moves answered order by order, access rules, and a bad
//! `PRODUCTION_STAGES` refused at start.

use crate::helpers::checkout::paid_order;
use crate::helpers::{TestApp, engines};
use serde_json::{Value, json};

async fn set_status(app: &TestApp, admin: &str, id: &str, status: &str) {
    let (code, body) = app
        .put_auth(
            &format!("/api/orders/{id}/status"),
            admin,
            json!({"status": status}),
        )
        .await;
    assert_eq!(code, 200, "{body}");
}

async fn move_to(app: &TestApp, token: &str, id: &str, stage: &str) -> (u16, Value) {
    app.put_auth(
        &format!("/api/orders/{id}/stage"),
        token,
        json!({"stage": stage}),
    )
    .await
}

fn labels(timeline: &Value) -> Vec<&str> {
    timeline
        .as_array()
        .unwrap()
        .iter()
        .map(|e| e["label"].as_str().unwrap())
        .collect()
}

#[tokio::test]
async fn an_order_in_processing_moves_through_the_stages() {
    for engine in engines() {
        // Stages come after the proof gate (proofs.rs tests it): proofs off here.
        let app = TestApp::spawn_configured(engine, None, |c| c.proof_required = false).await;
        let admin = app.admin_token().await;
        let (id, asha) = paid_order(&app, "asha@example.com").await;

        let (status, body) = app.get_auth("/api/orders/stages", &admin).await;
        assert_eq!(status, 200);
        assert_eq!(body["data"], json!(["Printing", "Quality check", "Packed"]));

        // Not in processing yet: 409, nothing recorded.
        let (status, body) = move_to(&app, &admin, &id, "Printing").await;
        assert_eq!(status, 409, "{engine:?} {body}");
        assert!(
            body["message"]
                .as_str()
                .unwrap()
                .ends_with("is confirmed: production stages apply only to orders in processing."),
            "{body}"
        );
        // Shoppers may not move stages, nor list them.
        set_status(&app, &admin, &id, "processing").await;
        assert_eq!(move_to(&app, &asha, &id, "Printing").await.0, 403);
        assert_eq!(app.get_auth("/api/orders/stages", &asha).await.0, 403);
        let anonymous = app
            .client
            .put(app.url(&format!("/api/orders/{id}/stage")))
            .json(&json!({"stage": "Printing"}))
            .send()
            .await
            .unwrap();
        assert_eq!(anonymous.status().as_u16(), 401);
        // Unknown stage or order.
        let (status, body) = move_to(&app, &admin, &id, "Dyeing").await;
        assert_eq!(
            (status, body["message"].as_str()),
            (
                400,
                Some("Unknown stage \"Dyeing\". The stages are: Printing, Quality check, Packed.")
            )
        );
        assert_eq!(move_to(&app, &admin, "nope", "Printing").await.0, 404);

        // No stage until the first move; the name is matched regardless of case.
        let (_, order) = app.get_auth(&format!("/api/orders/{id}"), &asha).await;
        assert!(order["data"].get("productionStage").is_none(), "{order}");
        let (status, body) = move_to(&app, &admin, &id, "printing").await;
        assert_eq!(status, 200, "{body}");
        assert_eq!(body["data"]["productionStage"], "Printing");
        // Forward, skipping is allowed; the same stage again is refused.
        let (status, body) = move_to(&app, &admin, &id, "Packed").await;
        assert_eq!(status, 200, "{body}");
        let (status, body) = move_to(&app, &admin, &id, "Packed").await;
        assert_eq!(status, 409);
        assert!(
            body["message"]
                .as_str()
                .unwrap()
                .ends_with("is already at Packed.")
        );
        // Back more than one: refused; back one (a mistake): allowed.
        let (status, body) = move_to(&app, &admin, &id, "Printing").await;
        assert_eq!(status, 409);
        assert!(
            body["message"].as_str().unwrap().ends_with(
                "is at Packed: a stage can go back only one step, to correct a mistake."
            ),
            "{body}"
        );
        let (status, body) = move_to(&app, &admin, &id, "Quality check").await;
        assert_eq!(status, 200, "{body}");
        let (status, body) = move_to(&app, &admin, &id, "Packed").await;
        assert_eq!(status, 200, "{body}");

        // The admin's history: who, when, from and to.
        let history = body["data"]["stageHistory"].as_array().unwrap();
        let moves: Vec<(Value, Value)> = history
            .iter()
            .map(|m| (m["from"].clone(), m["to"].clone()))
            .collect();
        assert_eq!(
            moves,
            vec![
                (Value::Null, json!("Printing")),
                (json!("Printing"), json!("Packed")),
                (json!("Packed"), json!("Quality check")),
                (json!("Quality check"), json!("Packed")),
            ]
        );
        assert!(
            history
                .iter()
                .all(|m| m["changedByName"] == "Asha Rao" && m["changedAt"].as_i64().unwrap() > 0)
        );

        // The customer's timeline: each stage once, the undone move gone.
        set_status(&app, &admin, &id, "shipped").await;
        set_status(&app, &admin, &id, "delivered").await;
        let (_, order) = app.get_auth(&format!("/api/orders/{id}"), &asha).await;
        let data = &order["data"];
        assert!(data.get("stageHistory").is_none(), "{order}");
        assert!(
            data.get("productionStage").is_none(),
            "only while in processing"
        );
        assert_eq!(
            labels(&data["timeline"]),
            vec![
                "Paid",
                "In production",
                "Printing",
                "Quality check",
                "Packed",
                "Shipped",
                "Delivered"
            ],
            "{engine:?} {order}"
        );
        let at: Vec<i64> = data["timeline"]
            .as_array()
            .unwrap()
            .iter()
            .map(|e| e["at"].as_i64().unwrap())
            .collect();
        assert!(at.windows(2).all(|w| w[0] <= w[1]), "{at:?}");
        // Out of processing now: no more moves.
        assert_eq!(move_to(&app, &admin, &id, "Packed").await.0, 409);
    }
}

#[tokio::test]
async fn a_bulk_move_answers_each_order() {
    for engine in engines() {
        // Stages come after the proof gate (proofs.rs tests it): proofs off here.
        let app = TestApp::spawn_configured(engine, None, |c| c.proof_required = false).await;
        let admin = app.admin_token().await;
        let (a, _) = paid_order(&app, "a@example.com").await;
        let (b, _) = paid_order(&app, "b@example.com").await;
        let (c, _) = paid_order(&app, "c@example.com").await;
        let (d, _) = paid_order(&app, "d@example.com").await;
        for id in [&a, &b, &c] {
            set_status(&app, &admin, id, "processing").await;
        }
        assert_eq!(move_to(&app, &admin, &b, "Quality check").await.0, 200);
        assert_eq!(move_to(&app, &admin, &c, "Packed").await.0, 200);

        let (status, body) = app
            .post_auth(
                "/api/orders/stages",
                &admin,
                json!({"orderIds": [&a, &b, &c, &d, "missing"], "stage": "Packed"}),
            )
            .await;
        assert_eq!(status, 200, "{engine:?} {body}");
        assert_eq!(body["data"]["moved"], 2);
        assert_eq!(body["message"], "2 of 5 orders moved to Packed");
        let results = body["data"]["results"].as_array().unwrap();
        let answer: Vec<(&str, bool)> = results
            .iter()
            .map(|r| {
                (
                    r["orderId"].as_str().unwrap(),
                    r["moved"].as_bool().unwrap(),
                )
            })
            .collect();
        assert_eq!(
            answer,
            vec![
                (a.as_str(), true),
                (b.as_str(), true),
                (c.as_str(), false),
                (d.as_str(), false),
                ("missing", false)
            ]
        );
        let reason = |i: usize| results[i]["reason"].as_str().unwrap();
        assert!(reason(2).ends_with("is already at Packed."), "{body}");
        assert!(
            reason(3).ends_with("production stages apply only to orders in processing."),
            "{body}"
        );
        assert_eq!(reason(4), "Order not found");
        for id in [&a, &b, &c] {
            let (_, o) = app.get_auth(&format!("/api/orders/{id}"), &admin).await;
            assert_eq!(o["data"]["productionStage"], "Packed");
        }
        // The admin list shows each processing order's stage.
        let (_, page) = app
            .get_auth("/api/orders/admin?status=processing", &admin)
            .await;
        assert!(
            page["data"]
                .as_array()
                .unwrap()
                .iter()
                .all(|o| o["productionStage"] == "Packed"),
            "{page}"
        );

        // Bad requests change nothing.
        let too_many: Vec<String> = (0..101).map(|i| format!("o{i}")).collect();
        for (bad, message) in [
            (
                json!({"orderIds": [], "stage": "Printing"}),
                "orderIds must list 1 to 100 orders, not 0",
            ),
            (
                json!({"orderIds": too_many, "stage": "Printing"}),
                "orderIds must list 1 to 100 orders, not 101",
            ),
            (
                json!({"orderIds": [&a, &b, &a], "stage": "Quality check"}),
                &format!("orderIds lists {a} twice (at 1 and 3)"),
            ),
            (
                json!({"orderIds": [&a], "stage": "Ironing"}),
                "Unknown stage \"Ironing\". The stages are: Printing, Quality check, Packed.",
            ),
        ] {
            let (status, body) = app.post_auth("/api/orders/stages", &admin, bad).await;
            assert_eq!((status, body["message"].as_str()), (400, Some(message)));
        }
        let (_, o) = app.get_auth(&format!("/api/orders/{a}"), &admin).await;
        assert_eq!(o["data"]["stageHistory"].as_array().unwrap().len(), 1);
        let (shopper, _) = app.sign_up("e@example.com").await;
        assert_eq!(
            app.post_auth(
                "/api/orders/stages",
                &shopper,
                json!({"orderIds": [&a], "stage": "Printing"})
            )
            .await
            .0,
            403
        );
    }
}

#[tokio::test]
async fn configured_stages_are_used() {
    for engine in engines() {
        let stages = api::domain::stages::Stages::parse("Cutting, Printing,Ironing").unwrap();
        let app = TestApp::spawn_configured(engine, None, |c| {
            c.production_stages = stages;
            c.proof_required = false;
        })
        .await;
        let admin = app.admin_token().await;
        let (id, _) = paid_order(&app, "asha@example.com").await;
        set_status(&app, &admin, &id, "processing").await;
        assert_eq!(move_to(&app, &admin, &id, "Packed").await.0, 400);
        let (status, body) = move_to(&app, &admin, &id, "ironing").await;
        assert_eq!(
            (status, &body["data"]["productionStage"]),
            (200, &json!("Ironing"))
        );
    }
}

#[test]
fn a_bad_stage_list_refuses_to_start() {
    let eleven: Vec<String> = (1..=11).map(|i| format!("Stage {i}")).collect();
    let long = "x".repeat(41);
    for (bad, message) in [
        (
            eleven.join(","),
            "PRODUCTION_STAGES lists 11 stages; at most 10 are allowed".to_string(),
        ),
        (
            "Printing,,Packed".to_string(),
            "PRODUCTION_STAGES: stage 2 must be 1 to 40 characters, not \"\"".to_string(),
        ),
        (
            format!("Printing,{long}"),
            format!("PRODUCTION_STAGES: stage 2 must be 1 to 40 characters, not {long:?}"),
        ),
        (
            "Printing,Packed,printing".to_string(),
            "PRODUCTION_STAGES lists \"printing\" twice".to_string(),
        ),
    ] {
        let (ok, out) = crate::startup::migrate_with(&[("PRODUCTION_STAGES", &bad)]);
        assert!(!ok && out.contains(&message), "{bad}: {out}");
    }
    let (ok, out) = crate::startup::migrate_with(&[("PRODUCTION_STAGES", "Cut, Print ,Pack")]);
    assert!(ok, "{out}");
}
