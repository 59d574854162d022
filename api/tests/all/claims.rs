//! Misprint and damage claims through the real server, on both databases:
//! filed by the owner of a delivered order within the claim window (a
//! second server whose clock is 31 days on sees it closed), its pieces
//! counted against the line, its photos the customer's own; each claim a
//! ticket, the customer e-mailed at each step and shown it on the order's
//! timeline; decided once by an admin: a reprint at ₹0 whose print files are
//! the original's byte for byte, a refund of the pieces' share with a credit
//! note for exactly those pieces, or a rejection with a note.

use design_engine::{Design, ImageElement, PrintArea, Size};
use serde_json::{Value, json};

use crate::helpers::checkout::{TEE, pay_cart};
use crate::helpers::process::{Store, data_dir};
use crate::helpers::{LOGO, TestApp, engines};

const SHIRT: &str = "64f1a2b3c4d5e6f708190a01";

fn sha256(bytes: &[u8]) -> String {
    design_engine::hash::sha256_hex(bytes)
}

/// The app with proofs off (payment approves them), so an admin may mark
/// a paid order delivered directly.
async fn app(engine: crate::helpers::Engine) -> TestApp {
    TestApp::spawn_configured(engine, None, |c| c.proof_required = false).await
}

/// A new shopper's paid order of one line: `line` (a cart item's body).
async fn paid(app: &TestApp, email: &str, line: Value) -> (String, String) {
    let (token, _) = app.sign_up(email).await;
    let (status, body) = app
        .put_bytes(
            &format!("/api/artwork/{}", sha256(LOGO)),
            &token,
            LOGO.to_vec(),
            "image/png",
        )
        .await;
    assert!(status == 201 || status == 200, "{body}");
    let (status, cart) = app.post_auth("/api/cart/items", &token, line).await;
    assert_eq!(status, 200, "{cart}");
    let total = cart["data"]["totalPrice"].as_i64().unwrap();
    let receipt = format!("rcpt_{}", email.split('@').next().unwrap());
    (pay_cart(app, &token, &receipt, total).await, token)
}

/// A small PNG: a photo as far as the server can tell.
fn photo_png() -> Vec<u8> {
    let img = image::RgbImage::from_pixel(40, 30, image::Rgb([200, 30, 30]));
    let mut out = std::io::Cursor::new(Vec::new());
    img.write_to(&mut out, image::ImageFormat::Png).unwrap();
    out.into_inner()
}

/// 25 blue shirts (10 S, 15 M) with the logo on the Back.
fn logo_shirts() -> Value {
    let (asset, _) = design_engine::codec::decode_upload(LOGO, "image/png").unwrap();
    let mut d = Design::new(SHIRT, "blue");
    d.set_image(PrintArea::Back, ImageElement::new(asset, "logo.png"));
    d.set_quantity(Size::S, 10).unwrap();
    d.set_quantity(Size::M, 15).unwrap();
    json!({"design": serde_json::from_str::<Value>(&d.to_json()).unwrap()})
}

/// 25 plain navy tees at ₹299 (10 S, 15 XXL).
fn tees() -> Value {
    json!({"productId": TEE, "color": "navyblue", "quantity": {"s": 10, "xxl": 15}})
}

async fn deliver(app: &TestApp, admin: &str, id: &str) {
    let (status, body) = app
        .put_auth(
            &format!("/api/orders/{id}/status"),
            admin,
            json!({"status": "delivered"}),
        )
        .await;
    assert_eq!(status, 200, "{body}");
}

fn claim(pieces: Value, reason: &str, photos: &[&str]) -> Value {
    json!({"pieces": pieces, "reason": reason, "message": "The print is smudged across the back", "photos": photos})
}

async fn file(app: &TestApp, token: &str, id: &str, body: Value) -> (u16, Value) {
    app.post_auth(&format!("/api/orders/{id}/claims"), token, body)
        .await
}

async fn decide(app: &TestApp, token: &str, id: &str, claim: &str, body: Value) -> (u16, Value) {
    app.post_auth(
        &format!("/api/orders/{id}/claims/{claim}/decision"),
        token,
        body,
    )
    .await
}

/// The claim's ticket as its customer looks it up by number and e-mail.
async fn ticket(app: &TestApp, number: &str) -> Value {
    let path = format!(
        "/api/support/tickets/lookup?number={}&email=asha%40example.com",
        number.replace('/', "%2F")
    );
    let (status, body) = app.get(&path).await;
    assert_eq!(status, 200, "{body}");
    body["data"].clone()
}

