//! Quotes with a negotiated price through the real server on both databases:
//! an admin makes one (checked field by field, numbered in its own series,
//! drawn as a PDF, e-mailed with its link); the customer with that e-mail
//! (whenever they signed up) sees it and accepts it once, before it expires,
//! into their cart at the held price for that line only; checkout charges it
//! and the order line records the quote.

use crate::helpers::checkout::pay_cart;
use crate::helpers::{TestApp, engines};
use design_engine::{Design, Font, PrintArea, Size, TextElement};
use serde_json::{Value, json};

const TEE: &str = "64f1a2b3c4d5e6f708190a05"; // T-Shirt Normal, ₹299; 100 pieces: ₹269.10
const CUSTOMER: &str = "school@example.com";

fn now_ms() -> i64 {
    std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .unwrap()
        .as_millis() as i64
}

/// The date in India `days` from now, `YYYY-MM-DD`.
fn in_days(days: i64) -> String {
    let ms = now_ms() + days * 86_400_000 + 19_800_000;
    chrono::DateTime::from_timestamp_millis(ms)
        .unwrap()
        .format("%Y-%m-%d")
        .to_string()
}

/// 100 navy-blue tees in M for the customer, at `unit_price` (paise) or the engine's.
fn request(unit_price: Option<i64>) -> Value {
    json!({
        "customerEmail": CUSTOMER, "productId": TEE, "color": "navyblue",
        "quantities": {"m": 100}, "unitPrice": unit_price, "validUntil": in_days(14),
        "note": "Sports day, delivery before 20 January"
    })
}

fn with(mut body: Value, key: &str, value: Value) -> Value {
    body[key] = value;
    body
}

/// The customer's saved design: a text on the Left Chest of a navy tee.
async fn saved_design(app: &TestApp, token: &str) -> String {
    let mut d = Design::new(TEE, "navyblue");
    d.set_text(
        PrintArea::LeftChest,
        TextElement::new("Sports Day", Font::Georgia, 20, "#ffffff").unwrap(),
    );
    d.set_quantity(Size::M, 25).unwrap();
    let design: Value = serde_json::from_str(&d.to_json()).unwrap();
    let (status, body) = app
        .post_auth(
            "/api/designs",
            token,
            json!({"name": "Sports day", "design": design}),
        )
        .await;
    assert!(status == 200 || status == 201, "{body}");
    body["data"]["_id"]
        .as_str()
        .or(body["data"]["id"].as_str())
        .unwrap()
        .to_string()
}

/// A customer who signed up and proved their address (an e-mail code).
async fn proven_customer(app: &TestApp, email: &str) -> String {
    app.sign_up(email).await;
    app.sign_in_by_code(email).await
}

fn pdf_text(pdf: &[u8]) -> String {
    let doc = lopdf::Document::load_mem(pdf).expect("a well-formed PDF");
    let pages: Vec<u32> = doc.get_pages().keys().copied().collect();
    let text = doc.extract_text(&pages).unwrap();
    // The rupee sign is drawn in another font: lopdf starts a chunk there.
    text.split_whitespace()
        .collect::<Vec<_>>()
        .join(" ")
        .replace("₹ ", "₹")
}

