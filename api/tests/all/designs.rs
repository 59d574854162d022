//! Saved designs through the real server on both databases: saved with an
//! engine-drawn thumbnail, owner-only, versioned, moved to the cart only when
//! the cart takes them (and only once), shared by a read-only link that shows
//! nothing of the owner and can be turned off.

use crate::helpers::{TestApp, engines};
use design_engine::{Design, Font, ImageElement, PrintArea, Size, TextElement};
use serde_json::{Value, json};

const SHIRT: &str = "64f1a2b3c4d5e6f708190a01";
use crate::helpers::LOGO;

fn logo_sha() -> String {
    design_engine::hash::sha256_hex(LOGO)
}

/// A blue shirt with a text on the Left Chest and the logo on the Back.
fn design(text: &str, m: i64) -> Value {
    let (asset, _) = design_engine::codec::decode_upload(LOGO, "image/png").unwrap();
    let mut d = Design::new(SHIRT, "blue");
    d.set_text(
        PrintArea::LeftChest,
        TextElement::new(text, Font::Georgia, 20, "#ffffff").unwrap(),
    );
    d.set_image(PrintArea::Back, ImageElement::new(asset, "logo.png"));
    d.set_quantity(Size::M, m).unwrap();
    serde_json::from_str(&d.to_json()).unwrap()
}

/// A shopper who has uploaded the logo.
async fn shopper(app: &TestApp, email: &str) -> String {
    let (token, _) = app.sign_up(email).await;
    let (status, body) = app
        .put_bytes(
            &format!("/api/artwork/{}", logo_sha()),
            &token,
            LOGO.to_vec(),
            "image/png",
        )
        .await;
    assert!(status == 200 || status == 201, "{body}");
    token
}

async fn save(app: &TestApp, token: &str, name: Option<&str>, design: Value) -> (u16, Value) {
    app.post_auth(
        "/api/designs",
        token,
        json!({"name": name, "design": design}),
    )
    .await
}

fn png_pixel(png: &[u8], x: u32, y: u32) -> [u8; 4] {
    image::load_from_memory(png)
        .unwrap()
        .to_rgba8()
        .get_pixel(x, y)
        .0
}

