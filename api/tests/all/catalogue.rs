//! The merchant's own catalogue (issue 48) through the real server, on both
//! databases: a hoodie with a sleeve print, sizes to 4XL with surcharges and
//! colours of its own, designed, priced, paid, printed and invoiced.

use crate::helpers::checkout::{order_request, payment};
use crate::helpers::{LOGO, TestApp, engines};
use serde_json::{Value, json};

fn hoodie() -> Value {
    let area = |key: &str, label: &str, w: f64, h: f64, side: &str, b: [f64; 4]| {
        json!({"key": key, "label": label, "widthInches": w, "heightInches": h, "side": side,
               "box": {"x": b[0], "y": b[1], "w": b[2], "h": b[3]}})
    };
    let sizes = ["S", "M", "L", "XL", "XXL", "3XL", "4XL"];
    let rows: serde_json::Map<String, Value> = sizes
        .iter()
        .enumerate()
        .map(|(i, s)| (s.to_string(), json!([38 + 2 * i, 26 + i])))
        .collect();
    json!({
        "name": "Pullover Hoodie", "price": 79900, "category": "hoodies", "hsn": "6110",
        "colors": ["Maroon", "bottle green"],
        "colorHex": {"maroon": "#800000", "bottle green": "#006a4e"},
        "sizes": sizes, "sizePrices": {"3XL": 5000, "4XL": 7500},
        "sizeChart": {"unit": "in", "measurements": ["Chest", "Length"], "rows": rows},
        "countryOfOrigin": "Bangladesh",
        "printAreas": [
            area("front", "Front", 10.0, 12.0, "front", [30.0, 28.0, 40.0, 40.0]),
            area("back", "Back", 12.0, 14.0, "back", [30.0, 26.0, 40.0, 40.0]),
            area("leftSleeve", "Left Sleeve", 3.0, 4.0, "front", [8.0, 30.0, 10.0, 13.0]),
        ],
    })
}

/// The logo on the hoodie's left sleeve, in `quantities`.
fn sleeve_design(product: &str, colour: &str, area: &str, quantities: Value) -> Value {
    let (asset, _) = design_engine::codec::decode_upload(LOGO, "image/png").unwrap();
    let image = serde_json::to_value(design_engine::ImageElement::new(asset, "logo.png")).unwrap();
    json!({"version": 1, "productId": product, "color": colour,
           "areas": {area: {"text": null, "image": image}}, "quantities": quantities})
}

