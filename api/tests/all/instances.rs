//! Several instances: two `api serve` processes on one PostgreSQL database
//! and one set of S3 buckets (moto), requests alternating between them as a
//! load balancer sends them. Every limit is one budget (kept in the
//! database), a checkout pays once whichever process answers, an upload
//! started on one completes on the other, and a process killed with SIGKILL
//! mid-checkout loses and doubles nothing. And a process whose clock is off
//! dates tax documents by the database's clock all instances share.

use std::net::{IpAddr, Ipv4Addr};
use std::path::PathBuf;

use serde_json::{Value, json};

use crate::helpers::checkout::{TEE, TOTAL, order_request, payment};
use crate::helpers::process::{Store, data_dir};
use crate::helpers::{Engine, engines, fresh_postgres, glb, s3};

const PASSWORD: &str = "violet-Kettle-harbour-92";
const SECRETS: [(&str, &str); 2] = [
    (
        "JWT_SECRET",
        "an-instance-shared-jwt-secret-of-enough-length-0123456789",
    ),
    (
        "CODE_SECRET",
        "an-instance-shared-code-secret-of-enough-length-0123456789",
    ),
];

/// Two processes on `database_url` and the S3 buckets `env` names, each with
/// its own data directory (nothing shared but the database and the buckets).
async fn two(database_url: &str, env: &[(&str, &str)]) -> (Store, Store, [PathBuf; 2]) {
    let dirs = [data_dir("store-a"), data_dir("store-b")];
    let a = Store::start_with(&dirs[0], database_url, env).await;
    let b = Store::start_with(&dirs[1], database_url, env).await;
    (a, b, dirs)
}

/// A client whose requests come from `ip` (any 127.x address is this machine).
fn client_from(last: u8) -> reqwest::Client {
    reqwest::Client::builder()
        .local_address(IpAddr::V4(Ipv4Addr::new(127, 0, 0, last)))
        .build()
        .unwrap()
}

/// Wrong tries (`path` with `body`) from `client`, sent to the stores in
/// turn, until one answers 429: how many were refused as wrong first.
async fn wrong_until_limited(
    stores: &[&Store],
    client: &reqwest::Client,
    path: &str,
    body: Value,
) -> usize {
    for n in 0..200 {
        let store = stores[n % stores.len()];
        let res = client
            .post(store.url(path))
            .json(&body)
            .send()
            .await
            .unwrap();
        match res.status().as_u16() {
            400 | 401 => continue,
            429 => return n,
            other => panic!("a wrong try at {path} answered {other}"),
        }
    }
    panic!("never limited");
}

async fn wrong_logins(stores: &[&Store], client: &reqwest::Client, email: &str) -> usize {
    let body = json!({"email": email, "password": "not the password"});
    wrong_until_limited(stores, client, "/api/auth/login", body).await
}

async fn wrong_codes(stores: &[&Store], client: &reqwest::Client, email: &str) -> usize {
    let body = json!({"email": email, "code": "000000"});
    wrong_until_limited(stores, client, "/api/auth/otp/email/verify", body).await
}

async fn register(store: &Store, email: &str) -> String {
    let (status, body) = store
        .post(
            "/api/auth/register",
            "",
            json!({"name": "Ravi Kumar", "email": email, "password": PASSWORD}),
        )
        .await;
    assert_eq!(status, 201, "{body}");
    body["data"]["accessToken"].as_str().unwrap().to_string()
}

async fn fill_cart(store: &Store, token: &str) {
    let item = json!({"productId": TEE, "color": "white", "quantity": {"m": 25}});
    let (status, body) = store.post("/api/cart/items", token, item).await;
    assert_eq!(status, 200, "{body}");
}

