use crate::helpers::{TestApp, engines};
use serde_json::json;

#[tokio::test]
async fn only_admins_manage_products() {
    for engine in engines() {
        let app = TestApp::spawn(engine).await;
        let (user, _) = app.sign_up("user@example.com").await;
        let admin = app.admin_token().await;
        let new = json!({"name": "Polo", "price": 39900, "numberOfColors": 1,
            "colorModels": [{"color": "Red", "fileUrl": "/files/models/polo-red.glb", "originalSize": 1234}]});

        assert_eq!(
            app.post("/api/products", new.clone()).await.0,
            401,
            "{engine:?}"
        );
        let (status, body) = app.post_auth("/api/products", &user, new.clone()).await;
        assert_eq!(
            (status, body["message"].as_str()),
            (403, Some("Admin access required"))
        );

        let (status, body) = app.post_auth("/api/products", &admin, new).await;
        assert_eq!(status, 200, "{body}");
        let p = &body["data"];
        assert_eq!(p["_id"].as_str().unwrap().len(), 24);
        assert_eq!(
            (p["category"].as_str(), p["colors"][0].as_str()),
            (Some("clothing"), Some("red"))
        );
        assert_eq!(p["models"]["red"], "/files/models/polo-red.glb");
        assert_eq!(p["modelMetadata"][0]["originalFormat"], "glb");
        assert_eq!(
            p["sizes"],
            json!(["S", "M", "L", "XL"]),
            "the specification's default sizes"
        );
        let id = p["_id"].as_str().unwrap().to_string();

        for (bad, message) in [
            (
                json!({"name": " ", "price": 100}),
                "Please enter a product name",
            ),
            (
                json!({"name": "X", "price": 0}),
                "Please enter a valid price",
            ),
            (
                json!({"name": "X", "price": 10, "colorModels": [{"color": "", "fileUrl": "x"}]}),
                "Please enter a color name for color 1",
            ),
            (
                json!({"name": "X", "price": 10, "colorModels": [{"color": "red", "fileUrl": ""}]}),
                "Please upload a GLB file for color 1",
            ),
        ] {
            let (status, body) = app.post_auth("/api/products", &admin, bad).await;
            assert_eq!((status, body["message"].as_str()), (400, Some(message)));
        }

        let path = format!("/api/products/{id}");
        assert_eq!(app.put_auth(&path, &user, json!({"price": 1})).await.0, 403);
        let (status, body) = app
            .put_auth(&path, &admin, json!({"price": 45000, "stock": 12}))
            .await;
        assert_eq!(
            (
                status,
                body["data"]["price"].as_i64(),
                body["data"]["stock"].as_i64()
            ),
            (200, Some(45000), Some(12))
        );
        assert_eq!(app.delete_auth(&path, &user).await.0, 403);
        assert_eq!(app.delete_auth(&path, &admin).await.0, 200);
        assert_eq!(app.get(&path).await.0, 404);
        assert_eq!(app.delete_auth(&path, &admin).await.0, 404);
    }
}

#[tokio::test]
async fn newsletter_subscriptions_are_idempotent() {
    for engine in engines() {
        let app = TestApp::spawn(engine).await;
        for _ in 0..2 {
            let (status, body) = app
                .post(
                    "/api/newsletter/subscribe",
                    json!({"email": "Fan@Example.com"}),
                )
                .await;
            assert_eq!(
                (status, body["message"].as_str()),
                (
                    200,
                    Some("Thank you for subscribing! Check your email for confirmation.")
                ),
                "{engine:?}"
            );
        }
        // One subscription; each request mails a confirmation link (double
        // opt-in, newsletter.rs), and nothing else is sent before it is opened.
        let stored: i64 = sqlx::query_scalar("SELECT COUNT(*) FROM newsletter_subscriptions")
            .fetch_one(&app.db)
            .await
            .unwrap();
        assert_eq!(stored, 1);
        let (_, outbox) = app.get("/api/dev/outbox?to=fan@example.com").await;
        let subjects: Vec<&str> = outbox["data"]
            .as_array()
            .unwrap()
            .iter()
            .map(|m| m["subject"].as_str().unwrap())
            .collect();
        assert_eq!(
            subjects, ["Confirm your newsletter subscription"; 2],
            "confirmations only"
        );
        let (status, body) = app
            .post("/api/newsletter/subscribe", json!({"email": "nope"}))
            .await;
        assert_eq!(
            (status, body["message"].as_str()),
            (400, Some("Please enter a valid email address"))
        );
        let (status, body) = app
            .post("/api/newsletter/subscribe", json!({"email": "  "}))
            .await;
        assert_eq!(
            (status, body["message"].as_str()),
            (400, Some("Please enter an email address"))
        );
    }
}