#[tokio::test]
async fn designs_are_saved_checked_drawn_and_owned() {
    for engine in engines() {
        let app = TestApp::spawn(engine).await;
        let alice = shopper(&app, "alice@example.com").await;

        // A draft may hold fewer than 25; the name is trimmed.
        let (status, body) = save(&app, &alice, Some("  Team kit  "), design("Team", 3)).await;
        assert_eq!(status, 201, "{engine:?} {body}");
        let saved = &body["data"];
        let id = saved["_id"].as_str().unwrap().to_string();
        assert_eq!(saved["name"], "Team kit");
        assert_eq!(saved["version"], 1);
        assert_eq!(
            (saved["itemCount"].as_u64(), saved["needMore"].as_u64()),
            (Some(3), Some(22))
        );
        assert_eq!(saved["printAreas"], json!(["Left Chest", "Back"]));
        assert_eq!(
            saved["designFee"], 5_000,
            "two elements: one free, one at ₹50"
        );
        assert_eq!(saved["lineTotal"], 3 * 649_00 + 5_000);
        assert!(saved.get("shareToken").is_none());

        // The thumbnail is drawn by the engine on the garment's colour.
        let (status, content_type, png) = app
            .get_bytes(saved["thumbnailUrl"].as_str().unwrap(), Some(&alice))
            .await;
        assert_eq!((status, content_type.as_str()), (200, "image/png"));
        let blue = design_engine::colour::colour_hex("blue").unwrap();
        let corner = png_pixel(&png, 1, 1);
        assert_eq!(
            format!("#{:02x}{:02x}{:02x}", corner[0], corner[1], corner[2]),
            blue.to_lowercase()
        );
        assert!(
            image::load_from_memory(&png)
                .unwrap()
                .to_rgba8()
                .pixels()
                .any(|p| p.0[..3] != corner[..3]),
            "the design is drawn on it"
        );

        // No name: the specification's default.
        let (status, body) = save(&app, &alice, None, design("Second", 30)).await;
        assert_eq!(status, 201, "{body}");
        assert_eq!(body["data"]["name"], "Custom Design");

        // Refused, and nothing saved: a long name, a colour the product lacks,
        // an unknown product, a malformed document.
        let (status, body) = save(&app, &alice, Some(&"x".repeat(81)), design("T", 3)).await;
        assert_eq!(status, 400, "{body}");
        let mut red = design("T", 3);
        red["color"] = json!("red");
        let (status, _) = save(&app, &alice, None, red).await;
        assert_eq!(status, 400);
        let mut unknown = design("T", 3);
        unknown["productId"] = json!("64f1a2b3c4d5e6f708190aff");
        let (status, _) = save(&app, &alice, None, unknown).await;
        assert_eq!(status, 404);
        let (status, _) = save(&app, &alice, None, json!({"version": 1, "areas": 7})).await;
        assert_eq!(status, 400);

        // Newest first, with the count.
        let (status, body) = app.get_auth("/api/designs?limit=1", &alice).await;
        assert_eq!(status, 200);
        assert_eq!(body["data"][0]["name"], "Custom Design");
        assert_eq!(body["pagination"]["total"], 2);
        assert_eq!(body["pagination"]["pages"], 2);

        // Another shopper: none of it is theirs, and the logo is not theirs to use.
        let (bob, _) = app.sign_up("bob@example.com").await;
        let (status, body) = save(&app, &bob, None, design("Mine", 3)).await;
        assert_eq!(
            (status, body["message"].as_str()),
            (400, Some("Please upload the image again"))
        );
        let (_, body) = app.get_auth("/api/designs", &bob).await;
        assert_eq!(body["pagination"]["total"], 0);
        let path = format!("/api/designs/{id}");
        assert_eq!(app.get_auth(&path, &bob).await.0, 404);
        assert_eq!(
            app.put_auth(&path, &bob, json!({"name": "Stolen"})).await.0,
            404
        );
        assert_eq!(app.delete_auth(&path, &bob).await.0, 404);
        assert_eq!(
            app.post_auth(&format!("{path}/move-to-cart"), &bob, json!({}))
                .await
                .0,
            404
        );
        assert_eq!(
            app.post_auth(&format!("{path}/share"), &bob, json!({}))
                .await
                .0,
            404
        );
        assert_eq!(
            app.get_bytes(&format!("{path}/thumbnail"), Some(&bob))
                .await
                .0,
            404
        );
        assert_eq!(app.get_auth("/api/designs/not-an-id", &alice).await.0, 404);
        assert_eq!(app.get(&path).await.0, 401);

        // Rename and change quantities from version 1; a stale version is refused.
        let (status, body) = app
            .put_auth(
                &path,
                &alice,
                json!({"name": "Final kit", "quantity": {"m": 20, "xxl": 5}, "version": 1}),
            )
            .await;
        assert_eq!(status, 200, "{body}");
        assert_eq!(
            (
                body["data"]["version"].as_i64(),
                body["data"]["itemCount"].as_u64()
            ),
            (Some(2), Some(25))
        );
        assert_eq!(
            body["data"]["thumbnailUrl"],
            format!("/api/designs/{id}/thumbnail?v=2")
        );
        let (status, body) = app
            .put_auth(&path, &alice, json!({"name": "Old tab", "version": 1}))
            .await;
        assert_eq!(
            (status, body["code"].as_str()),
            (409, Some("DESIGN_CHANGED"))
        );
        let (status, _) = app
            .put_auth(&path, &alice, json!({"quantity": {"m": -1}}))
            .await;
        assert_eq!(status, 400);

        // A new version of the design is drawn again.
        let (status, body) = app
            .put_auth(&path, &alice, json!({"design": design("Changed", 25)}))
            .await;
        assert_eq!(status, 200, "{body}");
        let (_, _, redrawn) = app
            .get_bytes(&format!("{path}/thumbnail"), Some(&alice))
            .await;
        assert_ne!(redrawn, png);
        assert_eq!(body["data"]["name"], "Final kit");

        // Deleted: gone for good.
        let (status, _) = app.delete_auth(&path, &alice).await;
        assert_eq!(status, 200);
        assert_eq!(app.get_auth(&path, &alice).await.0, 404);
    }
}

#[tokio::test]
async fn a_design_moves_to_the_cart_once_and_only_when_the_cart_takes_it() {
    for engine in engines() {
        let app = TestApp::spawn(engine).await;
        let token = shopper(&app, "mover@example.com").await;
        let (_, body) = save(&app, &token, Some("Kit"), design("Kit", 3)).await;
        let id = body["data"]["_id"].as_str().unwrap().to_string();
        let move_path = format!("/api/designs/{id}/move-to-cart");

        // Below the minimum: the engine's message, and the design stays saved.
        let (status, body) = app.post_auth(&move_path, &token, json!({})).await;
        assert_eq!(
            (status, body["code"].as_str()),
            (400, Some("BELOW_MINIMUM")),
            "{body}"
        );
        let (_, cart) = app.get_auth("/api/cart", &token).await;
        assert_eq!(cart["data"]["items"].as_array().unwrap().len(), 0);

        app.put_auth(
            &format!("/api/designs/{id}"),
            &token,
            json!({"quantity": {"m": 25}}),
        )
        .await;
        let (status, body) = app.post_auth(&move_path, &token, json!({})).await;
        assert_eq!(status, 200, "{body}");
        let (_, cart) = app.get_auth("/api/cart", &token).await;
        assert_eq!(cart["data"]["items"][0]["quantity"]["m"], 25);
        let (_, list) = app.get_auth("/api/designs", &token).await;
        assert_eq!(list["pagination"]["total"], 0);
        assert_eq!(app.post_auth(&move_path, &token, json!({})).await.0, 404);

        // Two moves of one design at once add it once.
        let (_, body) = save(&app, &token, Some("Twice"), design("Twice", 30)).await;
        let move_path = format!(
            "/api/designs/{}/move-to-cart",
            body["data"]["_id"].as_str().unwrap()
        );
        let (a, b) = tokio::join!(
            app.post_auth(&move_path, &token, json!({})),
            app.post_auth(&move_path, &token, json!({}))
        );
        let mut statuses = [a.0, b.0];
        statuses.sort();
        assert!(
            statuses[0] == 200 && (statuses[1] == 409 || statuses[1] == 404),
            "{a:?} {b:?}"
        );
        let (_, cart) = app.get_auth("/api/cart", &token).await;
        let line = cart["data"]["items"]
            .as_array()
            .unwrap()
            .iter()
            .find(|l| l["design"]["areas"]["leftChest"]["text"]["text"] == "Twice")
            .unwrap()
            .clone();
        assert_eq!(line["quantity"]["m"], 30);
    }
}