#[tokio::test]
async fn an_admin_makes_a_numbered_quote_checked_field_by_field_with_its_pdf_and_email() {
    for engine in engines() {
        let app = TestApp::spawn(engine).await;
        let admin = app.admin_token().await;
        let (shopper, _) = app.sign_up("someone@example.com").await;

        let (status, body) = app.post_auth("/api/quotes", &shopper, request(None)).await;
        assert_eq!(status, 403, "{engine:?} {body}");

        let refused = [
            (
                with(request(None), "customerEmail", json!("not-an-email")),
                "QUOTE_EMAIL",
                "valid e-mail",
            ),
            (
                with(
                    request(None),
                    "productId",
                    json!("64f1a2b3c4d5e6f708190aff"),
                ),
                "QUOTE_PRODUCT",
                "Unknown product",
            ),
            (
                with(request(None), "color", json!("purple")),
                "UNKNOWN_COLOR",
                "This color is not available",
            ),
            (
                with(request(None), "quantities", json!({"m": 24})),
                "BELOW_MINIMUM",
                "You need 1 more items",
            ),
            (
                request(Some(269_11)),
                "QUOTED_PRICE_ABOVE_LIST",
                "₹269.11 is above the store's price of ₹269.10",
            ),
            (
                with(request(None), "validUntil", json!(in_days(-1))),
                "QUOTE_VALID_UNTIL",
                "today or a later day",
            ),
            (
                with(request(None), "validUntil", json!("31/12/2026")),
                "QUOTE_VALID_UNTIL",
                "YYYY-MM-DD",
            ),
            (
                with(request(None), "note", json!("x".repeat(1001))),
                "QUOTE_NOTE",
                "at most 1000 characters",
            ),
            (
                with(request(None), "designId", json!("64f1a2b3c4d5e6f708190aff")),
                "QUOTE_DESIGN",
                "No saved design",
            ),
        ];
        for (body, code, words) in refused {
            let (status, res) = app.post_auth("/api/quotes", &admin, body.clone()).await;
            assert_eq!(status, 400, "{engine:?} {body}: {res}");
            assert_eq!(res["code"], code, "{engine:?}: {res}");
            assert!(res["message"].as_str().unwrap().contains(words), "{res}");
        }
        let (_, list) = app.get_auth("/api/admin/quotes", &admin).await;
        assert_eq!(list["data"]["total"], 0, "nothing stored: {list}");

        // The engine's price shown before making it, then made at ₹250.
        let (status, preview) = app
            .post_auth("/api/admin/quotes/preview", &admin, request(Some(250_00)))
            .await;
        assert_eq!(status, 200, "{preview}");
        assert_eq!(preview["data"]["line"]["listUnitPrice"], 269_10);
        assert_eq!(preview["data"]["line"]["unitPrice"], 250_00);
        assert_eq!(preview["data"]["line"]["total"], 25_000_00);

        let (status, made) = app
            .post_auth("/api/quotes", &admin, request(Some(250_00)))
            .await;
        assert_eq!(status, 200, "{engine:?} {made}");
        let q = &made["data"];
        let number = q["number"].as_str().unwrap();
        assert!(
            number.starts_with("QT/") && number.ends_with("/000001"),
            "{q}"
        );
        assert_eq!(q["status"], "open");
        assert_eq!(q["line"]["garments"], 25_000_00);
        assert_eq!(q["line"]["basePrice"], 299_00);
        assert_eq!(q["line"]["tierDiscount"], 100 * 299_00 - 25_000_00);
        assert_eq!(q["validUntil"], in_days(14));
        let id = q["id"].as_str().unwrap();
        let (_, second) = app.post_auth("/api/quotes", &admin, request(None)).await;
        assert!(
            second["data"]["number"]
                .as_str()
                .unwrap()
                .ends_with("/000002"),
            "{second}"
        );
        assert_eq!(second["data"]["line"]["unitPrice"], 269_10);

        let mail = app.message_with(CUSTOMER, number).await;
        assert!(mail.contains(&format!("/quotes/{id}")), "{mail}");
        assert!(mail.contains("₹250.00 a piece"), "{mail}");

        let (status, _, pdf) = app
            .get_bytes(&format!("/api/quotes/{id}/pdf"), Some(&admin))
            .await;
        assert_eq!(status, 200);
        let text = pdf_text(&pdf);
        for needle in [
            "QUOTATION",
            number,
            "Legacy Threads",
            CUSTOMER,
            "T-Shirt Normal",
            "M: 100",
            "₹269.10",
            "₹250.00",
            "₹25,000.00",
            "Sports day, delivery before 20 January",
        ] {
            assert!(text.contains(needle), "{engine:?}: {needle:?} in {text}");
        }
        let (_, list) = app.get_auth("/api/admin/quotes", &admin).await;
        assert_eq!(list["data"]["total"], 2, "{list}");
    }
}

