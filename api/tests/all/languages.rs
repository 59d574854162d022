//! Issue 53: the store speaks English and Hindi by the customer's choice:
//! kept on the profile, taken from `Accept-Language` at sign-up and for
//! visitors; errors keep their codes and change only their words; e-mails
//! follow the recipient's stored language.

use serde_json::{Value, json};

use crate::helpers::checkout::{TEE, create_order, payment, shopper};
use crate::helpers::{TestApp, engines};

async fn set_language(app: &TestApp, token: &str, language: &str) -> (u16, Value) {
    app.put_auth(
        "/api/users/profile",
        token,
        json!({"name": "Asha Rao", "language": language}),
    )
    .await
}

fn is_hindi(text: &str) -> bool {
    text.chars().any(|c| ('\u{0900}'..='\u{097F}').contains(&c))
}

#[tokio::test]
async fn the_profile_keeps_a_language_and_refuses_an_unknown_one() {
    for engine in engines() {
        let app = TestApp::spawn(engine).await;
        let (token, _) = app.sign_up("lang@example.com").await;
        let (_, body) = app.get_auth("/api/users/profile", &token).await;
        assert_eq!(body["data"]["language"], "en", "{engine:?} {body}");

        let (status, body) = set_language(&app, &token, "hi").await;
        assert_eq!(
            (status, &body["data"]["language"]),
            (200, &json!("hi")),
            "{body}"
        );
        let (_, body) = app.get_auth("/api/users/profile", &token).await;
        assert_eq!(body["data"]["language"], "hi");

        // Saving the profile without a language keeps it.
        let (status, body) = app
            .put_auth("/api/users/profile", &token, json!({"name": "Asha R"}))
            .await;
        assert_eq!(
            (status, &body["data"]["language"]),
            (200, &json!("hi")),
            "{body}"
        );

        // An unknown language: 400, and nothing changed.
        for bad in ["fr", "HI", ""] {
            let (status, body) = set_language(&app, &token, bad).await;
            assert_eq!(status, 400, "{bad}: {body}");
        }
        let (_, body) = app.get_auth("/api/users/profile", &token).await;
        assert_eq!(
            (&body["data"]["language"], &body["data"]["name"]),
            (&json!("hi"), &json!("Asha R"))
        );
    }
}

#[tokio::test]
async fn a_visitor_signing_up_in_hindi_is_kept_in_hindi() {
    for engine in engines() {
        let app = TestApp::spawn(engine).await;
        // With a password.
        let res = app
            .client
            .post(app.url("/api/auth/register"))
            .header("Accept-Language", "hi-IN,hi;q=0.9,en;q=0.8")
            .json(&json!({"name": "Meena", "email": "meena@example.com", "password": "correct horse"}))
            .send()
            .await
            .unwrap();
        assert_eq!(res.status().as_u16(), 201);
        let body: Value = res.json().await.unwrap();
        let token = body["data"]["accessToken"].as_str().unwrap();
        let (_, profile) = app.get_auth("/api/users/profile", token).await;
        assert_eq!(profile["data"]["language"], "hi", "{engine:?}");

        // With a code: the code's e-mail is in Hindi already, and so is the account.
        let hindi = |req: reqwest::RequestBuilder| req.header("Accept-Language", "hi");
        let res = hindi(app.client.post(app.url("/api/auth/otp/email/send")))
            .json(&json!({"email": "ravi@example.com"}))
            .send()
            .await
            .unwrap();
        assert_eq!(res.status().as_u16(), 200);
        let letter = app.message_with("ravi@example.com", "कोड").await;
        let at = letter.find(|c: char| c.is_ascii_digit()).unwrap();
        let code = &letter[at..at + 6];
        let res = hindi(app.client.post(app.url("/api/auth/otp/phone/verify")))
            .json(&json!({"email": "ravi@example.com", "name": "Ravi", "phone": "+91 98765 43210", "code": code}))
            .send()
            .await
            .unwrap();
        let body: Value = res.json().await.unwrap();
        let token = body["data"]["accessToken"].as_str().expect("signed up");
        let (_, profile) = app.get_auth("/api/users/profile", token).await;
        assert_eq!(profile["data"]["language"], "hi");

        // Without a header, English.
        let (token, _) = app.sign_up("plain@example.com").await;
        let (_, profile) = app.get_auth("/api/users/profile", &token).await;
        assert_eq!(profile["data"]["language"], "en");
    }
}

