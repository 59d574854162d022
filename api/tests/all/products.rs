use crate::helpers;
use crate::helpers::{TestApp, engines};
use serde_json::json;

#[tokio::test]
async fn health_reports_the_database() {
    for engine in engines() {
        let app = TestApp::spawn(engine).await;
        let (status, body) = app.get("/api/health").await;
        assert_eq!(status, 200, "{engine:?}");
        assert_eq!(body["success"], true);
        assert_eq!(body["data"]["status"], "ok");
        let (status, body) = app.get("/api/cart/health").await;
        assert_eq!((status, body["data"]["status"].as_str()), (200, Some("ok")));
    }
}

#[tokio::test]
async fn the_builtin_catalogue_is_seeded_and_filtered() {
    for engine in engines() {
        let app = TestApp::spawn(engine).await;
        let (status, body) = app.get("/api/products").await;
        assert_eq!(status, 200, "{engine:?}");
        let names: Vec<_> = body["data"]
            .as_array()
            .unwrap()
            .iter()
            .map(|p| p["name"].as_str().unwrap())
            .collect();
        assert_eq!(
            names,
            [
                "Shirt Full Sleeve",
                "Shirt Half Sleeve",
                "T-Shirt Inverted",
                "T-Shirt Piping",
                "T-Shirt Normal"
            ]
        );
        for p in body["data"].as_array().unwrap() {
            assert_eq!(p["_id"].as_str().unwrap().len(), 24);
        }
        assert_eq!(body["data"][0]["price"], 649_00, "prices are in paise");

        let (_, body) = app
            .get("/api/products?category=T-SHIRTS&isFeatured=true")
            .await;
        let names: Vec<_> = body["data"]
            .as_array()
            .unwrap()
            .iter()
            .map(|p| p["name"].as_str().unwrap())
            .collect();
        assert_eq!(names, ["T-Shirt Piping", "T-Shirt Normal"], "{engine:?}");

        let (_, body) = app.get("/api/products?search=piping").await;
        assert_eq!(body["data"].as_array().unwrap().len(), 1);
        let (_, body) = app.get("/api/products?search=100%25").await;
        assert_eq!(
            body["data"].as_array().unwrap().len(),
            0,
            "wildcards in a search are literal"
        );
        let (_, body) = app.get("/api/products?limit=2").await;
        assert_eq!(body["data"].as_array().unwrap().len(), 2);
        let (_, body) = app.get("/api/products?brand=legacy%20threads").await;
        assert_eq!(body["data"].as_array().unwrap().len(), 5);
    }
}

#[tokio::test]
async fn one_product_or_the_specs_not_found_message() {
    for engine in engines() {
        let app = TestApp::spawn(engine).await;
        let (status, body) = app.get("/api/products/64f1a2b3c4d5e6f708190a05").await;
        assert_eq!(
            (status, body["data"]["name"].as_str()),
            (200, Some("T-Shirt Normal")),
            "{engine:?}"
        );
        for missing in [
            "/api/products/000000000000000000000000",
            "/api/products/not-an-id",
        ] {
            let (status, body) = app.get(missing).await;
            assert_eq!(status, 404);
            assert_eq!(body["success"], false);
            assert_eq!(body["message"], "Product not found in database.");
        }
        let (_, body) = app.get("/api/products/categories").await;
        assert_eq!(body["data"], serde_json::json!(["shirts", "t-shirts"]));
        let (_, body) = app.get("/api/products/brands").await;
        assert_eq!(body["data"], serde_json::json!(["Legacy Threads"]));
    }
}

#[tokio::test]
async fn bad_query_parameters_are_a_clear_400() {
    let app = TestApp::spawn(helpers::Engine::Sqlite).await;
    let res = app
        .client
        .get(app.url("/api/products?limit=lots"))
        .send()
        .await
        .unwrap();
    assert_eq!(res.status().as_u16(), 400);
}

#[test]
fn the_committed_openapi_json_is_current() {
    let committed =
        std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/../openapi.json")).unwrap();
    assert!(
        committed.trim_end() == api::http::app::openapi_json().trim_end(),
        "openapi.json is stale: run `just gen` and commit it"
    );
}