#[tokio::test]
async fn the_customer_accepts_once_into_the_cart_and_pays_the_held_price() {
    for engine in engines() {
        let app = TestApp::spawn(engine).await;
        let admin = app.admin_token().await;
        let customer = proven_customer(&app, CUSTOMER).await;
        let design_id = saved_design(&app, &customer).await;
        let (_, designs) = app
            .get_auth(
                &format!("/api/admin/quotes/designs?email={CUSTOMER}"),
                &admin,
            )
            .await;
        assert_eq!(designs["data"][0]["id"], design_id.as_str(), "{designs}");
        let (status, made) = app
            .post_auth(
                "/api/quotes",
                &admin,
                with(request(Some(250_00)), "designId", json!(design_id)),
            )
            .await;
        assert_eq!(status, 200, "{engine:?} {made}");
        let id = made["data"]["id"].as_str().unwrap().to_string();
        let number = made["data"]["number"].as_str().unwrap().to_string();

        // Theirs only.
        let (_, mine) = app.get_auth("/api/quotes", &customer).await;
        assert_eq!(mine["data"][0]["id"], id.as_str(), "{mine}");
        let other = proven_customer(&app, "other@example.com").await;
        let (status, _) = app.get_auth(&format!("/api/quotes/{id}"), &other).await;
        assert_eq!(status, 404);
        let (status, _) = app
            .post_auth(&format!("/api/quotes/{id}/accept"), &other, json!({}))
            .await;
        assert_eq!(status, 404);
        let (_, others) = app.get_auth("/api/quotes", &other).await;
        assert_eq!(others["data"], json!([]));

        // Another line at list prices, then the quote's.
        let (status, body) = app
            .post_auth(
                "/api/cart/items",
                &customer,
                json!({"productId": TEE, "color": "navyblue", "quantity": {"l": 25}}),
            )
            .await;
        assert_eq!(status, 200, "{body}");
        let (status, body) = app
            .post_auth(
                &format!("/api/quotes/{id}/accept"),
                &customer,
                json!({"designId": design_id}),
            )
            .await;
        assert_eq!(status, 400, "a quote with a design takes no other: {body}");
        assert_eq!(body["code"], "QUOTE_HAS_DESIGN");
        let (status, body) = app
            .post_auth(&format!("/api/quotes/{id}/accept"), &customer, json!({}))
            .await;
        assert_eq!(status, 200, "{engine:?} {body}");
        assert_eq!(body["data"]["status"], "accepted");
        let (status, body) = app
            .post_auth(&format!("/api/quotes/{id}/accept"), &customer, json!({}))
            .await;
        assert_eq!(status, 409, "{body}");
        assert_eq!(body["code"], "QUOTE_ACCEPTED");

        let (_, cart) = app.get_auth("/api/cart", &customer).await;
        let items = cart["data"]["items"].as_array().unwrap();
        assert_eq!(items.len(), 2, "{cart}");
        let held = items.iter().find(|i| i.get("quote").is_some()).unwrap();
        let plain = items.iter().find(|i| i.get("quote").is_none()).unwrap();
        assert_eq!(held["quote"]["number"], number.as_str());
        assert_eq!(held["quote"]["heldUnitPrice"], 250_00);
        assert_eq!(
            (&held["price"], &held["lineTotal"]),
            (&json!(250_00), &json!(25_000_00))
        );
        assert_eq!(
            plain["price"], 299_00,
            "the other line keeps its list price"
        );
        assert_eq!(cart["data"]["subtotal"], 25_000_00 + 25 * 299_00);

        // The held line is exactly what was quoted.
        let held_id = held["_id"].as_str().unwrap();
        let (status, body) = app
            .put_auth(
                &format!("/api/cart/items/{held_id}"),
                &customer,
                json!({"quantity": {"m": 150}}),
            )
            .await;
        assert_eq!(status, 409, "{body}");
        assert_eq!(body["code"], "QUOTED_LINE_FIXED");
        let (status, body) = app
            .post_auth(
                "/api/cart/items",
                &customer,
                json!({"design": held["design"].clone()}),
            )
            .await;
        assert_eq!(status, 409, "{body}");
        assert_eq!(body["code"], "QUOTED_LINE_FIXED");

        let total = cart["data"]["totalPrice"].as_i64().unwrap();
        let order_id = pay_cart(&app, &customer, "rcpt_quote", total).await;
        let (status, order) = app
            .get_auth(&format!("/api/orders/{order_id}"), &customer)
            .await;
        assert_eq!(status, 200, "{order}");
        let lines = order["data"]["orderItems"]
            .as_array()
            .or(order["data"]["order"]["orderItems"].as_array())
            .unwrap_or_else(|| panic!("{order}"));
        let quoted = lines.iter().find(|l| l.get("quoteId").is_some()).unwrap();
        assert_eq!(quoted["quoteId"], id.as_str());
        assert_eq!(
            (&quoted["price"], &quoted["lineTotal"]),
            (&json!(250_00), &json!(25_000_00))
        );
        let stored: i64 =
            sqlx::query_scalar("SELECT COUNT(*) FROM order_items WHERE quote_id = $1")
                .bind(&id)
                .fetch_one(&app.db)
                .await
                .unwrap();
        assert_eq!(stored, 1);
    }
}

