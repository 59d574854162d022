//! MSG91's WhatsApp API: an approved template sent through
//! `POST {base}/api/v5/whatsapp/whatsapp-outbound-message/bulk/` with the
//! `authkey` header and the body
//! `{"integrated_number", "content_type": "template", "payload":
//! {"messaging_product": "whatsapp", "type": "template", "template": {"name",
//! "language": {"code": "en"|"hi", "policy": "deterministic"}, "namespace"?,
//! "to_and_components": [{"to": ["91XXXXXXXXXX"], "components": {"body_1":
//! {"type": "text", "value": ..}, ..}}]}}}`. It answers
//! `{"status": "success", "hasError": false, "data": .., "request_id": ..}`,
//! or `{"status": "fail", "hasError": true, "errors": <why>}`.

use std::future::Future;
use std::pin::Pin;
use std::time::Duration;

use serde_json::{Map, Value, json};

use super::{Event, Msg91WhatsApp, WhatsAppSender};
use crate::domain::Language;

pub struct Msg91WhatsAppClient {
    http: reqwest::Client,
    url: String,
    config: Msg91WhatsApp,
}

impl Msg91WhatsAppClient {
    pub fn new(config: &Msg91WhatsApp) -> Msg91WhatsAppClient {
        let http = reqwest::Client::builder()
            .connect_timeout(Duration::from_secs(5))
            .timeout(Duration::from_secs(15))
            .build()
            .unwrap_or_default();
        Msg91WhatsAppClient {
            http,
            url: format!(
                "{}/api/v5/whatsapp/whatsapp-outbound-message/bulk/",
                config.api_base
            ),
            config: config.clone(),
        }
    }

    /// The request body: one recipient in international form, the body's
    /// variables as `body_1`, `body_2`, ...
    pub fn body(
        &self,
        template: &str,
        mobile: &str,
        language: Language,
        variables: &[String],
    ) -> Value {
        let components: Map<String, Value> = variables
            .iter()
            .enumerate()
            .map(|(i, v)| {
                (
                    format!("body_{}", i + 1),
                    json!({"type": "text", "value": v}),
                )
            })
            .collect();
        let mut template = json!({
            "name": template,
            "language": {"code": language.as_str(), "policy": "deterministic"},
            "to_and_components": [{"to": [format!("91{mobile}")], "components": components}],
        });
        if let Some(ns) = &self.config.namespace {
            template["namespace"] = json!(ns);
        }
        json!({
            "integrated_number": self.config.integrated_number,
            "content_type": "template",
            "payload": {"messaging_product": "whatsapp", "type": "template", "template": template},
        })
    }

    async fn send(
        &self,
        mobile: &str,
        event: Event,
        language: Language,
        variables: &[String],
    ) -> Result<(), String> {
        let template = self
            .config
            .template(event)
            .ok_or_else(|| format!("no template for {}", event.key()))?;
        let res = self
            .http
            .post(&self.url)
            .header("authkey", self.config.auth_key.expose())
            .json(&self.body(template, mobile, language, variables))
            .send()
            .await
            .map_err(|e| format!("MSG91 unreachable: {}", e.without_url()))?;
        let status = res.status();
        let answer: Value = res.json().await.unwrap_or(Value::Null);
        if status.is_success() && answer["status"] == "success" && answer["hasError"] != true {
            return Ok(());
        }
        let said = match &answer["errors"] {
            Value::String(s) => s.clone(),
            Value::Null => "no reason given".to_string(),
            other => other.to_string(),
        };
        Err(format!(
            "MSG91 refused the WhatsApp message ({}): {said}",
            status.as_u16()
        ))
    }
}

impl WhatsAppSender for Msg91WhatsAppClient {
    fn send_template<'a>(
        &'a self,
        mobile: &'a str,
        event: Event,
        language: Language,
        variables: &'a [String],
    ) -> Pin<Box<dyn Future<Output = Result<(), String>> + Send + 'a>> {
        Box::pin(self.send(mobile, event, language, variables))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::env::Secret;

    #[test]
    fn the_body_names_the_template_its_language_and_numbered_variables() {
        let client = Msg91WhatsAppClient::new(&Msg91WhatsApp {
            auth_key: Secret::new("key"),
            integrated_number: "919000000001".into(),
            namespace: None,
            templates: vec![(Event::Shipped, "order_shipped".into())],
            api_base: "http://127.0.0.1:9".into(),
        });
        let body = client.body(
            "order_shipped",
            "9876543210",
            Language::Hi,
            &["Asha".into(), "LT-1".into()],
        );
        assert_eq!(
            body,
            json!({
                "integrated_number": "919000000001", "content_type": "template",
                "payload": {"messaging_product": "whatsapp", "type": "template", "template": {
                    "name": "order_shipped",
                    "language": {"code": "hi", "policy": "deterministic"},
                    "to_and_components": [{"to": ["919876543210"], "components": {
                        "body_1": {"type": "text", "value": "Asha"},
                        "body_2": {"type": "text", "value": "LT-1"},
                    }}],
                }},
            })
        );
    }
}
