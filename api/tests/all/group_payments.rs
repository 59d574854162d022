//! Group orders whose members pay for their own piece, through the real
//! server on both databases: each member's piece is an order of its own at
//! the engine's share, paid through the same create-order, provider and
//! verify as any order; closing keeps the paid pieces; withdrawing, a removal
//! and a cancel refund through the refund machinery, once, whatever races.

use futures_util::future::join_all;
use serde_json::{Value, json};

use crate::helpers::checkout::{address, payment};
use crate::helpers::groups::{app, member, outbox, tee};
use crate::helpers::{TestApp, engines};

const DAY_MS: i64 = 24 * 3600 * 1000;
/// One piece: ₹299 (one element: no design fee), plus the 2.5% gateway charge.
const PIECE: i64 = 299_00;
const PIECE_PAID: i64 = 306_48;

/// The organiser and a new members-pay group order (its id and token).
async fn group(app: &TestApp) -> (String, String, String) {
    let (organiser, _) = app.sign_up("captain@example.com").await;
    let (status, saved) = app
        .post_auth(
            "/api/designs",
            &organiser,
            json!({"name": "Club tee", "design": tee(false)}),
        )
        .await;
    assert_eq!(status, 201, "{saved}");
    let mut body = json!({"designId": saved["data"]["_id"], "title": "Chess Club 2026",
        "deadline": api::db::now_ms() + 7 * DAY_MS, "payment": "members", "personalisation": false});
    let (status, res) = app
        .post_auth("/api/group-orders", &organiser, body.clone())
        .await;
    assert_eq!((status, res["code"].as_str()), (400, Some("GROUP_SHIP_TO")));
    body["shipTo"] = json!({"email": "captain@example.com", "fullName": "Captain", "phone": "12"});
    let (status, res) = app
        .post_auth("/api/group-orders", &organiser, body.clone())
        .await;
    assert_eq!(status, 400, "a bad address: the form's message: {res}");
    body["shipTo"] = address();
    let (status, res) = app.post_auth("/api/group-orders", &organiser, body).await;
    assert_eq!(status, 200, "{res}");
    let g = &res["data"];
    assert_eq!(
        (g["payment"].as_str(), g["shipTo"]["city"].as_str()),
        (Some("members"), Some("New Delhi"))
    );
    (
        organiser,
        g["_id"].as_str().unwrap().to_string(),
        g["token"].as_str().unwrap().to_string(),
    )
}

fn billing(n: usize) -> Value {
    json!({"email": format!("member{n}@example.com"), "fullName": format!("Member {n}"), "phone": "9876543210",
           "addressLine1": "4 MG Road", "city": "Bengaluru", "state": "Karnataka", "zipCode": "560001"})
}

/// Joins with a size and creates the order paying for it; the provider's order.
async fn join_and_order(app: &TestApp, token: &str, group: &str, n: usize) -> Value {
    let (status, res) = app
        .post_auth(
            &format!("/api/group-orders/by-token/{group}/rows"),
            token,
            json!({"size": "M"}),
        )
        .await;
    assert_eq!(status, 200, "{res}");
    assert_eq!(
        (
            res["data"]["pieces"][0]["paid"].as_bool(),
            res["data"]["toPay"].as_i64()
        ),
        (Some(false), Some(PIECE_PAID))
    );
    order(app, token, group, n, PIECE_PAID).await
}

async fn order(app: &TestApp, token: &str, group: &str, n: usize, amount: i64) -> Value {
    let (status, res) = app
        .post_auth(
            &format!("/api/group-orders/by-token/{group}/rows/mine/pay"),
            token,
            json!({"amount": amount, "receipt": format!("grp_{n}"), "billingAddress": billing(n)}),
        )
        .await;
    assert_eq!(status, 200, "{res}");
    res["data"].clone()
}

async fn verify(app: &TestApp, token: &str, created: &Value, n: usize) -> (u16, Value) {
    app.post_auth(
        "/api/payments/verify",
        token,
        payment(created, &format!("pay_m{n}")),
    )
    .await
}

/// Refunds recorded for an order: (how many, how much in all).
async fn refunds(app: &TestApp, order_id: &str) -> (i64, i64) {
    sqlx::query_as("SELECT COUNT(*), CAST(COALESCE(SUM(amount), 0) AS BIGINT) FROM refunds WHERE order_id = $1")
        .bind(order_id)
        .fetch_one(&app.db)
        .await
        .unwrap()
}

async fn group_status(app: &TestApp, id: &str) -> String {
    sqlx::query_scalar("SELECT status FROM group_orders WHERE id = $1")
        .bind(id)
        .fetch_one(&app.db)
        .await
        .unwrap()
}

async fn settle(app: &TestApp) {
    api::core::checkout::refunds::settle_owed(&app.state)
        .await
        .unwrap();
}