#[tokio::test]
async fn share_links_show_the_design_read_only_and_can_be_turned_off() {
    for engine in engines() {
        let app = TestApp::spawn(engine).await;
        let alice = shopper(&app, "owner@example.com").await;
        let (_, body) = save(&app, &alice, Some("Shared kit"), design("Crew", 25)).await;
        let id = body["data"]["_id"].as_str().unwrap().to_string();

        let (status, body) = app
            .post_auth(&format!("/api/designs/{id}/share"), &alice, json!({}))
            .await;
        assert_eq!(status, 200, "{body}");
        let token = body["data"]["token"].as_str().unwrap().to_string();
        assert_eq!(body["data"]["path"], format!("/d/{token}"));
        let (_, mine) = app.get_auth(&format!("/api/designs/{id}"), &alice).await;
        assert_eq!(mine["data"]["shareToken"], token.as_str());

        // Anyone with the link, signed in or not, sees the design and nothing of its owner.
        let (status, body) = app.get(&format!("/api/shared-designs/{token}")).await;
        assert_eq!(status, 200, "{body}");
        let shared = body["data"].to_string();
        assert!(body["data"]["design"]["areas"]["leftChest"]["text"]["text"] == "Crew");
        assert_eq!(body["data"]["name"], "Shared kit");
        for secret in ["owner@example.com", id.as_str(), "userId", "_id"] {
            assert!(!shared.contains(secret), "the shared design shows {secret}");
        }
        let (status, content_type, _) = app
            .get_bytes(body["data"]["thumbnailUrl"].as_str().unwrap(), None)
            .await;
        assert_eq!((status, content_type.as_str()), (200, "image/png"));

        // Its pictures, and only those, so that a visitor can start a copy.
        let (status, _, bytes) = app
            .get_bytes(
                &format!("/api/shared-designs/{token}/artwork/{}", logo_sha()),
                None,
            )
            .await;
        assert_eq!((status, bytes.as_slice()), (200, LOGO));
        let other = "ab".repeat(32);
        let (status, _, _) = app
            .get_bytes(
                &format!("/api/shared-designs/{token}/artwork/{other}"),
                None,
            )
            .await;
        assert_eq!(status, 404);

        // A visitor's copy is their own; the original does not change.
        let (bob, _) = app.sign_up("visitor@example.com").await;
        app.put_bytes(
            &format!("/api/artwork/{}", logo_sha()),
            &bob,
            bytes,
            "image/png",
        )
        .await;
        let mut copy = body["data"]["design"].clone();
        copy["areas"]["leftChest"]["text"]["text"] = json!("Copy");
        let (status, body) = save(&app, &bob, Some("My copy"), copy).await;
        assert_eq!(status, 201, "{body}");
        let (_, original) = app.get_auth(&format!("/api/designs/{id}"), &alice).await;
        assert_eq!(original["data"]["version"], 1);

        // A new link ends the old one; turning it off ends the new one.
        let (_, body) = app
            .post_auth(&format!("/api/designs/{id}/share"), &alice, json!({}))
            .await;
        let second = body["data"]["token"].as_str().unwrap().to_string();
        assert_eq!(
            app.get(&format!("/api/shared-designs/{token}")).await.0,
            404
        );
        assert_eq!(
            app.get(&format!("/api/shared-designs/{second}")).await.0,
            200
        );
        let (status, _) = app
            .delete_auth(&format!("/api/designs/{id}/share"), &alice)
            .await;
        assert_eq!(status, 200);
        let (status, body) = app.get(&format!("/api/shared-designs/{second}")).await;
        assert_eq!(
            (status, body["message"].as_str()),
            (404, Some("This design link is not valid or was turned off"))
        );
        assert_eq!(
            app.get_bytes(&format!("/api/shared-designs/{second}/thumbnail"), None)
                .await
                .0,
            404
        );
        assert_eq!(app.get("/api/shared-designs/not-a-token").await.0, 404);
        let (_, mine) = app.get_auth(&format!("/api/designs/{id}"), &alice).await;
        assert!(mine["data"].get("shareToken").is_none());
    }
}
