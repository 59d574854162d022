//! Shoppers' artwork through the real server, on both databases and both
//! storage backends: upload by SHA-256, read back by its owner and admins
//! only, required by the cart, kept by the order.

use crate::helpers::checkout::order_request;
use crate::helpers::{TestApp, backends, engines};
use design_engine::{Design, ImageElement, PrintArea, Size};
use serde_json::{Value, json};

const SHIRT: &str = "64f1a2b3c4d5e6f708190a01";
use crate::helpers::LOGO;

fn sha256(bytes: &[u8]) -> String {
    design_engine::hash::sha256_hex(bytes)
}

/// A design with the logo on the Back, 25 in M.
fn design_with_logo() -> Value {
    let (asset, _) = design_engine::codec::decode_upload(LOGO, "image/png").unwrap();
    let mut d = Design::new(SHIRT, "blue");
    d.set_image(PrintArea::Back, ImageElement::new(asset, "logo.png"));
    d.set_quantity(Size::M, 25).unwrap();
    serde_json::from_str(&d.to_json()).unwrap()
}

async fn put(
    app: &TestApp,
    token: &str,
    name: &str,
    bytes: Vec<u8>,
    content_type: &str,
) -> (u16, Value) {
    app.put_bytes(&format!("/api/artwork/{name}"), token, bytes, content_type)
        .await
}

async fn get(app: &TestApp, token: &str, name: &str) -> (u16, String, Vec<u8>) {
    app.get_bytes(&format!("/api/artwork/{name}"), Some(token))
        .await
}

