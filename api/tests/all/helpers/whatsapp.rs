//! A local stand-in for MSG91's WhatsApp API (`POST
//! /api/v5/whatsapp/whatsapp-outbound-message/bulk/`, the `authkey` header,
//! the integrated number, an approved template by name and language code,
//! its `to_and_components`, and its `{"status", "hasError", ...}` answers):
//! the real client (`api::whatsapp::msg91`) runs against it.

use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex};

use poem::http::{HeaderMap, StatusCode};
use poem::web::{Data, Json};
use poem::{EndpointExt, Response, Route, handler, post};
use serde_json::{Value, json};

use api::whatsapp::{Event, Msg91WhatsApp, Provider, WhatsAppConfig};

use super::msg91::AUTH_KEY;

pub const INTEGRATED_NUMBER: &str = "919000000001";
pub const WEBHOOK_TOKEN: &str = "whatsapp-webhook-token-0123456789abcdef";

/// Each event's approved template name at the stand-in.
pub fn template(event: Event) -> String {
    format!("lt_{}", event.key())
}

#[derive(Clone, Default)]
pub struct WhatsAppStandIn {
    /// Every accepted request's body.
    pub seen: Arc<Mutex<Vec<Value>>>,
    /// Every request, refused ones too.
    pub requests: Arc<Mutex<usize>>,
    /// While set, every send is refused (the number is not on WhatsApp).
    pub failing: Arc<AtomicBool>,
    pub base: String,
}

fn answer(status: StatusCode, body: Value) -> Response {
    Response::builder()
        .status(status)
        .content_type("application/json")
        .body(body.to_string())
}

fn refuse(status: StatusCode, why: &str) -> Response {
    answer(
        status,
        json!({"status": "fail", "hasError": true, "errors": why}),
    )
}

#[handler]
fn bulk(s: Data<&WhatsAppStandIn>, headers: &HeaderMap, body: Json<Value>) -> Response {
    *s.requests.lock().unwrap() += 1;
    if headers.get("authkey").and_then(|v| v.to_str().ok()) != Some(AUTH_KEY) {
        return refuse(StatusCode::UNAUTHORIZED, "Authentication failure");
    }
    let b = &body.0;
    let t = &b["payload"]["template"];
    let known = Event::ALL
        .into_iter()
        .any(|e| t["name"].as_str() == Some(template(e).as_str()));
    if b["integrated_number"] != INTEGRATED_NUMBER
        || b["content_type"] != "template"
        || b["payload"]["messaging_product"] != "whatsapp"
        || !known
        || !matches!(t["language"]["code"].as_str(), Some("en" | "hi"))
    {
        return refuse(StatusCode::BAD_REQUEST, "Template or number not approved");
    }
    let to = &t["to_and_components"][0]["to"][0];
    let valid = to.as_str().is_some_and(|m| {
        m.len() == 12 && m.starts_with("91") && m.chars().all(|c| c.is_ascii_digit())
    });
    if !valid || !t["to_and_components"][0]["components"]["body_1"]["value"].is_string() {
        return refuse(StatusCode::BAD_REQUEST, "Recipient or variables missing");
    }
    if s.failing.load(Ordering::SeqCst) {
        return refuse(StatusCode::BAD_REQUEST, "Recipient is not a WhatsApp user");
    }
    let mut seen = s.seen.lock().unwrap();
    seen.push(b.clone());
    answer(
        StatusCode::OK,
        json!({"status": "success", "hasError": false, "data": "Message accepted",
               "request_id": format!("wa{:020x}", seen.len())}),
    )
}

impl WhatsAppStandIn {
    pub async fn start() -> WhatsAppStandIn {
        use poem::listener::{Acceptor, Listener};
        let acceptor = poem::listener::TcpListener::bind("127.0.0.1:0")
            .into_acceptor()
            .await
            .unwrap();
        let addr = acceptor.local_addr()[0].as_socket_addr().copied().unwrap();
        let s = WhatsAppStandIn {
            base: format!("http://{addr}"),
            ..Default::default()
        };
        let app = Route::new()
            .at(
                "/api/v5/whatsapp/whatsapp-outbound-message/bulk/",
                post(bulk),
            )
            .data(s.clone());
        tokio::spawn(poem::Server::new_with_acceptor(acceptor).run(app));
        s
    }

    /// The app's settings for this stand-in; no worker of its own (the
    /// tests drive `deliver_due`).
    pub fn config(&self) -> WhatsAppConfig {
        WhatsAppConfig {
            provider: Provider::Msg91(Msg91WhatsApp {
                auth_key: api::env::Secret::new(AUTH_KEY),
                integrated_number: INTEGRATED_NUMBER.into(),
                namespace: None,
                templates: Event::ALL.into_iter().map(|e| (e, template(e))).collect(),
                api_base: self.base.clone(),
            }),
            webhook_token: Some(api::env::Secret::new(WEBHOOK_TOKEN)),
            poll: None,
            ..WhatsAppConfig::default()
        }
    }

    /// The accepted messages' (template, language, to, variables).
    pub fn sent(&self) -> Vec<(String, String, String, Vec<String>)> {
        Self::read(&self.seen.lock().unwrap())
    }

    /// The messages accepted and not taken before, as `sent` gives them,
    /// taken (so each step of a journey sees only its own).
    pub fn take_sent(&self) -> Vec<(String, String, String, Vec<String>)> {
        Self::read(&std::mem::take(&mut *self.seen.lock().unwrap()))
    }

    fn read(seen: &[Value]) -> Vec<(String, String, String, Vec<String>)> {
        seen.iter()
            .map(|b| {
                let t = &b["payload"]["template"];
                let c = &t["to_and_components"][0];
                let vars = (1..10)
                    .map_while(|i| c["components"][format!("body_{i}")]["value"].as_str())
                    .map(str::to_string)
                    .collect();
                (
                    t["name"].as_str().unwrap().to_string(),
                    t["language"]["code"].as_str().unwrap().to_string(),
                    c["to"][0].as_str().unwrap().to_string(),
                    vars,
                )
            })
            .collect()
    }
}
