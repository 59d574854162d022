//! Group orders through the real server on both databases: the organiser
//! opens one from a saved design, members join through the link (30 at
//! once), change and withdraw their rows, the organiser removes one, tops up
//! and closes the rows into one cart line priced by the engine; closed,
//! cancelled and past-deadline groups refuse rows with their own messages.

use design_engine::{Design, PrintArea};
use futures_util::future::join_all;
use serde_json::{Value, json};

use crate::helpers::checkout::pay_cart;
use crate::helpers::groups::{TEE, app, member, outbox, tee};
use crate::helpers::{TestApp, engines};

const DAY_MS: i64 = 24 * 3600 * 1000;

fn now_ms() -> i64 {
    api::db::now_ms()
}

/// The organiser, their saved design, and a new group order from it.
async fn group(app: &TestApp, team: bool) -> (String, Value) {
    let (organiser, _) = app.sign_up("captain@example.com").await;
    let (status, saved) = app
        .post_auth(
            "/api/designs",
            &organiser,
            json!({"name": "Club tee", "design": tee(team)}),
        )
        .await;
    assert_eq!(status, 201, "{saved}");
    let design_id = saved["data"]["_id"].as_str().unwrap().to_string();
    let create = |body: Value| {
        let (app, organiser) = (app, organiser.clone());
        async move { app.post_auth("/api/group-orders", &organiser, body).await }
    };
    let ok = json!({"designId": design_id, "title": "Chess Club 2026", "deadline": now_ms() + 7 * DAY_MS,
                    "payment": "organiser", "personalisation": team});
    // Every field checked, with its own message; nothing created.
    for (change, code) in [
        (json!({"title": "  "}), "GROUP_TITLE"),
        (json!({"title": "x".repeat(81)}), "GROUP_TITLE"),
        (json!({"deadline": now_ms() - 1}), "GROUP_DEADLINE"),
        (
            json!({"deadline": now_ms() + 91 * DAY_MS}),
            "GROUP_DEADLINE",
        ),
        (json!({"payment": "members"}), "GROUP_SHIP_TO"),
        (json!({"payment": "anyone"}), "GROUP_PAYMENT"),
        (json!({"personalisation": !team}), "GROUP_PERSONALISATION"),
        (json!({"piecesPerMember": 0}), "GROUP_PIECES_PER_MEMBER"),
        (json!({"piecesPerMember": 11}), "GROUP_PIECES_PER_MEMBER"),
    ] {
        let mut body = ok.clone();
        for (k, v) in change.as_object().unwrap() {
            body[k] = v.clone();
        }
        let (status, res) = create(body).await;
        assert_eq!(
            (status, res["code"].as_str()),
            (400, Some(code)),
            "{change}: {res}"
        );
    }
    let mut other = ok.clone();
    other["designId"] = json!("0123456789abcdef01234567");
    assert_eq!(create(other).await.0, 404);
    let (status, res) = create(ok).await;
    assert_eq!(status, 200, "{res}");
    (organiser, res["data"].clone())
}