#[tokio::test]
async fn members_pay_for_their_own_piece_and_the_close_keeps_the_paid_ones() {
    for engine in engines() {
        let app = app(engine).await;
        let (organiser, id, token) = group(&app).await;
        let (_, public) = app
            .get(&format!("/api/group-orders/by-token/{token}"))
            .await;
        assert_eq!(
            (
                public["data"]["payment"].as_str(),
                public["data"]["pricePerPiece"].as_i64()
            ),
            (Some("members"), Some(PIECE)),
            "{engine:?}: the link shows the share"
        );
        let members: Vec<String> = join_all((0..27).map(|n| member(&app, n))).await;
        // The price is the engine's: the amount shown must be it.
        let (status, res) = app
            .post_auth(
                &format!("/api/group-orders/by-token/{token}/rows/mine/pay"),
                &members[0],
                json!({"amount": PIECE_PAID, "receipt": "grp_x", "billingAddress": billing(0)}),
            )
            .await;
        assert_eq!(
            (status, res["code"].as_str()),
            (409, Some("GROUP_NOTHING_TO_PAY")),
            "{res}"
        );
        let created = join_all(
            members
                .iter()
                .enumerate()
                .map(|(n, t)| join_and_order(&app, t, &token, n)),
        )
        .await;
        let (status, res) = app
            .post_auth(
                &format!("/api/group-orders/by-token/{token}/rows/mine/pay"),
                &members[0],
                json!({"amount": 100, "receipt": "grp_y", "billingAddress": billing(0)}),
            )
            .await;
        assert_eq!(
            (status, res["code"].as_str()),
            (400, Some("AMOUNT_MISMATCH")),
            "{res}"
        );
        // 26 pay at once, through the same verify as any order; the 27th does not.
        let minimum = "Chess Club 2026 has reached the minimum";
        assert!(
            outbox(&app, minimum).await.is_empty(),
            "27 joined, none paid: members paying, only paid pieces count"
        );
        let paid = join_all((0..26).map(|n| verify(&app, &members[n], &created[n], n))).await;
        assert!(paid.iter().all(|(s, _)| *s == 200), "{engine:?}: {paid:?}");
        api::core::groups::tick(&app.state).await.unwrap();
        api::core::groups::tick(&app.state).await.unwrap();
        assert_eq!(outbox(&app, minimum).await, ["captain@example.com"]);
        let (_, mine) = app
            .get_auth(
                &format!("/api/group-orders/by-token/{token}/rows/mine"),
                &members[0],
            )
            .await;
        assert_eq!(
            (
                mine["data"]["pieces"][0]["paid"].as_bool(),
                mine["data"]["toPay"].as_i64()
            ),
            (Some(true), Some(0))
        );
        let member_order = created[0]["order"]["_id"].as_str().unwrap();
        let (_, order) = app
            .get_auth(&format!("/api/orders/{member_order}"), &members[0])
            .await;
        let order = &order["data"];
        assert_eq!(
            (
                order["totalPrice"].as_i64(),
                order["itemsCount"].as_i64(),
                order["shippingAddress"]["city"].as_str(),
                order["billingAddress"]["fullName"].as_str(),
                order["shippingAddress"]["email"].as_str()
            ),
            (
                Some(PIECE_PAID),
                Some(1),
                Some("New Delhi"),
                Some("Member 0"),
                Some("member0@example.com")
            ),
            "{engine:?}: their own order, shipped to the organiser: {order}"
        );
        // A paid piece cannot change; it is not printed before its group is placed.
        let (status, res) = app
            .put_auth(
                &format!("/api/group-orders/by-token/{token}/rows/mine"),
                &members[0],
                json!({"size": "L"}),
            )
            .await;
        assert_eq!(
            (status, res["code"].as_str()),
            (409, Some("GROUP_ROW_PAID"))
        );
        let admin = app.admin_token().await;
        let to_processing = json!({"status": "processing", "overrideReason": "proof by phone"});
        let (status, res) = app
            .put_auth(
                &format!("/api/orders/{member_order}/status"),
                &admin,
                to_processing.clone(),
            )
            .await;
        assert_eq!(
            (status, res["code"].as_str()),
            (409, Some("GROUP_NOT_PLACED")),
            "{res}"
        );

        let (_, view) = app
            .get_auth(&format!("/api/group-orders/{id}"), &organiser)
            .await;
        let progress = &view["data"]["progress"];
        assert_eq!(
            (progress["pieces"].as_u64(), progress["paidPieces"].as_u64()),
            (Some(27), Some(26))
        );
        let (status, res) = app
            .post_auth(
                &format!("/api/group-orders/{id}/close"),
                &organiser,
                json!({}),
            )
            .await;
        assert_eq!(status, 200, "{res}");
        assert_eq!(res["data"]["status"], "placed");
        assert_eq!(
            res["data"]["rows"].as_array().unwrap().len(),
            26,
            "the unpaid row left"
        );
        let told = app
            .message_with("member26@example.com", "before your piece (M) was paid for")
            .await;
        assert!(!told.is_empty());
        // The 27th's order was cancelled at the close: paying it now is refunded at once.
        let (status, res) = verify(&app, &members[26], &created[26], 26).await;
        assert_eq!(
            (status, res["code"].as_str()),
            (409, Some("PAYMENT_REFUNDED")),
            "{res}"
        );
        let late = created[26]["order"]["_id"].as_str().unwrap();
        assert_eq!(refunds(&app, late).await, (1, PIECE_PAID));
        // Placed: production may start (the proof's override is the usual rule).
        let (status, res) = app
            .put_auth(
                &format!("/api/orders/{member_order}/status"),
                &admin,
                to_processing,
            )
            .await;
        assert_eq!(status, 200, "{res}");
        assert_eq!(refunds(&app, member_order).await, (0, 0));
    }
}

