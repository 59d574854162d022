//! Proof approval through the real server, on SQLite and PostgreSQL: a paid
//! order waits for the customer's approval of a proof the server draws, each
//! version answered once and only the latest, every action in the order's
//! events, and production gated on the approval (or an admin's override).

use crate::helpers::checkout::{TOTAL, order_request, payment, shopper};
use crate::helpers::{LOGO, TestApp, engines};
use design_engine::{Design, ImageElement, PrintArea, Size};
use serde_json::{Value, json};

const SHIRT: &str = "64f1a2b3c4d5e6f708190a01";

/// A design with the logo on the Back, 25 in M.
fn design_with_logo() -> Value {
    let (asset, _) = design_engine::codec::decode_upload(LOGO, "image/png").unwrap();
    let mut d = Design::new(SHIRT, "blue");
    d.set_image(PrintArea::Back, ImageElement::new(asset, "logo.png"));
    d.set_quantity(Size::M, 25).unwrap();
    serde_json::from_str(&d.to_json()).unwrap()
}

/// A shopper's two-line order (the logo on a blue shirt's back, plain navy
/// tees), created; returns the order and the shopper's token. Paid unless `unpaid`.
async fn two_line_order(app: &TestApp, email: &str, unpaid: bool) -> (Value, String) {
    let token = shopper(app, email).await;
    let sha = design_engine::hash::sha256_hex(LOGO);
    let (status, _) = app
        .put_bytes(
            &format!("/api/artwork/{sha}"),
            &token,
            LOGO.to_vec(),
            "image/png",
        )
        .await;
    assert!(status == 201 || status == 200, "{status}");
    let (status, body) = app
        .post_auth(
            "/api/cart/items",
            &token,
            json!({"design": design_with_logo()}),
        )
        .await;
    assert_eq!(status, 200, "{body}");
    let total = body["data"]["totalPrice"].as_i64().unwrap();
    let receipt = format!("rcpt_{}", email.split('@').next().unwrap());
    let (status, order) = app
        .post_auth(
            "/api/payments/create-order",
            &token,
            order_request(&receipt, total),
        )
        .await;
    assert_eq!(status, 200, "{order}");
    if !unpaid {
        let (status, body) = app
            .post_auth(
                "/api/payments/verify",
                &token,
                payment(&order["data"], "pay_1"),
            )
            .await;
        assert_eq!(status, 200, "{body}");
    }
    (order["data"]["order"].clone(), token)
}

fn pdf_text(pdf: &[u8]) -> String {
    let doc = lopdf::Document::load_mem(pdf).expect("a well-formed PDF");
    let pages: Vec<u32> = doc.get_pages().keys().copied().collect();
    let text = doc.extract_text(&pages).unwrap();
    text.split_whitespace().collect::<Vec<_>>().join(" ")
}

async fn send(app: &TestApp, admin: &str, id: &str, body: Value) -> (u16, Value) {
    app.post_auth(&format!("/api/orders/{id}/proofs"), admin, body)
        .await
}

async fn answer(app: &TestApp, token: &str, id: &str, version: i64, what: &str) -> (u16, Value) {
    let body = if what == "approve" {
        json!({})
    } else {
        json!({"comment": "Make the logo bigger, please"})
    };
    app.post_auth(
        &format!("/api/orders/{id}/proofs/{version}/{what}"),
        token,
        body,
    )
    .await
}

async fn set_status(app: &TestApp, admin: &str, id: &str, body: Value) -> (u16, Value) {
    app.put_auth(&format!("/api/orders/{id}/status"), admin, body)
        .await
}