#[tokio::test]
async fn thirty_members_join_at_once_and_the_organiser_closes_them_into_one_line() {
    for engine in engines() {
        let app = app(engine).await;
        let (organiser, g) = group(&app, false).await;
        let token = g["token"].as_str().unwrap().to_string();
        let id = g["_id"].as_str().unwrap().to_string();
        assert_eq!(g["path"], format!("/g/{token}"));
        assert_eq!(
            (g["status"].as_str(), g["progress"]["needMore"].as_i64()),
            (Some("open"), Some(25))
        );

        // The link shows the design and the price to anyone, and nothing of the organiser but a first name.
        let (status, public) = app
            .get(&format!("/api/group-orders/by-token/{token}"))
            .await;
        assert_eq!(status, 200, "{public}");
        let p = &public["data"];
        assert_eq!(
            (p["organiser"].as_str(), p["pricePerPiece"].as_i64()),
            (Some("Asha"), Some(299_00))
        );
        assert!(
            !public.to_string().contains("captain@example.com"),
            "{public}"
        );
        assert_eq!(app.get("/api/group-orders/by-token/abc").await.0, 404);
        assert_eq!(
            app.get(&format!("/api/group-orders/by-token/{}", "0".repeat(32)))
                .await
                .0,
            404
        );

        // 30 members join at the same moment: every row is recorded once.
        let members = join_all((0..30).map(|n| member(&app, n))).await;
        let sizes = ["S", "M", "L", "XL", "XXL"];
        let joins = members.iter().enumerate().map(|(n, m)| {
            let (app, url) = (&app, format!("/api/group-orders/by-token/{token}/rows"));
            async move {
                app.post_auth(&url, m, json!({"size": sizes[n % 5]}))
                    .await
                    .0
            }
        });
        assert_eq!(join_all(joins).await, vec![200; 30], "{engine:?}");
        let rows_url = format!("/api/group-orders/by-token/{token}/rows");
        let (status, body) = app
            .post_auth(&rows_url, &members[0], json!({"size": "M"}))
            .await;
        assert_eq!(
            (status, body["code"].as_str()),
            (409, Some("GROUP_ALREADY_JOINED")),
            "{body}"
        );
        let (status, body) = app
            .post_auth(&rows_url, &organiser, json!({"size": "XXXL"}))
            .await;
        assert_eq!(
            (status, body["code"].as_str()),
            (400, Some("ROSTER_UNKNOWN_SIZE")),
            "{body}"
        );
        assert_eq!(
            body["message"],
            "\"XXXL\" is not a size: use S, M, L, XL or XXL"
        );
        let (status, body) = app
            .post_auth(&rows_url, &organiser, json!({"size": "M", "name": "ASHA"}))
            .await;
        assert_eq!(
            (status, body["code"].as_str()),
            (400, Some("GROUP_NOT_PERSONALISED")),
            "{body}"
        );
        // Each member was told once; the organiser once, when the 25th piece joined.
        assert_eq!(
            outbox(&app, "You have joined Chess Club 2026").await.len(),
            30
        );
        assert_eq!(
            outbox(&app, "Chess Club 2026 has reached the minimum").await,
            ["captain@example.com"]
        );

        // A member changes and then withdraws; the organiser removes another.
        let mine = format!("/api/group-orders/by-token/{token}/rows/mine");
        let (status, body) = app
            .put_auth(&mine, &members[1], json!({"size": "xxl"}))
            .await;
        assert_eq!(
            (status, body["data"]["pieces"][0]["size"].as_str()),
            (200, Some("XXL")),
            "{body}"
        );
        let (status, body) = app.delete_auth(&mine, &members[2]).await;
        assert_eq!(
            (status, body["data"]["pieces"].as_i64()),
            (200, Some(29)),
            "{body}"
        );
        assert_eq!(app.delete_auth(&mine, &members[2]).await.0, 404);
        let (_, view) = app
            .get_auth(&format!("/api/group-orders/{id}"), &organiser)
            .await;
        let row = view["data"]["rows"]
            .as_array()
            .unwrap()
            .iter()
            .find(|r| r["member"] == "Member 3")
            .unwrap()
            .clone();
        let (status, view) = app
            .delete_auth(
                &format!(
                    "/api/group-orders/{id}/rows/{}",
                    row["_id"].as_str().unwrap()
                ),
                &organiser,
            )
            .await;
        assert_eq!(status, 200, "{view}");
        assert_eq!(
            outbox(&app, "Your piece was removed from Chess Club 2026").await,
            ["member3@example.com"]
        );
        let progress = &view["data"]["progress"];
        assert_eq!(progress["pieces"], 28);
        assert_eq!(
            progress["sizes"],
            json!({"s": 6, "m": 5, "l": 5, "xl": 5, "xxl": 7}),
            "{progress}"
        );
        assert_eq!(
            (
                progress["minimumReached"].as_bool(),
                progress["lineTotal"].as_i64()
            ),
            (Some(true), Some(28 * 299_00))
        );

        // Nobody else sees or runs the group.
        let stranger = &members[5];
        assert_eq!(
            app.get_auth(&format!("/api/group-orders/{id}"), stranger)
                .await
                .0,
            404
        );
        assert_eq!(
            app.post_auth(
                &format!("/api/group-orders/{id}/close"),
                stranger,
                json!({})
            )
            .await
            .0,
            404
        );
        let (_, list) = app.get_auth("/api/group-orders", stranger).await;
        assert_eq!(list["data"]["groups"], json!([]));

        // Closing: one line in the organiser's cart, the rows' sizes, the engine's price.
        let (status, closed) = app
            .post_auth(
                &format!("/api/group-orders/{id}/close"),
                &organiser,
                json!({}),
            )
            .await;
        assert_eq!(
            (status, closed["data"]["status"].as_str()),
            (200, Some("closed")),
            "{closed}"
        );
        let (_, cart) = app.get_auth("/api/cart", &organiser).await;
        let line = &cart["data"]["items"][0];
        assert_eq!(
            line["quantity"],
            json!({"s": 6, "m": 5, "l": 5, "xl": 5, "xxl": 7}),
            "{cart}"
        );
        assert_eq!(line["lineTotal"], 28 * 299_00);
        assert_eq!(
            outbox(&app, "Chess Club 2026 is closed: your piece goes to print")
                .await
                .len(),
            28
        );
        // A closed group takes no rows and no second close.
        let (status, body) = app
            .post_auth(&rows_url, &members[2], json!({"size": "M"}))
            .await;
        assert_eq!(
            (status, body["code"].as_str()),
            (409, Some("GROUP_CLOSED")),
            "{body}"
        );
        let (status, body) = app.put_auth(&mine, &members[4], json!({"size": "M"})).await;
        assert_eq!(
            (status, body["code"].as_str()),
            (409, Some("GROUP_CLOSED")),
            "{body}"
        );
        let (status, body) = app
            .post_auth(
                &format!("/api/group-orders/{id}/close"),
                &organiser,
                json!({}),
            )
            .await;
        assert_eq!(
            (status, body["code"].as_str()),
            (409, Some("GROUP_NOT_OPEN")),
            "{body}"
        );
        let (_, cart) = app.get_auth("/api/cart", &organiser).await;
        assert_eq!(cart["data"]["itemCount"], 28, "{engine:?}");

        // The organiser pays: the group is placed and everyone is told, once;
        // and again when the order ships.
        let total = cart["data"]["totalPrice"].as_i64().unwrap();
        let order_id = pay_cart(&app, &organiser, "rcpt_group", total).await;
        for _ in 0..2 {
            api::core::groups::tick(&app.state).await.unwrap();
        }
        let (_, view) = app
            .get_auth(&format!("/api/group-orders/{id}"), &organiser)
            .await;
        assert_eq!(view["data"]["status"], "placed", "{view}");
        assert_eq!(
            outbox(&app, "Chess Club 2026 has been ordered").await.len(),
            29
        );
        let admin = app.admin_token().await;
        let (status, body) = app
            .put_auth(
                &format!("/api/orders/{order_id}/status"),
                &admin,
                json!({"status": "shipped", "overrideReason": "The captain approved the proof by phone"}),
            )
            .await;
        assert_eq!(status, 200, "{body}");
        for _ in 0..2 {
            api::core::groups::tick(&app.state).await.unwrap();
        }
        assert_eq!(outbox(&app, "Chess Club 2026 has shipped").await.len(), 29);
        // The admin's order holds the 28 pieces as one line.
        let (_, order) = app
            .get_auth(&format!("/api/orders/{order_id}"), &admin)
            .await;
        assert_eq!(order["data"]["orderItems"][0]["itemCount"], 28, "{order}");
    }
}

