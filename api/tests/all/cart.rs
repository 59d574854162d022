use crate::helpers::{TestApp, engines};
use design_engine::{Design, Font, PrintArea, Size, TextElement};
use serde_json::{Value, json};

const TEE: &str = "64f1a2b3c4d5e6f708190a05"; // T-Shirt Normal, ₹299
const SHIRT: &str = "64f1a2b3c4d5e6f708190a01"; // Shirt Full Sleeve, ₹649

fn design(text_front: &str, text_back: Option<&str>, m: i64) -> Value {
    let mut d = Design::new(SHIRT, "blue");
    d.set_text(
        PrintArea::LeftChest,
        TextElement::new(text_front, Font::Georgia, 20, "#f97316").unwrap(),
    );
    if let Some(back) = text_back {
        d.set_text(
            PrintArea::Back,
            TextElement::new(back, Font::Verdana, 32, "#ffffff").unwrap(),
        );
    }
    d.set_quantity(Size::M, m).unwrap();
    serde_json::from_str(&d.to_json()).unwrap()
}

#[tokio::test]
async fn plain_and_designed_lines_priced_by_the_engine() {
    for engine in engines() {
        let app = TestApp::spawn(engine).await;
        let (token, _) = app.sign_up("cart@example.com").await;
        let (status, body) = app
            .post_auth("/api/cart/items", &token, json!({"productId": TEE, "color": "navyblue", "quantity": {"s": 10, "xxl": 15}, "price": 299_00}))
            .await;
        assert_eq!(status, 200, "{engine:?} {body}");
        let cart = &body["data"];
        assert_eq!(cart["items"][0]["lineTotal"], 25 * 299_00);
        assert_eq!(cart["items"][0]["quantity"]["xxl"], 15, "XXL is kept");
        assert_eq!(cart["items"][0]["colorHex"], "#000080");
        assert_eq!(cart["subtotal"], 7475_00);
        assert_eq!(
            cart["gatewayCharge"], 186_88,
            "2.5% of ₹7,475.00 is ₹186.875, rounded half up"
        );
        assert_eq!(cart["totalPrice"], 7661_88);

        // Two elements: one free, one at ₹50.
        let (status, body) = app
            .post_auth(
                "/api/cart/items",
                &token,
                json!({"design": design("Team", Some("2026"), 30)}),
            )
            .await;
        assert_eq!(status, 200, "{body}");
        let line = &body["data"]["items"][1];
        assert_eq!(
            (line["elements"].as_u64(), line["designFee"].as_i64()),
            (Some(2), Some(5_000))
        );
        assert_eq!(line["lineTotal"], 30 * 649_00 + 5_000);

        // The same design again adds to its line; a different design is a new line.
        let (_, body) = app
            .post_auth(
                "/api/cart/items",
                &token,
                json!({"design": design("Team", Some("2026"), 25)}),
            )
            .await;
        assert_eq!(body["data"]["items"].as_array().unwrap().len(), 2);
        assert_eq!(body["data"]["items"][1]["quantity"]["m"], 55);
        let (_, body) = app
            .post_auth(
                "/api/cart/items",
                &token,
                json!({"design": design("Other", None, 25)}),
            )
            .await;
        assert_eq!(body["data"]["items"].as_array().unwrap().len(), 3);

        let (_, summary) = app.get_auth("/api/cart/summary", &token).await;
        assert_eq!(
            (
                summary["data"]["lineCount"].as_u64(),
                summary["data"]["itemCount"].as_u64()
            ),
            (Some(3), Some(105))
        );
    }
}

