//! The admin's uploads through the real server, on both databases and both
//! storage backends: presigned and multipart uploads, the checks on what was
//! uploaded, products that reference the files, and their removal.

use std::time::Duration;

use crate::helpers::{Backend, TestApp, backends, engines, glb};
use serde_json::{Value, json};

use crate::helpers::LOGO;

/// Upload URLs are relative with the local backend (the API's own), absolute with S3.
fn absolute(app: &TestApp, url: &str) -> String {
    if url.starts_with('/') {
        app.url(url)
    } else {
        url.to_string()
    }
}

async fn put_bytes(
    app: &TestApp,
    url: &str,
    content_type: &str,
    bytes: Vec<u8>,
) -> (u16, Option<String>) {
    let res = app
        .client
        .put(absolute(app, url))
        .header("content-type", content_type)
        .body(bytes)
        .send()
        .await
        .unwrap();
    let etag = res
        .headers()
        .get("etag")
        .map(|v| v.to_str().unwrap().trim_matches('"').to_string());
    (res.status().as_u16(), etag)
}

/// A presigned single upload; returns the key.
async fn upload_single(
    app: &TestApp,
    admin: &str,
    file: &str,
    color: &str,
    bytes: Vec<u8>,
) -> String {
    let (status, body) = app
        .get_auth(
            &format!("/api/upload/presigned-url?fileName={file}&color={color}"),
            admin,
        )
        .await;
    assert_eq!(status, 200, "{body}");
    let ct = if file.ends_with(".glb") {
        "model/gltf-binary"
    } else {
        "image/png"
    };
    let (status, _) = put_bytes(app, body["data"]["uploadUrl"].as_str().unwrap(), ct, bytes).await;
    assert_eq!(status, 200);
    body["data"]["s3Key"].as_str().unwrap().to_string()
}

/// A multipart upload in 5 MiB parts; returns (status, body) of complete.
async fn upload_multipart(
    app: &TestApp,
    admin: &str,
    file: &str,
    bytes: &[u8],
) -> (String, u16, Value) {
    let (status, body) = app
        .post_auth(
            "/api/upload/multipart/initiate",
            admin,
            json!({"fileName": file, "color": "Navy Blue"}),
        )
        .await;
    assert_eq!(status, 200, "{body}");
    let key = body["data"]["s3Key"].as_str().unwrap().to_string();
    assert!(key.starts_with("navy-blue/"), "{key}");
    let upload_id = body["data"]["uploadId"].as_str().unwrap().to_string();
    let mut parts = Vec::new();
    for (i, chunk) in bytes.chunks(5 << 20).enumerate() {
        let n = i + 1;
        let (status, body) = app
            .post_auth(
                "/api/upload/multipart/part-url",
                admin,
                json!({"s3Key": key, "uploadId": upload_id, "partNumber": n}),
            )
            .await;
        assert_eq!(status, 200, "{body}");
        let (status, etag) = put_bytes(
            app,
            body["data"]["uploadUrl"].as_str().unwrap(),
            "application/octet-stream",
            chunk.to_vec(),
        )
        .await;
        assert_eq!(status, 200);
        parts.push(json!({"ETag": etag.expect("each part answers an ETag"), "PartNumber": n}));
    }
    let (status, body) = app
        .post_auth(
            "/api/upload/multipart/complete",
            admin,
            json!({"s3Key": key, "uploadId": upload_id, "parts": parts}),
        )
        .await;
    (key, status, body)
}

async fn fetch(app: &TestApp, path: &str) -> (u16, String, Vec<u8>) {
    let res = app.client.get(app.url(path)).send().await.unwrap();
    let status = res.status().as_u16();
    let ct = res
        .headers()
        .get("content-type")
        .map(|v| v.to_str().unwrap().to_string())
        .unwrap_or_default();
    (status, ct, res.bytes().await.unwrap().to_vec())
}