#[tokio::test]
async fn artwork_is_uploaded_once_checked_private_and_kept_by_orders() {
    for engine in engines() {
        for backend in backends() {
            let app = TestApp::spawn_on(engine, backend).await;
            let ctx = format!("{engine:?} {backend:?}");
            let (asha, _) = app.sign_up("asha@example.com").await;
            let (ravi, _) = app.sign_up("ravi@example.com").await;
            let admin = app.admin_token().await;
            let name = sha256(LOGO);

            // The cart refuses a picture the server does not hold.
            let (status, body) = app
                .post_auth(
                    "/api/cart/items",
                    &asha,
                    json!({"design": design_with_logo()}),
                )
                .await;
            assert_eq!(
                (status, body["message"].as_str()),
                (400, Some("Please upload the image again")),
                "{ctx}"
            );

            // Stored once (the claimed type does not matter), then free.
            let (status, body) = put(
                &app,
                &asha,
                &name,
                LOGO.to_vec(),
                "application/octet-stream",
            )
            .await;
            assert_eq!(status, 201, "{ctx} {body}");
            assert_eq!(body["data"]["mime"], "image/png");
            assert_eq!(body["data"]["bytes"], LOGO.len());
            let (status, _) = put(&app, &asha, &name, LOGO.to_vec(), "image/png").await;
            assert_eq!(status, 200, "{ctx}");

            // Bytes that do not hash to the name, or are not a picture, are refused.
            let (status, body) =
                put(&app, &asha, &sha256(b"other"), LOGO.to_vec(), "image/png").await;
            assert_eq!(status, 422, "{ctx} {body}");
            let text = b"<svg xmlns='http://www.w3.org/2000/svg'/>".to_vec();
            let (status, _) = put(&app, &asha, &sha256(&text), text, "image/png").await;
            assert_eq!(status, 422, "{ctx}");
            let (status, body) =
                put(&app, &asha, "../../etc/passwd", LOGO.to_vec(), "image/png").await;
            assert_eq!(status, 404, "{ctx} {body}");
            let big = vec![0u8; 6 * 1024 * 1024];
            let (status, _) = put(&app, &asha, &sha256(&big), big, "image/png").await;
            assert_eq!(status, 413, "{ctx}");

            // Read back by its owner and admins; to anyone else it does not exist.
            let (status, ct, bytes) = get(&app, &asha, &name).await;
            assert_eq!(
                (status, ct.as_str(), bytes.as_slice()),
                (200, "image/png", LOGO),
                "{ctx}"
            );
            assert_eq!(get(&app, &admin, &name).await.0, 200, "{ctx}");
            assert_eq!(get(&app, &ravi, &name).await.0, 404, "{ctx}");
            // Ravi cannot use Asha's picture by naming it either.
            let (status, _) = app
                .post_auth(
                    "/api/cart/items",
                    &ravi,
                    json!({"design": design_with_logo()}),
                )
                .await;
            assert_eq!(status, 400, "{ctx}");

            // Now the cart takes it, and the order keeps it after the cart line is gone.
            let (status, body) = app
                .post_auth(
                    "/api/cart/items",
                    &asha,
                    json!({"design": design_with_logo()}),
                )
                .await;
            assert_eq!(status, 200, "{ctx} {body}");
            // The cart line names the engine's preflight before the shopper pays.
            assert_eq!(
                body["data"]["items"][0]["printWarnings"],
                json!(["The image on the Back prints at 67 DPI (below 150): it may look blurry"]),
                "{ctx}"
            );
            let total = body["data"]["totalPrice"].as_i64().unwrap();
            let (status, body) = app
                .post_auth(
                    "/api/payments/create-order",
                    &asha,
                    order_request("rcpt_art", total),
                )
                .await;
            assert_eq!(status, 200, "{ctx} {body}");
            let (status, _) = app.delete_auth("/api/cart", &asha).await;
            assert_eq!(status, 200, "{ctx}");
            let kept: i64 =
                sqlx::query_scalar("SELECT COUNT(*) FROM order_item_artwork WHERE sha256 = $1")
                    .bind(&name)
                    .fetch_one(&app.db)
                    .await
                    .unwrap();
            assert_eq!(kept, 1, "{ctx}");
            // The printer's files: drawn by the engine from the stored artwork, 300 DPI.
            let order_id = body["data"]["order"]["_id"].as_str().unwrap().to_string();
            let res = app
                .client
                .get(app.url(&format!("/api/orders/{order_id}/print-files")))
                .bearer_auth(&admin)
                .send()
                .await
                .unwrap();
            assert_eq!(res.status().as_u16(), 200, "{ctx}");
            assert_eq!(res.headers()["content-type"], "application/zip");
            let zip_bytes = res.bytes().await.unwrap().to_vec();
            let mut zip = zip::ZipArchive::new(std::io::Cursor::new(zip_bytes)).unwrap();
            let manifest: Value =
                serde_json::from_reader(zip.by_name("manifest.json").unwrap()).unwrap();
            let file = &manifest["files"][0];
            assert_eq!(
                manifest["files"].as_array().unwrap().len(),
                1,
                "{ctx} {manifest}"
            );
            assert_eq!(
                (
                    file["line"].as_i64(),
                    file["area"].as_str(),
                    file["quantities"]["m"].as_i64()
                ),
                (Some(1), Some("Back"), Some(25))
            );
            assert_eq!(
                file["printSizeInches"],
                json!({"width": 12.0, "height": 14.0})
            );
            let mut png = Vec::new();
            std::io::Read::read_to_end(&mut zip.by_name("line-1-back.png").unwrap(), &mut png)
                .unwrap();
            let decoder = png::Decoder::new(std::io::Cursor::new(&png));
            let info = decoder.read_info().unwrap();
            assert_eq!(
                (info.info().width, info.info().height),
                (3600, 4200),
                "{ctx}"
            );
            // The small logo stretched over 20% of the Back is flagged for the printer.
            assert!(
                file["warnings"][0].as_str().unwrap_or("").contains("DPI"),
                "{manifest}"
            );
            let res = app
                .client
                .get(app.url(&format!("/api/orders/{order_id}/print-files/1/back")))
                .bearer_auth(&admin)
                .send()
                .await
                .unwrap();
            assert_eq!(
                res.bytes().await.unwrap().to_vec(),
                png,
                "{ctx}: the same file alone"
            );
            assert_eq!(
                app.get_auth(&format!("/api/orders/{order_id}/print-files"), &asha)
                    .await
                    .0,
                403
            );
            assert_eq!(
                app.get_auth(
                    &format!("/api/orders/{order_id}/print-files/1/left-chest"),
                    &admin
                )
                .await
                .0,
                404
            );

            // Even when old and unused by any cart, the order's artwork is not removable.
            sqlx::query("UPDATE artwork SET touched_at = 0")
                .execute(&app.db)
                .await
                .unwrap();
            assert!(
                !api::db::artwork::forget(&app.db, &name, i64::MAX)
                    .await
                    .unwrap(),
                "{ctx}"
            );
            assert_eq!(get(&app, &asha, &name).await.0, 200, "{ctx}");
        }
    }
}

