//! Quantity tiers through the real server on both databases: a line crossing
//! a tier boundary is priced by the engine in the cart, charged at that figure
//! and shown on the invoice; the admin edits a product's tiers, the engine
//! checks them, and nobody else may.

use crate::helpers::checkout::{order_request, pay_cart};
use crate::helpers::{TestApp, engines};
use serde_json::{Value, json};

const TEE: &str = "64f1a2b3c4d5e6f708190a05"; // T-Shirt Normal, ₹299

fn plain_tees(colour: &str, pieces: u32, price: i64) -> Value {
    json!({"productId": TEE, "color": colour, "quantity": {"m": pieces}, "price": price})
}

#[tokio::test]
async fn a_tier_boundary_is_priced_charged_and_invoiced_at_the_engines_figure() {
    for engine in engines() {
        let app = TestApp::spawn(engine).await;
        let (token, _) = app.sign_up("team@example.com").await;

        // A price that is not the tier's for these pieces is refused, and adds nothing:
        // 50 pieces at the base price, 49 at the 50-piece price.
        for (pieces, price) in [(50, 299_00), (49, 284_05), (25, 284_05)] {
            let (status, body) = app
                .post_auth(
                    "/api/cart/items",
                    &token,
                    plain_tees("navyblue", pieces, price),
                )
                .await;
            assert_eq!(status, 400, "{engine:?} {pieces} at {price}: {body}");
            assert_eq!(body["code"], "PRICE_MISMATCH", "{body}");
        }
        let (_, cart) = app.get_auth("/api/cart", &token).await;
        assert_eq!(cart["data"]["items"], json!([]));

        // 49 pieces: the base tier, one piece short of 5% off.
        let (status, body) = app
            .post_auth(
                "/api/cart/items",
                &token,
                plain_tees("navyblue", 49, 299_00),
            )
            .await;
        assert_eq!(status, 200, "{engine:?} {body}");
        let line = &body["data"]["items"][0];
        assert_eq!(
            (&line["price"], &line["basePrice"], &line["tierDiscountBps"]),
            (&json!(299_00), &json!(299_00), &json!(0))
        );
        assert_eq!(line["lineTotal"], 49 * 299_00);
        assert_eq!(line["tierDiscount"], 0);
        assert!(line.get("tierLabel").is_none(), "{line}");
        assert_eq!(line["nextTierHint"], "Add 1 more for ₹14.95 less per piece");

        // 50 pieces: ₹299 less 5% is ₹284.05 a piece.
        let id = line["_id"].as_str().unwrap().to_string();
        let (status, body) = app
            .put_auth(
                &format!("/api/cart/items/{id}"),
                &token,
                json!({"quantity": {"m": 50}}),
            )
            .await;
        assert_eq!(status, 200, "{engine:?} {body}");
        let cart = &body["data"];
        let line = &cart["items"][0];
        assert_eq!(line["price"], 284_05);
        assert_eq!(line["basePrice"], 299_00);
        assert_eq!(line["tierDiscountBps"], 500);
        assert_eq!(line["tierLabel"], "Quantity tier: 5% off");
        assert_eq!(line["lineTotal"], 14202_50);
        assert_eq!(line["tierDiscount"], 50 * 299_00 - 14202_50);
        // ₹269.10 at 100 pieces: ₹14.95 less again.
        assert_eq!(
            line["nextTierHint"],
            "Add 50 more for ₹14.95 less per piece"
        );
        assert_eq!(cart["subtotal"], 14202_50);
        // 2.5% of ₹14,202.50 = ₹355.0625 → ₹355.06.
        assert_eq!(cart["gatewayCharge"], 355_06);
        let total = 14557_56;
        assert_eq!(cart["totalPrice"], total);

        // Checkout charges the engine's figure: the 49-piece price's amount is refused.
        let (status, body) = app
            .post_auth(
                "/api/payments/create-order",
                &token,
                order_request("rcpt_tier_old", 50 * 299_00 + 373_75),
            )
            .await;
        assert_eq!(
            (status, body["code"].as_str()),
            (400, Some("AMOUNT_MISMATCH")),
            "{body}"
        );
        let id = &pay_cart(&app, &token, "rcpt_tier", total).await;
        let (_, placed) = app.get_auth(&format!("/api/orders/{id}"), &token).await;
        assert_eq!(placed["data"]["totalPrice"], total, "{placed}");

        // The invoice shows the tier and the same figures.
        let (status, inv) = app
            .get_auth(&format!("/api/orders/{id}/invoice"), &token)
            .await;
        assert_eq!(status, 200, "{inv}");
        let inv = &inv["data"];
        let line = &inv["lines"][0];
        assert_eq!(line["quantity"], 50);
        assert_eq!(line["amount"], 14202_50);
        assert_eq!(line["tierDiscountBps"], 500);
        assert_eq!(line["tierLabel"], "Quantity tier: 5% off ₹299.00");
        assert_eq!(inv["itemsTotal"], 14202_50);
        assert_eq!(inv["gatewayCharge"], 355_06);
        assert_eq!(inv["total"], total);
        let (status, _, pdf) = app
            .get_bytes(&format!("/api/orders/{id}/invoice.pdf"), Some(&token))
            .await;
        assert_eq!(status, 200);
        let doc = lopdf::Document::load_mem(&pdf).unwrap();
        let text = doc.extract_text(&[1]).unwrap();
        let flat: String = text.split_whitespace().collect::<Vec<_>>().join(" ");
        assert!(flat.contains("Quantity tier: 5% off"), "{flat}");
    }
}