/// A member's payment and their withdrawal at the same moment: whichever
/// lands first, the piece is gone and the money comes back exactly once.
#[tokio::test]
async fn a_payment_and_a_withdrawal_racing_refund_once() {
    for engine in engines() {
        let app = app(engine).await;
        let (_, _, token) = group(&app).await;
        for n in 0..6 {
            let t = member(&app, n).await;
            let created = join_and_order(&app, &t, &token, n).await;
            let withdraw = async {
                app.client
                    .delete(app.url(&format!("/api/group-orders/by-token/{token}/rows/mine")))
                    .bearer_auth(&t)
                    .send()
                    .await
                    .unwrap()
                    .status()
                    .as_u16()
            };
            let ((paid, body), withdrawn) = tokio::join!(verify(&app, &t, &created, n), withdraw);
            assert_eq!(withdrawn, 200, "{engine:?}");
            assert!(
                paid == 200
                    || ["PAYMENT_REFUNDED", "ORDER_CANCELLED"]
                        .contains(&body["code"].as_str().unwrap_or("")),
                "{engine:?}: {paid} {body}"
            );
            settle(&app).await;
            settle(&app).await;
            let id = created["order"]["_id"].as_str().unwrap();
            assert_eq!(
                refunds(&app, id).await,
                (1, PIECE_PAID),
                "{engine:?} round {n}: refunded once"
            );
            let (status, _) = app
                .get_auth(&format!("/api/group-orders/by-token/{token}/rows/mine"), &t)
                .await;
            assert_eq!(status, 404);
        }
    }
}

/// The deadline passes while a member is paying: the payment still counts,
/// the clock closes the group with it, and a payment after the close is refunded.
#[tokio::test]
async fn a_deadline_passing_while_a_member_pays() {
    for engine in engines() {
        let app = app(engine).await;
        let (_, id, token) = group(&app).await;
        let members: Vec<String> = join_all((0..26).map(|n| member(&app, n))).await;
        let created = join_all(
            members
                .iter()
                .enumerate()
                .map(|(n, t)| join_and_order(&app, t, &token, n)),
        )
        .await;
        let paid = join_all((0..24).map(|n| verify(&app, &members[n], &created[n], n))).await;
        assert!(paid.iter().all(|(s, _)| *s == 200));
        sqlx::query("UPDATE group_orders SET deadline = $1 WHERE id = $2")
            .bind(api::db::now_ms() - 1)
            .bind(&id)
            .execute(&app.db)
            .await
            .unwrap();
        // No new orders after the deadline, but a payment under way lands.
        let (status, res) = app
            .post_auth(&format!("/api/group-orders/by-token/{token}/rows/mine/pay"), &members[25],
                json!({"amount": PIECE_PAID, "receipt": "grp_after", "billingAddress": billing(25)}))
            .await;
        assert_eq!(
            (status, res["code"].as_str()),
            (409, Some("GROUP_DEADLINE_PASSED")),
            "{res}"
        );
        assert_eq!(verify(&app, &members[24], &created[24], 24).await.0, 200);
        api::core::groups::tick(&app.state).await.unwrap();
        let (_, public) = app
            .get(&format!("/api/group-orders/by-token/{token}"))
            .await;
        assert_eq!(
            public["data"]["status"], "placed",
            "{engine:?}: closed at the deadline with 25 paid"
        );
        let (status, res) = verify(&app, &members[25], &created[25], 25).await;
        assert_eq!(
            (status, res["code"].as_str()),
            (409, Some("PAYMENT_REFUNDED")),
            "{res}"
        );
        for c in &created[..25] {
            let order = c["order"]["_id"].as_str().unwrap();
            assert_eq!(refunds(&app, order).await, (0, 0));
        }
    }
}

