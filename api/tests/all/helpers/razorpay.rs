//! A local stand-in for Razorpay's REST API (basic auth with the key id and
//! secret, `POST /v1/orders`, `POST /v1/payments/{id}/refund` with the
//! `X-Refund-Idempotency` key, its error bodies): the real client code runs
//! against it. A script of failures (`Scripted`) plays the outages a refund
//! meets: refused before the refund, or made and then the answer lost.

use std::collections::{HashMap, VecDeque};
use std::sync::atomic::{AtomicBool, AtomicU32, Ordering};
use std::sync::{Arc, Mutex};

use poem::http::HeaderMap;
use poem::web::headers::Authorization;
use poem::web::headers::authorization::Basic;
use poem::web::{Data, Json, Path, TypedHeader};
use poem::{EndpointExt, Response, Route, handler, post};
use serde_json::{Value, json};
use tokio::sync::Notify;

use super::TEST_KEY_SECRET;

#[derive(Clone, Default)]
pub struct StandIn {
    /// (path, body) of every accepted request.
    pub seen: Arc<Mutex<Vec<(String, Value)>>>,
    /// Answer 500 to everything, like an outage.
    pub down: Arc<AtomicBool>,
    pub next: Arc<AtomicU32>,
    /// How many refunds were made (a retried idempotent request makes none).
    pub next_refund: Arc<AtomicU32>,
    /// Refunds by idempotency key, as Razorpay keeps them.
    refunds: Arc<Mutex<HashMap<String, Value>>>,
    /// Make the refund, then never answer (the caller is killed meanwhile).
    pub hold_refunds: Arc<AtomicBool>,
    /// Told when a held refund has been made.
    pub refund_held: Arc<Notify>,
    /// Make the refund, then answer 200 with a body that is not JSON.
    pub garble_refunds: Arc<AtomicBool>,
    /// Answers the next refund requests give, one each, in order; then normal service.
    pub script: Arc<Mutex<VecDeque<Scripted>>>,
    /// When each refund request arrived (scripted or not).
    pub refund_times: Arc<Mutex<Vec<std::time::Instant>>>,
}

/// One scripted answer to a refund request.
#[derive(Clone, Copy, Debug)]
pub enum Scripted {
    /// Answer this status before any work: nothing is refunded. 4xx carry
    /// Razorpay's error body with its code; 5xx its `SERVER_ERROR` body.
    Before(u16),
    /// Make the refund (kept under its idempotency key), then answer this
    /// status as a proxy in front of Razorpay would: an HTML page.
    After(u16),
}

impl StandIn {
    /// Plays `answers` on the next refund requests.
    pub fn script(&self, answers: &[Scripted]) {
        self.script.lock().unwrap().extend(answers.iter().copied());
    }

    /// How many refunds were made.
    pub fn refunds_made(&self) -> u32 {
        self.next_refund.load(Ordering::SeqCst)
    }
}

/// A status that is not Razorpay's answer: a proxy's page.
fn proxy_page(status: u16) -> Response {
    Response::builder()
        .status(poem::http::StatusCode::from_u16(status).unwrap())
        .content_type("text/html")
        .body(format!(
            "<html><body><h1>{status}</h1>upstream trouble</body></html>"
        ))
}

/// Razorpay's answer with `status` before doing any work.
fn scripted_refusal(status: u16) -> Response {
    match status {
        429 => error(429, "BAD_REQUEST_ERROR", "Too many requests"),
        400..=499 => error(
            status,
            "BAD_REQUEST_ERROR",
            "The refund amount provided is greater than amount captured",
        ),
        _ => error(
            status,
            "SERVER_ERROR",
            "We are facing some trouble completing your request at the moment.",
        ),
    }
}

fn error(status: u16, code: &str, description: &str) -> Response {
    Response::builder()
        .status(poem::http::StatusCode::from_u16(status).unwrap())
        .content_type("application/json")
        .body(json!({"error": {"code": code, "description": description}}).to_string())
}