#[tokio::test]
async fn a_team_group_takes_names_tops_up_to_the_minimum_and_closes_with_its_roster() {
    for engine in engines() {
        let app = app(engine).await;
        let (organiser, g) = group(&app, true).await;
        let token = g["token"].as_str().unwrap().to_string();
        let id = g["_id"].as_str().unwrap().to_string();
        let rows_url = format!("/api/group-orders/by-token/{token}/rows");
        let (_, public) = app
            .get(&format!("/api/group-orders/by-token/{token}"))
            .await;
        // ₹299 and ₹60 + ₹40 for the name and number.
        assert_eq!(public["data"]["pricePerPiece"], 399_00, "{public}");

        let ravi = member(&app, 1).await;
        for (row, code) in [
            (json!({"size": "M", "number": "7"}), "ROSTER_NAME_MISSING"),
            (
                json!({"size": "M", "name": "R2D2", "number": "7"}),
                "ROSTER_NAME_CHARACTER",
            ),
            (
                json!({"size": "M", "name": "Ravi", "number": "1234"}),
                "ROSTER_NUMBER_TOO_LONG",
            ),
        ] {
            let (status, body) = app.post_auth(&rows_url, &ravi, row.clone()).await;
            assert_eq!(
                (status, body["code"].as_str()),
                (400, Some(code)),
                "{row}: {body}"
            );
        }
        let (status, body) = app
            .post_auth(
                &rows_url,
                &ravi,
                json!({"size": "L", "name": "ravi", "number": "7"}),
            )
            .await;
        assert_eq!(status, 200, "{body}");
        let mut piece = body["data"]["pieces"][0].clone();
        assert!(piece["_id"].as_str().is_some_and(api::ids::is_id), "{body}");
        piece["_id"] = json!("");
        assert_eq!(
            (
                piece,
                &body["data"]["piecesPerMember"],
                &body["data"]["toPay"]
            ),
            (
                json!({"_id": "", "size": "L", "name": "RAVI", "number": "7", "paid": false}),
                &json!(1),
                &json!(0)
            )
        );

        // Below the minimum, closing is refused with the engine's count.
        let close = format!("/api/group-orders/{id}/close");
        let (status, body) = app.post_auth(&close, &organiser, json!({})).await;
        assert_eq!(
            (status, body["code"].as_str()),
            (400, Some("BELOW_MINIMUM")),
            "{body}"
        );
        let (_, cart) = app.get_auth("/api/cart", &organiser).await;
        assert_eq!(cart["data"]["items"], json!([]));

        // The deadline passes: rows are refused until the organiser extends it.
        sqlx::query("UPDATE group_orders SET deadline = $1 WHERE id = $2")
            .bind(now_ms() - 1)
            .bind(&id)
            .execute(&app.db)
            .await
            .unwrap();
        // The clock tells the organiser what they can do, once.
        for _ in 0..2 {
            api::core::groups::tick(&app.state).await.unwrap();
        }
        let told = outbox(&app, "Chess Club 2026 reached its deadline").await;
        assert_eq!(told, ["captain@example.com"], "{engine:?}");
        let priya = member(&app, 2).await;
        let priya_row = json!({"size": "S", "name": "Priya", "number": "10"});
        let (status, body) = app.post_auth(&rows_url, &priya, priya_row.clone()).await;
        assert_eq!(
            (status, body["code"].as_str()),
            (409, Some("GROUP_DEADLINE_PASSED")),
            "{body}"
        );
        let (status, body) = app
            .put_auth(
                &format!("/api/group-orders/{id}"),
                &organiser,
                json!({"title": "Chess Club 2026", "deadline": now_ms() + DAY_MS}),
            )
            .await;
        assert_eq!(
            (status, body["data"]["deadlinePassed"].as_bool()),
            (200, Some(false)),
            "{body}"
        );
        assert_eq!(app.post_auth(&rows_url, &priya, priya_row).await.0, 200);

        // The organiser tops up the 23 pieces nobody claimed, then closes.
        for n in 0..23 {
            let (status, body) = app
                .post_auth(
                    &format!("/api/group-orders/{id}/rows"),
                    &organiser,
                    json!({"size": "M", "name": "Spare", "number": n.to_string()}),
                )
                .await;
            assert_eq!(status, 200, "{body}");
        }
        // At its deadline, a group with the minimum closes by itself.
        sqlx::query("UPDATE group_orders SET deadline = $1 WHERE id = $2")
            .bind(now_ms() - 1)
            .bind(&id)
            .execute(&app.db)
            .await
            .unwrap();
        api::core::groups::tick(&app.state).await.unwrap();
        let (_, view) = app
            .get_auth(&format!("/api/group-orders/{id}"), &organiser)
            .await;
        assert_eq!(view["data"]["status"], "closed", "{view}");
        assert_eq!(
            outbox(&app, "Chess Club 2026 closed at its deadline").await,
            ["captain@example.com"]
        );
        let (_, cart) = app.get_auth("/api/cart", &organiser).await;
        let line = &cart["data"]["items"][0];
        let roster = line["design"]["roster"].as_array().unwrap();
        assert_eq!(roster.len(), 25, "{line}");
        assert_eq!(
            (roster[0]["name"].as_str(), roster[1]["name"].as_str()),
            (Some("RAVI"), Some("PRIYA"))
        );
        assert_eq!(line["personalisation"]["total"], 25 * 100_00);
        assert_eq!(line["lineTotal"], 25 * 299_00 + 25 * 100_00, "{engine:?}");
    }
}

