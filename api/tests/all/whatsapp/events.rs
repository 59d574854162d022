//! The updates after the order's confirmation and its proof, each driven
//! through the path that queues it: the admin booking the shipment (shipped,
//! with its courier, AWB and tracking link), the courier's tracking webhook
//! (out for delivery, delivered), the last production stage of an order paid
//! in two parts (balance due), a member joining a group and the group placed
//! (the organiser paying, and the members paying), and a claim filed
//! (complaint acknowledged). Each is sent once, as its template with its
//! variables, in the customer's language, to the number consent was given
//! for; a customer who did not consent is sent nothing, though the same
//! steps happen to their order.

use serde_json::{Value, json};

use api::whatsapp::Event;

use super::{MOBILE, Setup, consent_on_profile, deliver, outbox, pay, setup_with};
use crate::helpers::checkout::{TOTAL, address, advance_request, order_request, payment, shopper};
use crate::helpers::groups::{member, members_apart, open};
use crate::helpers::msg91::AUTH_KEY;
use crate::helpers::shipping::{hook, ship, update};
use crate::helpers::whatsapp::{WhatsAppStandIn, template};
use crate::helpers::{TEST_SHIPPING_TOKEN, TestApp, engines};

const SHOP: &str = "https://shop.example";
/// The number of the customer who did not consent.
const OTHER_MOBILE: &str = "9123456780";
const GROUP: &str = "Chess Club 2026";

/// A message as the stand-in took it: (template, language, to, variables).
type Sent = (String, String, String, Vec<String>);

/// Delivers the updates due; the messages the stand-in accepted since the
/// last look.
async fn sent_now(app: &TestApp, wa: &WhatsAppStandIn) -> Vec<Sent> {
    deliver(&app.state).await;
    wa.take_sent()
}

/// Exactly one message: `event`'s template in `language` to `mobile` with
/// `variables`.
fn one(sent: Vec<Sent>, event: Event, language: &str, mobile: &str, variables: &[&str]) {
    let want = (
        template(event),
        language.to_string(),
        format!("91{mobile}"),
        variables.iter().map(|v| v.to_string()).collect::<Vec<_>>(),
    );
    assert_eq!(sent, vec![want], "{event:?}");
}

async fn order_number(app: &TestApp, id: &str) -> String {
    sqlx::query_scalar("SELECT order_number FROM orders WHERE id = $1")
        .bind(id)
        .fetch_one(&app.db)
        .await
        .unwrap()
}

/// A shopper (25 tees in the cart) named `name`, who reads `language`.
async fn customer(app: &TestApp, email: &str, name: &str, language: &str) -> String {
    let token = shopper(app, email).await;
    set_language(app, &token, name, language).await;
    token
}

async fn set_language(app: &TestApp, token: &str, name: &str, language: &str) {
    let (status, body) = app
        .put_auth(
            "/api/users/profile",
            token,
            json!({"name": name, "language": language}),
        )
        .await;
    assert_eq!(status, 200, "{body}");
}

/// Checkout's `request` with WhatsApp ticked (for the address's number), or
/// unticked with another number on the address.
fn consenting(mut request: Value, whatsapp: bool) -> Value {
    request["whatsappUpdates"] = json!(whatsapp);
    if !whatsapp {
        request["shippingAddress"]["phone"] = json!(OTHER_MOBILE);
    }
    request
}

/// How many updates were queued for the account with this e-mail.
async fn queued_for(app: &TestApp, email: &str) -> i64 {
    sqlx::query_scalar(
        "SELECT COUNT(*) FROM notifications WHERE user_id = (SELECT id FROM users WHERE email = $1)",
    )
    .bind(email)
    .fetch_one(&app.db)
    .await
    .unwrap()
}