/// A cancel refunds every member who paid, once, however many instances
/// work through the refunds at once; a member who never paid is charged nothing.
#[tokio::test]
async fn a_cancel_refunds_every_member_once() {
    for engine in engines() {
        let app = app(engine).await;
        let (organiser, id, token) = group(&app).await;
        let members: Vec<String> = join_all((0..6).map(|n| member(&app, n))).await;
        let created = join_all(
            members
                .iter()
                .enumerate()
                .map(|(n, t)| join_and_order(&app, t, &token, n)),
        )
        .await;
        for n in 0..5 {
            assert_eq!(verify(&app, &members[n], &created[n], n).await.0, 200);
        }
        // The organiser removes one paid member: refunded, and told.
        let (_, view) = app
            .get_auth(&format!("/api/group-orders/{id}"), &organiser)
            .await;
        let row = view["data"]["rows"]
            .as_array()
            .unwrap()
            .iter()
            .find(|r| r["member"] == "Member 0" && r["paid"] == true)
            .expect("member 0's paid row")["_id"]
            .as_str()
            .unwrap()
            .to_string();
        let (status, _) = app
            .client
            .delete(app.url(&format!("/api/group-orders/{id}/rows/{row}")))
            .bearer_auth(&organiser)
            .send()
            .await
            .map(|r| (r.status().as_u16(), ()))
            .unwrap();
        assert_eq!(status, 200);
        let removed = created[0]["order"]["_id"].as_str().unwrap();
        assert_eq!(refunds(&app, removed).await, (1, PIECE_PAID), "{engine:?}");
        assert!(
            !app.message_with("member0@example.com", "is being refunded")
                .await
                .is_empty()
        );

        // The cancel's refunds are owed in its own transaction; several
        // workers then make them at once, each once.
        let group = api::db::group_orders::get(&app.db, &id)
            .await
            .unwrap()
            .unwrap();
        api::core::groups::cancel(&app.db, &group).await.unwrap();
        join_all((0..4).map(|_| settle(&app))).await;
        api::core::groups::tick(&app.state).await.unwrap();
        for (n, c) in created.iter().enumerate().skip(1) {
            let order = c["order"]["_id"].as_str().unwrap();
            let expected = if n < 5 { (1, PIECE_PAID) } else { (0, 0) };
            assert_eq!(
                refunds(&app, order).await,
                expected,
                "{engine:?} member {n}"
            );
        }
        let (status, res) = app
            .post_auth(
                &format!("/api/group-orders/{id}/cancel"),
                &organiser,
                json!({}),
            )
            .await;
        assert_eq!(
            (status, res["code"].as_str()),
            (409, Some("GROUP_NOT_OPEN"))
        );
        let (_, order) = app
            .get_auth(
                &format!(
                    "/api/orders/{}",
                    created[1]["order"]["_id"].as_str().unwrap()
                ),
                &members[1],
            )
            .await;
        assert_eq!(order["data"]["status"], "refunded");
        // Nothing is left owed.
        let open: i64 =
            sqlx::query_scalar("SELECT COUNT(*) FROM refunds_owed WHERE done_at IS NULL")
                .fetch_one(&app.db)
                .await
                .unwrap();
        assert_eq!(open, 0);
    }
}

