//! Shipping by hand and tracking, through the real server on both databases:
//! the shipment's checks and the proof gate, labels (one and many), the
//! tracking webhook's token and its forward-only ordering, delivery's
//! e-mail, the customer's timeline, public tracking by number and e-mail,
//! and checkout's estimate without a provider that can say.

use crate::helpers::checkout::paid_order;
use crate::helpers::shipping::{hook, ship, update};
use crate::helpers::{TEST_SHIPPING_TOKEN, TestApp, engines};
use serde_json::{Value, json};

/// A courier's scan time in India, `days` after today's date there: the customer's timeline sorts events by
/// time, and the courier's must come after the order's own (paid, shipped) on whatever day the tests run.
fn ist(days: i64, time: &str) -> String {
    let india =
        chrono::Utc::now() + chrono::Duration::minutes(5 * 60 + 30) + chrono::Duration::days(days);
    format!("{} {time}", india.date_naive())
}

fn kinds(timeline: &Value) -> Vec<&str> {
    timeline
        .as_array()
        .unwrap()
        .iter()
        .map(|e| e["kind"].as_str().unwrap())
        .collect()
}

async fn status_of(app: &TestApp, token: &str, id: &str) -> String {
    let (_, body) = app.get_auth(&format!("/api/orders/{id}"), token).await;
    body["data"]["status"].as_str().unwrap().to_string()
}