#[tokio::test]
async fn shipped_out_for_delivery_delivered_and_a_complaint_go_once_in_hindi() {
    for engine in engines() {
        let Setup { app, wa, .. } = setup_with(engine, AUTH_KEY, |c| {
            c.proof_required = false;
            c.public_url = Some(SHOP.into());
        })
        .await;
        let admin = app.admin_token().await;
        // Ravi reads Hindi and ticked WhatsApp at checkout; Asha did not tick it.
        let ravi = customer(&app, "ravi@example.com", "Ravi Kumar", "hi").await;
        let ravis = pay(&app, &ravi, consenting(order_request("r1", TOTAL), true)).await;
        let asha = shopper(&app, "asha@example.com").await;
        let ashas = pay(&app, &asha, consenting(order_request("r2", TOTAL), false)).await;
        let n = order_number(&app, &ravis).await;
        let confirmed = sent_now(&app, &wa).await;
        assert_eq!(confirmed.len(), 1, "{engine:?} {confirmed:?}");

        // Shipped: the courier, the AWB (as stored) and the tracking link.
        for (id, awb) in [(&ravis, "dl100"), (&ashas, "DL200")] {
            let (status, body) = ship(&app, &admin, id, awb).await;
            assert_eq!(status, 200, "{engine:?} {body}");
        }
        assert_eq!(ship(&app, &admin, &ravis, "DL300").await.0, 409);
        let track = "https://www.delhivery.com/track/package/dl100";
        let shipped = sent_now(&app, &wa).await;
        let vars = ["Ravi Kumar", &n, "Delhivery", "DL100", track];
        one(shipped, Event::Shipped, "hi", MOBILE, &vars);
        app.message_with("asha@example.com", "has been shipped")
            .await;

        // The courier's webhook, each update twice: out for delivery, delivered.
        for (status, event) in [
            ("OUT FOR DELIVERY", Event::OutForDelivery),
            ("DELIVERED", Event::Delivered),
        ] {
            for awb in ["DL100", "DL200"] {
                for _ in 0..2 {
                    let (code, body) =
                        hook(&app, Some(TEST_SHIPPING_TOKEN), &update(awb, status, &[])).await;
                    assert_eq!(code, 200, "{body}");
                }
            }
            let sent = sent_now(&app, &wa).await;
            one(sent, event, "hi", MOBILE, &["Ravi Kumar", &n]);
        }
        app.message_with("asha@example.com", "has been delivered")
            .await;
        // A late 'out for delivery' moves nothing and sends nothing.
        let late = update("DL100", "OUT FOR DELIVERY", &[]);
        hook(&app, Some(TEST_SHIPPING_TOKEN), &late).await;
        assert_eq!(sent_now(&app, &wa).await, vec![], "{engine:?}");

        // A claim filed on each delivered order: Ravi's is acknowledged with its ticket.
        let mut tickets = Vec::new();
        for (token, id) in [(&ravi, &ravis), (&asha, &ashas)] {
            let (status, body) = app
                .post_auth(
                    &format!("/api/orders/{id}/claims"),
                    token,
                    json!({"pieces": {"s": 1}, "reason": "damaged", "message": "One tee came torn"}),
                )
                .await;
            assert_eq!(status, 201, "{engine:?} {body}");
            tickets.push(body["data"]["ticketNumber"].as_str().unwrap().to_string());
        }
        let acknowledged = sent_now(&app, &wa).await;
        let vars = ["Ravi Kumar", &n, &tickets[0]];
        one(
            acknowledged,
            Event::ComplaintAcknowledged,
            "hi",
            MOBILE,
            &vars,
        );

        // The dev outbox kept the five, in Hindi, to Ravi's number alone.
        let kept = outbox(&app, "whatsapp").await;
        assert_eq!(kept.len(), 5, "{engine:?} {kept:?}");
        let hindi = |t: &str| t.chars().any(|c| ('\u{0900}'..='\u{097F}').contains(&c));
        assert!(
            kept.iter().all(|(to, body)| to == MOBILE && hindi(body)),
            "{kept:?}"
        );
        assert_eq!(queued_for(&app, "asha@example.com").await, 0);
        assert_eq!(deliver(&app.state).await, 0);
    }
}

/// The admin moves an order to a production stage.
async fn to_stage(app: &TestApp, admin: &str, id: &str, stage: &str) {
    let url = format!("/api/orders/{id}/stage");
    let (status, body) = app.put_auth(&url, admin, json!({ "stage": stage })).await;
    assert_eq!(status, 200, "{stage}: {body}");
}