/// Where the organiser allows more than one piece each, a member adds up to
/// that many (however many requests race), changes and pays for them as one
/// order, and withdrawing them refunds one piece's part, then the rest: the
/// order's whole total, once.
#[tokio::test]
async fn a_member_holds_as_many_pieces_as_the_organiser_allows() {
    for engine in engines() {
        let app = app(engine).await;
        let (organiser, id, token) = group(&app).await;
        let deadline = api::db::now_ms() + 7 * DAY_MS;
        let update = |pieces: u32| {
            let (app, organiser, url) = (&app, &organiser, format!("/api/group-orders/{id}"));
            async move {
                app.put_auth(&url, organiser, json!({"title": "Chess Club 2026", "deadline": deadline, "piecesPerMember": pieces}))
                    .await
            }
        };
        let (status, res) = update(11).await;
        assert_eq!(
            (status, res["code"].as_str()),
            (400, Some("GROUP_PIECES_PER_MEMBER"))
        );
        let (status, res) = update(3).await;
        assert_eq!(
            (status, res["data"]["piecesPerMember"].as_u64()),
            (200, Some(3)),
            "{res}"
        );
        let (_, public) = app
            .get(&format!("/api/group-orders/by-token/{token}"))
            .await;
        assert_eq!(public["data"]["piecesPerMember"], 3);

        // Four adds at once: three pieces, and the fourth refused.
        let parent = member(&app, 1).await;
        let rows = format!("/api/group-orders/by-token/{token}/rows");
        let adds = join_all(
            ["S", "M", "L", "XL"]
                .map(|size| app.post_auth(&rows, &parent, json!({ "size": size }))),
        )
        .await;
        let mut codes: Vec<_> = adds
            .iter()
            .map(|(s, b)| (*s, b["code"].as_str().map(str::to_string)))
            .collect();
        codes.sort();
        assert_eq!(
            codes,
            [
                (200, None),
                (200, None),
                (200, None),
                (409, Some("GROUP_PIECES_PER_MEMBER".into()))
            ],
            "{engine:?}: {adds:?}"
        );
        let mine_url = format!("/api/group-orders/by-token/{token}/rows/mine");
        let (_, mine) = app.get_auth(&mine_url, &parent).await;
        let pieces = mine["data"]["pieces"].as_array().unwrap().clone();
        assert_eq!(
            (pieces.len(), mine["data"]["piecesPerMember"].as_u64()),
            (3, Some(3))
        );
        let to_pay = mine["data"]["toPay"].as_i64().unwrap();
        assert!(to_pay > 2 * PIECE_PAID && to_pay < 4 * PIECE_PAID, "{mine}");
        assert_eq!(
            outbox(&app, "Piece added to Chess Club 2026").await,
            ["member1@example.com", "member1@example.com"]
        );

        // Which piece a change means: one of several must be named.
        let (status, res) = app
            .put_auth(&mine_url, &parent, json!({"size": "XXL"}))
            .await;
        assert_eq!(
            (status, res["code"].as_str()),
            (409, Some("GROUP_WHICH_PIECE"))
        );
        let third = pieces[2]["_id"].as_str().unwrap();
        let (status, res) = app
            .put_auth(
                &format!("{mine_url}/{third}"),
                &parent,
                json!({"size": "XXL"}),
            )
            .await;
        assert_eq!(
            (status, res["data"]["pieces"][2]["size"].as_str()),
            (200, Some("XXL")),
            "{res}"
        );
        // Nobody reaches another member's piece.
        let other = member(&app, 2).await;
        assert_eq!(
            app.delete_auth(&format!("{mine_url}/{third}"), &other)
                .await
                .0,
            404
        );
        assert_eq!(
            app.put_auth(&format!("{mine_url}/{third}"), &other, json!({"size": "S"}))
                .await
                .0,
            404
        );

        // All three paid as one order, at the engine's price.
        let created = order(&app, &parent, &token, 1, to_pay).await;
        let (status, res) = verify(&app, &parent, &created, 1).await;
        assert_eq!(status, 200, "{res}");
        let order_id = created["order"]["_id"].as_str().unwrap().to_string();
        let (_, paid) = app
            .get_auth(&format!("/api/orders/{order_id}"), &parent)
            .await;
        assert_eq!(
            (
                paid["data"]["totalPrice"].as_i64(),
                paid["data"]["itemsCount"].as_i64()
            ),
            (Some(to_pay), Some(3))
        );
        let (_, mine) = app.get_auth(&mine_url, &parent).await;
        let number = paid["data"]["orderNumber"].as_str().unwrap();
        for piece in mine["data"]["pieces"].as_array().unwrap() {
            assert_eq!(
                (piece["paid"].as_bool(), piece["orderNumber"].as_str()),
                (Some(true), Some(number)),
                "{piece}"
            );
        }
        assert_eq!(mine["data"]["toPay"], 0);

        // Fewer pieces allowed takes none away, but refuses more.
        update(1).await;
        let (status, res) = app.post_auth(&rows, &parent, json!({"size": "M"})).await;
        assert_eq!(
            (status, res["code"].as_str()),
            (409, Some("GROUP_ALREADY_JOINED"))
        );

        // One piece withdrawn: its part back; then the rest: the whole total, once.
        let first = pieces[0]["_id"].as_str().unwrap();
        let (status, res) = app
            .delete_auth(&format!("{mine_url}/{first}"), &parent)
            .await;
        assert_eq!(
            (status, res["message"].as_str()),
            (
                200,
                Some("Your piece was withdrawn: its payment is being refunded")
            ),
            "{res}"
        );
        // Made by the withdrawal itself (it settles its own refund, nobody else's).
        assert_eq!(refunds(&app, &order_id).await, (1, to_pay / 3));
        let (_, mine) = app.get_auth(&mine_url, &parent).await;
        assert_eq!(mine["data"]["pieces"].as_array().unwrap().len(), 2);
        let (status, _) = app.delete_auth(&mine_url, &parent).await;
        assert_eq!(status, 200);
        settle(&app).await;
        let (count, total) = refunds(&app, &order_id).await;
        assert_eq!(total, to_pay, "{engine:?}: {count} refunds make the whole");
        assert_eq!(app.get_auth(&mine_url, &parent).await.0, 404);
    }
}

