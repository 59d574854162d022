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

/// The web app's hashed assets: a year in caches, sent as the brotli or gzip
/// copy the build made, the file itself to a client that takes neither.
#[tokio::test]
async fn hashed_web_assets_are_immutable_and_precompressed() {
    let app = TestApp::spawn_full(
        Engine::Sqlite,
        true,
        Some("<!doctype html><title>store</title>"),
    )
    .await;
    let assets = app.state.config.web_dir.join("assets");
    std::fs::create_dir_all(&assets).unwrap();
    std::fs::write(assets.join("app-AbC123.js"), "console.log('plain')").unwrap();
    std::fs::write(assets.join("app-AbC123.js.br"), "brotli bytes").unwrap();
    std::fs::write(assets.join("app-AbC123.js.gz"), "gzip bytes").unwrap();
    std::fs::write(assets.join("engine-X1.wasm"), b"\0asm").unwrap();
    let get = |path: &'static str, encoding: &'static str| {
        let req = app
            .client
            .get(app.url(path))
            .header("accept-encoding", encoding);
        async move {
            let res = req.send().await.unwrap();
            let header = |name| {
                res.headers()
                    .get(name)
                    .map(|v: &reqwest::header::HeaderValue| v.to_str().unwrap().to_string())
            };
            let got = (
                res.status().as_u16(),
                header("content-encoding"),
                header("content-type"),
                header("cache-control"),
            );
            (got, res.bytes().await.unwrap())
        }
    };
    let immutable = Some("public, max-age=31536000, immutable".to_string());
    let js = Some("text/javascript".to_string());
    let (head, body) = get("/assets/app-AbC123.js", "gzip, deflate, br").await;
    assert_eq!(
        head,
        (200, Some("br".into()), js.clone(), immutable.clone())
    );
    assert_eq!(body, "brotli bytes");
    let (head, body) = get("/assets/app-AbC123.js", "gzip").await;
    assert_eq!(head.1.as_deref(), Some("gzip"));
    assert_eq!(body, "gzip bytes");
    let (head, body) = get("/assets/app-AbC123.js", "identity").await;
    assert_eq!(head, (200, None, js, immutable.clone()));
    assert_eq!(body, "console.log('plain')");
    let (head, _) = get("/assets/engine-X1.wasm", "br").await;
    assert_eq!(
        head,
        (200, None, Some("application/wasm".into()), immutable)
    );
    for missing in [
        "/assets/nope-1.js",
        "/assets/..%2findex.html",
        "/assets/.hidden",
    ] {
        assert_eq!(get(missing, "br").await.0.0, 404, "{missing}");
    }
    // The page itself is checked on every visit: it names the current assets.
    let (head, body) = get("/", "identity").await;
    assert_eq!(head.3.as_deref(), Some("no-cache"));
    assert!(body.starts_with(b"<!doctype html>"));
}

/// `/` is the build's home.html when it has one (index.html with the home page's first screen in its markup, which
/// paints before the app's code has run); every other client route still falls back to index.html.
#[tokio::test]
async fn only_the_home_page_is_served_home_html() {
    let app = TestApp::spawn_adjusted(
        Engine::Sqlite,
        Some("<!doctype html><title>index</title><main>index</main>"),
        |config| {
            std::fs::write(
                config.web_dir.join("home.html"),
                "<!doctype html><title>home</title><main>home</main>",
            )
            .unwrap();
        },
        |_| {},
    )
    .await;
    for (path, page) in [
        ("/", "home"),
        ("/?utm_source=mail", "home"),
        ("/products", "index"),
        ("/design", "index"),
        ("/product/abc", "index"),
    ] {
        let res = app.client.get(app.url(path)).send().await.unwrap();
        assert_eq!(res.status(), 200, "{path}");
        assert_eq!(res.headers()["cache-control"], "no-cache", "{path}");
        // Each page with its own head (docs/seo.md), in the markup of home.html or index.html.
        let html = res.text().await.unwrap();
        assert!(html.starts_with("<!doctype html>"), "{path}: {html}");
        assert_eq!(html.matches("<title>").count(), 1, "{path}: {html}");
        assert!(
            html.ends_with(&format!("<main>{page}</main>")),
            "{path}: {html}"
        );
    }
}