#[tokio::test]
async fn admin_uploads_reach_products_and_leave_with_them() {
    for engine in engines() {
        for backend in backends() {
            let app = TestApp::spawn_on(engine, backend).await;
            let ctx = format!("{engine:?} {backend:?}");
            let admin = app.admin_token().await;
            let (shopper, _) = app.sign_up("shopper@example.com").await;

            // Admins only; .glb and .png only.
            let (status, _) = app
                .get_auth(
                    "/api/upload/presigned-url?fileName=a.glb&color=red",
                    &shopper,
                )
                .await;
            assert_eq!(status, 403, "{ctx}");
            let (status, body) = app
                .get_auth("/api/upload/presigned-url?fileName=a.exe&color=red", &admin)
                .await;
            assert_eq!(
                (status, body["message"].as_str()),
                (
                    400,
                    Some("Only .glb models and .png images can be uploaded")
                ),
                "{ctx}"
            );

            // A small model by one PUT, a front picture too; a product uses them.
            let model = glb(0);
            let small = upload_single(&app, &admin, "tee.glb", "red", model.clone()).await;
            let front = upload_single(&app, &admin, "front.png", "red", LOGO.to_vec()).await;
            let (status, body) = app
                .post_auth(
                    "/api/products",
                    &admin,
                    json!({"name": "Uploaded Tee", "price": 30000, "numberOfColors": 1,
                        "colorModels": [{"color": "Red", "fileUrl": "https://elsewhere.example/x.glb", "s3Key": small}],
                        "colorImages": [{"color": "red", "frontImage": {"url": "x", "s3Key": front}}]}),
                )
                .await;
            assert_eq!(status, 200, "{ctx} {body}");
            let product = &body["data"];
            let id = product["_id"].as_str().unwrap().to_string();
            let model_url = product["modelMetadata"][0]["s3Url"]
                .as_str()
                .unwrap()
                .to_string();
            assert_eq!(model_url, format!("/api/files/models/{small}"), "{ctx}");
            assert_eq!(product["models"]["red"], model_url.as_str());
            let front_url = product["colorImages"][0]["frontImage"]["url"]
                .as_str()
                .unwrap()
                .to_string();
            let (status, ct, bytes) = fetch(&app, &model_url).await;
            assert_eq!(
                (status, ct.as_str(), bytes == model),
                (200, "model/gltf-binary", true),
                "{ctx}"
            );
            let (status, ct, bytes) = fetch(&app, &front_url).await;
            assert_eq!(
                (status, ct.as_str(), bytes.as_slice()),
                (200, "image/png", LOGO),
                "{ctx}"
            );

            // A bigger model in parts replaces it; the old file is removed.
            let big = glb(6 << 20);
            let (key, status, body) = upload_multipart(&app, &admin, "tee.glb", &big).await;
            assert_eq!(status, 200, "{ctx} {body}");
            assert_eq!(body["data"]["size"], big.len());
            let (status, body) = app
                .put_auth(
                    &format!("/api/products/{id}"),
                    &admin,
                    json!({"colorModels": [{"color": "red", "fileUrl": "", "s3Key": key}]}),
                )
                .await;
            assert_eq!(status, 200, "{ctx} {body}");
            let new_url = body["data"]["modelMetadata"][0]["s3Url"]
                .as_str()
                .unwrap()
                .to_string();
            let (status, _, bytes) = fetch(&app, &new_url).await;
            assert_eq!((status, bytes.len()), (200, big.len()), "{ctx}");
            assert_eq!(
                fetch(&app, &model_url).await.0,
                404,
                "{ctx}: the replaced model is gone"
            );

            // Files that are not what they say are refused and removed.
            let fake = upload_single(
                &app,
                &admin,
                "fake.glb",
                "red",
                b"not a model at all".to_vec(),
            )
            .await;
            let (status, body) = app
                .put_auth(
                    &format!("/api/products/{id}"),
                    &admin,
                    json!({"colorModels": [{"color": "red", "fileUrl": "", "s3Key": fake}]}),
                )
                .await;
            assert_eq!(status, 422, "{ctx} {body}");
            assert!(
                body["message"]
                    .as_str()
                    .unwrap()
                    .contains("not a valid GLB"),
                "{body}"
            );
            assert_eq!(
                fetch(&app, &format!("/api/files/models/{fake}")).await.0,
                404,
                "{ctx}"
            );
            let mut not_png = vec![0x89, b'P', b'N', b'G'];
            not_png.extend(std::iter::repeat_n(1u8, (5 << 20) + 10));
            let (_, status, body) = upload_multipart(&app, &admin, "front.png", &not_png).await;
            assert_eq!(status, 422, "{ctx} {body}");
            // Keys the server did not issue are unknown.
            let (status, _) = app
                .put_auth(
                    &format!("/api/products/{id}"),
                    &admin,
                    json!({"colorModels": [{"color": "red", "fileUrl": "", "s3Key": "red/../../secret.glb"}]}),
                )
                .await;
            assert_eq!(status, 400, "{ctx}");

            // An aborted upload is gone.
            let (status, body) = app
                .post_auth(
                    "/api/upload/multipart/initiate",
                    &admin,
                    json!({"fileName": "x.glb", "color": "red"}),
                )
                .await;
            assert_eq!(status, 200, "{ctx}");
            let started =
                json!({"s3Key": body["data"]["s3Key"], "uploadId": body["data"]["uploadId"]});
            assert_eq!(
                app.post_auth("/api/upload/multipart/abort", &admin, started.clone())
                    .await
                    .0,
                200,
                "{ctx}"
            );
            let mut part = started.clone();
            part["partNumber"] = json!(1);
            assert_eq!(
                app.post_auth("/api/upload/multipart/part-url", &admin, part)
                    .await
                    .0,
                404,
                "{ctx}"
            );

            // Deleting the product removes its files.
            assert_eq!(
                app.delete_auth(&format!("/api/products/{id}"), &admin)
                    .await
                    .0,
                200,
                "{ctx}"
            );
            assert_eq!(fetch(&app, &new_url).await.0, 404, "{ctx}");
            assert_eq!(fetch(&app, &front_url).await.0, 404, "{ctx}");

            // Unclaimed uploads and unfinished multipart uploads are swept.
            let orphan = upload_single(&app, &admin, "orphan.png", "red", LOGO.to_vec()).await;
            let (status, _) = app
                .post_auth(
                    "/api/upload/multipart/initiate",
                    &admin,
                    json!({"fileName": "y.glb", "color": "red"}),
                )
                .await;
            assert_eq!(status, 200);
            let swept = api::sweeper::sweep(&app.state, Duration::ZERO)
                .await
                .unwrap();
            assert_eq!(
                (swept.unclaimed_files, swept.aborted_uploads),
                (1, 1),
                "{ctx} {swept:?}"
            );
            assert_eq!(
                fetch(&app, &format!("/api/files/images/{orphan}")).await.0,
                404,
                "{ctx}"
            );
        }
    }
}

