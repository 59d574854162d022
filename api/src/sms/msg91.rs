//! MSG91's Flow API (India), as documented at
//! control.msg91.com/apidoc/textsms/send-sms-flow.php:
//! `POST {base}/api/v5/flow` with the `authkey` header and a JSON body
//! `{"template_id", "sender"?, "short_url": "0", "recipients": [{"mobiles":
//! "91XXXXXXXXXX", "otp": "123456"}]}`; each recipient's other keys fill the
//! template's `##name##` variables. It answers `{"type": "success",
//! "message": <request id>}`, or `{"type": "error", "message": <why>}`.

use std::future::Future;
use std::pin::Pin;
use std::time::Duration;

use serde_json::{Value, json};

use super::{Msg91Config, SmsError, SmsSender};
use crate::domain::Language;
use crate::env::Secret;

pub struct Msg91 {
    http: reqwest::Client,
    url: String,
    auth_key: Secret,
    template_id: String,
    template_id_hi: Option<String>,
    update_template_id: Option<String>,
    sender_id: Option<String>,
}

impl Msg91 {
    pub fn new(config: &Msg91Config) -> Msg91 {
        let http = reqwest::Client::builder()
            .connect_timeout(Duration::from_secs(5))
            .timeout(Duration::from_secs(15))
            .build()
            .unwrap_or_default();
        Msg91 {
            http,
            url: format!("{}/api/v5/flow", config.api_base),
            auth_key: config.auth_key.clone(),
            template_id: config.template_id.clone(),
            template_id_hi: config.template_id_hi.clone(),
            update_template_id: config.update_template_id.clone(),
            sender_id: config.sender_id.clone(),
        }
    }

    /// The request body: one recipient, in international form, with the
    /// code, in `language`'s template (the Hindi one when there is one).
    fn body(&self, mobile: &str, code: &str, language: Language) -> Value {
        let template = match (language, &self.template_id_hi) {
            (Language::Hi, Some(hindi)) => hindi,
            _ => &self.template_id,
        };
        self.flow(template, mobile, "otp", code)
    }

    /// A flow request of `template` to `mobile` with one variable.
    fn flow(&self, template: &str, mobile: &str, name: &str, value: &str) -> Value {
        let mut recipient = json!({"mobiles": format!("91{mobile}")});
        recipient[name] = json!(value);
        let mut body = json!({
            "template_id": template,
            "short_url": "0",
            "recipients": [recipient],
        });
        if let Some(sender) = &self.sender_id {
            body["sender"] = json!(sender);
        }
        body
    }

    async fn send(&self, body: Value) -> Result<(), SmsError> {
        let res = self
            .http
            .post(&self.url)
            .header("authkey", self.auth_key.expose())
            .json(&body)
            .send()
            .await
            // Without the URL: it is ours, and the error's text is enough.
            .map_err(|e| SmsError(format!("MSG91 unreachable: {}", e.without_url())))?;
        let status = res.status();
        let answer: Value = res.json().await.unwrap_or(Value::Null);
        let said = answer["message"].as_str().unwrap_or("no message");
        if status.is_success() && answer["type"] == "success" {
            return Ok(());
        }
        Err(SmsError(format!(
            "MSG91 refused the message ({}): {said}",
            status.as_u16()
        )))
    }
}

impl SmsSender for Msg91 {
    fn send_code<'a>(
        &'a self,
        mobile: &'a str,
        code: &'a str,
        language: Language,
    ) -> Pin<Box<dyn Future<Output = Result<(), SmsError>> + Send + 'a>> {
        Box::pin(self.send(self.body(mobile, code, language)))
    }

    fn send_update<'a>(&'a self, mobile: &'a str, text: &'a str) -> Option<super::Sending<'a>> {
        let template = self.update_template_id.as_deref()?;
        Some(Box::pin(
            self.send(self.flow(template, mobile, "text", text)),
        ))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn client(sender_id: Option<&str>) -> Msg91 {
        Msg91::new(&Msg91Config {
            auth_key: Secret::new("key"),
            template_id: "tmpl-1".into(),
            template_id_hi: Some("tmpl-hi".into()),
            update_template_id: None,
            sender_id: sender_id.map(str::to_string),
            api_base: "http://127.0.0.1:9".into(),
        })
    }

    #[test]
    fn the_body_carries_the_template_the_number_with_91_and_the_code() {
        let body = client(Some("LGTHRD")).body("9876543210", "123456", Language::En);
        assert_eq!(
            body,
            json!({
                "template_id": "tmpl-1", "short_url": "0", "sender": "LGTHRD",
                "recipients": [{"mobiles": "919876543210", "otp": "123456"}],
            })
        );
        assert!(
            client(None)
                .body("9876543210", "1", Language::En)
                .get("sender")
                .is_none()
        );
        let hindi = client(None).body("9876543210", "1", Language::Hi);
        assert_eq!(hindi["template_id"], "tmpl-hi");
    }
}