#[tokio::test]
async fn a_shipment_booked_by_hand_ships_the_order_and_tracks_it() {
    for engine in engines() {
        let app = TestApp::spawn(engine).await;
        let admin = app.admin_token().await;
        let (id, asha) = paid_order(&app, "asha@example.com").await;

        // The proof gate: not approved yet, so it cannot ship; nothing changes.
        let (status, body) = ship(&app, &admin, &id, "DL123456789").await;
        assert_eq!(status, 409, "{engine:?} {body}");
        assert!(
            body["message"]
                .as_str()
                .unwrap()
                .contains("proof is not approved"),
            "{body}"
        );
        let (status, _) = app
            .get_auth(&format!("/api/orders/{id}/tracking"), &asha)
            .await;
        assert_eq!(status, 404);

        // Proof sent and approved.
        let (status, body) = app
            .post_auth(&format!("/api/orders/{id}/proofs"), &admin, json!({}))
            .await;
        assert_eq!(status, 200, "{body}");
        let (status, body) = app
            .post_auth(
                &format!("/api/orders/{id}/proofs/1/approve"),
                &asha,
                json!({}),
            )
            .await;
        assert_eq!(status, 200, "{body}");

        // Shoppers may not ship; bad input is refused with its message.
        assert_eq!(ship(&app, &asha, &id, "DL123456789").await.0, 403);
        for (body, message) in [
            (
                json!({"awb": "DL1", "trackingUrl": "https://x.example"}),
                "Please enter the courier's name",
            ),
            (
                json!({"courier": "Delhivery", "trackingUrl": "https://x.example"}),
                "Please enter the AWB (the courier's tracking number)",
            ),
            (
                json!({"courier": "Delhivery", "awb": "DL 1", "trackingUrl": "https://x.example"}),
                "The AWB can hold only letters, digits and hyphens",
            ),
            (
                json!({"courier": "Delhivery", "awb": "DL1", "trackingUrl": "javascript:alert(1)"}),
                "The tracking URL must be a web address starting with https:// or http://",
            ),
            (
                json!({"courier": "x".repeat(61), "awb": "DL1", "trackingUrl": "https://x.example"}),
                "The courier's name can be at most 60 characters, on one line",
            ),
        ] {
            let (status, answer) = app
                .post_auth(&format!("/api/orders/{id}/shipment"), &admin, body)
                .await;
            assert_eq!((status, answer["message"].as_str()), (400, Some(message)));
        }
        assert_eq!(status_of(&app, &asha, &id).await, "confirmed");

        // Booked: the order is shipped and the customer is mailed the tracking link.
        let (status, body) = ship(&app, &admin, &id, "dl123456789").await;
        assert_eq!(status, 200, "{body}");
        assert_eq!(body["data"]["awb"], "DL123456789");
        assert_eq!(body["data"]["state"], "booked");
        assert_eq!(status_of(&app, &asha, &id).await, "shipped");
        let mail = app
            .message_with("asha@example.com", "has been shipped")
            .await;
        assert!(mail.contains("Courier: Delhivery, AWB DL123456789. Track it at https://www.delhivery.com/track/package/dl123456789"), "{mail}");
        // Once only; and the AWB is this order's alone.
        assert_eq!(ship(&app, &admin, &id, "DL999").await.0, 409);
        let (other, _) = paid_order(&app, "ravi@example.com").await;
        app.put_auth(
            &format!("/api/orders/{other}/status"),
            &admin,
            json!({"status": "processing", "overrideReason": "Approved by phone"}),
        )
        .await;
        let (status, body) = ship(&app, &admin, &other, "DL123456789").await;
        assert_eq!(
            (status, body["message"].as_str()),
            (
                409,
                Some("AWB DL123456789 belongs to another order's shipment")
            ),
            "{body}"
        );

        // The webhook: its token is checked first, and nothing changes without it.
        let out = update(
            "DL123456789",
            "OUT FOR DELIVERY",
            &[
                (ist(1, "09:00:00").as_str(), "Picked up"),
                (ist(2, "08:30:00").as_str(), "Out for delivery"),
            ],
        );
        assert_eq!(hook(&app, None, &out).await.0, 401);
        assert_eq!(hook(&app, Some("wrong-token"), &out).await.0, 401);
        let (_, t) = app
            .get_auth(&format!("/api/orders/{id}/tracking"), &asha)
            .await;
        assert_eq!(t["data"]["events"], json!([]));
        assert_eq!(
            hook(
                &app,
                Some(TEST_SHIPPING_TOKEN),
                &json!({"current_status": "DELIVERED"})
            )
            .await
            .0,
            400
        );
        let (status, body) = app
            .client
            .post(app.url("/api/shipping/webhook"))
            .header("X-Api-Key", TEST_SHIPPING_TOKEN)
            .header("content-type", "application/json")
            .body("{not json")
            .send()
            .await
            .map(|r| (r.status().as_u16(), ()))
            .unwrap();
        assert_eq!((status, body), (400, ()));

        let (status, body) = hook(&app, Some(TEST_SHIPPING_TOKEN), &out).await;
        assert_eq!(
            (status, body["data"]["outcome"].as_str()),
            (200, Some("applied")),
            "{body}"
        );
        // Replayed: nothing new.
        let (_, body) = hook(&app, Some(TEST_SHIPPING_TOKEN), &out).await;
        assert_eq!(body["data"]["outcome"], "duplicate");
        // A late, older event adds its scan but never moves the shipment back.
        let late = update(
            "DL123456789",
            "IN TRANSIT",
            &[(ist(1, "18:00:00").as_str(), "Reached Pune Hub")],
        );
        let (_, body) = hook(&app, Some(TEST_SHIPPING_TOKEN), &late).await;
        assert_eq!(body["data"]["outcome"], "applied");
        let (status, t) = app
            .get_auth(&format!("/api/orders/{id}/tracking"), &asha)
            .await;
        assert_eq!(status, 200);
        assert_eq!(t["data"]["state"], "outForDelivery");
        assert_eq!(t["data"]["currentStatus"], "OUT FOR DELIVERY");
        assert_eq!(t["data"]["etd"], "2026-12-02");
        let activities: Vec<&str> = t["data"]["events"]
            .as_array()
            .unwrap()
            .iter()
            .map(|e| e["activity"].as_str().unwrap())
            .collect();
        assert_eq!(
            activities,
            ["Picked up", "Reached Pune Hub", "Out for delivery"]
        );
        // Unknown AWBs are answered 200 (the courier would otherwise retry for ever).
        let (status, body) = hook(
            &app,
            Some(TEST_SHIPPING_TOKEN),
            &update("NOPE1", "DELIVERED", &[]),
        )
        .await;
        assert_eq!(
            (status, body["data"]["outcome"].as_str()),
            (200, Some("unknownAwb"))
        );
        assert_eq!(status_of(&app, &asha, &id).await, "shipped");

        // Delivered: the order follows and the customer is told.
        let delivered = update(
            "DL123456789",
            "DELIVERED",
            &[(ist(2, "14:10:00").as_str(), "Delivered")],
        );
        assert_eq!(
            hook(&app, Some(TEST_SHIPPING_TOKEN), &delivered).await.0,
            200
        );
        assert_eq!(status_of(&app, &asha, &id).await, "delivered");
        app.message_with("asha@example.com", "has been delivered")
            .await;
        // Nothing moves a delivered shipment: not a late 'out for delivery', not a return.
        hook(&app, Some(TEST_SHIPPING_TOKEN), &out).await;
        let rto = json!({"awb": "DL123456789", "current_status": "RTO INITIATED", "is_return": 1, "scans": []});
        hook(&app, Some(TEST_SHIPPING_TOKEN), &rto).await;
        let (_, t) = app
            .get_auth(&format!("/api/orders/{id}/tracking"), &admin)
            .await;
        assert_eq!(t["data"]["state"], "delivered");
        assert_eq!(status_of(&app, &asha, &id).await, "delivered");

        // The customer's timeline: paid, proof approved, shipped, out for delivery, delivered.
        let (_, order) = app.get_auth(&format!("/api/orders/{id}"), &asha).await;
        assert_eq!(
            kinds(&order["data"]["timeline"]),
            [
                "paid",
                "proofApproved",
                "shipped",
                "outForDelivery",
                "delivered"
            ],
            "{engine:?} {}",
            order["data"]["timeline"]
        );

        // Someone else's order is not found; nor is tracking without signing in.
        let ravi = crate::helpers::checkout::shopper(&app, "ravi2@example.com").await;
        assert_eq!(
            app.get_auth(&format!("/api/orders/{id}/tracking"), &ravi)
                .await
                .0,
            404
        );
        assert_eq!(app.get(&format!("/api/orders/{id}/tracking")).await.0, 401);
    }
}

