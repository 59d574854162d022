//! `POST /remove-background` through the real server: a logo's plain
//! background comes back transparent as PNG; what is not such a picture, is
//! too large or comes too often is refused with the studio's message.

use image::{Rgba, RgbaImage};
use serde_json::Value;

use crate::helpers::{TestApp, engines};

/// A 40 × 40 logo: a white field with a red square in the middle.
fn logo() -> Vec<u8> {
    let img = RgbaImage::from_fn(40, 40, |x, y| {
        if (10..30).contains(&x) && (10..30).contains(&y) {
            Rgba([220, 20, 20, 255])
        } else {
            Rgba([255, 255, 255, 255])
        }
    });
    design_engine::codec::encode_png(&img, None)
}

async fn send(app: &TestApp, part: Option<reqwest::multipart::Part>) -> reqwest::Response {
    let mut form = reqwest::multipart::Form::new().text("note", "unused");
    if let Some(part) = part {
        form = form.part("image", part);
    }
    app.client
        .post(app.url("/api/remove-background"))
        .multipart(form)
        .send()
        .await
        .unwrap()
}

fn file(bytes: Vec<u8>, claimed: &str) -> reqwest::multipart::Part {
    reqwest::multipart::Part::bytes(bytes)
        .file_name("logo")
        .mime_str(claimed)
        .unwrap()
}

#[tokio::test]
async fn a_logo_comes_back_without_its_background() {
    // No database is touched: one engine is enough.
    let app = TestApp::spawn(engines()[0]).await;

    // Whatever type the part claims, the bytes are read for what they are.
    let res = send(&app, Some(file(logo(), "application/octet-stream"))).await;
    assert_eq!(res.status().as_u16(), 200);
    assert_eq!(res.headers()["content-type"], "image/png");
    let png = res.bytes().await.unwrap();
    let (asset, out) = design_engine::codec::decode_upload(&png, "image/png").unwrap();
    assert_eq!((asset.width, asset.height), (40, 40));
    assert_eq!(out.get_pixel(0, 0)[3], 0, "the white field is transparent");
    assert_eq!(out.get_pixel(39, 20)[3], 0);
    assert_eq!(
        *out.get_pixel(20, 20),
        Rgba([220, 20, 20, 255]),
        "the logo is kept"
    );

    // Not a picture: the studio's message, 422.
    let res = send(
        &app,
        Some(file(
            b"plain text, whatever it claims".to_vec(),
            "image/gif",
        )),
    )
    .await;
    assert_eq!(res.status().as_u16(), 422);
    let body: Value = res.json().await.unwrap();
    assert_eq!(
        body["message"],
        design_engine::StudioError::UndecodableImage.to_string()
    );

    // No `image` field: 400.
    let res = send(&app, None).await;
    assert_eq!(res.status().as_u16(), 400);

    // 5 MB or more: 413 with the studio's message, before any decoding.
    let mut big = logo();
    big.resize(5 * 1024 * 1024, 0);
    let res = send(&app, Some(file(big, "image/png"))).await;
    assert_eq!(res.status().as_u16(), 413);
    let body: Value = res.json().await.unwrap();
    assert_eq!(
        body["message"],
        design_engine::StudioError::ImageTooLarge.to_string()
    );
}

/// One client gets 20 at once, then one every 3 s: each removal keeps a core busy.
#[tokio::test]
async fn removals_are_limited_per_client() {
    let app = TestApp::spawn(engines()[0]).await;
    let mut statuses = Vec::new();
    for _ in 0..24 {
        statuses.push(
            send(&app, Some(file(logo(), "image/png")))
                .await
                .status()
                .as_u16(),
        );
    }
    assert!(statuses[..20].iter().all(|&s| s == 200), "{statuses:?}");
    assert!(statuses[20..].contains(&429), "{statuses:?}");
}
