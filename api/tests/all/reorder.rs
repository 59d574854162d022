//! "Order again", through the real server on both databases: the order's
//! designs back in the cart at today's price; a deleted product, a removed
//! colour and a full cart each leave their line out, named, with the reason;
//! only the order's owner may do it.

use crate::helpers::LOGO;
use crate::helpers::checkout::{TEE, cart_lines, payment, shopper};
use crate::helpers::{TestApp, engines};
use design_engine::{Design, Font, ImageElement, PrintArea, Size, TextElement};
use serde_json::{Value, json};

const SHIRT: &str = "64f1a2b3c4d5e6f708190a01";

fn shirt_design(text: &str) -> Value {
    let mut d = Design::new(SHIRT, "blue");
    d.set_text(
        PrintArea::LeftChest,
        TextElement::new(text, Font::Georgia, 20, "#f97316").unwrap(),
    );
    d.set_quantity(Size::M, 25).unwrap();
    serde_json::from_str(&d.to_json()).unwrap()
}

/// A shopper's paid order of 25 navy tees and 25 blue printed shirts.
async fn two_line_order(app: &TestApp, email: &str) -> (String, String) {
    let token = shopper(app, email).await;
    let (status, cart) = app
        .post_auth(
            "/api/cart/items",
            &token,
            json!({"design": shirt_design("Team")}),
        )
        .await;
    assert_eq!(status, 200, "{cart}");
    let total = cart["data"]["totalPrice"].as_i64().unwrap();
    let (status, order) = app
        .post_auth(
            "/api/payments/create-order",
            &token,
            crate::helpers::checkout::order_request("rcpt_two", total),
        )
        .await;
    assert_eq!(status, 200, "{order}");
    let (status, body) = app
        .post_auth(
            "/api/payments/verify",
            &token,
            payment(&order["data"], "pay_two"),
        )
        .await;
    assert_eq!(status, 200, "{body}");
    assert_eq!(cart_lines(app, &token).await, 0);
    (
        order["data"]["order"]["_id"].as_str().unwrap().to_string(),
        token,
    )
}

fn names(list: &Value) -> Vec<(String, String)> {
    list.as_array()
        .unwrap()
        .iter()
        .map(|l| {
            (
                l["name"].as_str().unwrap().to_string(),
                l["color"].as_str().unwrap().to_string(),
            )
        })
        .collect()
}

#[tokio::test]
async fn an_order_goes_back_in_the_cart_at_todays_price() {
    for engine in engines() {
        let app = TestApp::spawn(engine).await;
        let admin = app.admin_token().await;
        let (order, token) = two_line_order(&app, "asha@example.com").await;

        // Only the owner: anyone else (an admin too) is told there is no such order.
        let (ravi, _) = app.sign_up("ravi@example.com").await;
        for t in [&ravi, &admin] {
            let (status, body) = app
                .post_auth(&format!("/api/orders/{order}/reorder"), t, json!({}))
                .await;
            assert_eq!(
                (status, body["message"].as_str()),
                (404, Some("Order not found")),
                "{engine:?}"
            );
        }
        assert_eq!(
            app.post_auth("/api/orders/missing/reorder", &token, json!({}))
                .await
                .0,
            404
        );
        assert_eq!(
            app.post(&format!("/api/orders/{order}/reorder"), json!({}))
                .await
                .0,
            401
        );
        assert_eq!(cart_lines(&app, &ravi).await, 0);

        // The tee now costs ₹349: the cart charges today's price.
        let (status, body) = app
            .put_auth(
                &format!("/api/products/{TEE}"),
                &admin,
                json!({"price": 349_00}),
            )
            .await;
        assert_eq!(status, 200, "{body}");
        let (status, body) = app
            .post_auth(&format!("/api/orders/{order}/reorder"), &token, json!({}))
            .await;
        assert_eq!(status, 200, "{engine:?} {body}");
        let data = &body["data"];
        assert_eq!(data["leftOut"], json!([]), "{body}");
        let added = data["added"].as_array().unwrap();
        assert_eq!(added.len(), 2, "{body}");
        let tee = added.iter().find(|l| l["productId"] == TEE).unwrap();
        assert_eq!(
            (&tee["orderedPrice"], &tee["price"], &tee["itemCount"]),
            (&json!(299_00), &json!(349_00), &json!(25))
        );
        let items = data["cart"]["items"].as_array().unwrap();
        assert_eq!(items.len(), 2);
        let line = items.iter().find(|l| l["productId"] == TEE).unwrap();
        assert_eq!(line["lineTotal"], 25 * 349_00);
        assert_eq!(line["quantity"]["s"], 10);
        assert_eq!(line["quantity"]["xxl"], 15);
        assert_eq!(body["message"], "2 design(s) added to your cart");

        // Again: the same designs add their quantities to the same lines.
        let (status, body) = app
            .post_auth(&format!("/api/orders/{order}/reorder"), &token, json!({}))
            .await;
        assert_eq!(status, 200, "{body}");
        assert_eq!(cart_lines(&app, &token).await, 2);
        let items = body["data"]["cart"]["items"].as_array().unwrap();
        assert!(items.iter().all(|l| l["itemCount"] == 50), "{body}");
    }
}