#[tokio::test]
async fn anyone_with_the_number_and_email_can_track_and_sees_nothing_else() {
    for engine in engines() {
        let app = TestApp::spawn_configured(engine, None, |c| c.proof_required = false).await;
        let admin = app.admin_token().await;
        let (id, asha) = paid_order(&app, "asha@example.com").await;
        let (_, order) = app.get_auth(&format!("/api/orders/{id}"), &asha).await;
        let number = order["data"]["orderNumber"].as_str().unwrap().to_string();
        assert_eq!(ship(&app, &admin, &id, "AWB777").await.0, 200);

        let (status, body) = app
            .get(&format!(
                "/api/track?orderNumber={}&email=ASHA@example.com",
                number.to_lowercase()
            ))
            .await;
        assert_eq!(status, 200, "{body}");
        let data = &body["data"];
        assert_eq!(data["orderNumber"], number.as_str());
        assert_eq!(data["status"], "shipped");
        assert_eq!(data["tracking"]["awb"], "AWB777");
        assert_eq!(kinds(&data["timeline"]), ["paid", "shipped"]);
        // No address, no items, no money.
        let keys: Vec<&String> = data.as_object().unwrap().keys().collect();
        assert_eq!(keys, ["orderNumber", "status", "timeline", "tracking"]);
        let text = body.to_string();
        for secret in ["MG Road", "560001", "Classic", "totalPrice", "9876543210"] {
            assert!(!text.contains(secret), "{secret} in {text}");
        }
        // The same 404 for a wrong e-mail and a wrong number.
        for query in [
            format!("orderNumber={number}&email=someone@example.com"),
            "orderNumber=LT-20260101-AAAAAA&email=asha@example.com".to_string(),
        ] {
            let (status, body) = app.get(&format!("/api/track?{query}")).await;
            assert_eq!(
                (status, body["message"].as_str()),
                (404, Some("No order matches that order number and e-mail"))
            );
        }
        assert_eq!(app.get("/api/track?orderNumber=&email=").await.0, 400);
        assert_eq!(app.get("/api/track?orderNumber=X").await.0, 400);
        // Guessing e-mails for one order number is limited.
        let mut limited = false;
        for i in 0..15 {
            let (status, _) = app
                .get(&format!(
                    "/api/track?orderNumber={number}&email=guess{i}@example.com"
                ))
                .await;
            limited |= status == 429;
        }
        assert!(
            limited,
            "{engine:?}: 15 guesses for one order were never limited"
        );
    }
}