/// Razorpay's checks before any work: the keys, then availability.
fn refused(s: &StandIn, auth: &Option<TypedHeader<Authorization<Basic>>>) -> Option<Response> {
    let authorised = auth
        .as_ref()
        .is_some_and(|a| a.0.username() == "rzp_test_key" && a.0.password() == TEST_KEY_SECRET);
    if !authorised {
        return Some(error(401, "BAD_REQUEST_ERROR", "Authentication failed"));
    }
    s.down.load(Ordering::SeqCst).then(|| {
        error(
            500,
            "SERVER_ERROR",
            "We are facing some trouble completing your request at the moment.",
        )
    })
}

fn entity(v: Value) -> Response {
    Response::builder()
        .content_type("application/json")
        .body(v.to_string())
}

#[handler]
fn v1_orders(
    s: Data<&StandIn>,
    auth: Option<TypedHeader<Authorization<Basic>>>,
    body: Json<Value>,
) -> Response {
    if let Some(r) = refused(&s, &auth) {
        return r;
    }
    let n = s.next.fetch_add(1, Ordering::SeqCst);
    s.seen
        .lock()
        .unwrap()
        .push(("/v1/orders".into(), body.0.clone()));
    entity(json!({
        "id": format!("order_StandIn{n:07}"), "entity": "order", "amount": body.0["amount"], "amount_paid": 0,
        "amount_due": body.0["amount"], "currency": body.0["currency"], "receipt": body.0["receipt"],
        "status": "created", "attempts": 0, "notes": body.0["notes"], "created_at": 1_790_000_000
    }))
}

#[handler]
async fn v1_refund(
    s: Data<&StandIn>,
    auth: Option<TypedHeader<Authorization<Basic>>>,
    headers: &HeaderMap,
    payment_id: Path<String>,
    body: Json<Value>,
) -> Response {
    if let Some(r) = refused(&s, &auth) {
        return r;
    }
    let path = format!("/v1/payments/{}/refund", payment_id.0);
    s.seen.lock().unwrap().push((path, body.0.clone()));
    s.refund_times
        .lock()
        .unwrap()
        .push(std::time::Instant::now());
    let scripted = s.script.lock().unwrap().pop_front();
    if let Some(Scripted::Before(status)) = scripted {
        return scripted_refusal(status);
    }
    let key = headers
        .get("x-refund-idempotency")
        .and_then(|v| v.to_str().ok())
        .map(str::to_string);
    let made = |s: &StandIn| {
        let n = s.next_refund.fetch_add(1, Ordering::SeqCst);
        json!({
            "id": format!("rfnd_StandIn{n:07}"), "entity": "refund", "amount": body.0["amount"], "currency": "INR",
            "payment_id": payment_id.0, "status": "processed", "speed_processed": "normal",
            "notes": body.0["notes"]
        })
    };
    let refund = match &key {
        // The same key again: the first refund, if the body is the same.
        Some(key) => {
            let mut refunds = s.refunds.lock().unwrap();
            match refunds.get(key) {
                Some(first)
                    if first["amount"] == body.0["amount"] && first["notes"] == body.0["notes"] =>
                {
                    first.clone()
                }
                Some(_) => {
                    return error(
                        400,
                        "BAD_REQUEST_ERROR",
                        "idempotency key reused with another body",
                    );
                }
                None => refunds
                    .entry(key.clone())
                    .or_insert_with(|| made(&s))
                    .clone(),
            }
        }
        None => made(&s),
    };
    if s.hold_refunds.load(Ordering::SeqCst) {
        s.refund_held.notify_one();
        std::future::pending::<()>().await;
    }
    if let Some(Scripted::After(status)) = scripted {
        return proxy_page(status);
    }
    if s.garble_refunds.load(Ordering::SeqCst) {
        return Response::builder()
            .content_type("application/json")
            .body("<html>502 Bad Gateway</html>");
    }
    entity(refund)
}

/// Starts the stand-in on a free port; returns its base URL.
pub async fn start_stand_in(s: StandIn) -> String {
    use poem::listener::{Acceptor, Listener};
    let app = Route::new()
        .at("/v1/orders", post(v1_orders))
        .at("/v1/payments/:id/refund", post(v1_refund))
        .data(s);
    let acceptor = poem::listener::TcpListener::bind("127.0.0.1:0")
        .into_acceptor()
        .await
        .unwrap();
    let addr = acceptor.local_addr()[0].as_socket_addr().copied().unwrap();
    tokio::spawn(poem::Server::new_with_acceptor(acceptor).run(app));
    format!("http://{addr}")
}