#[tokio::test]
async fn a_cancelled_group_tells_its_members_and_takes_no_rows() {
    for engine in engines() {
        let app = app(engine).await;
        let (organiser, g) = group(&app, false).await;
        let token = g["token"].as_str().unwrap().to_string();
        let id = g["_id"].as_str().unwrap().to_string();
        let rows_url = format!("/api/group-orders/by-token/{token}/rows");
        let kiran = member(&app, 7).await;
        assert_eq!(
            app.post_auth(&rows_url, &kiran, json!({"size": "M"}))
                .await
                .0,
            200
        );
        let (status, body) = app
            .post_auth(
                &format!("/api/group-orders/{id}/cancel"),
                &organiser,
                json!({}),
            )
            .await;
        assert_eq!(
            (status, body["data"]["status"].as_str()),
            (200, Some("cancelled")),
            "{body}"
        );
        assert_eq!(
            outbox(&app, "Chess Club 2026 was cancelled").await,
            ["member7@example.com"]
        );
        let (status, body) = app
            .post_auth(&rows_url, &member(&app, 8).await, json!({"size": "M"}))
            .await;
        assert_eq!(
            (status, body["code"].as_str()),
            (409, Some("GROUP_CANCELLED")),
            "{body}"
        );
        let (status, _) = app
            .post_auth(
                &format!("/api/group-orders/{id}/cancel"),
                &organiser,
                json!({}),
            )
            .await;
        assert_eq!(status, 409, "{engine:?}");
        let (status, _) = app
            .put_auth(
                &format!("/api/group-orders/{id}"),
                &organiser,
                json!({"title": "Again", "deadline": now_ms() + DAY_MS}),
            )
            .await;
        assert_eq!(status, 409);
    }
}