#[tokio::test]
async fn bad_or_tampered_items_are_refused_and_change_nothing() {
    for engine in engines() {
        let app = TestApp::spawn(engine).await;
        let (token, _) = app.sign_up("t@example.com").await;
        let add = |body: Value| {
            let app = &app;
            let token = token.clone();
            async move { app.post_auth("/api/cart/items", &token, body).await }
        };
        let cases = [
            (
                json!({"productId": TEE, "color": "white", "quantity": {"m": 25}, "price": 1}),
                400,
                "Price has changed. Please refresh the page and try again.",
            ),
            (
                json!({"productId": TEE, "color": "white", "quantity": {"m": -1}}),
                400,
                "Cannot set quantity for size M below 0",
            ),
            (
                json!({"productId": TEE, "color": "white", "quantity": {"s": 10001}}),
                400,
                "Quantity for size S cannot be more than 10000",
            ),
            (
                json!({"productId": TEE, "color": "white", "quantity": {}}),
                400,
                "Please select at least one item before adding to cart.",
            ),
            (
                json!({"productId": TEE, "color": "white", "quantity": {"m": 20}}),
                400,
                "Minimum quantity requirement not met. You need 5 more items to reach the minimum of 25 per color.",
            ),
            (
                json!({"productId": TEE, "color": "purple", "quantity": {"m": 25}}),
                400,
                "This color is not available for this product",
            ),
            (
                json!({"productId": "000000000000000000000000", "color": "white", "quantity": {"m": 25}}),
                404,
                "Product not found in database.",
            ),
            (
                json!({"productId": "short", "color": "white", "quantity": {"m": 25}}),
                400,
                "Invalid product data. Please refresh the page and try again.",
            ),
        ];
        for (body, status, message) in cases {
            let (got, res) = add(body.clone()).await;
            assert_eq!(
                (got, res["message"].as_str()),
                (status, Some(message)),
                "{engine:?} {body}"
            );
        }
        let mut long = design("x", None, 25);
        long["areas"]["leftChest"]["text"]["text"] = json!("y".repeat(51));
        let (status, res) = add(json!({"design": long})).await;
        assert_eq!(
            (status, res["message"].as_str()),
            (400, Some("Text can be at most 50 characters"))
        );
        assert_eq!(
            app.get_auth("/api/cart", &token).await.1["data"]["items"]
                .as_array()
                .unwrap()
                .len(),
            0,
            "nothing changed"
        );
    }
}

#[tokio::test]
async fn lines_are_updated_removed_and_private() {
    for engine in engines() {
        let app = TestApp::spawn(engine).await;
        let (alice, _) = app.sign_up("alice@example.com").await;
        let (bob, _) = app.sign_up("bob@example.com").await;
        let (_, body) = app
            .post_auth(
                "/api/cart/items",
                &alice,
                json!({"productId": TEE, "color": "white", "quantity": {"m": 25}}),
            )
            .await;
        let id = body["data"]["items"][0]["_id"]
            .as_str()
            .unwrap()
            .to_string();
        let path = format!("/api/cart/items/{id}");

        let (status, body) = app
            .put_auth(&path, &alice, json!({"quantity": {"s": 20, "xxl": 20}}))
            .await;
        assert_eq!(status, 200, "{engine:?}");
        assert_eq!(body["data"]["items"][0]["lineTotal"], 40 * 299_00);
        let (status, body) = app
            .put_auth(&path, &alice, json!({"quantity": {"s": 3}}))
            .await;
        assert_eq!(status, 400);
        assert!(
            body["message"]
                .as_str()
                .unwrap()
                .starts_with("Minimum quantity requirement not met")
        );

        assert_eq!(
            app.put_auth(&path, &bob, json!({"quantity": {"s": 30}}))
                .await
                .0,
            404
        );
        assert_eq!(app.delete_auth(&path, &bob).await.0, 404);
        assert_eq!(
            app.get_auth("/api/cart", &bob).await.1["data"]["items"]
                .as_array()
                .unwrap()
                .len(),
            0
        );
        assert_eq!(app.get("/api/cart").await.0, 401);

        let (status, body) = app.delete_auth(&path, &alice).await;
        assert_eq!(
            (status, body["message"].as_str()),
            (200, Some("Item removed from cart"))
        );
        assert_eq!(
            app.delete_auth(&path, &alice).await.1["message"],
            "Cart item not found"
        );
        app.post_auth(
            "/api/cart/items",
            &alice,
            json!({"productId": TEE, "color": "white", "quantity": {"m": 25}}),
        )
        .await;
        let (status, body) = app.delete_auth("/api/cart", &alice).await;
        assert_eq!((status, body["data"]["total"].as_i64()), (200, Some(0)));
    }
}

#[tokio::test]
async fn concurrent_adds_of_one_design_all_land_on_one_line() {
    for engine in engines() {
        let app = TestApp::spawn(engine).await;
        let (token, _) = app.sign_up("busy@example.com").await;
        let body =
            json!({"productId": TEE, "color": "white", "quantity": {"m": 25}, "price": 299_00});
        let mut adds = tokio::task::JoinSet::new();
        for _ in 0..12 {
            let request = app
                .client
                .post(app.url("/api/cart/items"))
                .bearer_auth(&token)
                .json(&body);
            adds.spawn(async move { request.send().await.unwrap().status().as_u16() });
        }
        while let Some(status) = adds.join_next().await {
            assert_eq!(status.unwrap(), 200, "{engine:?}");
        }
        let (_, cart) = app.get_auth("/api/cart", &token).await;
        assert_eq!(
            cart["data"]["items"].as_array().unwrap().len(),
            1,
            "{engine:?}"
        );
        assert_eq!(
            cart["data"]["items"][0]["quantity"]["m"],
            12 * 25,
            "{engine:?}"
        );
    }
}
