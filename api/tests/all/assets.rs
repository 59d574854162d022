//! The built-in catalogue's pictures and 3D models, as the web app fetches them.

use crate::helpers::{Engine, TestApp};

#[tokio::test]
async fn every_seeded_picture_and_model_is_served() {
    let app = TestApp::spawn(Engine::Sqlite).await;
    let (_, body) = app.get("/api/products").await;
    let products = body["data"].as_array().unwrap();
    let mut pictures = 0;
    for p in products {
        let colours = p["colors"].as_array().unwrap();
        let images = p["colorImages"].as_array().unwrap();
        assert_eq!(images.len(), colours.len(), "{}", p["name"]);
        for image in images {
            for side in ["frontImage", "backImage"] {
                let url = image[side]["url"].as_str().unwrap();
                let res = app.client.get(app.url(url)).send().await.unwrap();
                assert_eq!(res.status(), 200, "{url}");
                assert_eq!(res.headers()["content-type"], "image/png", "{url}");
                assert!(res.bytes().await.unwrap().starts_with(b"\x89PNG"), "{url}");
                pictures += 1;
            }
        }
        for path in p["models"].as_object().unwrap().values() {
            let res = app
                .client
                .get(app.url("/api/models/by-path"))
                .query(&[("path", path.as_str().unwrap())])
                .send()
                .await
                .unwrap();
            assert_eq!(res.status(), 200, "{path}");
            assert_eq!(res.headers()["content-type"], "model/gltf-binary");
            assert!(res.bytes().await.unwrap().starts_with(b"glTF"));
        }
    }
    assert!(pictures >= 5 * 2 * 3, "{pictures} pictures");
}

#[tokio::test]
async fn model_paths_never_leave_the_assets_directory() {
    let app = TestApp::spawn(Engine::Sqlite).await;
    for bad in [
        "../Cargo.toml",
        "../../api/Cargo.toml.glb",
        "/etc/hostname.glb",
        "README.md",
        "",
    ] {
        let res = app
            .client
            .get(app.url("/api/models/by-path"))
            .query(&[("path", bad)])
            .send()
            .await
            .unwrap();
        assert_eq!(res.status(), 400, "{bad:?}");
        let body: serde_json::Value = res.json().await.unwrap();
        assert_eq!(body["message"], "Invalid model path");
        assert_eq!(body["success"], false);
    }
    let (status, body) = app
        .get("/api/models/by-path?path=models/no-such-garment.glb")
        .await;
    assert_eq!(status, 404);
    assert_eq!(body["message"], "Model not found");
    let (status, _) = app
        .get("/api/catalogue/tshirt-normal/../../README.md")
        .await;
    assert!(status == 404 || status == 400, "{status}");
}