/// A pending order nobody paid within PENDING_ORDER_HOURS is cancelled by the
/// sweep and lets go of its artwork, which the sweep may then remove; a
/// payment that still arrives is refunded. A younger pending order is kept.
#[tokio::test]
async fn unpaid_orders_expire_and_let_go_of_their_artwork() {
    use crate::helpers::checkout::payment;
    for engine in engines() {
        let app = TestApp::spawn(engine).await;
        let (token, _) = app.sign_up("late@example.com").await;
        let name = sha256(LOGO);
        assert_eq!(
            put(&app, &token, &name, LOGO.to_vec(), "image/png").await.0,
            201
        );
        let add = json!({"design": design_with_logo()});
        assert_eq!(
            app.post_auth("/api/cart/items", &token, add.clone())
                .await
                .0,
            200
        );
        let total = app.get_auth("/api/cart", &token).await.1["data"]["totalPrice"].clone();
        let (status, old) = app
            .post_auth(
                "/api/payments/create-order",
                &token,
                order_request("rcpt_old", total.as_i64().unwrap()),
            )
            .await;
        assert_eq!(status, 200, "{engine:?} {old}");
        let old = old["data"].clone();
        let (status, young) = app
            .post_auth(
                "/api/payments/create-order",
                &token,
                order_request("rcpt_young", total.as_i64().unwrap()),
            )
            .await;
        assert_eq!(status, 200, "{young}");
        let young_id = young["data"]["order"]["_id"].as_str().unwrap().to_string();
        // The first order was placed 25 hours ago (the default limit is 24).
        let old_id = old["order"]["_id"].as_str().unwrap().to_string();
        sqlx::query("UPDATE orders SET created_at = created_at - 90000000 WHERE id = $1")
            .bind(&old_id)
            .execute(&app.db)
            .await
            .unwrap();
        let holders = |id: String| {
            let db = app.db.clone();
            async move {
                let n: i64 = sqlx::query_scalar(
                    "SELECT COUNT(*) FROM order_item_artwork a JOIN order_items i ON i.id = a.order_item_id WHERE i.order_id = $1",
                )
                .bind(id)
                .fetch_one(&db)
                .await
                .unwrap();
                n
            }
        };
        assert_eq!(holders(old_id.clone()).await, 1);

        let swept = api::sweeper::sweep(&app.state, std::time::Duration::from_secs(3600))
            .await
            .unwrap();
        assert_eq!(swept.expired_orders, 1, "{engine:?} {swept:?}");
        let (_, order) = app.get_auth(&format!("/api/orders/{old_id}"), &token).await;
        assert_eq!(
            (
                order["data"]["status"].as_str(),
                order["data"]["cancelReason"].as_str()
            ),
            (Some("cancelled"), Some("Not paid in time"))
        );
        assert_eq!(holders(old_id.clone()).await, 0, "its artwork is let go");
        let (_, order) = app
            .get_auth(&format!("/api/orders/{young_id}"), &token)
            .await;
        assert_eq!(
            order["data"]["status"], "pending",
            "a younger order is kept"
        );
        assert_eq!(holders(young_id).await, 1);

        // The shopper pays the expired order after all: it is given back.
        let (status, body) = app
            .post_auth("/api/payments/verify", &token, payment(&old, "pay_late"))
            .await;
        assert_eq!(
            (status, body["code"].as_str()),
            (409, Some("PAYMENT_REFUNDED")),
            "{body}"
        );
        let again = api::sweeper::sweep(&app.state, std::time::Duration::from_secs(3600))
            .await
            .unwrap();
        assert_eq!(again.expired_orders, 0);
    }
}

/// A photo-sized picture (over the 1 MiB JSON bound, under the studio's 5 MB)
/// is stored: the body guard once read the path without its `/api` prefix and
/// bounded every upload as JSON.
#[tokio::test]
async fn pictures_up_to_the_studios_limit_are_stored() {
    let app = TestApp::spawn(engines()[0]).await;
    let (asha, _) = app.sign_up("asha@example.com").await;
    // Noise does not compress: about 2.5 MB of PNG.
    let mut seed = 0x2545_f491_u32;
    let img = image::RgbaImage::from_fn(800, 800, |_, _| {
        seed ^= seed << 13;
        seed ^= seed >> 17;
        seed ^= seed << 5;
        let [r, g, b, _] = seed.to_le_bytes();
        image::Rgba([r, g, b, 255])
    });
    let png = design_engine::codec::encode_png(&img, None);
    assert!((2 << 20..5 << 20).contains(&png.len()), "{}", png.len());
    let (status, body) = put(&app, &asha, &sha256(&png), png.clone(), "image/png").await;
    assert_eq!(status, 201, "{body}");
    assert_eq!(body["data"]["bytes"], png.len());
}
