//! Names and numbers through the real server on both databases: a cart line
//! with a roster is checked row by row and size by size, charged per piece
//! at the store's rates as its own line, paid at the engine's figure, shown
//! on the order and the invoice, and printed one file per piece.

use std::io::Read;

use design_engine::personal_field::PersonalField;
use design_engine::personalisation::PersonalStyle;
use design_engine::{Design, Font, PrintArea, RosterRow, Size};
use serde_json::{Value, json};

use crate::helpers::checkout::pay_cart;
use crate::helpers::{TestApp, engines};

const TEE: &str = "64f1a2b3c4d5e6f708190a05"; // T-Shirt Normal, ₹299

/// A tee with a name and a number on the back, and `rows` pieces in M, each
/// named by the shopper's list.
fn team(rows: usize) -> Design {
    let mut d = Design::new(TEE, "white");
    for field in PersonalField::ALL {
        let style =
            PersonalStyle::new(field, Font::Arial, field.default_height(), "#111111").unwrap();
        d.set_personal(PrintArea::Back, field, style);
    }
    d.set_quantity(Size::M, rows as i64).unwrap();
    d.set_roster(roster(0, rows)).unwrap();
    d
}

fn roster(from: usize, rows: usize) -> Vec<RosterRow> {
    (from..from + rows)
        .map(|i| RosterRow::new(Size::M, &format!("Player {}", letter(i)), &i.to_string()).unwrap())
        .collect()
}

/// A, B, … Z, AA, AB: names may not hold digits.
fn letter(i: usize) -> String {
    let (a, b) = (i / 26, i % 26);
    let last = char::from(b'A' + b as u8);
    if a == 0 {
        last.to_string()
    } else {
        format!("{}{last}", char::from(b'A' + (a - 1) as u8))
    }
}

fn doc(d: &Design) -> Value {
    serde_json::from_str(&d.to_json()).unwrap()
}

fn rows_json(rows: &[RosterRow]) -> Value {
    serde_json::to_value(rows).unwrap()
}

