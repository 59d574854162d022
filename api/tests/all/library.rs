//! The clip-art library and the starter templates through the real server,
//! on both databases: listed, searched, refused on bad input; every template
//! taken by the cart; and a team's design made from them (a listed template,
//! its line changed to Hindi, a listed clip-art on the chest, a QR code on the
//! back) through cart, payment and print files, the Hindi line drawn and the
//! QR code read back from the 300 DPI file.

use crate::helpers::checkout::{TEE, pay_cart, print_files};
use crate::helpers::{TestApp, engines};
use design_engine::elements::{ClipArt, ImageSize, ImageSource, QrCode};
use design_engine::{Design, Font, ImageElement, PrintArea, Size, TextElement};
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

/// The team's line in Hindi: क्ष and त्रि are conjuncts, ि a matra drawn before its letter.
const HINDI: &str = "क्षत्रिय";

/// A team's design as a shopper makes it from what the API lists: the cricket
/// club's template with its back line in Hindi (Noto Sans Devanagari), a QR
/// code in place of the back's picture, and the library's trophy on the
/// chest in the team's gold; 25 tees in `colour`.
async fn team_design(app: &TestApp, colour: &str) -> Value {
    let (_, body) = app.get("/api/templates").await;
    let template = body["data"]
        .as_array()
        .unwrap()
        .iter()
        .find(|t| t["id"] == "cricket-club")
        .expect("the cricket club's template is listed");
    let (_, body) = app.get("/api/clipart?category=sports&q=trophy").await;
    let trophy = body["data"]["items"]
        .as_array()
        .unwrap()
        .iter()
        .find(|i| i["id"] == "sports-trophy-filled")
        .expect("the trophy is found by its name");

    let mut doc = template["design"].clone();
    doc["productId"] = json!(TEE);
    doc["color"] = json!(colour);
    let mut d = Design::from_json(&doc.to_string()).unwrap();
    let line = TextElement::new(HINDI, Font::NotoSansDevanagari, 20, "#1d4ed8").unwrap();
    d.set_text(PrintArea::Back, line);
    let qr = QrCode::new(QR_TEXT, "#000080").unwrap();
    let mut code = ImageElement::of(ImageSource::Qr(qr), "QR code");
    code.size = ImageSize::new(40, 40).unwrap();
    // Where the template's picture was: below the line, clear of it.
    code.position = d.area(PrintArea::Back).image.as_ref().unwrap().position;
    d.set_image(PrintArea::Back, code);
    let gold = ClipArt::new(trophy["id"].as_str().unwrap(), "#eab308").unwrap();
    d.set_image(
        PrintArea::LeftChest,
        ImageElement::of(ImageSource::Clipart(gold), "Trophy"),
    );
    d.set_quantity(Size::M, 25).unwrap();
    serde_json::from_str(&d.to_json()).unwrap()
}

#[tokio::test]
async fn a_hindi_line_a_clipart_and_a_qr_code_print_and_the_code_reads_back() {
    for engine in engines() {
        let app = TestApp::spawn(engine).await;
        let (token, _) = app.sign_up("asha@example.com").await;
        let admin = app.admin_token().await;

        // Navy on navy would not scan; an unknown clip-art is refused.
        let (status, body) = app
            .post_auth(
                "/api/cart/items",
                &token,
                json!({"design": team_design(&app, "navyblue").await}),
            )
            .await;
        assert_eq!(
            (status, body["code"].as_str()),
            (400, Some("QR_LOW_CONTRAST")),
            "{body}"
        );
        let mut unknown = team_design(&app, "white").await;
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
                json!({"design": team_design(&app, "white").await}),
            )
            .await;
        assert_eq!(status, 200, "{body}");
        let line = &body["data"]["items"][0];
        assert_eq!(line["printWarnings"], json!([]), "{body}");
        let back = &line["design"]["areas"]["back"];
        assert_eq!(back["text"]["text"], HINDI, "{body}");
        assert_eq!(back["text"]["font"], "Noto Sans Devanagari", "{body}");
        assert_eq!(back["image"]["qr"]["text"], QR_TEXT, "{body}");
        let total = body["data"]["totalPrice"].as_i64().unwrap();
        let order_id = pay_cart(&app, &token, "rcpt_qr", total).await;

        let mut zip = print_files(&app, &admin, &order_id).await;
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
        // The Hindi line in its blue, above the code (the template's line sits at 22 %).
        let blue = |p: &image::Rgba<u8>| p.0 == [0x1d, 0x4e, 0xd8, 255];
        let line = back
            .rows()
            .take(4200 * 2 / 5)
            .flatten()
            .filter(|p| blue(p))
            .count();
        assert!(line > 1000, "{engine:?}: {line} blue pixels");
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
