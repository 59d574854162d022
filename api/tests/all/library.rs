//! The clip-art library and the starter templates through the real server,
//! on both databases: listed, searched, refused on bad input; every template
//! taken by the cart; and a design with a clip-art and a QR code through
//! cart, payment and print files, the QR code read back from the 300 DPI file.

use crate::helpers::checkout::{TEE, pay_cart};
use crate::helpers::{TestApp, engines};
use design_engine::elements::{ClipArt, ImageSize, ImageSource, QrCode};
use design_engine::{Design, ImageElement, PrintArea, Size};
use serde_json::{Value, json};

/// What the QR code says: a web address with a query, read back exactly.
const QR_TEXT: &str = "https://example.in/team/42?player=Asha%20Rao&kit=home";

#[tokio::test]
async fn clipart_and_templates_are_listed_searched_and_bounded() {
    for engine in engines() {
        let app = TestApp::spawn(engine).await;
        let (status, body) = app.get("/api/clipart").await;
        assert_eq!(status, 200, "{body}");
        let page = &body["data"];
        assert!(page["total"].as_u64().unwrap() >= 300, "{page}");
        assert_eq!(page["items"].as_array().unwrap().len(), 48);
        assert_eq!(page["categories"].as_array().unwrap().len(), 12);
        let licences: Vec<&str> = page["licences"]
            .as_array()
            .unwrap()
            .iter()
            .map(|l| l["id"].as_str().unwrap())
            .collect();
        assert_eq!(licences, ["MIT", "CC0-1.0"]);

        let (status, body) = app.get("/api/clipart?category=indian-motifs&q=diya").await;
        assert_eq!(status, 200, "{body}");
        let items = body["data"]["items"].as_array().unwrap();
        assert_eq!(items.len(), 6, "{body}");
        assert!(items.iter().all(|i| i["category"] == "indian-motifs"
            && i["tags"].as_array().unwrap().contains(&json!("diya"))));
        let (_, body) = app.get("/api/clipart?q=TROPHY").await;
        assert!(body["data"]["total"].as_u64().unwrap() >= 2, "{body}");
        let (_, last) = app.get("/api/clipart?page=7").await;
        assert_eq!(last["data"]["page"], 7);

        for bad in [
            "/api/clipart?category=weapons".to_string(),
            format!("/api/clipart?q={}", "a".repeat(65)),
            "/api/clipart?page=0".to_string(),
            "/api/clipart?page=101".to_string(),
            "/api/clipart?page=two".to_string(),
        ] {
            assert_eq!(app.get(&bad).await.0, 400, "{bad}");
        }

        let url = items[0]["svgUrl"].as_str().unwrap();
        let res = app.client.get(app.url(url)).send().await.unwrap();
        assert_eq!(res.status().as_u16(), 200);
        assert_eq!(res.headers()["content-type"], "image/svg+xml");
        assert_eq!(res.headers()["cache-control"], "public, max-age=3600");
        let svg = res.text().await.unwrap();
        assert!(svg.starts_with("<svg") && !svg.contains("stroke"), "{svg}");
        assert_eq!(app.get("/api/clipart/no-such-art/svg").await.0, 404);

        // Every template goes into the cart as it is, on the tee in its colour.
        let (status, body) = app.get("/api/templates").await;
        assert_eq!(status, 200);
        let templates = body["data"].as_array().unwrap();
        assert!(templates.len() >= 40, "{}", templates.len());
        let (token, _) = app.sign_up("asha@example.com").await;
        for t in templates {
            let mut design = t["design"].clone();
            design["productId"] = json!(TEE);
            design["quantities"] = json!({"m": 25});
            let (status, body) = app
                .post_auth("/api/cart/items", &token, json!({"design": design}))
                .await;
            assert_eq!(status, 200, "{}: {body}", t["id"]);
            assert!(
                body["data"]["items"]
                    .as_array()
                    .unwrap()
                    .iter()
                    .all(|i| i["printWarnings"] == json!([])),
                "{}: {body}",
                t["id"]
            );
        }
    }
}

/// 25 tees: a QR code on the Back, a clip-art trophy on the chest.
fn qr_and_clipart(colour: &str) -> Value {
    let mut d = Design::new(TEE, colour);
    let qr = QrCode::new(QR_TEXT, "#000080").unwrap();
    let mut code = ImageElement::of(ImageSource::Qr(qr), "QR code");
    code.size = ImageSize::new(40, 40).unwrap();
    d.set_image(PrintArea::Back, code);
    let trophy = ClipArt::new("sports-trophy-filled", "#eab308").unwrap();
    d.set_image(
        PrintArea::LeftChest,
        ImageElement::of(ImageSource::Clipart(trophy), "Trophy"),
    );
    d.set_quantity(Size::M, 25).unwrap();
    serde_json::from_str(&d.to_json()).unwrap()
}