#[tokio::test]
async fn lines_that_can_no_longer_be_made_are_named_and_left_out() {
    for engine in engines() {
        let app = TestApp::spawn(engine).await;
        let admin = app.admin_token().await;
        let (order, token) = two_line_order(&app, "asha@example.com").await;
        let path = format!("/api/orders/{order}/reorder");

        // Navy blue is no longer made.
        let (_, tee) = app.get(&format!("/api/products/{TEE}")).await;
        let colours: Vec<Value> = tee["data"]["colors"]
            .as_array()
            .unwrap()
            .iter()
            .filter(|c| *c != "navyblue")
            .cloned()
            .collect();
        assert!(!colours.is_empty());
        let (status, body) = app
            .put_auth(
                &format!("/api/products/{TEE}"),
                &admin,
                json!({"colors": colours}),
            )
            .await;
        assert_eq!(status, 200, "{body}");
        let (status, body) = app.post_auth(&path, &token, json!({})).await;
        assert_eq!(status, 200, "{engine:?} {body}");
        let left = &body["data"]["leftOut"];
        assert_eq!(
            names(left),
            vec![("T-Shirt Normal".into(), "navyblue".into())],
            "{body}"
        );
        assert_eq!(left[0]["code"], "COLOR_GONE");
        assert_eq!(
            left[0]["reason"],
            "T-Shirt Normal is no longer made in navyblue."
        );
        assert_eq!(body["data"]["added"].as_array().unwrap().len(), 1);
        assert_eq!(
            body["message"],
            "1 design(s) added to your cart; 1 left out"
        );
        app.delete_auth("/api/cart", &token).await;

        // The shirt is no longer sold: nothing can be added.
        let (status, body) = app
            .delete_auth(&format!("/api/products/{SHIRT}"), &admin)
            .await;
        assert_eq!(status, 200, "{body}");
        let (status, body) = app.post_auth(&path, &token, json!({})).await;
        assert_eq!(status, 200, "{body}");
        let left = body["data"]["leftOut"].as_array().unwrap();
        assert_eq!(left.len(), 2, "{body}");
        let shirt = left.iter().find(|l| l["productId"] == SHIRT).unwrap();
        assert_eq!(shirt["code"], "PRODUCT_GONE");
        assert!(
            shirt["reason"]
                .as_str()
                .unwrap()
                .ends_with("is no longer sold."),
            "{body}"
        );
        assert_eq!(body["data"]["added"], json!([]));
        assert_eq!(body["message"], "Nothing could be added to your cart");
        assert_eq!(cart_lines(&app, &token).await, 0, "{engine:?}");
    }
}