/// Drawing labels declares the memory it holds: while another job holds the
/// whole heavy-work budget, a label PDF waits for it (a slot alone is not
/// enough), then is drawn.
#[tokio::test]
async fn labels_wait_for_the_memory_they_hold() {
    for engine in engines() {
        let app = TestApp::spawn_configured(engine, None, |c| c.proof_required = false).await;
        let admin = app.admin_token().await;
        let (id, _) = paid_order(&app, "held@example.com").await;
        assert_eq!(ship(&app, &admin, &id, "AWB900").await.0, 200);
        let whole_budget = app.state.work.reserve(256 << 20).await.unwrap();
        let labels = app
            .client
            .post(app.url("/api/orders/labels"))
            .bearer_auth(&admin)
            .json(&json!({"orderIds": [id]}))
            .send();
        let labels = tokio::spawn(labels);
        tokio::time::sleep(std::time::Duration::from_millis(500)).await;
        assert!(
            !labels.is_finished(),
            "{engine:?}: drawn while the budget was another job's"
        );
        drop(whole_budget);
        let res = labels.await.unwrap().unwrap();
        assert_eq!(res.status(), 200);
        assert!(res.bytes().await.unwrap().starts_with(b"%PDF"));
    }
}

#[tokio::test]
async fn labels_one_and_many() {
    for engine in engines() {
        let app = TestApp::spawn_configured(engine, None, |c| c.proof_required = false).await;
        let admin = app.admin_token().await;
        let mut ids = Vec::new();
        for (i, email) in [
            "a1@example.com",
            "a2@example.com",
            "a3@example.com",
            "a4@example.com",
            "a5@example.com",
        ]
        .iter()
        .enumerate()
        {
            let (id, _) = paid_order(&app, email).await;
            assert_eq!(ship(&app, &admin, &id, &format!("AWB{i}00")).await.0, 200);
            ids.push(id);
        }
        let (status, ct, pdf) = app
            .get_bytes(
                &format!("/api/orders/{}/shipment/label.pdf", ids[0]),
                Some(&admin),
            )
            .await;
        assert_eq!((status, ct.as_str()), (200, "application/pdf"));
        let doc = lopdf::Document::load_mem(&pdf).unwrap();
        assert_eq!(doc.get_pages().len(), 1);
        let text = doc.extract_text(&[1]).unwrap();
        for needle in ["DELIVER TO", "AWB000", "Delhivery", "560001", "PREPAID"] {
            assert!(text.contains(needle), "{needle} not in {text}");
        }
        // Five labels: two A4 sheets of four.
        let res = app
            .client
            .post(app.url("/api/orders/labels"))
            .bearer_auth(&admin)
            .json(&json!({"orderIds": ids}))
            .send()
            .await
            .unwrap();
        assert_eq!(res.status().as_u16(), 200);
        let doc = lopdf::Document::load_mem(&res.bytes().await.unwrap()).unwrap();
        assert_eq!(doc.get_pages().len(), 2);
        assert!(doc.extract_text(&[2]).unwrap().contains("AWB400"));
        // An order without a shipment is named; bad lists are refused; shoppers may not.
        let (unshipped, asha) = paid_order(&app, "b@example.com").await;
        let (_, order) = app
            .get_auth(&format!("/api/orders/{unshipped}"), &asha)
            .await;
        let number = order["data"]["orderNumber"].as_str().unwrap();
        let (status, body) = app
            .post_auth(
                "/api/orders/labels",
                &admin,
                json!({"orderIds": [ids[0], unshipped]}),
            )
            .await;
        assert_eq!(
            (status, body["message"].as_str()),
            (
                409,
                Some(format!("These orders have no shipment: {number}").as_str())
            )
        );
        assert_eq!(
            app.post_auth("/api/orders/labels", &admin, json!({"orderIds": []}))
                .await
                .0,
            400
        );
        assert_eq!(
            app.post_auth(
                "/api/orders/labels",
                &admin,
                json!({"orderIds": ["../etc"]})
            )
            .await
            .0,
            400
        );
        assert_eq!(
            app.post_auth("/api/orders/labels", &asha, json!({"orderIds": [ids[0]]}))
                .await
                .0,
            403
        );
        assert_eq!(
            app.get_bytes(
                &format!("/api/orders/{unshipped}/shipment/label.pdf"),
                Some(&admin)
            )
            .await
            .0,
            404
        );
    }
}