/// What is made is what is paid and not refunded: the organiser pays 26
/// top-ups as one order and removes one for a refund; the order, its print
/// files and the production gate count 25 pieces, and the credit note's
/// refund names the piece that left.
#[tokio::test]
async fn a_refunded_piece_is_never_made() {
    for engine in engines() {
        let app = app(engine).await;
        let (organiser, id, token) = group(&app).await;
        for n in 0..26 {
            let size = if n % 2 == 0 { "M" } else { "L" };
            let (status, res) = app
                .post_auth(
                    &format!("/api/group-orders/{id}/rows"),
                    &organiser,
                    json!({ "size": size }),
                )
                .await;
            assert_eq!(status, 200, "{res}");
        }
        let (_, view) = app
            .get_auth(&format!("/api/group-orders/{id}"), &organiser)
            .await;
        let to_pay = view["data"]["toPay"].as_i64().unwrap();
        let created = order(&app, &organiser, &token, 90, to_pay).await;
        assert_eq!(verify(&app, &organiser, &created, 90).await.0, 200);
        let order_id = created["order"]["_id"].as_str().unwrap().to_string();
        let (_, view) = app
            .get_auth(&format!("/api/group-orders/{id}"), &organiser)
            .await;
        let row = view["data"]["rows"]
            .as_array()
            .unwrap()
            .iter()
            .find(|r| r["size"] == "L")
            .unwrap()["_id"]
            .as_str()
            .unwrap()
            .to_string();
        let (status, res) = app
            .delete_auth(&format!("/api/group-orders/{id}/rows/{row}"), &organiser)
            .await;
        assert_eq!(status, 200, "{res}");
        settle(&app).await;
        assert_eq!(
            refunds(&app, &order_id).await,
            (1, to_pay / 26),
            "{engine:?}: one piece back"
        );
        let reason: String = sqlx::query_scalar("SELECT reason FROM refunds WHERE order_id = $1")
            .bind(&order_id)
            .fetch_one(&app.db)
            .await
            .unwrap();
        assert_eq!(reason, "Removed from the group order: 1 piece (L)");
        let (_, paid) = app
            .get_auth(&format!("/api/orders/{order_id}"), &organiser)
            .await;
        let paid = &paid["data"];
        assert_eq!(
            (
                paid["itemsCount"].as_i64(),
                paid["orderItems"][0]["itemCount"].as_i64(),
                paid["orderItems"][0]["quantity"]["l"].as_i64()
            ),
            (Some(25), Some(25), Some(12)),
            "{engine:?}: the order makes what is paid: {paid}"
        );
        // Its proof approved, it still does not ship before its group is placed.
        let admin = app.admin_token().await;
        let (status, res) = app
            .post_auth(
                &format!("/api/orders/{order_id}/proofs"),
                &admin,
                json!({"note": "As designed"}),
            )
            .await;
        assert_eq!(status, 200, "{res}");
        let (status, res) = app
            .post_auth(
                &format!("/api/orders/{order_id}/proofs/1/approve"),
                &organiser,
                json!({}),
            )
            .await;
        assert_eq!(status, 200, "{res}");
        let ship = json!({"courier": "Delhivery", "awb": "AWB777", "trackingUrl": "https://www.delhivery.com/track/package/AWB777"});
        let (status, res) = app
            .post_auth(
                &format!("/api/orders/{order_id}/shipment"),
                &admin,
                ship.clone(),
            )
            .await;
        assert_eq!(
            (status, res["code"].as_str()),
            (409, Some("GROUP_NOT_PLACED")),
            "{engine:?}: {res}"
        );
        let (status, res) = app
            .post_auth(
                &format!("/api/group-orders/{id}/close"),
                &organiser,
                json!({}),
            )
            .await;
        assert_eq!(
            (status, res["data"]["status"].as_str()),
            (200, Some("placed")),
            "{res}"
        );
        let zip = app
            .client
            .get(app.url(&format!("/api/orders/{order_id}/print-files")))
            .bearer_auth(&admin)
            .send()
            .await
            .unwrap()
            .bytes()
            .await
            .unwrap();
        let mut zip = zip::ZipArchive::new(std::io::Cursor::new(zip.to_vec())).unwrap();
        let manifest: Value =
            serde_json::from_reader(zip.by_name("manifest.json").unwrap()).unwrap();
        let q = &manifest["files"][0]["quantities"];
        assert_eq!(
            (q["m"].as_i64(), q["l"].as_i64()),
            (Some(13), Some(12)),
            "{engine:?}: the printer makes 25: {manifest}"
        );
        // The gate counts the rows holding the order: a piece that left without
        // its line being rewritten stops production.
        let row: String = sqlx::query_scalar(
            "SELECT id FROM group_order_rows WHERE order_id = $1 ORDER BY id LIMIT 1",
        )
        .bind(&order_id)
        .fetch_one(&app.db)
        .await
        .unwrap();
        sqlx::query("UPDATE group_order_rows SET order_id = NULL WHERE id = $1")
            .bind(&row)
            .execute(&app.db)
            .await
            .unwrap();
        let to_processing = json!({"status": "processing", "overrideReason": "proof by phone"});
        let url = format!("/api/orders/{order_id}/status");
        let (status, res) = app.put_auth(&url, &admin, to_processing.clone()).await;
        assert_eq!(
            (status, res["code"].as_str()),
            (409, Some("GROUP_PIECES_CHANGED")),
            "{engine:?}: {res}"
        );
        sqlx::query("UPDATE group_order_rows SET order_id = $1 WHERE id = $2")
            .bind(&order_id)
            .bind(&row)
            .execute(&app.db)
            .await
            .unwrap();
        let (status, res) = app.put_auth(&url, &admin, to_processing).await;
        assert_eq!(status, 200, "{engine:?}: {res}");
        // The parcel goes to the group's full address, which the order itself does not show.
        let (status, res) = app
            .post_auth(&format!("/api/orders/{order_id}/shipment"), &admin, ship)
            .await;
        assert_eq!(status, 200, "{engine:?}: {res}");
        let (_, _, pdf) = app
            .get_bytes(
                &format!("/api/orders/{order_id}/shipment/label.pdf"),
                Some(&admin),
            )
            .await;
        let text = lopdf::Document::load_mem(&pdf)
            .unwrap()
            .extract_text(&[1])
            .unwrap();
        assert!(
            text.contains("110001") && text.contains("Janpath"),
            "{engine:?}: {text}"
        );
    }
}