#[tokio::test]
async fn a_team_line_is_checked_charged_paid_invoiced_and_printed_per_piece() {
    for engine in engines() {
        let app = TestApp::spawn(engine).await;
        let (token, _) = app.sign_up("captain@example.com").await;
        let add = |body: Value| {
            let (app, token) = (&app, &token);
            async move { app.post_auth("/api/cart/items", token, body).await }
        };

        // A roster that does not add up to the quantities, a bad row, and a
        // roster without names: each refused with the engine's message, and nothing added.
        let mut short = team(27);
        short.set_quantity(Size::M, 28).unwrap();
        let (status, body) = add(json!({"design": doc(&short)})).await;
        assert_eq!(
            (status, body["code"].as_str()),
            (400, Some("ROSTER_SIZE_MISMATCH")),
            "{engine:?} {body}"
        );
        assert_eq!(
            body["message"],
            "The roster has 27 pieces in size M but the quantities say 28"
        );
        let mut bad = doc(&team(27));
        bad["roster"][4]["name"] = json!("R2D2");
        let (status, body) = add(json!({"design": bad})).await;
        assert_eq!(
            (status, body["code"].as_str()),
            (400, Some("ROSTER_NAME_CHARACTER")),
            "{body}"
        );
        assert!(
            body["message"].as_str().unwrap().starts_with("Row 5: "),
            "{body}"
        );
        let mut unnamed = doc(&team(25));
        unnamed["roster"] = json!([]);
        let (status, body) = add(json!({"design": unnamed})).await;
        assert_eq!(
            (status, body["code"].as_str()),
            (400, Some("ROSTER_MISSING")),
            "{body}"
        );
        let (_, cart) = app.get_auth("/api/cart", &token).await;
        assert_eq!(cart["data"]["items"], json!([]), "{engine:?}");

        // 27 named pieces: ₹299 each (the 25 tier), ₹60 + ₹40 for the name and number.
        let (status, body) = add(json!({"design": doc(&team(27)), "price": 299_00})).await;
        assert_eq!(status, 200, "{engine:?} {body}");
        let line = &body["data"]["items"][0];
        assert_eq!(
            line["personalisation"],
            json!({"label": "Names and numbers", "pieces": 27, "nameCharge": 60_00,
                   "numberCharge": 40_00, "perPiece": 100_00, "total": 2700_00})
        );
        assert_eq!(line["price"], 299_00);
        assert_eq!(line["lineTotal"], 27 * 299_00 + 2700_00);
        assert_eq!(line["design"]["roster"].as_array().unwrap().len(), 27);
        assert_eq!(
            line["design"]["roster"][1],
            json!({"size": "M", "name": "PLAYER B", "number": "1"})
        );
        let id = line["_id"].as_str().unwrap().to_string();

        // New quantities without a roster that fits them are refused; with
        // one, the line moves to the 50-piece tier.
        let url = format!("/api/cart/items/{id}");
        let (status, body) = app
            .put_auth(&url, &token, json!({"quantity": {"m": 50}}))
            .await;
        assert_eq!(
            (status, body["code"].as_str()),
            (400, Some("ROSTER_SIZE_MISMATCH")),
            "{body}"
        );
        let (status, body) = app
            .put_auth(
                &url,
                &token,
                json!({"quantity": {"m": 50}, "roster": [{"size": "M", "name": "A1"}]}),
            )
            .await;
        assert_eq!(
            (status, body["code"].as_str()),
            (400, Some("ROSTER_NAME_CHARACTER")),
            "{body}"
        );
        let (status, body) = app
            .put_auth(
                &url,
                &token,
                json!({"quantity": {"m": 50}, "roster": "many"}),
            )
            .await;
        assert_eq!(
            (status, body["code"].as_str()),
            (400, Some("ROSTER_FIELDS")),
            "{body}"
        );
        let fifty = roster(0, 50);
        let (status, body) = app
            .put_auth(
                &url,
                &token,
                json!({"quantity": {"m": 50}, "roster": rows_json(&fifty)}),
            )
            .await;
        assert_eq!(status, 200, "{body}");
        let cart = &body["data"];
        let line = &cart["items"][0];
        assert_eq!(line["price"], 284_05);
        assert_eq!(line["personalisation"]["total"], 5000_00);
        let line_total = 50 * 284_05 + 5000_00;
        assert_eq!(line["lineTotal"], line_total);
        assert_eq!(cart["subtotal"], line_total);
        let total = cart["totalPrice"].as_i64().unwrap();
        // 2.5% of ₹19,202.50 = ₹480.0625 → ₹480.06.
        assert_eq!(total, line_total + 480_06);

        // The same artwork again adds its pieces after the first ones: one line.
        let (status, body) = add(json!({"design": doc(&{
            let mut more = team(25);
            more.set_roster(roster(50, 25)).unwrap();
            more
        })}))
        .await;
        assert_eq!(status, 200, "{body}");
        let items = body["data"]["items"].as_array().unwrap();
        assert_eq!(items.len(), 1, "{body}");
        assert_eq!(items[0]["itemCount"], 75);
        assert_eq!(items[0]["design"]["roster"][50]["name"], "PLAYER AY");
        let (status, _) = app
            .put_auth(
                &url,
                &token,
                json!({"quantity": {"m": 50}, "roster": rows_json(&fifty)}),
            )
            .await;
        assert_eq!(status, 200);

        // Paid at the engine's figure; the order keeps the charge and the roster.
        let order_id = pay_cart(&app, &token, "rcpt_team", total).await;
        let (_, placed) = app
            .get_auth(&format!("/api/orders/{order_id}"), &token)
            .await;
        let item = &placed["data"]["orderItems"][0];
        assert_eq!(placed["data"]["totalPrice"], total, "{placed}");
        assert_eq!(item["personalisation"]["perPiece"], 100_00);
        assert_eq!(item["personalisation"]["total"], 5000_00);
        assert_eq!(item["design"]["roster"].as_array().unwrap().len(), 50);

        // The invoice shows it as its own line under the garment.
        let (_, inv) = app
            .get_auth(&format!("/api/orders/{order_id}/invoice"), &token)
            .await;
        let inv_line = &inv["data"]["lines"][0];
        assert_eq!(inv_line["amount"], line_total, "{inv}");
        assert_eq!(inv_line["personalisation"]["label"], "Names and numbers");
        let (status, _, pdf) = app
            .get_bytes(&format!("/api/orders/{order_id}/invoice.pdf"), Some(&token))
            .await;
        assert_eq!(status, 200);
        let text = lopdf::Document::load_mem(&pdf)
            .unwrap()
            .extract_text(&[1])
            .unwrap();
        let flat = text
            .split_whitespace()
            .collect::<Vec<_>>()
            .join(" ")
            .replace("₹ ", "₹");
        assert!(
            flat.contains("Names and numbers: 50 × ₹100.00 = ₹5,000.00"),
            "{flat}"
        );

        // The press gets one file per piece and a roster to tick off.
        let admin = app.admin_token().await;
        let (status, _, zip) = app
            .get_bytes(&format!("/api/orders/{order_id}/print-files"), Some(&admin))
            .await;
        assert_eq!(status, 200);
        let mut zip = zip::ZipArchive::new(std::io::Cursor::new(zip)).unwrap();
        let manifest: Value =
            serde_json::from_reader(zip.by_name("manifest.json").unwrap()).unwrap();
        // Nothing but names and numbers on this design: no shared area file.
        assert_eq!(manifest["files"], json!([]), "{manifest}");
        let pieces = &manifest["pieces"][0];
        assert_eq!(
            (pieces["line"].as_i64(), pieces["roster"].as_str()),
            (Some(1), Some("line-1-roster.csv"))
        );
        let files = pieces["files"].as_array().unwrap();
        assert_eq!(files.len(), 50);
        assert_eq!(
            files[1],
            json!({"row": 2, "area": "Back", "file": "line-1-pieces/back-02-PLAYER-B-1.png"})
        );
        for f in files {
            let mut png = Vec::new();
            zip.by_name(f["file"].as_str().unwrap())
                .unwrap()
                .read_to_end(&mut png)
                .unwrap();
            assert!(png.starts_with(b"\x89PNG\r\n\x1a\n"), "{f}");
        }
        let mut csv = String::new();
        zip.by_name("line-1-roster.csv")
            .unwrap()
            .read_to_string(&mut csv)
            .unwrap();
        let lines: Vec<&str> = csv.lines().collect();
        assert_eq!(lines.len(), 51);
        assert_eq!(lines[0], "row,size,name,number,files,done");
        assert_eq!(lines[50], "50,M,PLAYER AX,49,back-50-PLAYER-AX-49.png,");
        assert_eq!(zip.len(), 1 + 1 + 50, "manifest, roster and the pieces");
    }
}

