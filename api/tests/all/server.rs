use crate::helpers::{Engine, TestApp};

#[tokio::test]
async fn serves_the_web_app_with_a_fallback_for_client_routes() {
    let app = TestApp::spawn_full(
        Engine::Sqlite,
        true,
        Some("<!doctype html><title>Store</title><div id=\"root\"></div>"),
    )
    .await;
    for path in ["/", "/products", "/user/orders", "/design?productId=x"] {
        let res = app.client.get(app.url(path)).send().await.unwrap();
        assert_eq!(res.status().as_u16(), 200, "{path}");
        assert!(
            res.text()
                .await
                .unwrap()
                .contains("<div id=\"root\"></div>"),
            "{path}"
        );
    }
    // The app's files go out gzipped to a browser that accepts it.
    let res = app
        .client
        .get(app.url("/"))
        .header("accept-encoding", "gzip")
        .send()
        .await
        .unwrap();
    assert_eq!(res.headers()["content-encoding"], "gzip");
    // The API and its documents are not shadowed by the app.
    assert_eq!(app.get("/api/health").await.0, 200);
    let spec = app
        .client
        .get(app.url("/api/openapi.json"))
        .send()
        .await
        .unwrap();
    assert_eq!(spec.status().as_u16(), 200);
    let docs = app.client.get(app.url("/api/docs/")).send().await.unwrap();
    assert_eq!(docs.status().as_u16(), 200);
    let (status, body) = app.get("/api/no-such-route").await;
    assert_eq!((status, body["success"].as_bool()), (404, Some(false)));
}

#[tokio::test]
async fn sqlite_runs_in_wal_mode_with_foreign_keys() {
    let app = TestApp::spawn(Engine::Sqlite).await;
    let mode: String = sqlx::query_scalar("PRAGMA journal_mode")
        .fetch_one(&app.db)
        .await
        .unwrap();
    assert_eq!(mode, "wal");
    let fk: i64 = sqlx::query_scalar("PRAGMA foreign_keys")
        .fetch_one(&app.db)
        .await
        .unwrap();
    assert_eq!(fk, 1);
}