#[tokio::test]
async fn local_upload_urls_refuse_tampering_and_oversize() {
    for engine in engines() {
        let app = TestApp::spawn_on(engine, Backend::Local).await;
        let admin = app.admin_token().await;
        let (_, body) = app
            .get_auth("/api/upload/presigned-url?fileName=a.glb&color=red", &admin)
            .await;
        let url = body["data"]["uploadUrl"].as_str().unwrap().to_string();
        for tampered in [
            url.replace("/red/", "/blue/"),
            url.replace("models", "images"),
            url.replace("expires=", "expires=9"),
            format!(
                "{}{}",
                &url[..url.len() - 1],
                if url.ends_with('0') { '1' } else { '0' }
            ),
            url.replace(
                "/api/storage/models/red/",
                "/api/storage/models/red/..%2F..%2F",
            ),
        ] {
            let (status, _) = put_bytes(&app, &tampered, "model/gltf-binary", glb(0)).await;
            assert_eq!(status, 403, "{tampered}");
        }
        // More than 100 MB, streamed without a length: cut off, 413, nothing kept.
        let chunk = bytes::Bytes::from(vec![0u8; 1 << 20]);
        let stream = futures_util::stream::iter(
            (0..102).map(move |_| Ok::<_, std::io::Error>(chunk.clone())),
        );
        let res = app
            .client
            .put(app.url(&url))
            .body(reqwest::Body::wrap_stream(stream))
            .send()
            .await
            .unwrap();
        assert_eq!(res.status().as_u16(), 413);
        let body: Value = res.json().await.unwrap();
        assert_eq!(
            body["message"],
            "File too large. Please reduce file size and try again. Maximum file size is 100MB."
        );
        let key = body_key(&url);
        assert_eq!(
            fetch(&app, &format!("/api/files/models/{key}")).await.0,
            404
        );
        // The URL still works for a file of the right size.
        assert_eq!(
            put_bytes(&app, &url, "model/gltf-binary", glb(0)).await.0,
            200
        );
    }
}

