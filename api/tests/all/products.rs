use crate::helpers;
use crate::helpers::{TestApp, engines};

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
        assert_eq!(body["data"][0]["price"], 4500, "prices are in paise");

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
        committed.trim_end() == api::app::openapi_json().trim_end(),
        "openapi.json is stale: run `just gen` and commit it"
    );
}