async fn tiers_of(app: &TestApp) -> (Value, Value) {
    let (_, body) = app.get(&format!("/api/products/{TEE}")).await;
    (
        body["data"]["priceTiers"].clone(),
        body["data"]["customPriceTiers"].clone(),
    )
}

fn table(rows: &[(i64, i64)]) -> Value {
    let rows: Vec<Value> = rows
        .iter()
        .map(|&(p, d)| json!({"minPieces": p, "discountBps": d}))
        .collect();
    json!({ "priceTiers": rows })
}

#[tokio::test]
async fn the_admin_edits_a_products_tiers_and_the_engine_checks_them() {
    for engine in engines() {
        let app = TestApp::spawn(engine).await;
        let defaults =
            table(&[(25, 0), (50, 500), (100, 1_000), (250, 1_500)])["priceTiers"].clone();
        assert_eq!(tiers_of(&app).await, (defaults.clone(), json!(false)));

        let admin = app.admin_token().await;
        let path = format!("/api/products/{TEE}");
        let own = table(&[(25, 0), (30, 1_000), (60, 2_000)]);
        let (status, body) = app.put_auth(&path, &admin, own.clone()).await;
        assert_eq!(status, 200, "{engine:?} {body}");
        assert_eq!(body["data"]["priceTiers"], own["priceTiers"]);
        assert_eq!(
            tiers_of(&app).await,
            (own["priceTiers"].clone(), json!(true))
        );

        // The cart prices with the product's own table: 30 tees at 10% off.
        let (token, _) = app.sign_up("buyer@example.com").await;
        let (status, body) = app
            .post_auth("/api/cart/items", &token, plain_tees("white", 30, 269_10))
            .await;
        assert_eq!(status, 200, "{body}");
        assert_eq!(body["data"]["items"][0]["lineTotal"], 30 * 269_10);
        assert_eq!(
            body["data"]["items"][0]["nextTierHint"],
            "Add 30 more for ₹29.90 less per piece"
        );

        // Invalid tables: the engine's message, nothing changed.
        for (rows, code, message) in [
            (
                vec![(20, 0)],
                "FIRST_TIER_NOT_BASE",
                "The first price tier must start at 25 pieces with no discount",
            ),
            (
                vec![(25, 0), (50, 500), (40, 600)],
                "TIER_PIECES_NOT_INCREASING",
                "Price tier 3: it must start at more pieces than the tier before",
            ),
            (
                vec![(25, 0), (50, 500), (100, 500)],
                "TIER_DISCOUNT_NOT_INCREASING",
                "Price tier 3: its discount must be more than the tier before's",
            ),
            (
                vec![(25, 0), (50, 6_000)],
                "TIER_DISCOUNT_TOO_LARGE",
                "Price tier 2: the discount can be at most 50%",
            ),
            (
                (0..9).map(|i| (25 + i * 10, i * 100)).collect(),
                "TOO_MANY_TIERS",
                "A product can have at most 8 price tiers",
            ),
        ] {
            let (status, body) = app.put_auth(&path, &admin, table(&rows)).await;
            assert_eq!(status, 400, "{engine:?} {rows:?}: {body}");
            assert_eq!(
                (body["code"].as_str(), body["message"].as_str()),
                (Some(code), Some(message))
            );
        }
        for malformed in [table(&[(25, -1)]), json!({"priceTiers": "cheap"})] {
            let (status, _) = app.put_auth(&path, &admin, malformed).await;
            assert_eq!(status, 400);
        }
        assert_eq!(
            tiers_of(&app).await,
            (own["priceTiers"].clone(), json!(true))
        );

        // A new product with an invalid table is not created.
        let (status, body) = app
            .post_auth(
                "/api/products",
                &admin,
                json!({"name": "Tiered Tee", "price": 100_00, "priceTiers": [{"minPieces": 25, "discountBps": 100}]}),
            )
            .await;
        assert_eq!(
            (status, body["code"].as_str()),
            (400, Some("FIRST_TIER_NOT_BASE"))
        );
        let (_, list) = app.get("/api/products?search=Tiered").await;
        assert_eq!(list["data"], json!([]));

        // Only an admin changes tiers.
        let (status, _) = app
            .put_auth(&path, &token, table(&[(25, 0), (26, 5_000)]))
            .await;
        assert_eq!(status, 403);
        let (status, _) = app
            .put_auth(&path, "not-a-token", table(&[(25, 0), (26, 5_000)]))
            .await;
        assert_eq!(status, 401);
        assert_eq!(
            tiers_of(&app).await,
            (own["priceTiers"].clone(), json!(true))
        );

        // An empty table goes back to the engine's defaults.
        let (status, _) = app.put_auth(&path, &admin, json!({"priceTiers": []})).await;
        assert_eq!(status, 200);
        assert_eq!(tiers_of(&app).await, (defaults, json!(false)));
    }
}