/// The tee's stock once what paid orders made due is taken.
async fn stock(store: &Store) -> i64 {
    let db = api::db::connect(&store.database_url, None).await.unwrap();
    api::db::stock::take_due(&db).await.unwrap();
    db.close().await;
    store.get(&format!("/api/products/{TEE}"), "").await["data"]["stock"]
        .as_i64()
        .unwrap()
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn two_processes_on_one_database_keep_one_budget_and_one_truth() {
    if std::env::var("TEST_DATABASE_URL").is_err() {
        eprintln!("skipping: several instances need PostgreSQL (TEST_DATABASE_URL)");
        return;
    }
    let Some(api::storage::config::StorageConfig::S3(s3config)) = s3::storage_config().await else {
        eprintln!("{}", s3::SKIP_MESSAGE);
        return;
    };
    let [models, images, artwork] = &s3config.buckets;
    let endpoint = s3config.endpoint.clone().unwrap();
    let mut env = vec![
        ("STORAGE", "s3"),
        ("S3_ENDPOINT", endpoint.as_str()),
        ("S3_FORCE_PATH_STYLE", "on"),
        ("S3_BUCKET_MODELS", models.as_str()),
        ("S3_BUCKET_IMAGES", images.as_str()),
        ("S3_BUCKET_ARTWORK", artwork.as_str()),
    ];
    env.extend(SECRETS);
    let database_url = fresh_postgres().await;
    let (a, b, dirs) = two(&database_url, &env).await;

    // 1. The login limit: the same number of wrong passwords with two
    //    processes as with one (from two client addresses, one per run).
    register(&a, "alone@example.com").await;
    register(&b, "shared@example.com").await;
    let alone = wrong_logins(&[&a], &client_from(2), "alone@example.com").await;
    let shared = wrong_logins(&[&a, &b], &client_from(3), "shared@example.com").await;
    assert!(alone > 0 && alone <= 20, "{alone}");
    assert_eq!(shared, alone, "two processes, one login budget");

    // 2. The code budget is shared too.
    for (store, email) in [
        (&a, "code-alone@example.com"),
        (&b, "code-shared@example.com"),
    ] {
        let (status, body) = store
            .post("/api/auth/otp/email/send", "", json!({"email": email}))
            .await;
        assert_eq!(status, 200, "{body}");
    }
    let alone = wrong_codes(&[&b], &client_from(4), "code-alone@example.com").await;
    let shared = wrong_codes(&[&a, &b], &client_from(5), "code-shared@example.com").await;
    assert!(alone > 0 && alone <= 40, "{alone}");
    assert_eq!(shared, alone, "two processes, one code budget");

    // 3. A checkout created on one process and verified on the other pays once.
    let token = register(&a, "buyer@example.com").await;
    let stock_before = stock(&a).await;
    fill_cart(&b, &token).await;
    let (status, created) = a
        .post(
            "/api/payments/create-order",
            &token,
            order_request("rcpt_i1", TOTAL),
        )
        .await;
    assert_eq!(status, 200, "{created}");
    let created = created["data"].clone();
    let proof = payment(&created, "pay_I1");
    let (first, second) = tokio::join!(
        b.post("/api/payments/verify", &token, proof.clone()),
        a.post("/api/payments/verify", &token, proof.clone()),
    );
    assert_eq!((first.0, second.0), (200, 200), "{first:?} {second:?}");
    let orders = a.get("/api/orders", &token).await;
    assert_eq!(orders["pagination"]["total"], 1);
    assert_eq!(orders["data"][0]["isPaid"], true);
    assert_eq!(stock(&b).await, stock_before - 25, "taken from stock once");

    // 4. An admin's multipart upload started on one process completes on the other.
    let admin = a.admin(&dirs[0], &env).await;
    let (status, started) = a
        .post(
            "/api/upload/multipart/initiate",
            &admin,
            json!({"fileName": "tee.glb", "color": "red"}),
        )
        .await;
    assert_eq!(status, 200, "{started}");
    let (key, upload) = (
        started["data"]["s3Key"].clone(),
        started["data"]["uploadId"].clone(),
    );
    let model = glb(5 * 1024 * 1024);
    let (head, tail) = model.split_at(5 * 1024 * 1024);
    let mut parts = Vec::new();
    for (number, bytes) in [(1, head), (2, tail)] {
        // The part URLs come from both processes.
        let store = if number == 1 { &b } else { &a };
        let (status, url) = store
            .post(
                "/api/upload/multipart/part-url",
                &admin,
                json!({"s3Key": key, "uploadId": upload, "partNumber": number}),
            )
            .await;
        assert_eq!(status, 200, "{url}");
        let res = reqwest::Client::new()
            .put(url["data"]["uploadUrl"].as_str().unwrap())
            .body(bytes.to_vec())
            .send()
            .await
            .unwrap();
        assert!(res.status().is_success(), "{}", res.status());
        let etag = res.headers()["etag"].to_str().unwrap().to_string();
        parts.push(json!({"ETag": etag, "PartNumber": number}));
    }
    let (status, done) = b
        .post(
            "/api/upload/multipart/complete",
            &admin,
            json!({"s3Key": key, "uploadId": upload, "parts": parts}),
        )
        .await;
    assert_eq!(status, 200, "{done}");
    assert_eq!(done["data"]["size"], model.len());

    // 5. One process killed mid-checkout: the other finishes every checkout,
    //    each paid once, each taken from stock once.
    let stock_before = stock(&a).await;
    let mut buyers = Vec::new();
    for i in 0..5 {
        let token = register(&b, &format!("rush{i}@example.com")).await;
        fill_cart(&a, &token).await;
        buyers.push(token);
    }
    let mut inflight = Vec::new();
    for (i, token) in buyers.iter().enumerate() {
        let (client, url, token) = (
            a.client.clone(),
            a.url("/api/payments/create-order"),
            token.clone(),
        );
        let body = order_request(&format!("rcpt_k{i}"), TOTAL);
        inflight.push(tokio::spawn(async move {
            client.post(url).bearer_auth(token).json(&body).send().await
        }));
    }
    tokio::time::sleep(std::time::Duration::from_millis(5)).await;
    a.kill();
    for call in inflight {
        let _ = call.await; // some answered, some were cut off
    }
    for (i, token) in buyers.iter().enumerate() {
        // The browser retries on the process still up, with the same receipt.
        let (status, created) = b
            .post(
                "/api/payments/create-order",
                token,
                order_request(&format!("rcpt_k{i}"), TOTAL),
            )
            .await;
        assert_eq!(status, 200, "{created}");
        let (status, paid) = b
            .post(
                "/api/payments/verify",
                token,
                payment(&created["data"], &format!("pay_K{i}")),
            )
            .await;
        assert_eq!(status, 200, "{paid}");
        let orders: Value = b.get("/api/orders", token).await;
        assert_eq!(orders["pagination"]["total"], 1, "one order per checkout");
        assert_eq!(orders["data"][0]["isPaid"], true);
    }
    assert_eq!(stock(&b).await, stock_before - 25 * buyers.len() as i64);
    b.kill();
    for dir in dirs {
        let _ = std::fs::remove_dir_all(dir);
    }
}

/// Two outbox workers (two pools, as two processes have) claiming at once:
/// every e-mail goes to exactly one of them, and a released one comes back.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn two_outbox_workers_never_take_one_message_twice() {
    use api::db::outbox;
    for engine in crate::helpers::engines() {
        let app = crate::helpers::TestApp::spawn(engine).await;
        let mut tx = app.db.begin().await.unwrap();
        for i in 0..40 {
            outbox::put(
                &mut tx,
                "email",
                &format!("m{i}@example.com"),
                "Hello",
                "Body",
            )
            .await
            .unwrap();
        }
        tx.commit().await.unwrap();
        let other = api::db::connect(&app.state.config.database_url, Some(4))
            .await
            .unwrap();
        let now = api::db::now_ms();
        let mut taken = Vec::new();
        // Rounds until both come back empty: on PostgreSQL two claims that
        // picked the same rows wait on each other and the second gets fewer
        // (never the same ones), so how many rounds it takes depends on timing.
        for _ in 0..40 {
            let (a, b) = tokio::join!(
                outbox::claim_undelivered(&app.db, now, 7),
                outbox::claim_undelivered(&other, now, 7),
            );
            let (a, b) = (a.unwrap(), b.unwrap());
            if a.is_empty() && b.is_empty() {
                break;
            }
            taken.extend(a.into_iter().chain(b).map(|m| m.id));
        }
        let mut unique = taken.clone();
        unique.sort();
        unique.dedup();
        assert_eq!(
            unique.len(),
            taken.len(),
            "{engine:?}: a message claimed twice"
        );
        assert_eq!(taken.len(), 40, "{engine:?}: every message claimed once");
        assert!(
            outbox::claim_undelivered(&app.db, now, 7)
                .await
                .unwrap()
                .is_empty()
        );
        // Given back after a relay failure: claimable again, and a lapsed claim too.
        outbox::release(&app.db, &[taken[0].as_str()])
            .await
            .unwrap();
        let again = outbox::claim_undelivered(&other, now, 7).await.unwrap();
        assert_eq!(again.iter().map(|m| &m.id).collect::<Vec<_>>(), [&taken[0]]);
        let lapsed = outbox::claim_undelivered(&app.db, now + outbox::CLAIM_MS + 1, 100)
            .await
            .unwrap();
        assert_eq!(lapsed.len(), 40, "{engine:?}");
        other.close().await;
    }
}

