//! `GET /api/fonts`: the studio's fonts with their families, scripts and
//! licences, and their files, content-addressed and cached for good. The
//! fonts are compiled into the server: no database is read (SQLite here).

use std::collections::HashSet;

use crate::helpers::{Engine, TestApp};

#[tokio::test]
async fn the_fonts_are_listed_with_scripts_licences_and_cacheable_files() {
    let app = TestApp::spawn(Engine::Sqlite).await;
    let res = app.client.get(app.url("/api/fonts")).send().await.unwrap();
    assert_eq!(res.status().as_u16(), 200);
    assert_eq!(res.headers()["cache-control"], "public, max-age=3600");
    let body: serde_json::Value = res.json().await.unwrap();
    let fonts = body["data"].as_array().unwrap();

    // The specification's six keep their names; twenty families at least.
    let names: Vec<&str> = fonts.iter().map(|f| f["font"].as_str().unwrap()).collect();
    assert_eq!(
        names[..6],
        [
            "Arial",
            "Helvetica",
            "Times New Roman",
            "Georgia",
            "Verdana",
            "Courier New"
        ]
    );
    let families: HashSet<&str> = fonts
        .iter()
        .map(|f| f["family"].as_str().unwrap())
        .collect();
    assert!(families.len() >= 20, "{families:?}");
    // Every Indian script the studio offers has a font, and every font an open licence.
    let scripts: HashSet<&str> = fonts
        .iter()
        .flat_map(|f| f["scripts"].as_array().unwrap())
        .map(|s| s.as_str().unwrap())
        .collect();
    for script in [
        "Latin",
        "Devanagari",
        "Bengali",
        "Gurmukhi",
        "Gujarati",
        "Tamil",
        "Telugu",
        "Kannada",
        "Malayalam",
    ] {
        assert!(scripts.contains(script), "{script}");
    }
    assert!(
        fonts
            .iter()
            .all(|f| ["OFL-1.1", "Bitstream-Vera"].contains(&f["licence"].as_str().unwrap()))
    );

    let devanagari = fonts
        .iter()
        .find(|f| f["font"] == "Noto Sans Devanagari")
        .unwrap();
    assert_eq!(devanagari["scripts"][0], "Devanagari");
    assert_eq!(devanagari["licence"], "OFL-1.1");
    let url = devanagari["url"].as_str().unwrap();
    assert!(
        url.starts_with("/api/fonts/files/NotoSansDevanagari-Regular-"),
        "{url}"
    );

    // The file: the committed bytes, cached for a year.
    let res = app.client.get(app.url(url)).send().await.unwrap();
    assert_eq!(res.status().as_u16(), 200);
    assert_eq!(res.headers()["content-type"], "font/ttf");
    assert_eq!(
        res.headers()["cache-control"],
        "public, max-age=31536000, immutable"
    );
    let bytes = res.bytes().await.unwrap();
    let committed = std::fs::read(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../design-engine/fonts/NotoSansDevanagari-Regular.ttf"
    ))
    .unwrap();
    assert_eq!(bytes.len() as u64, devanagari["bytes"].as_u64().unwrap());
    assert!(bytes[..] == committed[..]);

    // Another version of a file is not served under a made-up name.
    for wrong in [
        "/api/fonts/files/NotoSansDevanagari-Regular-0000000000000000.ttf",
        "/api/fonts/files/NotoSansDevanagari-Regular.ttf",
        "/api/fonts/files/..%2F..%2FCargo.toml",
    ] {
        let (status, _) = app.get(wrong).await;
        assert_eq!(status, 404, "{wrong}");
    }
}