/// Members paying are never left waiting on an organiser who does nothing:
/// after the deadline a paying member may still withdraw, refunded, and a
/// group neither extended nor closed within the grace hours is cancelled by
/// the clock, every member refunded once however many instances run it.
#[tokio::test]
async fn members_money_is_never_stuck_after_a_missed_deadline() {
    for engine in engines() {
        let app = app(engine).await;
        let (_, id, token) = group(&app).await;
        let mut members = Vec::new();
        let mut orders = Vec::new();
        for n in 0..3 {
            let t = member(&app, n).await;
            let created = join_and_order(&app, &t, &token, n).await;
            assert_eq!(verify(&app, &t, &created, n).await.0, 200);
            orders.push(created["order"]["_id"].as_str().unwrap().to_string());
            members.push(t);
        }
        let set_deadline = |at: i64| {
            sqlx::query("UPDATE group_orders SET deadline = $1 WHERE id = $2")
                .bind(at)
                .bind(id.clone())
                .execute(&app.db)
        };
        set_deadline(api::db::now_ms() - 1000).await.unwrap();
        api::core::groups::tick(&app.state).await.unwrap();
        let told = app
            .message_with("captain@example.com", "within 48 hours, it is cancelled")
            .await;
        assert!(
            !told.is_empty(),
            "{engine:?}: the organiser hears of the grace"
        );
        // No new pieces after the deadline, but a paying member may leave, refunded.
        let late = member(&app, 7).await;
        let (status, res) = app
            .post_auth(
                &format!("/api/group-orders/by-token/{token}/rows"),
                &late,
                json!({"size": "M"}),
            )
            .await;
        assert_eq!(
            (status, res["code"].as_str()),
            (409, Some("GROUP_DEADLINE_PASSED"))
        );
        let (status, res) = app
            .delete_auth(
                &format!("/api/group-orders/by-token/{token}/rows/mine"),
                &members[0],
            )
            .await;
        assert_eq!(status, 200, "{engine:?}: {res}");
        settle(&app).await;
        assert_eq!(
            refunds(&app, &orders[0]).await,
            (1, PIECE_PAID),
            "{engine:?}"
        );
        // Within the grace, the clock waits for the organiser.
        api::core::groups::tick(&app.state).await.unwrap();
        let status = group_status(&app, &id).await;
        assert_eq!(status, "open");
        // Past it, three instances' clocks at once: cancelled and refunded once.
        set_deadline(api::db::now_ms() - 49 * 3600 * 1000)
            .await
            .unwrap();
        let ticks = join_all((0..3).map(|_| api::core::groups::tick(&app.state))).await;
        assert!(ticks.iter().all(Result::is_ok), "{engine:?}: {ticks:?}");
        api::core::groups::tick(&app.state).await.unwrap();
        let status = group_status(&app, &id).await;
        assert_eq!(status, "cancelled", "{engine:?}");
        for order in &orders[1..] {
            assert_eq!(refunds(&app, order).await, (1, PIECE_PAID), "{engine:?}");
        }
        assert_eq!(
            outbox(&app, "Chess Club 2026 was cancelled").await,
            [
                "captain@example.com",
                "member1@example.com",
                "member2@example.com"
            ],
            "{engine:?}: the organiser and the members left, once each"
        );
    }
}

