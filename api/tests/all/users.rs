use crate::helpers::{TestApp, engines};
use serde_json::json;

#[tokio::test]
async fn profile_read_and_update() {
    for engine in engines() {
        let app = TestApp::spawn(engine).await;
        let (token, _) = app.sign_up("p@example.com").await;
        let (status, body) = app.get_auth("/api/users/profile", &token).await;
        assert_eq!(
            (status, body["data"]["name"].as_str()),
            (200, Some("Asha Rao")),
            "{engine:?}"
        );
        app.post("/api/auth/otp/phone/send", json!({"phone": "9876543210"}))
            .await;
        let code = app.code_for("9876543210").await;
        let (status, body) = app
            .put_auth(
                "/api/users/profile",
                &token,
                json!({"name": "Asha R", "phone": "98765-43210", "phoneCode": code}),
            )
            .await;
        assert_eq!(status, 200, "{body}");
        assert_eq!(
            (
                body["data"]["name"].as_str(),
                body["data"]["phone"].as_str()
            ),
            (Some("Asha R"), Some("9876543210"))
        );
        let (status, body) = app
            .put_auth(
                "/api/users/profile",
                &token,
                json!({"name": "A", "phone": "12345"}),
            )
            .await;
        assert_eq!(
            (status, body["message"].as_str()),
            (400, Some("Please enter a valid 10-digit mobile number"))
        );
        let (status, _) = app
            .put_auth(
                "/api/users/preferences",
                &token,
                json!({"newsletter": true}),
            )
            .await;
        assert_eq!(status, 200);
        assert_eq!(
            app.get_auth("/api/users/profile", &token).await.1["data"]["preferences"]["newsletter"],
            true
        );
    }
}

#[tokio::test]
async fn addresses_are_private_and_default_to_india() {
    for engine in engines() {
        let app = TestApp::spawn(engine).await;
        let (alice, _) = app.sign_up("alice@example.com").await;
        let (bob, _) = app.sign_up("bob@example.com").await;
        let home = json!({"street": "12 MG Road", "city": "Bengaluru", "state": "Karnataka", "zipCode": "560001"});
        let (status, body) = app
            .post_auth("/api/users/addresses", &alice, home.clone())
            .await;
        assert_eq!(
            (status, body["message"].as_str()),
            (200, Some("Address added successfully!")),
            "{engine:?}"
        );
        let first = &body["data"][0];
        assert_eq!(
            (
                first["country"].as_str(),
                first["isDefault"].as_bool(),
                first["type"].as_str()
            ),
            (Some("India"), Some(true), Some("home"))
        );
        let id = first["_id"].as_str().unwrap().to_string();

        let (status, body) = app
            .post_auth(
                "/api/users/addresses",
                &alice,
                json!({"street": "x", "city": "", "state": "y", "zipCode": "560001"}),
            )
            .await;
        assert_eq!(
            (status, body["message"].as_str()),
            (400, Some("Please fill in all required fields"))
        );
        let (status, body) = app
            .post_auth(
                "/api/users/addresses",
                &alice,
                json!({"street": "x", "city": "c", "state": "y", "zipCode": "5600"}),
            )
            .await;
        assert_eq!(
            (status, body["message"].as_str()),
            (400, Some("Invalid pincode. Please check and try again."))
        );

        let work = json!({"type": "work", "street": "1 Park St", "city": "Kolkata", "state": "West Bengal", "zipCode": "700016", "isDefault": true});
        let (_, body) = app.post_auth("/api/users/addresses", &alice, work).await;
        assert_eq!(
            body["data"][0]["city"], "Kolkata",
            "the new default comes first"
        );
        assert_eq!(
            body["data"]
                .as_array()
                .unwrap()
                .iter()
                .filter(|a| a["isDefault"] == true)
                .count(),
            1
        );

        // Bob can neither see nor change Alice's address.
        assert_eq!(
            app.get_auth("/api/users/addresses", &bob).await.1["data"]
                .as_array()
                .unwrap()
                .len(),
            0
        );
        let path = format!("/api/users/addresses/{id}");
        assert_eq!(app.put_auth(&path, &bob, home.clone()).await.0, 404);
        assert_eq!(app.delete_auth(&path, &bob).await.0, 404);
        assert_eq!(
            app.put_auth(&format!("{path}/default"), &bob, json!({}))
                .await
                .0,
            404
        );

        let (status, body) = app
            .put_auth(&format!("{path}/default"), &alice, json!({}))
            .await;
        assert_eq!(
            (status, body["data"][0]["_id"].as_str()),
            (200, Some(id.as_str()))
        );
        let (status, body) = app.delete_auth(&path, &alice).await;
        assert_eq!(
            (status, body["message"].as_str()),
            (200, Some("Address deleted successfully!"))
        );
        assert_eq!(
            body["data"][0]["isDefault"], true,
            "another address becomes the default"
        );
        assert_eq!(app.get("/api/users/addresses").await.0, 401);
    }
}
