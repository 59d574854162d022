//! Checkout helpers shared by the payment tests: a shopper with a cart, the
//! checkout request, and payments signed as the provider signs them.

use hmac::{Hmac, Mac};
use serde_json::{Value, json};

use super::{TEST_KEY_SECRET, TestApp};

pub const TEE: &str = "64f1a2b3c4d5e6f708190a05"; // T-Shirt Normal, ₹299
/// 25 plain tees at ₹299 = ₹7,475.00, plus 2.5% (₹186.875, half up) = ₹7,661.88.
pub const TOTAL: i64 = 7661_88;

pub fn sign(secret: &str, message: &str) -> String {
    let mut mac = Hmac::<sha2::Sha256>::new_from_slice(secret.as_bytes()).unwrap();
    mac.update(message.as_bytes());
    hex::encode(mac.finalize().into_bytes())
}

pub fn address() -> Value {
    json!({
        "email": "asha@example.com", "fullName": "Asha Rao", "phone": "+91 98765 43210",
        "addressLine1": "12 Janpath", "addressLine2": "Connaught Place",
        "city": "New Delhi", "state": "Delhi", "zipCode": "110001"
    })
}

pub fn order_request(receipt: &str, amount: i64) -> Value {
    json!({"amount": amount, "currency": "INR", "receipt": receipt, "shippingAddress": address(), "sameAsShipping": true,
           "notes": {"customer_name": "Asha Rao"}})
}

/// Checkout's request with the advance plan (paying in two parts).
pub fn advance_request(receipt: &str, amount: i64) -> Value {
    json!({"amount": amount, "currency": "INR", "receipt": receipt, "shippingAddress": address(),
           "sameAsShipping": true, "paymentPlan": "advance"})
}

/// A signed-up shopper with 25 tees in the cart.
pub async fn shopper(app: &TestApp, email: &str) -> String {
    let (token, _) = app.sign_up(email).await;
    let (status, body) = app
        .post_auth(
            "/api/cart/items",
            &token,
            json!({"productId": TEE, "color": "navyblue", "quantity": {"s": 10, "xxl": 15}}),
        )
        .await;
    assert_eq!(status, 200, "{body}");
    assert_eq!(body["data"]["totalPrice"], TOTAL);
    token
}

/// A payment of `provider_order` signed as the provider signs it.
pub fn payment(order: &Value, payment_id: &str) -> Value {
    let provider_order = order["orderId"].as_str().unwrap();
    json!({
        "razorpayOrderId": provider_order, "razorpayPaymentId": payment_id,
        "razorpaySignature": sign(TEST_KEY_SECRET, &format!("{provider_order}|{payment_id}")),
        "orderId": order["order"]["_id"],
    })
}

/// The tee's stock once what paid orders made due is taken (the stock
/// keeper's pass, run here rather than waited for; a pass more is harmless).
pub async fn stock(app: &TestApp) -> i64 {
    api::db::stock::take_due(&app.db).await.unwrap();
    app.get(&format!("/api/products/{TEE}")).await.1["data"]["stock"]
        .as_i64()
        .unwrap()
}

pub async fn cart_lines(app: &TestApp, token: &str) -> usize {
    app.get_auth("/api/cart", token).await.1["data"]["items"]
        .as_array()
        .unwrap()
        .len()
}

pub async fn webhook(app: &TestApp, event_id: &str, body: &Value, secret: &str) -> (u16, Value) {
    let raw = body.to_string();
    let res = app
        .client
        .post(app.url("/api/payments/webhook"))
        .header("content-type", "application/json")
        .header("X-Razorpay-Signature", sign(secret, &raw))
        .header("X-Razorpay-Event-Id", event_id)
        .body(raw)
        .send()
        .await
        .unwrap();
    (res.status().as_u16(), res.json().await.unwrap())
}

pub fn captured(provider_order: &str, payment_id: &str, amount: i64) -> Value {
    json!({"entity": "event", "event": "payment.captured", "payload": {"payment": {"entity": {
        "id": payment_id, "order_id": provider_order, "amount": amount, "currency": "INR", "status": "captured"}}}})
}

/// `POST /api/payments/create-order` for the shopper's cart at its right total.
pub async fn create_order(app: &TestApp, token: &str, receipt: &str) -> (u16, Value) {
    app.post_auth(
        "/api/payments/create-order",
        token,
        order_request(receipt, TOTAL),
    )
    .await
}

/// Places and pays the shopper's cart at `total` through the test provider;
/// returns the new order's id.
pub async fn pay_cart(app: &TestApp, token: &str, receipt: &str, total: i64) -> String {
    let (status, order) = app
        .post_auth(
            "/api/payments/create-order",
            token,
            order_request(receipt, total),
        )
        .await;
    assert_eq!(status, 200, "{order}");
    let payment_id = format!("pay_{receipt}");
    let (status, body) = app
        .post_auth(
            "/api/payments/verify",
            token,
            payment(&order["data"], &payment_id),
        )
        .await;
    assert_eq!(status, 200, "{body}");
    order["data"]["order"]["_id"].as_str().unwrap().to_string()
}

/// A new shopper's order of 25 tees (₹7,661.88 in all), paid through the test
/// provider; returns the order's id and the shopper's token.
pub async fn paid_order(app: &TestApp, email: &str) -> (String, String) {
    let token = shopper(app, email).await;
    let receipt = format!("rcpt_{}", email.split('@').next().unwrap());
    let (status, order) = create_order(app, &token, &receipt).await;
    assert_eq!(status, 200, "{order}");
    let (status, body) = app
        .post_auth(
            "/api/payments/verify",
            &token,
            payment(&order["data"], "pay_1"),
        )
        .await;
    assert_eq!(status, 200, "{body}");
    (
        order["data"]["order"]["_id"].as_str().unwrap().to_string(),
        token,
    )
}

/// An order's print files as the admin downloads them (200, a zip), opened.
pub async fn print_files(
    app: &TestApp,
    admin: &str,
    order_id: &str,
) -> zip::ZipArchive<std::io::Cursor<Vec<u8>>> {
    let res = app
        .client
        .get(app.url(&format!("/api/orders/{order_id}/print-files")))
        .bearer_auth(admin)
        .send()
        .await
        .unwrap();
    assert_eq!(res.status().as_u16(), 200, "print files of {order_id}");
    let bytes = res.bytes().await.unwrap().to_vec();
    zip::ZipArchive::new(std::io::Cursor::new(bytes)).unwrap()
}