#[tokio::test]
async fn a_proof_is_sent_revised_and_approved_before_production() {
    for engine in engines() {
        let app = TestApp::spawn(engine).await;
        let admin = app.admin_token().await;

        // An unpaid order has no proofs.
        let (unpaid, ravi) = two_line_order(&app, "ravi@example.com", true).await;
        let unpaid_id = unpaid["_id"].as_str().unwrap();
        let (status, body) = send(&app, &admin, unpaid_id, json!({})).await;
        assert_eq!(
            (status, body["message"].as_str()),
            (409, Some("This order is not paid: it has no proofs")),
            "{engine:?}"
        );

        let (order, asha) = two_line_order(&app, "asha@example.com", false).await;
        let id = order["_id"].as_str().unwrap();
        let number = order["orderNumber"].as_str().unwrap();
        // The cart's tees and the logo shirt: two lines.
        let (_, mine) = app.get_auth(&format!("/api/orders/{id}"), &asha).await;
        assert_eq!(mine["data"]["orderItems"].as_array().unwrap().len(), 2);
        assert_eq!(mine["data"]["proofState"], "waiting", "{engine:?}");
        let (_, listed) = app
            .get_auth(&format!("/api/orders/{id}/proofs"), &asha)
            .await;
        assert_eq!(
            (
                listed["data"]["proofState"].as_str(),
                listed["data"]["versions"].as_array().map(Vec::len)
            ),
            (Some("waiting"), Some(0))
        );

        // Not into production without an approved proof.
        let (status, body) = set_status(&app, &admin, id, json!({"status": "processing"})).await;
        assert_eq!(status, 409, "{body}");
        assert_eq!(body["code"], "PROOF_NOT_APPROVED", "{body}");
        assert_eq!(
            body["message"],
            format!(
                "Order {number} has no approved proof: it cannot move to processing without an override reason"
            )
        );

        // Version 1, drawn by the server; the customer is told.
        let (status, body) = send(
            &app,
            &admin,
            id,
            json!({"note": "Logo centred on the back"}),
        )
        .await;
        assert_eq!(status, 200, "{engine:?} {body}");
        assert_eq!(body["message"], "Proof version 1 sent to the customer");
        let v1 = &body["data"]["versions"][0];
        assert_eq!(
            (
                v1["version"].as_i64(),
                v1["state"].as_str(),
                v1["source"].as_str()
            ),
            (Some(1), Some("sent"), Some("drawn"))
        );
        assert_eq!(v1["pdfUrl"], format!("/api/orders/{id}/proofs/1.pdf"));
        let mail = app
            .message_with("asha@example.com", "is ready (version 1)")
            .await;
        assert!(mail.contains(number), "{mail}");

        // The PDF reads back: both lines, sizes in inches and centimetres, DPI and the warning.
        let (status, ct, pdf) = app
            .get_bytes(&format!("/api/orders/{id}/proofs/1.pdf"), Some(&asha))
            .await;
        assert_eq!((status, ct.as_str()), (200, "application/pdf"));
        let text = pdf_text(&pdf);
        for needle in [
            "PROOF",
            number,
            "Line 1:",
            "Line 2:",
            "T-Shirt Normal",
            "navyblue",
            "S 10 · XXL 15 (25 pieces)",
            "M 25 (25 pieces)",
            "BACK",
            "Print area: 12 × 14 in (30.5 × 35.6 cm)",
            "Image: logo.png",
            "Effective resolution:",
            "DPI",
            "Warning: The image on the Back prints at",
            "Plain garment: nothing is printed",
            "Note: Logo centred on the back",
        ] {
            assert!(
                text.contains(needle),
                "{engine:?}: {needle:?} not in {text:?}"
            );
        }
        // The line's image is embedded.
        assert!(
            lopdf::Document::load_mem(&pdf)
                .unwrap()
                .objects
                .values()
                .any(|o| o.as_stream().is_ok_and(|s| s.dict.get(b"Subtype").ok()
                    == Some(&lopdf::Object::Name(b"Image".to_vec())))),
            "{engine:?}: no image in the proof"
        );

        // The customer asks for changes: a comment is required, 2,000 characters at most.
        let changes = format!("/api/orders/{id}/proofs/1/request-changes");
        let (status, body) = app
            .post_auth(&changes, &asha, json!({"comment": "  "}))
            .await;
        assert_eq!(
            (status, body["message"].as_str()),
            (400, Some("Please say what to change"))
        );
        let (status, body) = app
            .post_auth(&changes, &asha, json!({"comment": "x".repeat(2001)}))
            .await;
        assert_eq!(
            (status, body["message"].as_str()),
            (400, Some("The comment can be at most 2000 characters"))
        );
        let (status, body) = answer(&app, &asha, id, 1, "request-changes").await;
        assert_eq!(status, 200, "{body}");
        assert_eq!(body["data"]["versions"][0]["state"], "changes_requested");
        // Answered once.
        let (status, _) = answer(&app, &asha, id, 1, "approve").await;
        assert_eq!(status, 409);

        // The admin sees the comment, and sends a revised PDF as version 2.
        let (_, theirs) = app
            .get_auth(&format!("/api/orders/{id}/proofs"), &admin)
            .await;
        assert_eq!(
            theirs["data"]["versions"][0]["comment"],
            "Make the logo bigger, please"
        );
        let form = reqwest::multipart::Form::new()
            .text("note", "Logo enlarged")
            .part(
                "file",
                reqwest::multipart::Part::bytes(pdf.clone())
                    .file_name("revised.pdf")
                    .mime_str("application/pdf")
                    .unwrap(),
            );
        let res = app
            .client
            .post(app.url(&format!("/api/orders/{id}/proofs")))
            .bearer_auth(&admin)
            .multipart(form)
            .send()
            .await
            .unwrap();
        assert_eq!(res.status().as_u16(), 200);
        let body: Value = res.json().await.unwrap();
        let v2 = &body["data"]["versions"][1];
        assert_eq!(
            (
                v2["version"].as_i64(),
                v2["source"].as_str(),
                v2["note"].as_str()
            ),
            (Some(2), Some("uploaded"), Some("Logo enlarged"))
        );
        // Not a PDF: refused, nothing stored.
        let form = reqwest::multipart::Form::new().part(
            "file",
            reqwest::multipart::Part::bytes(b"hello".to_vec()).file_name("a.pdf"),
        );
        let res = app
            .client
            .post(app.url(&format!("/api/orders/{id}/proofs")))
            .bearer_auth(&admin)
            .multipart(form)
            .send()
            .await
            .unwrap();
        assert_eq!(res.status().as_u16(), 400);

        // Version 1 is superseded; version 2 is approved once.
        let (status, body) = answer(&app, &asha, id, 1, "approve").await;
        assert_eq!(
            (status, body["message"].as_str()),
            (
                409,
                Some("This proof was replaced by version 2: please review the latest version")
            )
        );
        let (status, _) = answer(&app, &asha, id, 3, "approve").await;
        assert_eq!(status, 404);
        // Only the owner answers: another shopper and the admin are told it does not exist.
        for token in [&ravi, &admin] {
            let (status, _) = answer(&app, token, id, 2, "approve").await;
            assert_eq!(status, 404, "{engine:?}");
        }
        let (status, _) = app
            .get_auth(&format!("/api/orders/{id}/proofs"), &ravi)
            .await;
        assert_eq!(status, 404);
        let (status, _, _) = app
            .get_bytes(&format!("/api/orders/{id}/proofs/1.pdf"), Some(&ravi))
            .await;
        assert_eq!(status, 404);
        let (status, _, _) = app
            .get_bytes(&format!("/api/orders/{id}/proofs/1.pdf"), None)
            .await;
        assert_eq!(status, 401);
        let (status, _) = send(&app, &asha, id, json!({})).await;
        assert_eq!(status, 403, "only an admin sends proofs");

        let (status, body) = answer(&app, &asha, id, 2, "approve").await;
        assert_eq!(
            (status, body["message"].as_str()),
            (200, Some("Proof version 2 approved"))
        );
        assert_eq!(body["data"]["proofState"], "approved");
        let (status, body) = answer(&app, &asha, id, 2, "approve").await;
        assert_eq!(
            (status, body["message"].as_str()),
            (409, Some("This proof is approved already"))
        );
        let (status, _) = answer(&app, &asha, id, 2, "request-changes").await;
        assert_eq!(status, 409);
        let (status, body) = send(&app, &admin, id, json!({})).await;
        assert_eq!(
            (status, body["message"].as_str()),
            (409, Some("The proof of this order is approved already"))
        );

        // Production may begin; every action is in the order's events.
        let (status, body) = set_status(&app, &admin, id, json!({"status": "processing"})).await;
        assert_eq!(status, 200, "{body}");
        let events: Vec<(String, Option<i64>, Option<String>)> = body["data"]["events"]
            .as_array()
            .unwrap()
            .iter()
            .map(|e| {
                (
                    e["kind"].as_str().unwrap().to_string(),
                    e["version"].as_i64(),
                    e["actorName"].as_str().map(str::to_string),
                )
            })
            .collect();
        let kinds: Vec<(&str, Option<i64>)> =
            events.iter().map(|(k, v, _)| (k.as_str(), *v)).collect();
        assert_eq!(
            kinds,
            [
                ("proof_sent", Some(1)),
                ("proof_changes_requested", Some(1)),
                ("proof_sent", Some(2)),
                ("proof_approved", Some(2)),
            ],
            "{engine:?}"
        );
        assert!(events.iter().all(|(_, _, name)| name.is_some()));
        assert_eq!(
            body["data"]["events"][1]["note"],
            "Make the logo bigger, please"
        );
    }
}