/// A stranger with the link learns nothing of the organiser's address from
/// their own order; paying on a cancelled group makes no order at all; a
/// receipt of a cart order never pays for group rows; and the group's
/// pictures outlive the saved design they came from while it is open.
#[tokio::test]
async fn a_group_keeps_its_organisers_address_and_its_pictures() {
    for engine in engines() {
        let app = app(engine).await;
        let (organiser, id, token) = group(&app).await;
        let stranger = member(&app, 0).await;
        let created = join_and_order(&app, &stranger, &token, 0).await;
        let order_id = created["order"]["_id"].as_str().unwrap();
        let (_, order) = app
            .get_auth(&format!("/api/orders/{order_id}"), &stranger)
            .await;
        let shown = order["data"]["shippingAddress"].clone();
        assert_eq!(
            (
                shown["fullName"].as_str(),
                shown["city"].as_str(),
                shown["street"].as_str(),
                shown["phone"].as_str(),
                shown["zipCode"].as_str()
            ),
            (
                Some("Asha"),
                Some("New Delhi"),
                Some(""),
                Some(""),
                Some("")
            ),
            "{engine:?}: {shown}"
        );
        for text in [order.to_string(), created.to_string()] {
            assert!(
                !text.contains("Janpath")
                    && !text.contains("+91 98765")
                    && !text.contains("Asha Rao"),
                "{engine:?}: the organiser's address leaked: {text}"
            );
        }
        // A pending cart order's receipt never pays for group rows.
        let cart_token = crate::helpers::checkout::shopper(&app, "cart@example.com").await;
        let (status, res) = app
            .post_auth(
                "/api/payments/create-order",
                &cart_token,
                crate::helpers::checkout::order_request(
                    "shared_receipt",
                    crate::helpers::checkout::TOTAL,
                ),
            )
            .await;
        assert_eq!(status, 200, "{res}");
        let (status, res) = app
            .post_auth(
                &format!("/api/group-orders/by-token/{token}/rows"),
                &cart_token,
                json!({"size": "L"}),
            )
            .await;
        assert_eq!(status, 200, "{res}");
        let (status, res) = app
            .post_auth(
                &format!("/api/group-orders/by-token/{token}/rows/mine/pay"),
                &cart_token,
                json!({"amount": PIECE_PAID, "receipt": "shared_receipt", "billingAddress": billing(5)}),
            )
            .await;
        assert_eq!(
            (status, res["code"].as_str()),
            (409, Some("RECEIPT_IN_USE")),
            "{engine:?}: {res}"
        );
        // The saved design goes; the open group keeps its pictures from the sweeper.
        let pictures: i64 =
            sqlx::query_scalar("SELECT COUNT(*) FROM group_order_artwork WHERE group_id = $1")
                .bind(&id)
                .fetch_one(&app.db)
                .await
                .unwrap();
        let (_, designs) = app.get_auth("/api/designs", &organiser).await;
        for d in designs["data"].as_array().unwrap() {
            let (status, _) = app
                .delete_auth(
                    &format!("/api/designs/{}", d["_id"].as_str().unwrap()),
                    &organiser,
                )
                .await;
            assert_eq!(status, 200);
        }
        sqlx::query("UPDATE artwork SET touched_at = 0")
            .execute(&app.db)
            .await
            .unwrap();
        api::sweeper::sweep(&app.state, std::time::Duration::from_secs(3600))
            .await
            .unwrap();
        let kept: i64 = sqlx::query_scalar(
            "SELECT COUNT(*) FROM artwork a JOIN group_order_artwork g ON g.sha256 = a.sha256 WHERE g.group_id = $1",
        )
        .bind(&id)
        .fetch_one(&app.db)
        .await
        .unwrap();
        assert_eq!(
            kept, pictures,
            "{engine:?}: the open group's pictures are kept"
        );
        // Cancelled: paying is refused before any order (or provider order) is made.
        let (status, _) = app
            .post_auth(
                &format!("/api/group-orders/{id}/cancel"),
                &organiser,
                json!({}),
            )
            .await;
        assert_eq!(status, 200);
        let before: i64 = sqlx::query_scalar("SELECT COUNT(*) FROM orders")
            .fetch_one(&app.db)
            .await
            .unwrap();
        let (status, res) = app
            .post_auth(
                &format!("/api/group-orders/by-token/{token}/rows/mine/pay"),
                &stranger,
                json!({"amount": PIECE_PAID, "receipt": "after_cancel", "billingAddress": billing(0)}),
            )
            .await;
        assert_eq!(
            (status, res["code"].as_str()),
            (409, Some("GROUP_CANCELLED")),
            "{engine:?}: {res}"
        );
        let after: i64 = sqlx::query_scalar("SELECT COUNT(*) FROM orders")
            .fetch_one(&app.db)
            .await
            .unwrap();
        assert_eq!(before, after, "{engine:?}: no order was made");
    }
}

/// A member pays an order while paying again with a new receipt: whichever
/// lands first, the paid order is held by the rows it paid for (never by
/// none), and anything paid that holds no row is refunded.
#[tokio::test]
async fn a_payment_racing_a_second_checkout_keeps_its_rows() {
    for engine in engines() {
        let app = app(engine).await;
        let (_, _, token) = group(&app).await;
        for n in 0..6 {
            let t = member(&app, n).await;
            let first = join_and_order(&app, &t, &token, n).await;
            let again = async {
                app.post_auth(
                    &format!("/api/group-orders/by-token/{token}/rows/mine/pay"),
                    &t,
                    json!({"amount": PIECE_PAID, "receipt": format!("again_{n}"), "billingAddress": billing(n)}),
                )
                .await
            };
            let ((paid, body), _) = tokio::join!(verify(&app, &t, &first, n), again);
            settle(&app).await;
            let first_id = first["order"]["_id"].as_str().unwrap();
            let held: i64 =
                sqlx::query_scalar("SELECT COUNT(*) FROM group_order_rows WHERE order_id = $1")
                    .bind(first_id)
                    .fetch_one(&app.db)
                    .await
                    .unwrap();
            if paid == 200 {
                assert_eq!(
                    held, 1,
                    "{engine:?} round {n}: the paid order keeps its row: {body}"
                );
            } else {
                assert_eq!(held, 0, "{engine:?} round {n}: {body}");
            }
            // Every paid order of the member is held by a row or refunded in full.
            let loose: i64 = sqlx::query_scalar(
                "SELECT COUNT(*) FROM orders o WHERE o.group_id IS NOT NULL AND o.is_paid = 1 \
                 AND o.refunded_amount < o.total_price \
                 AND NOT EXISTS (SELECT 1 FROM group_order_rows r WHERE r.order_id = o.id)",
            )
            .fetch_one(&app.db)
            .await
            .unwrap();
            assert_eq!(loose, 0, "{engine:?} round {n}");
        }
    }
}