#[tokio::test]
async fn without_a_provider_that_can_say_checkout_gets_no_date() {
    for engine in engines() {
        let app = TestApp::spawn(engine).await;
        let (status, body) = app.get("/api/shipping/estimate?pincode=560001").await;
        assert_eq!(status, 200, "{body}");
        assert_eq!(body["data"]["known"], false);
        assert_eq!(body["data"]["serviceable"], true);
        for bad in ["12345", "abcdef", "000000"] {
            assert_eq!(
                app.get(&format!("/api/shipping/estimate?pincode={bad}"))
                    .await
                    .0,
                400,
                "{bad}"
            );
        }
    }
}

mod through_shiprocket {
    //! `SHIPPING_PROVIDER=shiprocket`: the real client against the stand-in,
    //! through the real server.

    use super::*;
    use crate::helpers::shiprocket as sr;
    use crate::helpers::shiprocket::{Lost, StandIn};
    use api::shipping::{ShippingConfig, ShippingKind};

    async fn app_on(engine: crate::helpers::Engine, base: &str) -> TestApp {
        let base = base.to_string();
        TestApp::spawn_configured(engine, None, move |c| {
            c.proof_required = false;
            c.shipping = ShippingConfig {
                kind: ShippingKind::Shiprocket,
                shiprocket: StandIn::config(&base),
                pickup_pincode: "560001".into(),
                webhook_token: api::env::Secret::new(TEST_SHIPPING_TOKEN),
                ..Default::default()
            };
        })
        .await
    }

    #[tokio::test]
    async fn shipments_are_booked_labelled_estimated_and_polled() {
        for engine in engines() {
            let (base, standin) = StandIn::start().await;
            let app = app_on(engine, &base).await;
            let admin = app.admin_token().await;
            let (_, store) = app.get("/api/store").await;
            assert_eq!(store["data"]["shippingProvider"], "shiprocket");

            // Checkout's estimate, asked of Shiprocket once per pincode.
            let (status, body) = app.get("/api/shipping/estimate?pincode=411001").await;
            assert_eq!(status, 200, "{body}");
            assert_eq!(
                (
                    body["data"]["known"].as_bool(),
                    body["data"]["serviceable"].as_bool()
                ),
                (Some(true), Some(true))
            );
            assert_eq!(body["data"]["courier"], sr::COURIER);
            app.get("/api/shipping/estimate?pincode=411001").await;
            assert_eq!(standin.count("/courier/serviceability"), 1);
            standin.unserviceable("110001");
            let (_, body) = app.get("/api/shipping/estimate?pincode=110001").await;
            assert_eq!(body["data"]["serviceable"], false);
            assert!(
                body["data"]["message"]
                    .as_str()
                    .unwrap()
                    .starts_with("Sorry, our couriers do not deliver to pincode 110001"),
                "{body}"
            );

            // A courier typed in is refused: Shiprocket books here.
            let (id, asha) = paid_order(&app, "asha@example.com").await;
            let (status, _) = ship(&app, &admin, &id, "DL1").await;
            assert_eq!(status, 400);
            // Booked, with one lost answer on the way: one Shiprocket order all the same.
            standin.lose_creates(1, Lost::BadGateway);
            let (status, body) = app
                .post_auth(&format!("/api/orders/{id}/shipment"), &admin, json!({}))
                .await;
            assert_eq!(status, 200, "{engine:?} {body}");
            let (_, order) = app.get_auth(&format!("/api/orders/{id}"), &asha).await;
            let number = order["data"]["orderNumber"].as_str().unwrap().to_string();
            assert_eq!(standin.orders_made(&number), 1);
            assert_eq!(order["data"]["status"], "shipped");
            let awb = body["data"]["awb"].as_str().unwrap().to_string();
            assert_eq!(body["data"]["courier"], sr::COURIER);
            assert_eq!(
                body["data"]["trackingUrl"],
                format!("https://shiprocket.co/tracking/{awb}")
            );
            assert_eq!(
                app.post_auth(&format!("/api/orders/{id}/shipment"), &admin, json!({}))
                    .await
                    .0,
                409
            );

            // Shiprocket's label: fetched once, then kept.
            let (status, ct, pdf) = app
                .get_bytes(
                    &format!("/api/orders/{id}/shipment/label.pdf"),
                    Some(&admin),
                )
                .await;
            assert_eq!((status, ct.as_str()), (200, "application/pdf"));
            assert!(pdf.starts_with(b"%PDF"));
            app.get_bytes(
                &format!("/api/orders/{id}/shipment/label.pdf"),
                Some(&admin),
            )
            .await;
            assert_eq!(standin.count("/courier/generate/label"), 1);
            // Two orders' labels: one call, one PDF.
            let (second, _) = paid_order(&app, "ravi@example.com").await;
            assert_eq!(
                app.post_auth(&format!("/api/orders/{second}/shipment"), &admin, json!({}))
                    .await
                    .0,
                200
            );
            let res = app
                .client
                .post(app.url("/api/orders/labels"))
                .bearer_auth(&admin)
                .json(&json!({"orderIds": [id, second]}))
                .send()
                .await
                .unwrap();
            assert_eq!(res.status().as_u16(), 200);
            let doc = lopdf::Document::load_mem(&res.bytes().await.unwrap()).unwrap();
            assert_eq!(doc.get_pages().len(), 2);
            assert_eq!(standin.count("/courier/generate/label"), 2);

            // Polling: quiet for longer than SHIPPING_POLL_MINUTES, the shipment is asked for by its AWB.
            standin.set_tracking(
                &awb,
                sr::tracking_data(
                    &awb,
                    "DELIVERED",
                    7,
                    "2026-11-28",
                    &[
                        ("2026-11-26 18:00:00", "Delivered", "Pune"),
                        ("2026-11-26 09:00:00", "Out for delivery", "Pune"),
                    ],
                ),
            );
            assert_eq!(
                api::core::fulfilment::courier_updates::poll_once(&app.state, 50)
                    .await
                    .unwrap(),
                0,
                "not quiet yet"
            );
            sqlx::query("UPDATE shipments SET updated_at = 0, polled_at = 0")
                .execute(&app.db)
                .await
                .unwrap();
            assert_eq!(
                api::core::fulfilment::courier_updates::poll_once(&app.state, 50)
                    .await
                    .unwrap(),
                2
            );
            let (_, t) = app
                .get_auth(&format!("/api/orders/{id}/tracking"), &asha)
                .await;
            assert_eq!(t["data"]["state"], "delivered");
            assert_eq!(t["data"]["events"].as_array().unwrap().len(), 2);
            let (_, order) = app.get_auth(&format!("/api/orders/{id}"), &asha).await;
            assert_eq!(order["data"]["status"], "delivered");
            // Asked once, not again until quiet again.
            assert_eq!(
                api::core::fulfilment::courier_updates::poll_once(&app.state, 50)
                    .await
                    .unwrap(),
                0
            );
        }
    }