#[tokio::test]
async fn the_store_sets_the_charges_and_the_products_say_them() {
    for engine in engines() {
        let app = TestApp::spawn_configured(engine, None, |c| {
            c.personalisation = design_engine::roster_pricing::PersonalisationCharges::new(
                design_engine::Paise(75_50),
                design_engine::Paise(0),
            )
            .unwrap();
        })
        .await;
        let (status, body) = app.get(&format!("/api/products/{TEE}")).await;
        assert_eq!(status, 200, "{body}");
        assert_eq!(
            body["data"]["personalisationCharges"],
            json!({"name": 75_50, "number": 0})
        );
        let (token, _) = app.sign_up("club@example.com").await;
        let (status, body) = app
            .post_auth("/api/cart/items", &token, json!({"design": doc(&team(25))}))
            .await;
        assert_eq!(status, 200, "{engine:?} {body}");
        let line = &body["data"]["items"][0];
        assert_eq!(line["personalisation"]["perPiece"], 75_50);
        assert_eq!(line["lineTotal"], 25 * 299_00 + 25 * 75_50);
        // Saved, it says where its names and numbers print and what they cost.
        let (status, saved) = app
            .post_auth(
                "/api/designs",
                &token,
                json!({"name": "Team", "design": doc(&team(25))}),
            )
            .await;
        assert_eq!(status, 201, "{saved}");
        let quote = &saved["data"];
        assert_eq!(
            (&quote["printAreas"], &quote["personalisation"]["total"]),
            (&json!(["Back"]), &json!(25 * 75_50))
        );
    }
}

/// A paid order of one team line of `rows` pieces (with a shared text on the
/// left chest when `shared`), and an admin's token.
async fn team_order(app: &TestApp, rows: usize, shared: bool) -> (String, String) {
    let mut design = team(rows);
    if shared {
        let crest = design_engine::TextElement::new("Falcons", Font::Arial, 40, "#1d4ed8").unwrap();
        design.set_text(PrintArea::LeftChest, crest);
    }
    let (token, _) = app.sign_up("coach@example.com").await;
    let (status, body) = app
        .post_auth("/api/cart/items", &token, json!({"design": doc(&design)}))
        .await;
    assert_eq!(status, 200, "{body}");
    let total = body["data"]["totalPrice"].as_i64().unwrap();
    let order_id = pay_cart(app, &token, "rcpt_roster", total).await;
    (order_id, app.admin_token().await)
}

