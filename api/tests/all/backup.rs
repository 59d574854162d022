//! Backups and restores through the real binary (`api backup`, `api
//! restore`) on both databases: a backup taken while twenty orders with their
//! own pictures are placed and paid restores into a fresh store that serves
//! the same orders, pictures and invoices and numbers the next invoice after
//! the last; damaged, newer and misplaced restores are refused before
//! anything is written. The server's own backups: `backup_schedule`.

use std::path::{Path, PathBuf};
use std::process::{Command, Output};
use std::sync::Arc;
use std::sync::atomic::{AtomicUsize, Ordering};

use design_engine::{Design, ImageElement, PrintArea, Size};
use serde_json::{Value, json};

use crate::helpers::checkout::{order_request, paid_order, payment};
use crate::helpers::process::{Store, data_dir};
use crate::helpers::{
    Engine, TEST_KEY_SECRET, TEST_WEBHOOK_SECRET, TestApp, empty_postgres, engines,
};

const SHIRT: &str = "64f1a2b3c4d5e6f708190a01";
const ORDERS: usize = 20;

/// `api ARGS` with the store's settings as `serve` has them; its output.
fn api(args: &[&str], data_dir: &Path, database_url: &str) -> Output {
    Command::new(env!("CARGO_BIN_EXE_api"))
        .args(args)
        .env("DATA_DIR", data_dir)
        .env("DATABASE_URL", database_url)
        .env("TEST_PROVIDERS", "on")
        .env("RAZORPAY_KEY_SECRET", TEST_KEY_SECRET)
        .env("RAZORPAY_WEBHOOK_SECRET", TEST_WEBHOOK_SECRET)
        .env("RUST_LOG", "error")
        .env("RUST_BACKTRACE", "0")
        .env_remove("BACKUP_DIR")
        .env_remove("BACKUP_EVERY_HOURS")
        .output()
        .expect("the api binary runs")
}

fn said(out: &Output) -> String {
    String::from_utf8_lossy(&out.stdout).into_owned() + &String::from_utf8_lossy(&out.stderr)
}

fn sqlite_url(dir: &Path) -> String {
    format!("sqlite://{}/store.db?mode=rwc", dir.display())
}

pub fn manifest(backup: &Path) -> Value {
    serde_json::from_slice(&std::fs::read(backup.join("manifest.json")).unwrap()).unwrap()
}

/// A picture of its own for shopper `n`: a small PNG in a colour of its own.
fn picture(n: usize) -> Vec<u8> {
    let (w, h) = (48u32, 40u32);
    let mut out = Vec::new();
    let mut encoder = png::Encoder::new(&mut out, w, h);
    encoder.set_color(png::ColorType::Rgb);
    encoder.set_depth(png::BitDepth::Eight);
    let pixels: Vec<u8> = (0..w * h)
        .flat_map(|i| [(n * 11) as u8, (i % 251) as u8, 200 - n as u8])
        .collect();
    encoder
        .write_header()
        .unwrap()
        .write_image_data(&pixels)
        .unwrap();
    out
}

/// 25 shirts in M with `png` on the Back.
fn design_with(png: &[u8]) -> Value {
    let (asset, _) = design_engine::codec::decode_upload(png, "image/png").unwrap();
    let mut d = Design::new(SHIRT, "blue");
    d.set_image(PrintArea::Back, ImageElement::new(asset, "art.png"));
    d.set_quantity(Size::M, 25).unwrap();
    serde_json::from_str(&d.to_json()).unwrap()
}

/// A placed and paid order: its id and its picture.
struct Placed {
    order: String,
    sha256: String,
    png: Vec<u8>,
}