#[tokio::test]
async fn local_single_upload_urls_work_once_across_processes() {
    for engine in engines() {
        let app = TestApp::spawn_on(engine, Backend::Local).await;
        let admin = app.admin_token().await;
        let url_for = |file: &'static str| {
            let (app, admin) = (&app, admin.clone());
            async move {
                let (status, body) = app
                    .get_auth(
                        &format!("/api/upload/presigned-url?fileName={file}&color=red"),
                        &admin,
                    )
                    .await;
                assert_eq!(status, 200, "{body}");
                (
                    body["data"]["uploadUrl"].as_str().unwrap().to_string(),
                    body["data"]["s3Key"].as_str().unwrap().to_string(),
                )
            }
        };

        // The first PUT stores the file; a second one to the same URL is refused and changes nothing.
        let (url, key) = url_for("front.png").await;
        assert_eq!(
            put_bytes(&app, &url, "image/png", LOGO.to_vec()).await.0,
            200
        );
        let res = app
            .client
            .put(app.url(&url))
            .header("content-type", "image/png")
            .body(b"not the picture".to_vec())
            .send()
            .await
            .unwrap();
        assert_eq!(res.status().as_u16(), 403, "{engine:?}");
        let body: Value = res.json().await.unwrap();
        assert_eq!(body["message"], "This upload URL has already been used");
        let (status, _, bytes) = fetch(&app, &format!("/api/files/images/{key}")).await;
        assert_eq!((status, bytes.as_slice()), (200, LOGO));

        // Once a product checked and claimed the file, its URL is refused even
        // if the file had been put before URLs were single-use (no stamp).
        let (status, body) = app
            .post_auth(
                "/api/products",
                &admin,
                json!({"name": "Once Tee", "price": 30000, "numberOfColors": 1,
                    "colorImages": [{"color": "red", "frontImage": {"url": "x", "s3Key": key}}]}),
            )
            .await;
        assert_eq!(status, 200, "{body}");
        sqlx::query("UPDATE stored_files SET put_at = NULL")
            .execute(&app.db)
            .await
            .unwrap();
        assert_eq!(
            put_bytes(&app, &url, "image/png", LOGO.to_vec()).await.0,
            403
        );
        let (_, _, bytes) = fetch(&app, &format!("/api/files/images/{key}")).await;
        assert_eq!(bytes.as_slice(), LOGO);

        // A second server process on the same database and files: of PUTs to
        // one URL through both at once, exactly one is taken.
        let config = &app.state.config;
        let (database_url, data_dir, secret) = (
            config.database_url.clone(),
            config.data_dir.clone(),
            config.jwt_secret.expose().to_string(),
        );
        let other = TestApp::spawn_configured(engine, None, |c| {
            c.database_url = database_url;
            c.data_dir = data_dir;
            c.jwt_secret = api::env::Secret::new(secret);
        })
        .await;
        let (url, key) = url_for("model.glb").await;
        let puts = (0..6).map(|n| {
            let (server, url) = (if n % 2 == 0 { &app } else { &other }, url.clone());
            async move { put_bytes(server, &url, "model/gltf-binary", glb(n)).await.0 }
        });
        let mut statuses = futures_util::future::join_all(puts).await;
        statuses.sort();
        assert_eq!(statuses, [200, 403, 403, 403, 403, 403], "{engine:?}");
        let (status, _, _) = fetch(&other, &format!("/api/files/models/{key}")).await;
        assert_eq!(status, 200);
    }
}

/// The key inside a local upload URL.
fn body_key(url: &str) -> String {
    url.trim_start_matches("/api/storage/models/")
        .split('?')
        .next()
        .unwrap()
        .to_string()
}

#[tokio::test]
async fn a_product_and_its_files_in_one_form() {
    for engine in engines() {
        for backend in backends() {
            let app = TestApp::spawn_on(engine, backend).await;
            let ctx = format!("{engine:?} {backend:?}");
            let admin = app.admin_token().await;
            let form = |model: Vec<u8>, model_name: &str| {
                let file = |bytes: Vec<u8>, name: &str, ct: &str| {
                    reqwest::multipart::Part::bytes(bytes)
                        .file_name(name.to_string())
                        .mime_str(ct)
                        .unwrap()
                };
                reqwest::multipart::Form::new()
                    .part(
                        "product",
                        reqwest::multipart::Part::text(
                            // Green is not among the store's colours: its swatch comes with it.
                            r##"{"name": "Form Tee", "price": 25000, "category": "tshirt", "colorHex": {"green": "#16A34A"}}"##,
                        )
                        .mime_str("application/json")
                        .unwrap(),
                    )
                    .part("models", file(model, model_name, "model/gltf-binary"))
                    .part("frontImages", file(LOGO.to_vec(), "Green.png", "image/png"))
                    .part("backImages", file(LOGO.to_vec(), "green.png", "image/png"))
            };
            let send = |form: reqwest::multipart::Form| {
                app.client
                    .post(app.url("/api/upload/product"))
                    .bearer_auth(&admin)
                    .multipart(form)
                    .send()
            };

            let res = send(form(glb(0), "Green.glb")).await.unwrap();
            assert_eq!(res.status().as_u16(), 200, "{ctx}");
            let body: Value = res.json().await.unwrap();
            let p = &body["data"];
            assert_eq!(
                (p["name"].as_str(), p["colors"][0].as_str()),
                (Some("Form Tee"), Some("green")),
                "{ctx}"
            );
            let model_url = p["models"]["green"].as_str().unwrap();
            assert_eq!(fetch(&app, model_url).await.2, glb(0), "{ctx}");
            let images = &p["colorImages"][0];
            for side in ["frontImage", "backImage"] {
                let (status, _, bytes) = fetch(&app, images[side]["url"].as_str().unwrap()).await;
                assert_eq!((status, bytes.as_slice()), (200, LOGO), "{ctx} {side}");
            }

            // A model that is not one: 422, and no product.
            let res = send(form(b"nope".to_vec(), "red.glb")).await.unwrap();
            assert_eq!(res.status().as_u16(), 422, "{ctx}");
            let (_, list) = app.get("/api/products?search=Form%20Tee").await;
            assert_eq!(list["data"].as_array().unwrap().len(), 1, "{ctx}");
        }
    }
}