/// The zip is streamed as it is drawn (no length known up front), and holds
/// the manifest, the shared file, the roster and every piece as a PNG of the
/// whole Back at 300 DPI.
#[tokio::test]
async fn a_roster_zip_is_streamed_with_every_piece_as_a_png() {
    for engine in engines() {
        let app = TestApp::spawn(engine).await;
        let (order_id, admin) = team_order(&app, 60, true).await;
        let res = app
            .client
            .get(app.url(&format!("/api/orders/{order_id}/print-files")))
            .bearer_auth(&admin)
            .send()
            .await
            .unwrap();
        assert_eq!(res.status(), 200, "{engine:?}");
        assert_eq!(res.headers()["content-type"], "application/zip");
        assert!(
            res.headers().get("content-length").is_none(),
            "{engine:?}: streamed, not held whole: {:?}",
            res.headers()
        );
        let bytes = res.bytes().await.unwrap();
        let mut zip = zip::ZipArchive::new(std::io::Cursor::new(bytes)).unwrap();
        assert_eq!(zip.by_index(0).unwrap().name().unwrap(), "manifest.json");
        let manifest: Value =
            serde_json::from_reader(zip.by_name("manifest.json").unwrap()).unwrap();
        assert_eq!(manifest["files"][0]["file"], "line-1-left-chest.png");
        let files = manifest["pieces"][0]["files"].as_array().unwrap();
        assert_eq!(files.len(), 60, "{manifest}");
        assert_eq!(
            zip.len(),
            1 + 1 + 1 + 60,
            "manifest, shared file, roster, pieces"
        );
        let mut seen = std::collections::HashSet::new();
        for (i, f) in files.iter().enumerate() {
            assert_eq!(f["row"], i + 1);
            let mut png = Vec::new();
            zip.by_name(f["file"].as_str().unwrap())
                .unwrap()
                .read_to_end(&mut png)
                .unwrap();
            let img = image::load_from_memory_with_format(&png, image::ImageFormat::Png)
                .unwrap_or_else(|e| panic!("{f}: {e}"));
            assert_eq!((img.width(), img.height()), (3600, 4200), "{f}");
            assert!(seen.insert(png), "each piece its own file: {f}");
        }
        let shared = {
            let mut png = Vec::new();
            zip.by_name("line-1-left-chest.png")
                .unwrap()
                .read_to_end(&mut png)
                .unwrap();
            image::load_from_memory(&png).unwrap()
        };
        assert_eq!((shared.width(), shared.height()), (1200, 1200));
    }
}

/// Holds every place of the heavy-work queue until the returned senders
/// are dropped.
async fn fill_the_queue(app: &TestApp) -> Vec<std::sync::mpsc::Sender<()>> {
    let work = app.state.work.clone();
    let mut held = Vec::new();
    for _ in 0..work.capacity() {
        let (tx, rx) = std::sync::mpsc::channel::<()>();
        held.push(tx);
        let work = work.clone();
        tokio::spawn(async move { work.run(move || rx.recv().ok()).await });
    }
    while work.queued() < work.capacity() {
        tokio::time::sleep(std::time::Duration::from_millis(5)).await;
    }
    held
}

/// A full queue refuses the download with 503 and `Retry-After` before any
/// byte of a zip is sent; once it has room, the download works.
#[tokio::test]
async fn a_full_queue_refuses_the_zip_before_it_starts() {
    for engine in engines() {
        let app = TestApp::spawn(engine).await;
        let (order_id, admin) = team_order(&app, 25, false).await;
        let url = app.url(&format!("/api/orders/{order_id}/print-files"));
        let held = fill_the_queue(&app).await;
        let res = app
            .client
            .get(&url)
            .bearer_auth(&admin)
            .send()
            .await
            .unwrap();
        assert_eq!(res.status(), 503, "{engine:?}");
        assert!(res.headers().contains_key("retry-after"));
        let body: Value = res.json().await.unwrap();
        assert!(body["message"].as_str().unwrap().contains("busy"), "{body}");
        drop(held);
        let work = app.state.work.clone();
        while work.queued() > 0 {
            tokio::time::sleep(std::time::Duration::from_millis(5)).await;
        }
        let res = app
            .client
            .get(&url)
            .bearer_auth(&admin)
            .send()
            .await
            .unwrap();
        assert_eq!(res.status(), 200);
        let zip = zip::ZipArchive::new(std::io::Cursor::new(res.bytes().await.unwrap())).unwrap();
        assert_eq!(zip.len(), 1 + 1 + 25);
    }
}

/// A download left unfinished ends its drawing: the job still runs when the
/// response starts, and once the client hangs up the queue is empty again
/// long before 700 pieces could have been drawn.
#[tokio::test]
async fn a_download_left_unfinished_frees_the_queue() {
    for engine in engines() {
        let app = TestApp::spawn(engine).await;
        let (order_id, admin) = team_order(&app, 700, false).await;
        let work = app.state.work.clone();
        let res = app
            .client
            .get(app.url(&format!("/api/orders/{order_id}/print-files")))
            .bearer_auth(&admin)
            .send()
            .await
            .unwrap();
        assert_eq!(res.status(), 200, "{engine:?}");
        assert_eq!(
            work.queued(),
            1,
            "the response starts while the pieces are drawn"
        );
        let started = std::time::Instant::now();
        drop(res);
        while work.queued() > 0 {
            assert!(
                started.elapsed() < std::time::Duration::from_secs(10),
                "the job ends when its client has gone"
            );
            tokio::time::sleep(std::time::Duration::from_millis(20)).await;
        }
    }
}