#[tokio::test]
async fn the_link_shows_the_designs_own_pictures_and_nothing_else() {
    use crate::helpers::LOGO;
    for engine in engines() {
        let app = app(engine).await;
        let (organiser, _) = app.sign_up("captain@example.com").await;
        let sha = design_engine::hash::sha256_hex(LOGO);
        let (status, body) = app
            .put_bytes(
                &format!("/api/artwork/{sha}"),
                &organiser,
                LOGO.to_vec(),
                "image/png",
            )
            .await;
        assert!(status == 200 || status == 201, "{body}");
        let (asset, _) = design_engine::codec::decode_upload(LOGO, "image/png").unwrap();
        let mut d = Design::new(TEE, "white");
        d.set_image(
            PrintArea::Back,
            design_engine::ImageElement::new(asset, "logo.png"),
        );
        let (_, saved) = app
            .post_auth("/api/designs", &organiser, json!({"name": "Logo tee", "design": serde_json::from_str::<Value>(&d.to_json()).unwrap()}))
            .await;
        let (status, g) = app
            .post_auth(
                "/api/group-orders",
                &organiser,
                json!({"designId": saved["data"]["_id"], "title": "Logo club", "deadline": now_ms() + DAY_MS,
                       "payment": "organiser", "personalisation": false}),
            )
            .await;
        assert_eq!(status, 200, "{g}");
        let token = g["data"]["token"].as_str().unwrap();
        // Anyone with the link gets the design's picture, as uploaded.
        let (status, _, bytes) = app
            .get_bytes(
                &format!("/api/group-orders/by-token/{token}/artwork/{sha}"),
                None,
            )
            .await;
        assert_eq!((status, bytes.as_slice()), (200, LOGO), "{engine:?}");
        // Not another picture, and not through a wrong link.
        let other = "a".repeat(64);
        let (status, _, _) = app
            .get_bytes(
                &format!("/api/group-orders/by-token/{token}/artwork/{other}"),
                None,
            )
            .await;
        assert_eq!(status, 404);
        let (status, _, _) = app
            .get_bytes(
                &format!(
                    "/api/group-orders/by-token/{}/artwork/{sha}",
                    "f".repeat(32)
                ),
                None,
            )
            .await;
        assert_eq!(status, 404);
    }
}