    #[tokio::test]
    async fn shiprocket_without_its_user_answers_503_and_a_refusal_422() {
        for engine in engines() {
            let app = TestApp::spawn_configured(engine, None, |c| {
                c.proof_required = false;
                c.shipping.kind = ShippingKind::Shiprocket;
            })
            .await;
            let admin = app.admin_token().await;
            let (id, _) = paid_order(&app, "asha@example.com").await;
            let (status, body) = app
                .post_auth(&format!("/api/orders/{id}/shipment"), &admin, json!({}))
                .await;
            assert_eq!(status, 503, "{body}");
            // The estimate cannot say; checkout goes on.
            let (_, body) = app.get("/api/shipping/estimate?pincode=560001").await;
            assert_eq!(body["data"]["known"], false);

            let (base, _standin) = StandIn::start().await;
            let app = TestApp::spawn_configured(engine, None, move |c| {
                c.proof_required = false;
                c.shipping.kind = ShippingKind::Shiprocket;
                c.shipping.shiprocket = StandIn::config(&base);
                c.shipping.pickup_location = "Nowhere".into();
            })
            .await;
            let admin = app.admin_token().await;
            let (id, asha) = paid_order(&app, "asha@example.com").await;
            let (status, body) = app
                .post_auth(&format!("/api/orders/{id}/shipment"), &admin, json!({}))
                .await;
            assert_eq!(status, 422, "{body}");
            assert!(
                body["message"]
                    .as_str()
                    .unwrap()
                    .starts_with("Shiprocket refused the shipment: "),
                "{body}"
            );
            let (_, order) = app.get_auth(&format!("/api/orders/{id}"), &asha).await;
            assert_eq!(order["data"]["status"], "confirmed");
            // The claim was let go: the admin may try again at once.
            let (status, _) = app
                .post_auth(&format!("/api/orders/{id}/shipment"), &admin, json!({}))
                .await;
            assert_eq!(status, 422);
        }
    }
}
