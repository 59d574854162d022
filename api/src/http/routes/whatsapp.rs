//! Replies to the store's WhatsApp number, forwarded by MSG91's inbound
//! webhook: STOP withdraws the sender's consent at once.

use poem::web::Data;
use poem_openapi::param::Header;
use poem_openapi::payload::{Binary, Json};
use poem_openapi::{Object, OpenApi};

use super::Tag;
use super::shipping::token_ok;
use crate::core::notify::consent;
use crate::http::envelope::Envelope;
use crate::http::error::ApiError;
use crate::http::fails::Fails;
use crate::http::fails::status::*;
use crate::state::AppState;

#[derive(Object, Debug)]
#[oai(rename_all = "camelCase")]
pub struct InboundAnswer {
    /// `stopped` (consent withdrawn), `notStop` (any other reply, ignored)
    /// or `unknownNumber`.
    pub outcome: String,
}

/// The sender's 10 digits from `91XXXXXXXXXX`, `+91 XXXXX XXXXX` or 10 digits.
fn mobile_of(number: &str) -> Option<String> {
    let digits: String = number.chars().filter(char::is_ascii_digit).collect();
    let ten = match digits.len() {
        10 => digits,
        12 if digits.starts_with("91") => digits[2..].to_string(),
        _ => return None,
    };
    crate::domain::Phone::parse(&ten)
        .ok()
        .map(|p| p.into_string())
}

pub struct WhatsAppApi;

#[OpenApi(tag = "Tag::Users")]
impl WhatsAppApi {
    /// A customer's reply (MSG91's inbound webhook, JSON with `customerNumber`
    /// and `text`). The `X-Webhook-Token` header must be
    /// `WHATSAPP_WEBHOOK_TOKEN` (compared in constant time; 401 otherwise,
    /// and nothing changes; none configured: every call is 401). STOP (or
    /// UNSUBSCRIBE, रोकें) withdraws consent for that number at once.
    #[oai(path = "/whatsapp/inbound", method = "post")]
    async fn inbound(
        &self,
        state: Data<&AppState>,
        body: Binary<Vec<u8>>,
        #[oai(name = "X-Webhook-Token")] token: Header<Option<String>>,
    ) -> Result<Json<Envelope<InboundAnswer>>, Fails<{ BODY | UNAUTHORIZED }>> {
        let configured = state.config.whatsapp.webhook_token.as_ref();
        if !token_ok(configured.map_or("", |t| t.expose()), token.0.as_deref()) {
            tracing::warn!("WhatsApp webhook refused: wrong or missing X-Webhook-Token");
            return Err(ApiError::unauthorized("Invalid or missing X-Webhook-Token").into());
        }
        let value: serde_json::Value = serde_json::from_slice(&body.0)
            .map_err(|_| ApiError::bad_request("The message is not JSON"))?;
        let number = value["customerNumber"]
            .as_str()
            .and_then(mobile_of)
            .ok_or_else(|| ApiError::bad_request("The message has no valid customerNumber"))?;
        let text = value["text"].as_str().unwrap_or("");
        let outcome = if !consent::is_stop(text) {
            "notStop"
        } else if consent::stop_number(&state.db, &number, state.notify.clock.now()).await? > 0 {
            tracing::info!("WhatsApp consent withdrawn by STOP");
            "stopped"
        } else {
            "unknownNumber"
        };
        Ok(Envelope::ok(
            "Message received",
            InboundAnswer {
                outcome: outcome.to_string(),
            },
        ))
    }
}