#[tokio::test]
async fn a_hindi_customer_is_refused_in_hindi_with_the_same_code() {
    for engine in engines() {
        let app = TestApp::spawn(engine).await;
        let few = json!({"productId": TEE, "color": "navyblue", "quantity": {"s": 10}});
        let (english, _) = app.sign_up("en@example.com").await;
        let (status, en) = app
            .post_auth("/api/cart/items", &english, few.clone())
            .await;
        assert_eq!(
            (status, en["code"].as_str()),
            (400, Some("BELOW_MINIMUM")),
            "{engine:?} {en}"
        );
        assert_eq!(
            en["message"],
            "Minimum quantity requirement not met. You need 15 more items to reach the minimum of 25 per color."
        );
        // The values the engine named, for a client writing the code's text itself.
        assert_eq!(en["values"], json!({"count": "15", "min": "25"}), "{en}");

        let (hindi, _) = app.sign_up("hi@example.com").await;
        set_language(&app, &hindi, "hi").await;
        // The stored language wins over the browser's.
        let res = app
            .client
            .post(app.url("/api/cart/items"))
            .bearer_auth(&hindi)
            .header("Accept-Language", "en")
            .json(&few)
            .send()
            .await
            .unwrap();
        assert_eq!(res.status().as_u16(), 400);
        assert!(
            res.headers()
                .get_all("vary")
                .iter()
                .any(|v| v.to_str().unwrap().contains("Accept-Language"))
        );
        let hi: Value = res.json().await.unwrap();
        assert_eq!(hi["code"], "BELOW_MINIMUM", "{hi}");
        // Filled by name: the minimum, then the pieces missing, in Hindi's order.
        assert_eq!(
            hi["message"], "न्यूनतम मात्रा पूरी नहीं हुई। हर रंग के कम से कम 25 पीस चाहिए: 15 पीस और जोड़ें।",
            "{hi}"
        );
        assert_eq!(hi["values"], en["values"]);

        // Checkout of an empty cart: the route's own refusal, in Hindi.
        let (status, body) = create_order(&app, &hindi, "rcpt_hi").await;
        assert_eq!(
            (status, body["message"].as_str()),
            (400, Some("आपकी कार्ट खाली है")),
            "{body}"
        );
        let (status, body) = create_order(&app, &english, "rcpt_en").await;
        assert_eq!(
            (status, body["message"].as_str()),
            (400, Some("Your cart is empty"))
        );
    }
}

#[tokio::test]
async fn a_visitor_asking_for_hindi_is_answered_in_hindi() {
    for engine in engines() {
        let app = TestApp::spawn(engine).await;
        let ask = |language: &'static str| {
            app.client
                .post(app.url("/api/auth/login"))
                .header("Accept-Language", language)
                .json(&json!({"email": "nobody@example.com", "password": "whatever it is"}))
                .send()
        };
        let res = ask("hi-IN").await.unwrap();
        assert_eq!(res.status().as_u16(), 401, "{engine:?}");
        let body: Value = res.json().await.unwrap();
        assert_eq!(body["message"], "ई-मेल या पासवर्ड गलत है");
        let body: Value = ask("en-IN,hi;q=0.5").await.unwrap().json().await.unwrap();
        assert_eq!(body["message"], "Invalid email or password");

        // Errors raised before a handler (no token) too.
        let res = app
            .client
            .get(app.url("/api/users/profile"))
            .header("Accept-Language", "hi")
            .send()
            .await
            .unwrap();
        assert_eq!(res.status().as_u16(), 401);
        let body: Value = res.json().await.unwrap();
        assert_eq!(body["message"], "कृपया साइन इन करें");
    }
}

/// Places and pays `token`'s cart; returns the order's number.
async fn pay(app: &TestApp, token: &str, receipt: &str) -> String {
    let (status, order) = create_order(app, token, receipt).await;
    assert_eq!(status, 200, "{order}");
    let (status, body) = app
        .post_auth(
            "/api/payments/verify",
            token,
            payment(&order["data"], &format!("pay_{receipt}")),
        )
        .await;
    assert_eq!(status, 200, "{body}");
    order["data"]["order"]["orderNumber"]
        .as_str()
        .unwrap()
        .to_string()
}

#[tokio::test]
async fn the_order_confirmation_is_in_the_customers_language() {
    for engine in engines() {
        let app = TestApp::spawn(engine).await;
        let hindi = shopper(&app, "hindi@example.com").await;
        set_language(&app, &hindi, "hi").await;
        let english = shopper(&app, "english@example.com").await;
        let hindi_number = pay(&app, &hindi, "rcpt_hindi").await;
        let english_number = pay(&app, &english, "rcpt_english").await;

        // Both go to the checkout's address (the helper's asha@example.com).
        let letter = app
            .message_with(
                "asha@example.com",
                &format!("आपके ऑर्डर {hindi_number} के लिए धन्यवाद"),
            )
            .await;
        assert!(
            letter.contains("₹7,661.88") && letter.contains("25 पीस"),
            "{engine:?} {letter}"
        );
        let letter = app
            .message_with(
                "asha@example.com",
                &format!("Thank you for your order {english_number}."),
            )
            .await;
        assert!(!is_hindi(&letter), "{letter}");
    }
}