#[tokio::test]
async fn a_full_cart_takes_what_fits_and_names_the_rest() {
    for engine in engines() {
        let app = TestApp::spawn(engine).await;
        let (order, token) = two_line_order(&app, "asha@example.com").await;
        for n in 0..49 {
            let (status, body) = app
                .post_auth(
                    "/api/cart/items",
                    &token,
                    json!({"design": shirt_design(&format!("Line {n}"))}),
                )
                .await;
            assert_eq!(status, 200, "#{n} {body}");
        }
        let (status, body) = app
            .post_auth(&format!("/api/orders/{order}/reorder"), &token, json!({}))
            .await;
        assert_eq!(status, 200, "{engine:?} {body}");
        assert_eq!(body["data"]["added"].as_array().unwrap().len(), 1, "{body}");
        let left = body["data"]["leftOut"].as_array().unwrap();
        assert_eq!(left.len(), 1, "{body}");
        assert_eq!(left[0]["code"], "CART_FULL");
        assert!(
            left[0]["reason"]
                .as_str()
                .unwrap()
                .contains("Your cart can hold up to 50 designs"),
            "{body}"
        );
        assert_eq!(cart_lines(&app, &token).await, 50);
    }
}

/// A design with the logo on the Back, 25 in M.
fn logo_design() -> Value {
    let (asset, _) = design_engine::codec::decode_upload(LOGO, "image/png").unwrap();
    let mut d = Design::new(SHIRT, "blue");
    d.set_image(PrintArea::Back, ImageElement::new(asset, "logo.png"));
    d.set_quantity(Size::M, 25).unwrap();
    serde_json::from_str(&d.to_json()).unwrap()
}

#[tokio::test]
async fn a_design_whose_artwork_is_gone_is_left_out() {
    for engine in engines() {
        let app = TestApp::spawn(engine).await;
        let (token, _) = app.sign_up("asha@example.com").await;
        let sha = design_engine::hash::sha256_hex(LOGO);
        let (status, body) = app
            .put_bytes(
                &format!("/api/artwork/{sha}"),
                &token,
                LOGO.to_vec(),
                "image/png",
            )
            .await;
        assert!(status == 200 || status == 201, "{body}");
        let (status, cart) = app
            .post_auth("/api/cart/items", &token, json!({"design": logo_design()}))
            .await;
        assert_eq!(status, 200, "{cart}");
        let total = cart["data"]["totalPrice"].as_i64().unwrap();
        let (status, order) = app
            .post_auth(
                "/api/payments/create-order",
                &token,
                crate::helpers::checkout::order_request("rcpt_logo", total),
            )
            .await;
        assert_eq!(status, 200, "{order}");
        let (status, body) = app
            .post_auth(
                "/api/payments/verify",
                &token,
                payment(&order["data"], "pay_logo"),
            )
            .await;
        assert_eq!(status, 200, "{body}");
        let path = format!(
            "/api/orders/{}/reorder",
            order["data"]["order"]["_id"].as_str().unwrap()
        );

        // The order keeps its artwork: the design goes back in the cart.
        let (status, body) = app.post_auth(&path, &token, json!({})).await;
        assert_eq!(status, 200, "{engine:?} {body}");
        assert_eq!(body["data"]["added"].as_array().unwrap().len(), 1, "{body}");
        app.delete_auth("/api/cart", &token).await;

        // The artwork is gone (as for a line from before artwork was kept).
        for sql in [
            "DELETE FROM order_item_artwork WHERE sha256 = $1",
            "DELETE FROM artwork_holders WHERE sha256 = $1",
            "DELETE FROM artwork WHERE sha256 = $1",
        ] {
            sqlx::query(sql).bind(&sha).execute(&app.db).await.unwrap();
        }
        let (status, body) = app.post_auth(&path, &token, json!({})).await;
        assert_eq!(status, 200, "{body}");
        let left = &body["data"]["leftOut"][0];
        assert_eq!(left["code"], "ARTWORK_GONE", "{body}");
        assert_eq!(
            left["reason"].as_str().unwrap(),
            format!(
                "The artwork of {} (blue) is no longer stored: please make the design again in the studio.",
                left["name"].as_str().unwrap()
            )
        );
        assert_eq!(cart_lines(&app, &token).await, 0);
    }
}