#[tokio::test]
async fn an_admin_overrides_the_gate_with_a_recorded_reason() {
    for engine in engines() {
        let app = TestApp::spawn(engine).await;
        let admin = app.admin_token().await;
        let (order, _) = two_line_order(&app, "asha@example.com", false).await;
        let id = order["_id"].as_str().unwrap();

        let (status, body) = set_status(
            &app,
            &admin,
            id,
            json!({"status": "shipped", "overrideReason": "x".repeat(501)}),
        )
        .await;
        assert_eq!(
            (status, body["message"].as_str()),
            (
                400,
                Some("The override reason can be at most 500 characters")
            )
        );
        let (status, body) = set_status(
            &app,
            &admin,
            id,
            json!({"status": "shipped", "overrideReason": "   "}),
        )
        .await;
        assert_eq!(status, 409, "{body}");
        let (_, unchanged) = app.get_auth(&format!("/api/orders/{id}"), &admin).await;
        assert_eq!(unchanged["data"]["status"], "confirmed");

        let reason = "Approved by the customer on the phone";
        let (status, body) = set_status(
            &app,
            &admin,
            id,
            json!({"status": "processing", "overrideReason": reason}),
        )
        .await;
        assert_eq!(status, 200, "{engine:?} {body}");
        let events = body["data"]["events"].as_array().unwrap();
        assert_eq!(events.len(), 1);
        assert_eq!(
            (events[0]["kind"].as_str(), events[0]["note"].as_str()),
            (Some("production_override"), Some(reason))
        );
        // Inside production, later stages need no second override.
        let (status, _) = set_status(&app, &admin, id, json!({"status": "shipped"})).await;
        assert_eq!(status, 200);

        // Cancelling stays allowed without an approved proof.
        let (other, _) = two_line_order(&app, "ravi@example.com", false).await;
        let other = other["_id"].as_str().unwrap();
        let (status, body) = set_status(&app, &admin, other, json!({"status": "cancelled"})).await;
        assert_eq!(status, 200, "{body}");
        // A cancelled order needs no proof.
        let (status, body) = send(&app, &admin, other, json!({})).await;
        assert_eq!(
            (status, body["message"].as_str()),
            (409, Some("This order is cancelled: it needs no proof"))
        );
    }
}