/// A new shopper (from an address of their own: sign-ups are limited per
/// client) uploads a picture, puts it on 25 shirts, orders and pays.
async fn place_and_pay(store: &Store, n: usize) -> Placed {
    let client = reqwest::Client::builder()
        .local_address(std::net::IpAddr::from([127, 0, 0, 10 + n as u8]))
        .build()
        .unwrap();
    let call = |method: reqwest::Method, path: &str, token: &str| {
        client.request(method, store.url(path)).bearer_auth(token)
    };
    let json = |res: reqwest::Response| async move {
        let status = res.status().as_u16();
        (status, res.json::<Value>().await.unwrap_or(Value::Null))
    };
    let register = json!({"name": "Asha Rao", "email": format!("shopper{n}@example.com"), "password": "correct horse"});
    let (status, body) = json(
        call(reqwest::Method::POST, "/api/auth/register", "")
            .json(&register)
            .send()
            .await
            .unwrap(),
    )
    .await;
    assert_eq!(status, 201, "{body}");
    let token = body["data"]["accessToken"].as_str().unwrap().to_string();
    let png = picture(n);
    let sha256 = design_engine::hash::sha256_hex(&png);
    let (status, body) = json(
        call(
            reqwest::Method::PUT,
            &format!("/api/artwork/{sha256}"),
            &token,
        )
        .header("content-type", "image/png")
        .body(png.clone())
        .send()
        .await
        .unwrap(),
    )
    .await;
    assert_eq!(status, 201, "{body}");
    let (status, cart) = json(
        call(reqwest::Method::POST, "/api/cart/items", &token)
            .json(&json!({"design": design_with(&png)}))
            .send()
            .await
            .unwrap(),
    )
    .await;
    assert_eq!(status, 200, "{cart}");
    let total = cart["data"]["totalPrice"].as_i64().unwrap();
    let (status, created) = json(
        call(reqwest::Method::POST, "/api/payments/create-order", &token)
            .json(&order_request(&format!("rcpt_{n}"), total))
            .send()
            .await
            .unwrap(),
    )
    .await;
    assert_eq!(status, 200, "{created}");
    let (status, body) = json(
        call(reqwest::Method::POST, "/api/payments/verify", &token)
            .json(&payment(&created["data"], &format!("pay_{n}")))
            .send()
            .await
            .unwrap(),
    )
    .await;
    assert_eq!(status, 200, "{body}");
    Placed {
        order: created["data"]["order"]["_id"]
            .as_str()
            .unwrap()
            .to_string(),
        sha256,
        png,
    }
}

/// This financial year's series of invoices (`INV/26-27`).
fn invoice_series() -> String {
    let now = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .unwrap()
        .as_millis() as i64;
    let date = api::core::documents::tax_document::india_date(now);
    api::domain::numbering::series("INV", date)
}

/// The invoice's number `n` in that series.
fn invoice_number(n: i64) -> String {
    api::domain::numbering::number(&invoice_series(), n)
}

async fn database_for(engine: Engine, dir: &Path) -> String {
    match engine {
        Engine::Sqlite => sqlite_url(dir),
        // A restore's target is empty; so is its source, for symmetry.
        Engine::Postgres => empty_postgres().await,
    }
}