#[tokio::test]
async fn an_expired_quote_is_gone_and_parallel_accepts_make_one_line() {
    for engine in engines() {
        let app = TestApp::spawn(engine).await;
        let admin = app.admin_token().await;
        // Made before the customer has an account: the quote belongs to the e-mail.
        let (_, first) = app
            .post_auth("/api/quotes", &admin, request(Some(260_00)))
            .await;
        let (_, second) = app.post_auth("/api/quotes", &admin, request(None)).await;
        let (expired, open) = (
            first["data"]["id"].as_str().unwrap().to_string(),
            second["data"]["id"].as_str().unwrap().to_string(),
        );
        let customer = proven_customer(&app, CUSTOMER).await;
        let (_, mine) = app.get_auth("/api/quotes", &customer).await;
        assert_eq!(mine["data"].as_array().unwrap().len(), 2, "{mine}");

        sqlx::query("UPDATE quotes SET valid_until = $1 WHERE id = $2")
            .bind(now_ms() - 1)
            .bind(&expired)
            .execute(&app.db)
            .await
            .unwrap();
        let (status, body) = app
            .post_auth(
                &format!("/api/quotes/{expired}/accept"),
                &customer,
                json!({}),
            )
            .await;
        assert_eq!(status, 410, "{engine:?} {body}");
        assert_eq!(body["code"], "QUOTE_EXPIRED");
        assert!(
            body["message"].as_str().unwrap().contains("expired on"),
            "{body}"
        );
        let (_, shown) = app
            .get_auth(&format!("/api/quotes/{expired}"), &customer)
            .await;
        assert_eq!(shown["data"]["status"], "expired");

        // Garments only: accepting takes one of the customer's designs.
        let (status, body) = app
            .post_auth(&format!("/api/quotes/{open}/accept"), &customer, json!({}))
            .await;
        assert_eq!(status, 400, "{body}");
        assert_eq!(body["code"], "QUOTE_DESIGN_NEEDED");
        let design_id = saved_design(&app, &customer).await;
        let url = format!("/api/quotes/{open}/accept");
        let body = json!({"designId": design_id});
        let tries = futures_util::future::join_all(
            (0..5).map(|_| app.post_auth(&url, &customer, body.clone())),
        )
        .await;
        let ok = tries.iter().filter(|(s, _)| *s == 200).count();
        assert_eq!(ok, 1, "{engine:?} {tries:?}");
        assert!(
            tries.iter().all(|(s, _)| *s == 200 || *s == 409),
            "{tries:?}"
        );
        let (_, cart) = app.get_auth("/api/cart", &customer).await;
        let items = cart["data"]["items"].as_array().unwrap();
        assert_eq!(items.len(), 1, "{cart}");
        assert_eq!(
            items[0]["price"], 269_10,
            "the engine's price, held: {cart}"
        );
        assert_eq!(items[0]["quantity"]["m"], 100);
        assert_eq!(items[0]["itemCount"], 100, "the quote's pieces: {cart}");
    }
}