/// The catalogue's ETag and the stock or price it stands for: a changed
/// product is served at once by the instance that changed it, and within the
/// polling interval by another instance on the same database.
#[tokio::test]
async fn the_catalogue_is_served_from_memory_and_revalidated() {
    for engine in engines() {
        let app = TestApp::spawn(engine).await;
        let other = TestApp::spawn_configured(engine, None, |c| {
            c.database_url = app.state.config.database_url.clone();
        })
        .await;
        let fetch = |app: &TestApp, etag: Option<String>| {
            let mut req = app.client.get(app.url("/api/products"));
            if let Some(tag) = etag {
                req = req.header("If-None-Match", tag);
            }
            async move {
                let res = req.send().await.unwrap();
                let status = res.status().as_u16();
                let etag = res
                    .headers()
                    .get("etag")
                    .map(|v| v.to_str().unwrap().to_string());
                let cache = res
                    .headers()
                    .get("cache-control")
                    .map(|v| v.to_str().unwrap().to_string());
                let body: serde_json::Value = res.json().await.unwrap_or_default();
                (status, etag, cache, body)
            }
        };
        let (status, etag, cache, body) = fetch(&app, None).await;
        assert_eq!(
            (status, cache.as_deref()),
            (200, Some("public, no-cache")),
            "{engine:?}"
        );
        let etag = etag.expect("an ETag");
        assert_eq!(body["data"][0]["price"], 649_00);
        let (status, again, _, _) = fetch(&app, Some(etag.clone())).await;
        assert_eq!(
            (status, again.as_deref()),
            (304, Some(etag.as_str())),
            "unchanged: 304"
        );
        let (status, _, _, _) = fetch(&app, Some("\"stale\"".into())).await;
        assert_eq!(status, 200, "another tag gets the body");
        assert_eq!(
            fetch(&other, None).await.1.as_deref(),
            Some(etag.as_str()),
            "same bytes"
        );

        // The admin changes a price on the first instance.
        let admin = app.admin_token().await;
        let id = body["data"][0]["_id"].as_str().unwrap().to_string();
        let (status, _) = app
            .put_auth(
                &format!("/api/products/{id}"),
                &admin,
                json!({"price": 599_00}),
            )
            .await;
        assert_eq!(status, 200);
        let (status, changed, _, body) = fetch(&app, Some(etag.clone())).await;
        assert_eq!(status, 200, "{engine:?}: the old copy is stale at once");
        assert_ne!(changed.as_deref(), Some(etag.as_str()));
        assert_eq!(body["data"][0]["price"], 599_00);

        // The second instance sees the write through the catalogue version.
        let mut seen = false;
        for _ in 0..50 {
            let (_, _, _, body) = fetch(&other, None).await;
            if body["data"][0]["price"] == 599_00 {
                seen = true;
                break;
            }
            tokio::time::sleep(std::time::Duration::from_millis(100)).await;
        }
        assert!(seen, "{engine:?}: the other instance serves the new price");

        // A paid order takes stock: the list shows it after the next poll.
        let tee_stock = |body: &serde_json::Value| {
            body["data"]
                .as_array()
                .unwrap()
                .iter()
                .find(|p| p["_id"] == helpers::checkout::TEE)
                .unwrap()["stock"]
                .as_i64()
                .unwrap()
        };
        let before = tee_stock(&fetch(&app, None).await.3);
        helpers::checkout::paid_order(&app, "stock@example.com").await;
        let mut taken = false;
        for _ in 0..50 {
            if tee_stock(&fetch(&app, None).await.3) == before - 25 {
                taken = true;
                break;
            }
            tokio::time::sleep(std::time::Duration::from_millis(100)).await;
        }
        assert!(
            taken,
            "{engine:?}: the catalogue shows the stock a payment took"
        );

        // A deleted product leaves the list on both.
        let (status, _) = app
            .delete_auth(&format!("/api/products/{id}"), &admin)
            .await;
        assert_eq!(status, 200);
        let (_, _, _, body) = fetch(&app, None).await;
        assert_eq!(body["data"].as_array().unwrap().len(), 4);
    }
}

/// Every product carries the HSN code its tax invoices will: the engine's
/// default for its category until the admin sets one (4, 6 or 8 digits).
#[tokio::test]
async fn products_carry_an_hsn_code_the_admin_can_set() {
    for engine in engines() {
        let app = TestApp::spawn(engine).await;
        let (_, body) = app.get("/api/products").await;
        let hsn_of = |body: &serde_json::Value, id: &str| {
            body["data"]
                .as_array()
                .unwrap()
                .iter()
                .find(|p| p["_id"] == id)
                .unwrap()["hsn"]
                .clone()
        };
        let tee = helpers::checkout::TEE;
        let shirt = "64f1a2b3c4d5e6f708190a01";
        assert_eq!(
            (hsn_of(&body, tee), hsn_of(&body, shirt)),
            (json!("6109"), json!("6205"))
        );

        let admin = app.admin_token().await;
        let path = format!("/api/products/{tee}");
        let (status, body) = app.put_auth(&path, &admin, json!({"hsn": "61"})).await;
        assert_eq!(
            (status, body["message"].as_str()),
            (400, Some("An HSN code has 4, 6 or 8 digits"))
        );
        let (status, body) = app
            .put_auth(&path, &admin, json!({"hsn": " 610910 "}))
            .await;
        assert_eq!(
            (status, &body["data"]["hsn"]),
            (200, &json!("610910")),
            "{body}"
        );
        let (_, body) = app.get(&path).await;
        assert_eq!(body["data"]["hsn"], "610910");
        let (status, body) = app.put_auth(&path, &admin, json!({"hsn": ""})).await;
        assert_eq!(
            (status, &body["data"]["hsn"]),
            (200, &json!("6109")),
            "{engine:?}: back to the default"
        );
    }
}