/// Drops a test's PostgreSQL database (SQLite's file goes with its directory).
async fn drop_database(engine: Engine, url: &str) {
    if let Engine::Postgres = engine {
        use sqlx::Connection;
        let base = std::env::var("TEST_DATABASE_URL").unwrap();
        let name = url.rsplit('/').next().unwrap();
        let mut conn = sqlx::PgConnection::connect(&base).await.unwrap();
        sqlx::Executor::execute(
            &mut conn,
            format!("DROP DATABASE IF EXISTS {name} WITH (FORCE)").as_str(),
        )
        .await
        .unwrap();
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_backup_taken_while_orders_are_paid_restores_every_order_picture_and_invoice() {
    for engine in engines() {
        let dir = data_dir("store-backup");
        let db = database_for(engine, &dir).await;
        let store = Arc::new(Store::start(&dir, &db).await);
        let admin = store.admin(&dir, &[]).await;

        // Twenty shoppers order and pay at once; the backup starts once a few have paid.
        let paid = Arc::new(AtomicUsize::new(0));
        let shoppers: Vec<_> = (0..ORDERS)
            .map(|n| {
                let (store, paid) = (store.clone(), paid.clone());
                tokio::spawn(async move {
                    let placed = place_and_pay(&store, n).await;
                    paid.fetch_add(1, Ordering::SeqCst);
                    placed
                })
            })
            .collect();
        while paid.load(Ordering::SeqCst) < 5 {
            tokio::time::sleep(std::time::Duration::from_millis(20)).await;
        }
        let backup = dir.with_extension("backup");
        let taken = {
            let (backup, dir, db) = (backup.clone(), dir.clone(), db.clone());
            tokio::task::spawn_blocking(move || {
                api(&["backup", "--to", backup.to_str().unwrap()], &dir, &db)
            })
            .await
            .unwrap()
        };
        let paid_when_done = paid.load(Ordering::SeqCst);
        assert!(taken.status.success(), "{engine:?} {}", said(&taken));
        let mut placed = Vec::new();
        for s in shoppers {
            placed.push(s.await.unwrap());
        }
        let m = manifest(&backup);
        let backed_orders = m["counts"]["orders"].as_i64().unwrap();
        println!(
            "{engine:?}: backup of {backed_orders} orders while {paid_when_done} of {ORDERS} were paid: {}",
            said(&taken).trim()
        );
        assert!(said(&taken).contains("Backed up into"), "{}", said(&taken));
        assert!(backed_orders >= 5, "{m}");
        #[cfg(unix)]
        {
            use std::os::unix::fs::PermissionsExt;
            let mode = |p: &Path| std::fs::metadata(p).unwrap().permissions().mode() & 0o777;
            assert_eq!(mode(&backup), 0o700);
            assert_eq!(mode(&backup.join("secrets/jwt-secret")), 0o600);
            assert_eq!(mode(&backup.join("manifest.json")), 0o600);
        }

        // Restored into a fresh directory (and database): never over a used one.
        let restored_dir = data_dir("store-restored");
        let from = backup.to_str().unwrap();
        if let Engine::Postgres = engine {
            let refused = api(&["restore", "--from", from], &restored_dir, &db);
            assert!(!refused.status.success());
            assert!(
                said(&refused).contains("tables: restore into a new, empty database"),
                "{}",
                said(&refused)
            );
        }
        let restored_db = database_for(engine, &restored_dir).await;
        let restore = api(&["restore", "--from", from], &restored_dir, &restored_db);
        assert!(restore.status.success(), "{engine:?} {}", said(&restore));
        let restored = Store::start(&restored_dir, &restored_db).await;

        // The same secrets: the admin's token from before still signs in.
        let mut invoices = Vec::new();
        let mut found = 0;
        for p in &placed {
            let path = format!("/api/orders/{}", p.order);
            let (status, order) = restored
                .call(reqwest::Method::GET, &path, &admin, None)
                .await;
            if status == 404 {
                continue; // created after the snapshot
            }
            assert_eq!(status, 200, "{order}");
            found += 1;
            let original = store.get(&path, &admin).await;
            let (order, original) = (&order["data"], &original["data"]);
            if order["isPaid"] == true {
                assert_eq!(order, original, "{engine:?}: a paid order is the same");
                let invoice = store.get(&format!("{path}/tax-invoice"), &admin).await;
                let (status, again) = restored
                    .call(
                        reqwest::Method::GET,
                        &format!("{path}/tax-invoice"),
                        &admin,
                        None,
                    )
                    .await;
                assert_eq!(status, 200, "{again}");
                assert_eq!(
                    again["data"], invoice["data"],
                    "{engine:?}: the same invoice"
                );
                invoices.push(again["data"]["number"].as_str().unwrap().to_string());
            } else {
                for field in ["orderNumber", "orderItems", "totalPrice"] {
                    assert_eq!(order[field], original[field], "{engine:?} {field}");
                }
            }
            let res = restored
                .client
                .get(restored.url(&format!("/api/artwork/{}", p.sha256)))
                .bearer_auth(&admin)
                .send()
                .await
                .unwrap();
            assert_eq!(
                res.status().as_u16(),
                200,
                "{engine:?}: the picture is there"
            );
            assert_eq!(res.bytes().await.unwrap().as_ref(), p.png.as_slice());
        }
        assert_eq!(
            found, backed_orders,
            "{engine:?}: every backed-up order, no other"
        );

        // The series goes on from the snapshot's last number: none reused, none skipped.
        let last = m["series"][invoice_series()].as_i64().unwrap();
        invoices.sort();
        let expected: Vec<String> = (1..=last).map(invoice_number).collect();
        assert_eq!(invoices, expected, "{engine:?}");
        let next = place_and_pay(&restored, ORDERS).await;
        let invoice = restored
            .get(&format!("/api/orders/{}/tax-invoice", next.order), &admin)
            .await;
        assert_eq!(
            invoice["data"]["number"],
            invoice_number(last + 1),
            "{engine:?}"
        );

        drop(restored);
        drop(store);
        drop_database(engine, &restored_db).await;
        drop_database(engine, &db).await;
        for d in [&dir, &restored_dir, &backup] {
            let _ = std::fs::remove_dir_all(d);
        }
    }
}

/// A SQLite test store with one paid order and a picture, backed up by the
/// binary: the store, its backup's directory.
async fn backed_up() -> (TestApp, PathBuf) {
    let app = TestApp::spawn(Engine::Sqlite).await;
    let (token, _) = app.sign_up("asha@example.com").await;
    let png = picture(1);
    let sha = design_engine::hash::sha256_hex(&png);
    let (status, _) = app
        .put_bytes(&format!("/api/artwork/{sha}"), &token, png, "image/png")
        .await;
    assert_eq!(status, 201);
    paid_order(&app, "ravi@example.com").await;
    let config = &app.state.config;
    let backup = data_dir("store-backup-small").join("b");
    let out = api(
        &["backup", "--to", backup.to_str().unwrap()],
        &config.data_dir,
        &config.database_url,
    );
    assert!(out.status.success(), "{}", said(&out));
    (app, backup)
}

/// `api restore` of `backup` into `target` (and its SQLite file); its output.
fn restore_into(backup: &Path, target: &Path, force: bool) -> Output {
    let mut args = vec!["restore", "--from", backup.to_str().unwrap()];
    if force {
        args.push("--force");
    }
    api(&args, target, &sqlite_url(target))
}

#[tokio::test]
async fn restore_refuses_a_used_data_dir_or_database_file_without_force() {
    let (app, backup) = backed_up().await;
    let target = data_dir("store-restore-used");
    std::fs::write(target.join("notes.txt"), "mine").unwrap();
    let out = restore_into(&backup, &target, false);
    assert!(!out.status.success());
    assert!(
        said(&out).contains("is not empty: restore into an empty one, or add --force"),
        "{}",
        said(&out)
    );
    assert_eq!(
        std::fs::read_dir(&target).unwrap().count(),
        1,
        "nothing written"
    );
    let out = restore_into(&backup, &target, true);
    assert!(out.status.success(), "{}", said(&out));
    assert!(target.join("store.db").is_file() && target.join("jwt-secret").is_file());
    assert_eq!(
        std::fs::read_to_string(target.join("notes.txt")).unwrap(),
        "mine"
    );

    // An empty DATA_DIR, but DATABASE_URL names a database file in use.
    let empty = data_dir("store-restore-empty");
    let out = api(
        &["restore", "--from", backup.to_str().unwrap()],
        &empty,
        &app.state.config.database_url,
    );
    assert!(!out.status.success());
    assert!(
        said(&out).contains("exists: restore into a new one, or add --force"),
        "{}",
        said(&out)
    );
    assert_eq!(std::fs::read_dir(&empty).unwrap().count(), 0);
    // Neither into a directory that is not empty.
    let out = api(
        &["backup", "--to", target.to_str().unwrap()],
        &app.state.config.data_dir,
        &app.state.config.database_url,
    );
    assert!(
        said(&out).contains("is not empty: a backup goes into a new or empty directory"),
        "{}",
        said(&out)
    );
    for d in [&target, &empty, backup.parent().unwrap()] {
        let _ = std::fs::remove_dir_all(d);
    }
}

#[tokio::test]
async fn a_damaged_backup_is_refused_and_nothing_is_written() {
    let (_app, backup) = backed_up().await;
    let m = manifest(&backup);
    let files: Vec<&str> = m["files"]
        .as_array()
        .unwrap()
        .iter()
        .map(|f| f["path"].as_str().unwrap())
        .collect();
    let picture = files
        .iter()
        .find(|p| p.starts_with("files/artwork/"))
        .unwrap();
    assert!(
        files.contains(&"store.db") && files.contains(&"secrets/jwt-secret"),
        "{m}"
    );
    for damaged in [*picture, "store.db"] {
        let path = backup.join(damaged);
        let mut bytes = std::fs::read(&path).unwrap();
        let middle = bytes.len() / 2;
        bytes[middle] ^= 1;
        std::fs::write(&path, &bytes).unwrap();
        let target = data_dir("store-restore-damaged").join("data");
        let out = restore_into(&backup, &target, false);
        assert!(!out.status.success());
        assert!(
            said(&out).contains(&format!(
                "is damaged; nothing was restored:\n  {damaged}: its checksum differs"
            )),
            "{}",
            said(&out)
        );
        assert!(!target.exists(), "nothing written");
        bytes[middle] ^= 1;
        std::fs::write(&path, &bytes).unwrap();
    }
    let target = data_dir("store-restore-whole").join("data");
    let out = restore_into(&backup, &target, false);
    assert!(out.status.success(), "{}", said(&out));
    let _ = std::fs::remove_dir_all(target.parent().unwrap());
    let _ = std::fs::remove_dir_all(backup.parent().unwrap());
}

#[tokio::test]
async fn a_backup_of_a_newer_or_unknown_schema_is_refused() {
    let (_app, backup) = backed_up().await;
    let latest = api::db::MIGRATOR.iter().map(|m| m.version).max().unwrap();
    let original = std::fs::read(backup.join("manifest.json")).unwrap();
    for (version, refusal) in [
        (latest + 1, "is newer than this release's"),
        (20200101000000, "is not one of this release's migrations"),
    ] {
        let mut m = manifest(&backup);
        m["schemaVersion"] = json!(version);
        std::fs::write(backup.join("manifest.json"), m.to_string()).unwrap();
        let target = data_dir("store-restore-newer").join("data");
        let out = restore_into(&backup, &target, false);
        assert!(!out.status.success());
        assert!(said(&out).contains(refusal), "{}", said(&out));
        assert!(!target.exists(), "nothing written");
        let _ = std::fs::remove_dir_all(target.parent().unwrap());
    }
    std::fs::write(backup.join("manifest.json"), original).unwrap();
    // Half a backup (no manifest: it is written last) is no backup.
    std::fs::remove_file(backup.join("manifest.json")).unwrap();
    let target = data_dir("store-restore-half").join("data");
    let out = restore_into(&backup, &target, false);
    assert!(
        said(&out).contains("is not a complete backup"),
        "{}",
        said(&out)
    );
    let _ = std::fs::remove_dir_all(target.parent().unwrap());
    let _ = std::fs::remove_dir_all(backup.parent().unwrap());
}