#[tokio::test]
async fn with_proofs_off_payment_approves_the_order() {
    for engine in engines() {
        let app = TestApp::spawn_configured(engine, None, |c| c.proof_required = false).await;
        let admin = app.admin_token().await;
        let token = shopper(&app, "asha@example.com").await;
        let (_, order) = app
            .post_auth(
                "/api/payments/create-order",
                &token,
                order_request("rcpt_off", TOTAL),
            )
            .await;
        let (status, _) = app
            .post_auth(
                "/api/payments/verify",
                &token,
                payment(&order["data"], "pay_1"),
            )
            .await;
        assert_eq!(status, 200);
        let id = order["data"]["order"]["_id"].as_str().unwrap();
        let (_, mine) = app.get_auth(&format!("/api/orders/{id}"), &token).await;
        assert_eq!(mine["data"]["proofState"], "approved", "{engine:?}");
        let (status, body) = send(&app, &admin, id, json!({})).await;
        assert_eq!(status, 409, "{body}");
        let (status, body) = set_status(&app, &admin, id, json!({"status": "processing"})).await;
        assert_eq!(status, 200, "{body}");
        let events = body["data"]["events"].as_array().unwrap();
        assert_eq!(
            (
                events.len(),
                events[0]["kind"].as_str(),
                events[0]["actor"].as_str()
            ),
            (1, Some("proof_approved"), Some("system"))
        );
    }
}