#[tokio::test]
async fn the_balance_due_goes_once_at_the_end_of_production() {
    for engine in engines() {
        let Setup { app, wa, .. } = setup_with(engine, AUTH_KEY, |c| {
            c.proof_required = false;
            c.public_url = Some(SHOP.into());
            c.payment_terms.advance.min_total = design_engine::Paise(5_000_00);
        })
        .await;
        let admin = app.admin_token().await;
        let ravi = customer(&app, "ravi@example.com", "Ravi Kumar", "en").await;
        let ravis = pay(&app, &ravi, consenting(advance_request("r1", TOTAL), true)).await;
        let asha = shopper(&app, "asha@example.com").await;
        let ashas = pay(&app, &asha, consenting(advance_request("r2", TOTAL), false)).await;
        let confirmed = sent_now(&app, &wa).await;
        assert_eq!(confirmed.len(), 1, "{engine:?} {confirmed:?}");

        for id in [&ravis, &ashas] {
            let (status, body) = app
                .put_auth(
                    &format!("/api/orders/{id}/status"),
                    &admin,
                    json!({"status": "processing"}),
                )
                .await;
            assert_eq!(status, 200, "{body}");
            for name in ["Printing", "Quality check"] {
                to_stage(&app, &admin, id, name).await;
            }
        }
        assert_eq!(
            sent_now(&app, &wa).await,
            vec![],
            "not before the last stage"
        );
        for id in [&ravis, &ashas] {
            to_stage(&app, &admin, id, "Packed").await;
        }
        let n = order_number(&app, &ravis).await;
        let link = format!("{SHOP}/user/orders?order={ravis}");
        let due = sent_now(&app, &wa).await;
        let vars = ["Ravi Kumar", &n, "₹3,830.88", &link];
        one(due, Event::BalanceDue, "en", MOBILE, &vars);
        app.message_with("asha@example.com", "Please pay the balance")
            .await;
        // Back a stage and to the last again: nothing more.
        to_stage(&app, &admin, &ravis, "Quality check").await;
        to_stage(&app, &admin, &ravis, "Packed").await;
        assert_eq!(sent_now(&app, &wa).await, vec![], "{engine:?}");
        assert_eq!(queued_for(&app, "asha@example.com").await, 0);
    }
}

#[tokio::test]
async fn a_member_hears_once_of_joining_and_of_the_group_placed() {
    for engine in engines() {
        let Setup { app, wa, .. } = setup_with(engine, AUTH_KEY, members_apart).await;
        let (organiser, _) = app.sign_up("captain@example.com").await;
        let g = open(&app, &organiser, json!({})).await;
        let (id, token) = (g["_id"].as_str().unwrap(), g["token"].as_str().unwrap());
        let rows = format!("/api/group-orders/by-token/{token}/rows");
        // Priya reads Hindi and consented on her profile; member 2 did not.
        let priya = member(&app, 1).await;
        set_language(&app, &priya, "Priya", "hi").await;
        consent_on_profile(&app, &priya, "Priya", MOBILE).await;
        let other = member(&app, 2).await;
        for t in [&priya, &other] {
            let (status, body) = app.post_auth(&rows, t, json!({"size": "M"})).await;
            assert_eq!(status, 200, "{body}");
        }
        let joined = sent_now(&app, &wa).await;
        one(joined, Event::GroupJoined, "hi", MOBILE, &["Priya", GROUP]);
        // Withdrawn and joined again: the one message still.
        let mine = format!("{rows}/mine");
        assert_eq!(app.delete_auth(&mine, &priya).await.0, 200);
        let (status, body) = app.post_auth(&rows, &priya, json!({"size": "L"})).await;
        assert_eq!(status, 200, "{body}");
        assert_eq!(sent_now(&app, &wa).await, vec![], "{engine:?}");

        // The organiser tops up to the minimum, closes, pays; the clock places it.
        for _ in 0..23 {
            let top_up = format!("/api/group-orders/{id}/rows");
            let (status, body) = app
                .post_auth(&top_up, &organiser, json!({"size": "S"}))
                .await;
            assert_eq!(status, 200, "{body}");
        }
        let close = format!("/api/group-orders/{id}/close");
        let (status, body) = app.post_auth(&close, &organiser, json!({})).await;
        assert_eq!(status, 200, "{body}");
        let (_, cart) = app.get_auth("/api/cart", &organiser).await;
        let total = cart["data"]["totalPrice"].as_i64().unwrap();
        crate::helpers::checkout::pay_cart(&app, &organiser, "rcpt_group", total).await;
        for _ in 0..2 {
            api::core::groups::tick(&app.state).await.unwrap();
        }
        let placed = sent_now(&app, &wa).await;
        one(placed, Event::GroupPlaced, "hi", MOBILE, &["Priya", GROUP]);
        for email in ["member2@example.com", "captain@example.com"] {
            assert_eq!(queued_for(&app, email).await, 0, "{email}");
        }
    }
}