fn kinds(order: &Value) -> Vec<String> {
    order["data"]["timeline"]
        .as_array()
        .unwrap()
        .iter()
        .map(|e| e["kind"].as_str().unwrap().to_string())
        .collect()
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn claims_are_taken_from_the_owner_within_the_window_and_counted() {
    for engine in engines() {
        let app = app(engine).await;
        let admin = app.admin_token().await;
        let (id, asha) = paid(&app, "asha@example.com", logo_shirts()).await;
        // A photo of the misprint, uploaded as artwork (nothing else uses it).
        let png = photo_png();
        let (status, body) = app
            .put_bytes(
                &format!("/api/artwork/{}", sha256(&png)),
                &asha,
                png.clone(),
                "image/png",
            )
            .await;
        assert_eq!(status, 201, "{body}");
        let photo = sha256(&png);
        let photo = photo.as_str();
        let unused = || async {
            api::db::artwork::unused_since(&app.db, i64::MAX)
                .await
                .unwrap()
        };
        assert!(unused().await.iter().any(|s| s == photo));
        let good = claim(json!({"s": 2}), "misprint", &[photo]);

        // Not delivered yet: 409, and nothing is stored.
        let (status, body) = file(&app, &asha, &id, good.clone()).await;
        assert_eq!(
            (status, body["code"].as_str()),
            (409, Some("NOT_DELIVERED")),
            "{engine:?} {body}"
        );
        deliver(&app, &admin, &id).await;

        // Someone else's order is not found.
        let (ravi, _) = app.sign_up("ravi@example.com").await;
        assert_eq!(file(&app, &ravi, &id, good.clone()).await.0, 404);
        assert_eq!(
            app.get_auth(&format!("/api/orders/{id}/claims"), &ravi)
                .await
                .0,
            404
        );

        // Bad claims: 400 with the reason, nothing stored.
        let stranger = sha256(b"a picture nobody uploaded");
        let long = "x".repeat(2001);
        for (body, message) in [
            (
                claim(json!({"s": 2}), "faded", &[]),
                "Please choose what is wrong: misprint, damaged, wrong_item or missing",
            ),
            (
                json!({"pieces": {"s": 2}, "reason": "misprint", "message": "  "}),
                "Please describe the problem in 1 to 2000 characters",
            ),
            (
                json!({"pieces": {"s": 2}, "reason": "misprint", "message": long}),
                "Please describe the problem in 1 to 2000 characters",
            ),
            (
                claim(json!({"s": 2}), "damaged", &[photo; 7]),
                "Please add at most 6 photos",
            ),
            (
                claim(json!({"s": 2}), "damaged", &[&stranger]),
                "Photo 1 is not one you uploaded: please upload it again",
            ),
            (
                claim(json!({"s": 2}), "damaged", &[photo, photo]),
                "Photo 2 is given twice",
            ),
            (
                claim(json!({"xl": 2}), "damaged", &[]),
                "This design was not ordered in size xl",
            ),
            (
                claim(json!({"s": 0}), "damaged", &[]),
                "Please say how many pieces of each size have the problem",
            ),
            (
                claim(json!({"s": 11}), "damaged", &[]),
                "At most 10 pieces of size S can be claimed on this design: 10 were ordered and 0 are in other claims",
            ),
            (
                json!({"itemId": "nope", "pieces": {"s": 1}, "reason": "missing", "message": "One short"}),
                "This order has no such design (itemId)",
            ),
        ] {
            let (status, answer) = file(&app, &asha, &id, body.clone()).await;
            assert_eq!(
                (status, answer["message"].as_str()),
                (400, Some(message)),
                "{engine:?} {body}"
            );
        }
        let (_, listed) = app
            .get_auth(&format!("/api/orders/{id}/claims"), &asha)
            .await;
        assert_eq!(listed["data"], json!([]), "{engine:?}");

        // Filed: a ticket, the pieces, the photo; the customer is told its number.
        let (status, body) = file(&app, &asha, &id, good.clone()).await;
        assert_eq!(status, 201, "{engine:?} {body}");
        let filed = body["data"].clone();
        let ticket = filed["ticketNumber"].as_str().unwrap().to_string();
        assert!(ticket.starts_with("GRV/"), "{filed}");
        assert_eq!(
            (
                &filed["pieces"],
                &filed["reason"],
                &filed["status"],
                &filed["photos"]
            ),
            (
                &json!({"s": 2}),
                &json!("misprint"),
                &json!("open"),
                &json!([photo])
            ),
        );
        // The claim keeps its photo from the sweeper.
        assert!(!unused().await.iter().any(|s| s == photo));
        let mail = app
            .message_with("asha@example.com", &format!("Its number is {ticket}"))
            .await;
        assert!(mail.contains("2 pieces (S × 2)"), "{mail}");

        // Pieces counted against the line: 2 of 10 S are claimed.
        let (status, body) = file(&app, &asha, &id, claim(json!({"s": 9}), "damaged", &[])).await;
        assert_eq!(
            (status, body["message"].as_str()),
            (
                400,
                Some(
                    "At most 8 pieces of size S can be claimed on this design: 10 were ordered and 2 are in other claims"
                )
            )
        );
        let (status, body) = file(
            &app,
            &asha,
            &id,
            claim(json!({"S": 8, "m": 1}), "damaged", &[]),
        )
        .await;
        assert_eq!(status, 201, "{body}");
        assert_eq!(body["data"]["pieces"], json!({"s": 8, "m": 1}));

        // The owner and admins see them; the order's timeline shows them filed.
        for token in [&asha, &admin] {
            let (status, listed) = app
                .get_auth(&format!("/api/orders/{id}/claims"), token)
                .await;
            assert_eq!(status, 200);
            assert_eq!(listed["data"].as_array().unwrap().len(), 2, "{listed}");
            let (_, order) = app.get_auth(&format!("/api/orders/{id}"), token).await;
            assert_eq!(
                kinds(&order).iter().filter(|k| *k == "claimFiled").count(),
                2,
                "{order}"
            );
        }

        // A server whose clock is 29 days on still takes a claim; one 31 days
        // on sees the window (30 days) closed. (In that order: each signs in
        // with the newest code in the outbox, dated by its own clock.)
        for (days, answer) in [(29_i64, 201), (31, 409)] {
            let dir = data_dir("claims-later");
            let later = (days * 24 * 3600 * 1000).to_string();
            let env = [
                ("TEST_CLOCK_SKEW_MS", later.as_str()),
                ("PROOF_REQUIRED", "off"),
            ];
            let store = Store::start_with(&dir, &app.state.config.database_url, &env).await;
            let late = store.code_sign_in("asha@example.com").await;
            let (status, body) = store
                .post(
                    &format!("/api/orders/{id}/claims"),
                    &late,
                    claim(json!({"m": 1}), "damaged", &[]),
                )
                .await;
            assert_eq!(status, answer, "{engine:?} {days} days on: {body}");
            if answer == 409 {
                assert_eq!(body["code"], "CLAIM_WINDOW_CLOSED");
                let message = body["message"].as_str().unwrap();
                assert!(
                    message.starts_with(
                        "Misprints, defects and damage are taken within 30 days of delivery"
                    ),
                    "{body}"
                );
            }
            store.kill();
            let _ = std::fs::remove_dir_all(dir);
        }
    }
}

#[tokio::test]
async fn a_reprint_is_an_order_at_no_charge_from_the_same_print_files() {
    for engine in engines() {
        let app = app(engine).await;
        let admin = app.admin_token().await;
        let (id, asha) = paid(&app, "asha@example.com", logo_shirts()).await;
        deliver(&app, &admin, &id).await;
        let (status, body) = file(&app, &asha, &id, claim(json!({"m": 2}), "misprint", &[])).await;
        assert_eq!(status, 201, "{body}");
        let claim_id = body["data"]["id"].as_str().unwrap().to_string();
        let number = body["data"]["ticketNumber"].as_str().unwrap().to_string();
        let t = ticket(&app, &number).await;
        assert_eq!(
            (&t["status"], &t["claimId"], &t["category"]),
            (&json!("open"), &json!(claim_id), &json!("product"))
        );

        // Only admins decide; an unknown decision is refused.
        let reprint = json!({"action": "reprint", "note": "Sorry: the back print slipped"});
        assert_eq!(
            decide(&app, &asha, &id, &claim_id, reprint.clone()).await.0,
            403
        );
        let (status, body) = decide(&app, &admin, &id, &claim_id, json!({"action": "redo"})).await;
        assert_eq!(
            (status, body["message"].as_str()),
            (
                400,
                Some("Please choose the decision: reprint, refund or reject")
            )
        );
        assert_eq!(
            decide(&app, &admin, &id, "nope", reprint.clone()).await.0,
            404
        );

        let (status, body) = decide(&app, &admin, &id, &claim_id, reprint.clone()).await;
        assert_eq!(status, 200, "{engine:?} {body}");
        let decided = body["data"].clone();
        assert_eq!(decided["status"], "reprinted");
        let reprint_id = decided["decision"]["reprintOrderId"]
            .as_str()
            .unwrap()
            .to_string();

        // The reprint: the customer's, ₹0, paid, in production, just the pieces.
        let (status, order) = app
            .get_auth(&format!("/api/orders/{reprint_id}"), &asha)
            .await;
        assert_eq!(status, 200, "{order}");
        let o = &order["data"];
        assert_eq!(
            (
                &o["totalPrice"],
                &o["isPaid"],
                &o["status"],
                &o["itemsCount"],
                &o["proofState"]
            ),
            (
                &json!(0),
                &json!(true),
                &json!("processing"),
                &json!(2),
                &json!("approved")
            ),
            "{o}"
        );
        assert_eq!(
            o["orderItems"][0]["quantity"],
            json!({"s": 0, "m": 2, "l": 0, "xl": 0, "xxl": 0})
        );
        assert_eq!(o["orderItems"][0]["lineTotal"], 0);
        let reprint_number = o["orderNumber"].as_str().unwrap().to_string();
        // It is made like any order in production, and has its pro-forma at ₹0.
        let (status, body) = app
            .put_auth(
                &format!("/api/orders/{reprint_id}/stage"),
                &admin,
                json!({"stage": "Printing"}),
            )
            .await;
        assert_eq!(status, 200, "{body}");
        let (status, _, pdf) = app
            .get_bytes(
                &format!("/api/orders/{reprint_id}/invoice.pdf"),
                Some(&asha),
            )
            .await;
        assert_eq!((status, &pdf[..4]), (200, &b"%PDF"[..]));

        // Its print file is the original's, byte for byte.
        let back = |order: String| {
            let app = &app;
            let admin = admin.clone();
            async move {
                let (status, _, png) = app
                    .get_bytes(
                        &format!("/api/orders/{order}/print-files/1/back"),
                        Some(&admin),
                    )
                    .await;
                assert_eq!(status, 200);
                sha256(&png)
            }
        };
        assert_eq!(
            back(id.clone()).await,
            back(reprint_id.clone()).await,
            "{engine:?}"
        );

        // Decided once; the customer is told, and sees it on the order.
        let (status, body) = decide(
            &app,
            &admin,
            &id,
            &claim_id,
            json!({"action": "reject", "note": "No"}),
        )
        .await;
        assert_eq!(
            (status, body["code"].as_str()),
            (409, Some("CLAIM_DECIDED"))
        );
        let mail = app.message_with("asha@example.com", &reprint_number).await;
        assert!(
            mail.contains("We are reprinting 2 pieces (M × 2) at no charge"),
            "{mail}"
        );
        assert!(
            mail.contains("Our note: Sorry: the back print slipped"),
            "{mail}"
        );
        let (_, order) = app.get_auth(&format!("/api/orders/{id}"), &asha).await;
        assert!(
            kinds(&order).contains(&"claimReprinted".to_string()),
            "{order}"
        );
        // The decision resolved the claim's ticket, in the admin's words.
        let t = ticket(&app, &number).await;
        assert_eq!(t["status"], "resolved", "{t}");
        let resolution = format!(
            "Claim decided: 2 pieces (M × 2) reprinted at no charge as order {reprint_number}.\nOur note: Sorry: the back print slipped"
        );
        assert_eq!(t["resolution"], resolution.as_str(), "{t}");

        // Admins list claims by status; shoppers may not.
        let (status, page) = app
            .get_auth("/api/admin/claims?status=reprinted", &admin)
            .await;
        assert_eq!(status, 200);
        assert_eq!(
            (
                page["data"]["total"].as_i64(),
                page["data"]["claims"][0]["id"].as_str()
            ),
            (Some(1), Some(claim_id.as_str()))
        );
        let (_, page) = app.get_auth("/api/admin/claims?status=open", &admin).await;
        assert_eq!(page["data"]["total"], 0);
        assert_eq!(
            app.get_auth("/api/admin/claims?status=lost", &admin)
                .await
                .0,
            400
        );
        assert_eq!(app.get_auth("/api/admin/claims", &asha).await.0, 403);
    }
}

#[tokio::test]
async fn a_refund_gives_back_the_pieces_share_with_their_own_credit_note() {
    for engine in engines() {
        let app = app(engine).await;
        let admin = app.admin_token().await;
        let (id, asha) = paid(&app, "asha@example.com", tees()).await;
        deliver(&app, &admin, &id).await;
        let (status, body) = file(&app, &asha, &id, claim(json!({"s": 2}), "damaged", &[])).await;
        assert_eq!(status, 201, "{body}");
        let refunded = body["data"]["id"].as_str().unwrap().to_string();

        // Two tees at ₹299, and their 2.5% gateway fee (₹14.95): ₹612.95.
        let (status, body) =
            decide(&app, &admin, &id, &refunded, json!({"action": "refund"})).await;
        assert_eq!(status, 200, "{engine:?} {body}");
        let decision = &body["data"]["decision"];
        assert_eq!(decision["refundPaise"], 612_95, "{body}");
        let note_number = decision["creditNoteNumber"]
            .as_str()
            .expect("the refund is made")
            .to_string();

        // The money is refunded once, the order stays delivered.
        let (_, order) = app.get_auth(&format!("/api/orders/{id}"), &asha).await;
        assert_eq!(
            (&order["data"]["refundedAmount"], &order["data"]["status"]),
            (&json!(612_95), &json!("delivered"))
        );
        let refunds: Vec<i64> =
            sqlx::query_scalar("SELECT amount FROM refunds WHERE order_id = $1")
                .bind(&id)
                .fetch_all(&app.db)
                .await
                .unwrap();
        assert_eq!(refunds, [612_95]);
        assert!(
            kinds(&order).contains(&"claimRefunded".to_string()),
            "{order}"
        );

        // The credit note is for exactly those two pieces.
        let (status, notes) = app
            .get_auth(&format!("/api/orders/{id}/credit-notes"), &asha)
            .await;
        assert_eq!(status, 200, "{notes}");
        let note = &notes["data"][0];
        assert_eq!(note["number"], note_number.as_str());
        assert_eq!(note["lines"].as_array().unwrap().len(), 1, "{note}");
        assert_eq!(
            (&note["lines"][0]["quantity"], &note["lines"][0]["amount"]),
            (&json!(2), &json!(612_95))
        );
        assert_eq!(note["totals"]["total"], 612_95);
        assert!(
            note["reason"]
                .as_str()
                .unwrap()
                .contains("2 pieces (S × 2)"),
            "{note}"
        );
        let mail = app
            .message_with("asha@example.com", "We are refunding ₹612.95")
            .await;
        assert!(mail.contains("within 5-7 business days"), "{mail}");
        let (status, _) = decide(&app, &admin, &id, &refunded, json!({"action": "refund"})).await;
        assert_eq!(status, 409);

        // A rejection needs a note, which the customer reads; its pieces may be claimed again.
        let (status, body) = file(
            &app,
            &asha,
            &id,
            claim(json!({"xxl": 15}), "wrong_item", &[]),
        )
        .await;
        assert_eq!(status, 201, "{body}");
        let rejected = body["data"]["id"].as_str().unwrap().to_string();
        let (status, body) = decide(
            &app,
            &admin,
            &id,
            &rejected,
            json!({"action": "reject", "note": "  "}),
        )
        .await;
        assert_eq!(
            (status, body["code"].as_str()),
            (400, Some("NOTE_REQUIRED"))
        );
        let (_, listed) = app
            .get_auth(&format!("/api/orders/{id}/claims"), &asha)
            .await;
        assert_eq!(listed["data"][1]["status"], "open");
        let why = "These are the XXL tees that were ordered";
        let (status, body) = decide(
            &app,
            &admin,
            &id,
            &rejected,
            json!({"action": "reject", "note": why}),
        )
        .await;
        assert_eq!(status, 200, "{body}");
        assert_eq!(
            (&body["data"]["status"], &body["data"]["decision"]["note"]),
            (&json!("rejected"), &json!(why))
        );
        app.message_with("asha@example.com", why).await;
        let (status, _) = file(&app, &asha, &id, claim(json!({"xxl": 15}), "damaged", &[])).await;
        assert_eq!(status, 201);
    }
}