#[tokio::test]
async fn products_name_their_country_of_origin() {
    for engine in engines() {
        let app = TestApp::spawn(engine).await;
        let tee = helpers::checkout::TEE;
        let path = format!("/api/products/{tee}");
        // The built-in garments are made here.
        let (_, body) = app.get(&path).await;
        assert_eq!(body["data"]["countryOfOrigin"], "India", "{engine:?}");

        let admin = app.admin_token().await;
        let new = json!({"name": "Imported Hoodie", "price": 89900, "countryOfOrigin": "  Côte  d'Ivoire "});
        let (status, body) = app.post_auth("/api/products", &admin, new).await;
        assert_eq!(status, 200, "{engine:?}: {body}");
        assert_eq!(body["data"]["countryOfOrigin"], "Côte d'Ivoire");
        let id = body["data"]["_id"].as_str().unwrap().to_string();
        let (_, listed) = app.get("/api/products").await;
        let listed = listed["data"]
            .as_array()
            .unwrap()
            .iter()
            .find(|p| p["_id"] == id.as_str())
            .cloned();
        assert_eq!(listed.unwrap()["countryOfOrigin"], "Côte d'Ivoire");

        // A name that is no country's is refused with the engine's message, and changes nothing.
        for bad in ["I", "India1", "<b>Bangladesh</b>"] {
            let (status, body) = app
                .put_auth(&path, &admin, json!({"countryOfOrigin": bad}))
                .await;
            assert_eq!(
                (status, body["message"].as_str(), body["code"].as_str()),
                (
                    400,
                    Some(
                        "Country of origin must be a country's name of 2 to 60 letters, e.g. India"
                    ),
                    Some("INVALID_COUNTRY_OF_ORIGIN")
                ),
                "{engine:?}: {bad:?}"
            );
        }
        let (_, body) = app.get(&path).await;
        assert_eq!(body["data"]["countryOfOrigin"], "India");

        let (status, body) = app
            .put_auth(&path, &admin, json!({"countryOfOrigin": "Bangladesh"}))
            .await;
        assert_eq!(
            (status, &body["data"]["countryOfOrigin"]),
            (200, &json!("Bangladesh")),
            "{body}"
        );
        let (status, body) = app
            .put_auth(&path, &admin, json!({"countryOfOrigin": ""}))
            .await;
        assert_eq!(
            (status, &body["data"]["countryOfOrigin"]),
            (200, &json!("India")),
            "{engine:?}: back to the default"
        );
    }
}

#[tokio::test]
async fn a_size_chart_has_a_row_for_every_size() {
    for engine in engines() {
        let app = TestApp::spawn(engine).await;
        let admin = app.admin_token().await;
        let chart = json!({"unit": "in", "measurements": ["Chest", "Length"],
            "rows": {"S": [38, 27], "M": [40.5, 28]}});
        let new =
            json!({"name": "Charted Tee", "price": 49900, "sizes": ["S", "M"], "sizeChart": chart});
        let (status, body) = app.post_auth("/api/products", &admin, new).await;
        assert_eq!(status, 200, "{engine:?}: {body}");
        assert_eq!(body["data"]["sizeChart"]["rows"]["M"], json!([40.5, 28.0]));
        let id = body["data"]["_id"].as_str().unwrap().to_string();
        let path = format!("/api/products/{id}");
        let (_, read) = app.get(&path).await;
        assert_eq!(read["data"]["sizeChart"], body["data"]["sizeChart"]);

        // Each fault named by the engine, nothing changed.
        let refused = [
            (
                json!({"sizeChart": {"unit": "in", "measurements": ["Chest"], "rows": {"S": [38]}}}),
                "Size chart: size M has no row",
            ),
            (
                json!({"sizeChart": {"unit": "in", "measurements": ["Chest"], "rows": {"S": [38], "M": [40], "XL": [44]}}}),
                "Size chart: the product is not sold in size XL",
            ),
            (
                json!({"sizeChart": {"unit": "mm", "measurements": ["Chest"], "rows": {"S": [38], "M": [40]}}}),
                "Size chart: the unit must be in or cm",
            ),
            // A new size needs its row.
            (
                json!({"sizes": ["S", "M", "L"]}),
                "Size chart: size L has no row",
            ),
        ];
        for (change, message) in refused {
            let (status, body) = app.put_auth(&path, &admin, change.clone()).await;
            assert_eq!(
                (status, body["message"].as_str(), body["code"].as_str()),
                (400, Some(message), Some("INVALID_SIZE_CHART")),
                "{engine:?}: {change}"
            );
        }
        let (_, after) = app.get(&path).await;
        assert_eq!(after["data"]["sizeChart"], read["data"]["sizeChart"]);
        assert_eq!(after["data"]["sizes"], json!(["S", "M"]));

        // No measurements: no chart.
        let (status, body) = app
            .put_auth(
                &path,
                &admin,
                json!({"sizeChart": {"unit": "in", "measurements": [], "rows": {}}}),
            )
            .await;
        assert_eq!(status, 200, "{body}");
        assert!(body["data"].get("sizeChart").is_none(), "{body}");
    }
}
