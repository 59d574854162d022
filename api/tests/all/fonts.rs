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