/// A team line in India's scripts on both databases: a Hindi crest in Noto Sans
/// Devanagari and names in Devanagari, Tamil, Gurmukhi and Bengali (drawn in
/// Arial's fallbacks) go through the cart and payment into print files, one
/// per piece; a text of 51 letters is refused where 50 fit, counted as people
/// count them ("कि" is one letter of two code points).
#[tokio::test]
async fn a_team_line_in_indian_scripts_is_carted_paid_and_printed() {
    use std::io::Read;

    use design_engine::personal_field::PersonalField;
    use design_engine::personalisation::PersonalStyle;
    use design_engine::{Design, Font, PrintArea, RosterRow, Size, TextElement};
    use serde_json::json;

    const TEE: &str = "64f1a2b3c4d5e6f708190a05";
    const NAMES: [&str; 5] = ["राहुल", "क्षत्रिय", "தமிழ்", "ਪੰਜਾਬੀ", "বাংলা"];
    let design = |crest: &str| {
        let mut d = Design::new(TEE, "white");
        let style = PersonalStyle::new(
            PersonalField::Name,
            Font::Arial,
            PersonalField::Name.default_height(),
            "#111111",
        )
        .unwrap();
        d.set_personal(PrintArea::Back, PersonalField::Name, style);
        d.set_quantity(Size::M, 25).unwrap();
        let rows = (0..25)
            .map(|i| RosterRow::new(Size::M, NAMES[i % NAMES.len()], "").unwrap())
            .collect();
        d.set_roster(rows).unwrap();
        let mut doc: serde_json::Value = serde_json::from_str(&d.to_json()).unwrap();
        // Written as a document: the engine's constructor would refuse the long one itself.
        doc["areas"]["leftChest"]["text"] =
            json!({"text": crest, "font": "Noto Sans Devanagari", "size": 24, "color": "#1d4ed8"});
        doc
    };
    assert!(TextElement::new(&"कि".repeat(50), Font::NotoSansDevanagari, 24, "#000").is_ok());

    for engine in crate::helpers::engines() {
        let app = TestApp::spawn(engine).await;
        let (token, _) = app.sign_up("kapitan@example.com").await;
        let (status, body) = app
            .post_auth(
                "/api/cart/items",
                &token,
                json!({"design": design(&"कि".repeat(51))}),
            )
            .await;
        assert_eq!(status, 400, "{engine:?}: {body}");
        let (status, body) = app
            .post_auth(
                "/api/cart/items",
                &token,
                json!({"design": design(&"कि".repeat(50))}),
            )
            .await;
        assert_eq!(status, 200, "{engine:?}: {body}");
        let (status, _) = app.delete_auth("/api/cart", &token).await;
        assert!(status < 300, "{engine:?}");
        let (status, body) = app
            .post_auth(
                "/api/cart/items",
                &token,
                json!({"design": design("क्षत्रिय")}),
            )
            .await;
        assert_eq!(status, 200, "{engine:?}: {body}");
        let total = body["data"]["totalPrice"].as_i64().unwrap();
        let order_id = crate::helpers::checkout::pay_cart(&app, &token, "rcpt_indic", total).await;
        let admin = app.admin_token().await;
        let mut zip = crate::helpers::checkout::print_files(&app, &admin, &order_id).await;
        let manifest: serde_json::Value =
            serde_json::from_reader(zip.by_name("manifest.json").unwrap()).unwrap();
        let pieces = manifest["pieces"][0]["files"].as_array().unwrap().clone();
        assert_eq!(pieces.len(), 25, "{manifest}");
        // Each name draws its own ink: the five names, five different files.
        let mut drawn = std::collections::HashSet::new();
        for f in &pieces[..NAMES.len()] {
            let mut png = Vec::new();
            zip.by_name(f["file"].as_str().unwrap())
                .unwrap()
                .read_to_end(&mut png)
                .unwrap();
            let img = image::load_from_memory(&png).unwrap().to_rgba8();
            assert!(img.pixels().any(|p| p[3] > 0), "{f}: ink");
            drawn.insert(png);
        }
        assert_eq!(drawn.len(), NAMES.len());
        let mut crest = Vec::new();
        zip.by_name("line-1-left-chest.png")
            .unwrap()
            .read_to_end(&mut crest)
            .unwrap();
        let crest = image::load_from_memory(&crest).unwrap().to_rgba8();
        assert!(
            crest.pixels().any(|p| p[3] == 255 && p[2] > p[0]),
            "the blue crest"
        );
    }
}
