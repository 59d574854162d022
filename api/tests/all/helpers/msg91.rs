//! A local stand-in for MSG91's Flow API (`POST /api/v5/flow`, the `authkey`
//! header, a template id, recipients with the number in international form
//! and their template variables, its `{"type", "message"}` answers): the real
//! client (`api::sms::msg91`) runs against it.

use std::sync::{Arc, Mutex};
use std::time::Duration;

use poem::http::{HeaderMap, StatusCode};
use poem::web::{Data, Json};
use poem::{EndpointExt, Response, Route, handler, post};
use serde_json::{Value, json};

pub const AUTH_KEY: &str = "msg91-test-authkey-0123456789";
pub const TEMPLATE_ID: &str = "65f0c0ffee0123456789abcd";
/// The flow template for order updates (one `##text##` variable).
pub const UPDATE_TEMPLATE_ID: &str = "65f0c0ffee00000000update";

#[derive(Clone, Default)]
pub struct Msg91StandIn {
    /// Every accepted request's body.
    pub seen: Arc<Mutex<Vec<Value>>>,
    /// Every request, refused ones too.
    pub requests: Arc<Mutex<usize>>,
    pub base: String,
}

fn answer(status: StatusCode, kind: &str, message: &str) -> Response {
    Response::builder()
        .status(status)
        .content_type("application/json")
        .body(json!({"type": kind, "message": message}).to_string())
}

#[handler]
fn flow(s: Data<&Msg91StandIn>, headers: &HeaderMap, body: Json<Value>) -> Response {
    *s.requests.lock().unwrap() += 1;
    if headers.get("authkey").and_then(|v| v.to_str().ok()) != Some(AUTH_KEY) {
        return answer(StatusCode::UNAUTHORIZED, "error", "Authentication failure");
    }
    // The code's template takes `otp`; the updates' takes `text`.
    let variable = match body.0["template_id"].as_str() {
        Some(TEMPLATE_ID) => "otp",
        Some(UPDATE_TEMPLATE_ID) => "text",
        _ => return answer(StatusCode::BAD_REQUEST, "error", "Invalid template id"),
    };
    let recipients = body.0["recipients"].as_array().cloned().unwrap_or_default();
    let valid = |r: &Value| {
        r["mobiles"].as_str().is_some_and(|m| {
            m.len() == 12 && m.starts_with("91") && m.chars().all(|c| c.is_ascii_digit())
        }) && r[variable].as_str().is_some()
    };
    if recipients.is_empty() || !recipients.iter().all(valid) {
        return answer(
            StatusCode::BAD_REQUEST,
            "error",
            "Mobile number or variables missing",
        );
    }
    let mut seen = s.seen.lock().unwrap();
    seen.push(body.0.clone());
    answer(
        StatusCode::OK,
        "success",
        &format!("3a6b{:020x}", seen.len()),
    )
}

impl Msg91StandIn {
    /// Starts the stand-in on a free port.
    pub async fn start() -> Msg91StandIn {
        use poem::listener::{Acceptor, Listener};
        let acceptor = poem::listener::TcpListener::bind("127.0.0.1:0")
            .into_acceptor()
            .await
            .unwrap();
        let addr = acceptor.local_addr()[0].as_socket_addr().copied().unwrap();
        let s = Msg91StandIn {
            base: format!("http://{addr}"),
            ..Default::default()
        };
        let app = Route::new().at("/api/v5/flow", post(flow)).data(s.clone());
        tokio::spawn(poem::Server::new_with_acceptor(acceptor).run(app));
        s
    }

    /// The app's settings for this stand-in, with `auth_key`.
    pub fn config(&self, auth_key: &str) -> api::sms::SmsConfig {
        api::sms::SmsConfig::Msg91(api::sms::Msg91Config {
            auth_key: api::env::Secret::new(auth_key),
            template_id: TEMPLATE_ID.into(),
            template_id_hi: None,
            update_template_id: Some(UPDATE_TEMPLATE_ID.into()),
            sender_id: Some("LGTHRD".into()),
            api_base: self.base.clone(),
        })
    }

    /// The code last sent to `mobile` (10 digits), waiting a little for it.
    pub async fn code_for(&self, mobile: &str) -> String {
        let number = format!("91{mobile}");
        for _ in 0..100 {
            let found = self.seen.lock().unwrap().iter().rev().find_map(|b| {
                let r = &b["recipients"][0];
                (r["mobiles"] == number.as_str())
                    .then(|| r["otp"].as_str().map(str::to_string))
                    .flatten()
            });
            if let Some(code) = found {
                return code;
            }
            tokio::time::sleep(Duration::from_millis(20)).await;
        }
        panic!("no SMS reached {number}");
    }
}