#[tokio::test]
async fn a_hoodie_with_a_sleeve_print_is_sold_priced_printed_and_invoiced() {
    for engine in engines() {
        let app = TestApp::spawn(engine).await;
        let admin = app.admin_token().await;
        let (status, body) = app.post_auth("/api/products", &admin, hoodie()).await;
        assert_eq!(status, 200, "{engine:?}: {body}");
        let product = body["data"].clone();
        let id = product["_id"].as_str().unwrap().to_string();
        let path = format!("/api/products/{id}");
        assert_eq!(product["colors"], json!(["maroon", "bottle green"]));
        assert_eq!(
            product["colorHex"],
            json!({"maroon": "#800000", "bottle green": "#006A4E"})
        );
        assert_eq!(product["sizePrices"], json!({"3XL": 5000, "4XL": 7500}));
        assert_eq!(product["printAreas"][2]["key"], "leftSleeve");
        assert_eq!(product["countryOfOrigin"], "Bangladesh");
        let (_, read) = app.get(&path).await;
        assert_eq!(
            read["data"]["printAreas"], product["printAreas"],
            "{engine:?}"
        );

        // Each fault refused with its own message naming the field; nothing changes.
        let mut zero_wide = hoodie()["printAreas"].clone();
        zero_wide[2]["widthInches"] = json!(0);
        let refused = [
            (
                json!({"printAreas": zero_wide}),
                "INVALID_PRINT_AREAS",
                "Print area leftSleeve: the width must be 0.5 to 24 inches",
            ),
            (
                json!({"sizes": ["S", "M", "m"]}),
                "INVALID_SIZES",
                "Sizes: M is given twice",
            ),
            (
                json!({"sizePrices": {"5XL": 100}}),
                "INVALID_SIZE_PRICES",
                "Size prices: the product is not sold in size 5XL",
            ),
            (
                json!({"colors": ["maroon", "mustard"]}),
                "INVALID_COLORS",
                "Colors: mustard needs its swatch in colorHex (e.g. \"#800000\")",
            ),
            (
                json!({"sizes": ["S", "M", "L", "XL", "XXL", "3XL", "4XL", "5XL"]}),
                "INVALID_SIZE_CHART",
                "Size chart: size 5XL has no row",
            ),
        ];
        for (change, code, message) in refused {
            let (status, body) = app.put_auth(&path, &admin, change.clone()).await;
            assert_eq!(
                (status, body["code"].as_str(), body["message"].as_str()),
                (400, Some(code), Some(message)),
                "{engine:?}: {change}"
            );
        }
        let (_, after) = app.get(&path).await;
        assert_eq!(
            after["data"], read["data"],
            "{engine:?}: a refusal changed nothing"
        );

        // A shopper designs on the sleeve.
        let (shopper, _) = app.sign_up("meera@example.com").await;
        let sha = design_engine::hash::sha256_hex(LOGO);
        let (status, body) = app
            .put_bytes(
                &format!("/api/artwork/{sha}"),
                &shopper,
                LOGO.to_vec(),
                "image/png",
            )
            .await;
        assert!(status == 200 || status == 201, "{engine:?}: {body}");
        // What the product lacks is refused, naming it.
        let lacking = [
            (
                sleeve_design(&id, "maroon", "leftChest", json!({"m": 25})),
                "UNKNOWN_PRINT_AREA",
                "This product has no print area leftChest",
            ),
            (
                sleeve_design(&id, "maroon", "leftSleeve", json!({"m": 20, "xs": 5})),
                "UNKNOWN_SIZE",
                "This product is not sold in size xs",
            ),
            (
                sleeve_design(&id, "white", "leftSleeve", json!({"m": 25})),
                "UNKNOWN_COLOR",
                "This color is not available for this product",
            ),
        ];
        for (design, code, message) in lacking {
            let (status, body) = app
                .post_auth("/api/cart/items", &shopper, json!({"design": design}))
                .await;
            assert_eq!(
                (status, body["code"].as_str(), body["message"].as_str()),
                (400, Some(code), Some(message)),
                "{engine:?}"
            );
        }
        let (status, body) = app
            .post_auth(
                "/api/cart/items",
                &shopper,
                json!({"design": sleeve_design(&id, "maroon", "leftSleeve", json!({"m": 25}))}),
            )
            .await;
        assert_eq!(status, 200, "{engine:?}: {body}");
        let plain = body["data"].clone();
        let item = &plain["items"][0];
        assert_eq!(
            (item["colorHex"].as_str(), item["sizeSurcharges"].as_i64()),
            (Some("#800000"), Some(0))
        );
        let line = item["_id"].as_str().unwrap().to_string();
        let (status, body) = app
            .put_auth(
                &format!("/api/cart/items/{line}"),
                &shopper,
                json!({"quantity": {"m": 20, "3xl": 5}}),
            )
            .await;
        assert_eq!(status, 200, "{engine:?}: {body}");
        let larger = body["data"].clone();
        // Exactly five 3XL surcharges, and the gateway's 2.5% on them.
        assert_eq!(larger["items"][0]["sizeSurcharges"], 25_000, "{engine:?}");
        assert_eq!(larger["items"][0]["quantity"]["3xl"], 5, "{engine:?}");
        assert_eq!(
            larger["subtotal"].as_i64().unwrap() - plain["subtotal"].as_i64().unwrap(),
            25_000
        );
        assert_eq!(
            larger["total"].as_i64().unwrap() - plain["total"].as_i64().unwrap(),
            25_625
        );

        // Paid.
        let total = larger["totalPrice"].as_i64().unwrap();
        let (status, order) = app
            .post_auth(
                "/api/payments/create-order",
                &shopper,
                order_request("rcpt_hoodie", total),
            )
            .await;
        assert_eq!(status, 200, "{engine:?}: {order}");
        let (status, body) = app
            .post_auth(
                "/api/payments/verify",
                &shopper,
                payment(&order["data"], "pay_hoodie"),
            )
            .await;
        assert_eq!(status, 200, "{engine:?}: {body}");
        let order_id = order["data"]["order"]["_id"].as_str().unwrap().to_string();

        // The printer's files hold the sleeve at its own inches: 3 × 4 in at 300 DPI.
        let res = app
            .client
            .get(app.url(&format!("/api/orders/{order_id}/print-files")))
            .bearer_auth(&admin)
            .send()
            .await
            .unwrap();
        assert_eq!(res.status().as_u16(), 200, "{engine:?}");
        let bytes = res.bytes().await.unwrap().to_vec();
        let mut zip = zip::ZipArchive::new(std::io::Cursor::new(bytes)).unwrap();
        let manifest: Value =
            serde_json::from_reader(zip.by_name("manifest.json").unwrap()).unwrap();
        let file = &manifest["files"][0];
        assert_eq!(
            (
                file["area"].as_str(),
                file["file"].as_str(),
                &file["printSizeInches"],
                &file["quantities"]["3xl"]
            ),
            (
                Some("Left Sleeve"),
                Some("line-1-left-sleeve.png"),
                &json!({"width": 3.0, "height": 4.0}),
                &json!(5)
            ),
            "{engine:?}: {manifest}"
        );
        let mut png = Vec::new();
        std::io::Read::read_to_end(
            &mut zip.by_name("line-1-left-sleeve.png").unwrap(),
            &mut png,
        )
        .unwrap();
        assert_eq!(png_size(&png), (900, 1200), "{engine:?}");
        let (status, _, one) = app
            .get_bytes(
                &format!("/api/orders/{order_id}/print-files/1/left-sleeve"),
                Some(&admin),
            )
            .await;
        assert_eq!((status, png_size(&one)), (200, (900, 1200)), "{engine:?}");

        // The tax invoice names the product's HSN.
        let (status, body) = app
            .get_auth(&format!("/api/orders/{order_id}/tax-invoice"), &shopper)
            .await;
        assert_eq!(status, 200, "{engine:?}: {body}");
        assert_eq!(body["data"]["lines"][0]["hsn"], "6110", "{engine:?}");
        assert_eq!(body["data"]["lines"][0]["quantity"], 25, "{engine:?}");
    }
}

fn png_size(png: &[u8]) -> (u32, u32) {
    let info = png::Decoder::new(std::io::Cursor::new(png))
        .read_info()
        .unwrap();
    (info.info().width, info.info().height)
}