/// Members paying: the group is placed when the organiser closes it with
/// the paid pieces (not by the clock), and its members hear of it there.
#[tokio::test]
async fn members_paying_hear_of_the_group_placed_when_it_closes() {
    for engine in engines() {
        let Setup { app, wa, .. } = setup_with(engine, AUTH_KEY, members_apart).await;
        let (organiser, _) = app.sign_up("captain@example.com").await;
        let changes = json!({"payment": "members", "shipTo": address(), "piecesPerMember": 10});
        let g = open(&app, &organiser, changes).await;
        let (id, token) = (g["_id"].as_str().unwrap(), g["token"].as_str().unwrap());
        let rows = format!("/api/group-orders/by-token/{token}/rows");
        let members = [
            member(&app, 1).await,
            member(&app, 2).await,
            member(&app, 3).await,
        ];
        consent_on_profile(&app, &members[0], "Meera", MOBILE).await;
        // 10, 10 and 5 pieces, each member paying for theirs.
        for (n, (t, pieces)) in members.iter().zip([10, 10, 5]).enumerate() {
            for _ in 0..pieces {
                let (status, body) = app.post_auth(&rows, t, json!({"size": "M"})).await;
                assert_eq!(status, 200, "{body}");
            }
            let (_, mine) = app.get_auth(&format!("{rows}/mine"), t).await;
            let billing = json!({"email": format!("member{n}@example.com"), "fullName": "Member", "phone": "9876500000",
                "addressLine1": "4 MG Road", "city": "Bengaluru", "state": "Karnataka", "zipCode": "560001"});
            let (status, created) = app
                .post_auth(
                    &format!("{rows}/mine/pay"),
                    t,
                    json!({"amount": mine["data"]["toPay"], "receipt": format!("grp_{n}"), "billingAddress": billing}),
                )
                .await;
            assert_eq!(status, 200, "{created}");
            let paid = payment(&created["data"], &format!("pay_m{n}"));
            let (status, body) = app.post_auth("/api/payments/verify", t, paid).await;
            assert_eq!(status, 200, "{body}");
        }
        let before = sent_now(&app, &wa).await;
        let joined: Vec<_> = before
            .iter()
            .filter(|s| s.0 == template(Event::GroupJoined))
            .collect();
        assert_eq!(
            joined.len(),
            1,
            "{engine:?}: joined once, not per piece: {before:?}"
        );
        assert!(
            before.iter().all(|s| s.2 == format!("91{MOBILE}")),
            "{before:?}"
        );

        let close = format!("/api/group-orders/{id}/close");
        let (status, body) = app.post_auth(&close, &organiser, json!({})).await;
        assert_eq!(
            (status, body["data"]["status"].as_str()),
            (200, Some("placed")),
            "{body}"
        );
        let placed = sent_now(&app, &wa).await;
        one(placed, Event::GroupPlaced, "en", MOBILE, &["Meera", GROUP]);
        api::core::groups::tick(&app.state).await.unwrap();
        assert_eq!(sent_now(&app, &wa).await, vec![], "{engine:?}");
    }
}

/// A courier without tracking updates: the admin's marking the order
/// delivered sends it, once however often the status comes back to it.
#[tokio::test]
async fn an_order_the_admin_marks_delivered_sends_delivered_once() {
    for engine in engines() {
        let Setup { app, wa, .. } =
            setup_with(engine, AUTH_KEY, |c| c.proof_required = false).await;
        let admin = app.admin_token().await;
        let (id, _) = super::paid(&app, "ravi@example.com", true).await;
        assert_eq!(sent_now(&app, &wa).await.len(), 1, "the confirmation");
        let n = order_number(&app, &id).await;
        for (status, sent) in [
            ("delivered", 1),
            ("delivered", 0),
            ("shipped", 0),
            ("delivered", 0),
        ] {
            let (code, body) = app
                .put_auth(
                    &format!("/api/orders/{id}/status"),
                    &admin,
                    json!({ "status": status }),
                )
                .await;
            assert_eq!(code, 200, "{status}: {body}");
            let now = sent_now(&app, &wa).await;
            if sent == 1 {
                one(now, Event::Delivered, "en", MOBILE, &["Asha Rao", &n]);
            } else {
                assert_eq!(now, vec![], "{engine:?} {status}");
            }
        }
    }
}