#[tokio::test]
async fn a_qr_code_and_a_clipart_print_and_the_code_reads_back() {
    for engine in engines() {
        let app = TestApp::spawn(engine).await;
        let (token, _) = app.sign_up("asha@example.com").await;
        let admin = app.admin_token().await;

        // Navy on navy would not scan; an unknown clip-art is refused.
        let (status, body) = app
            .post_auth(
                "/api/cart/items",
                &token,
                json!({"design": qr_and_clipart("navyblue")}),
            )
            .await;
        assert_eq!(
            (status, body["code"].as_str()),
            (400, Some("QR_LOW_CONTRAST")),
            "{body}"
        );
        let mut unknown = qr_and_clipart("white");
        unknown["areas"][PrintArea::LeftChest.key()]["image"]["clipart"]["id"] =
            json!("sports-unicorn");
        let (status, body) = app
            .post_auth("/api/cart/items", &token, json!({"design": unknown}))
            .await;
        assert_eq!(
            (status, body["code"].as_str()),
            (400, Some("CLIPART_UNKNOWN")),
            "{body}"
        );

        let (status, body) = app
            .post_auth(
                "/api/cart/items",
                &token,
                json!({"design": qr_and_clipart("white")}),
            )
            .await;
        assert_eq!(status, 200, "{body}");
        assert_eq!(
            body["data"]["items"][0]["printWarnings"],
            json!([]),
            "{body}"
        );
        let total = body["data"]["totalPrice"].as_i64().unwrap();
        let order_id = pay_cart(&app, &token, "rcpt_qr", total).await;

        let res = app
            .client
            .get(app.url(&format!("/api/orders/{order_id}/print-files")))
            .bearer_auth(&admin)
            .send()
            .await
            .unwrap();
        assert_eq!(res.status().as_u16(), 200);
        let zip_bytes = res.bytes().await.unwrap().to_vec();
        let mut zip = zip::ZipArchive::new(std::io::Cursor::new(zip_bytes)).unwrap();
        let manifest: Value =
            serde_json::from_reader(zip.by_name("manifest.json").unwrap()).unwrap();
        for file in manifest["files"].as_array().unwrap() {
            assert_eq!(file["warnings"], json!([]), "{manifest}");
        }
        let read = |zip: &mut zip::ZipArchive<_>, name: &str| {
            let mut png = Vec::new();
            std::io::Read::read_to_end(&mut zip.by_name(name).unwrap(), &mut png).unwrap();
            image::load_from_memory(&png).unwrap().to_rgba8()
        };
        // The trophy in its one colour, at the chest's 300 DPI (4 × 4 in).
        let chest = read(&mut zip, "line-1-left-chest.png");
        assert_eq!(chest.dimensions(), (1200, 1200));
        assert!(chest.pixels().any(|p| p.0 == [0xea, 0xb3, 0x08, 255]));
        // One colour: only faint anti-aliased edge pixels round differently.
        let ink = [0xea, 0xb3, 0x08];
        let off = |p: &image::Rgba<u8>| (0..3).any(|c| p.0[c].abs_diff(ink[c]) > 1);
        assert!(!chest.pixels().any(|p| p.0[3] >= 128 && off(p)));

        let back = read(&mut zip, "line-1-back.png");
        assert_eq!(back.dimensions(), (3600, 4200));
        let path =
            std::env::temp_dir().join(format!("qr-back-{}-{engine:?}.png", std::process::id()));
        back.save(&path).unwrap();
        let out = std::process::Command::new(concat!(
            env!("CARGO_MANIFEST_DIR"),
            "/../scripts/qr-decoder.sh"
        ))
        .arg("decode")
        .arg(&path)
        .arg("#ffffff")
        .output()
        .expect("scripts/qr-decoder.sh runs");
        let _ = std::fs::remove_file(&path);
        assert!(
            out.status.success(),
            "{}",
            String::from_utf8_lossy(&out.stderr)
        );
        assert_eq!(
            String::from_utf8_lossy(&out.stdout).trim_end_matches('\n'),
            QR_TEXT
        );
    }
}