/// A process whose clock is 40 days off (`TEST_CLOCK_SKEW_MS`, a dev-mode
/// hook) still dates the invoice, the payment, the refund and the credit
/// note by the database's clock, which every instance shares.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn tax_documents_are_dated_by_the_databases_clock() {
    // Ahead, not behind: access tokens are checked against the real clock.
    const SKEW_MS: i64 = 40 * 24 * 3600 * 1000;
    for engine in engines() {
        let dir = data_dir("store-clock");
        let database_url = match engine {
            Engine::Sqlite => format!("sqlite://{}/store.db?mode=rwc", dir.display()),
            Engine::Postgres => fresh_postgres().await,
        };
        let skew = SKEW_MS.to_string();
        let env = [("TEST_CLOCK_SKEW_MS", skew.as_str())];
        let store = Store::start_with(&dir, &database_url, &env).await;
        let token = register(&store, "late-clock@example.com").await;
        fill_cart(&store, &token).await;
        let (status, created) = store
            .post(
                "/api/payments/create-order",
                &token,
                order_request("rcpt_clock", TOTAL),
            )
            .await;
        assert_eq!(status, 200, "{engine:?} {created}");
        let created = created["data"].clone();
        let (status, body) = store
            .post(
                "/api/payments/verify",
                &token,
                payment(&created, "pay_clock"),
            )
            .await;
        assert_eq!(status, 200, "{engine:?} {body}");
        let admin = store.admin(&dir, &env).await;
        let (status, body) = store
            .post(
                "/api/payments/refund",
                &admin,
                json!({"orderId": created["order"]["_id"], "amount": 1000_00}),
            )
            .await;
        assert_eq!(status, 200, "{engine:?} {body}");

        let db = api::db::connect(&database_url, None).await.unwrap();
        let now = api::db::clock::now(&db).await.unwrap();
        let (paid_at, invoiced_at, snapshot): (i64, i64, String) = sqlx::query_as(
            "SELECT o.paid_at, t.issued_at, t.snapshot FROM orders o \
             JOIN tax_invoices t ON t.order_id = o.id",
        )
        .fetch_one(&db)
        .await
        .unwrap();
        let (refunded_at, noted_at): (i64, i64) = sqlx::query_as(
            "SELECT r.created_at, n.issued_at FROM refunds r JOIN credit_notes n ON n.order_id = r.order_id",
        )
        .fetch_one(&db)
        .await
        .unwrap();
        for (what, at) in [
            ("paid", paid_at),
            ("invoiced", invoiced_at),
            ("refunded", refunded_at),
            ("credit note", noted_at),
        ] {
            assert!(
                (now - at).abs() < 120_000,
                "{engine:?}: {what} at {at}, the database's now {now} (the process is {SKEW_MS} ms off)"
            );
        }
        // The printed date is the database's day too.
        let day = api::core::documents::tax_document::india_date(now);
        let date = format!("{:02}/{:02}/{:04}", day.day, day.month, day.year);
        assert!(snapshot.contains(&date), "{engine:?} {date} in {snapshot}");
        db.close().await;
        store.kill();
        let _ = std::fs::remove_dir_all(dir);
    }
}
