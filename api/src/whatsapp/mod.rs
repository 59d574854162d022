//! WhatsApp Business messages: the [`WhatsAppSender`] an update goes
//! through, and its one real implementation, MSG91's WhatsApp API
//! ([`msg91`]). Which one, if any, is `WHATSAPP_PROVIDER`'s choice
//! ([`WhatsAppConfig`]). What is sent, when, and the fallbacks are
//! `core::notify`'s (docs/whatsapp.md).

pub mod msg91;
pub mod notifier;

use std::future::Future;
use std::pin::Pin;
use std::sync::Arc;

use anyhow::Context;

use crate::domain::Language;
use crate::env::{MIN_SECRET_BYTES, Secret, env_or};

/// What a customer hears of by WhatsApp: one approved template each.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Event {
    OrderConfirmed,
    ProofReady,
    Shipped,
    OutForDelivery,
    Delivered,
    BalanceDue,
    GroupJoined,
    GroupPlaced,
    ComplaintAcknowledged,
}

impl Event {
    pub const ALL: [Event; 9] = [
        Event::OrderConfirmed,
        Event::ProofReady,
        Event::Shipped,
        Event::OutForDelivery,
        Event::Delivered,
        Event::BalanceDue,
        Event::GroupJoined,
        Event::GroupPlaced,
        Event::ComplaintAcknowledged,
    ];

    /// As stored in `notifications.event`, and in the template setting's name.
    pub fn key(self) -> &'static str {
        match self {
            Event::OrderConfirmed => "order_confirmed",
            Event::ProofReady => "proof_ready",
            Event::Shipped => "shipped",
            Event::OutForDelivery => "out_for_delivery",
            Event::Delivered => "delivered",
            Event::BalanceDue => "balance_due",
            Event::GroupJoined => "group_joined",
            Event::GroupPlaced => "group_placed",
            Event::ComplaintAcknowledged => "complaint_acknowledged",
        }
    }

    pub fn parse(s: &str) -> Option<Event> {
        Event::ALL.into_iter().find(|e| e.key() == s)
    }

    /// The setting naming this event's template: `WHATSAPP_TEMPLATE_ORDER_CONFIRMED`.
    pub fn template_setting(self) -> String {
        format!("WHATSAPP_TEMPLATE_{}", self.key().to_ascii_uppercase())
    }
}

/// A provider: delivers an approved template to an Indian mobile number.
pub trait WhatsAppSender: Send + Sync {
    /// Sends `event`'s template in `language` to `mobile` (10 digits), its
    /// body's variables `{{1}}`.. filled with `variables` in order.
    fn send_template<'a>(
        &'a self,
        mobile: &'a str,
        event: Event,
        language: Language,
        variables: &'a [String],
    ) -> Pin<Box<dyn Future<Output = Result<(), String>> + Send + 'a>>;
}

/// `WHATSAPP_PROVIDER` and its settings.
#[derive(Clone, Debug)]
pub struct WhatsAppConfig {
    pub provider: Provider,
    /// `WHATSAPP_DAILY_PER_NUMBER` (default 6): updates (WhatsApp or SMS) one
    /// number receives per India day; past it they go by e-mail.
    pub per_number_daily: i64,
    /// `WHATSAPP_WEBHOOK_TOKEN` (32+ bytes; needed by msg91): the inbound
    /// webhook's `X-Webhook-Token` (replies such as STOP).
    pub webhook_token: Option<Secret>,
    /// How often the delivery worker looks for due updates; `None` runs no
    /// worker (tests drive `core::notify::deliver_due` themselves).
    pub poll: Option<std::time::Duration>,
}

#[derive(Clone, Debug, Default)]
pub enum Provider {
    /// `none` (the default): no WhatsApp (the dev outbox still records them
    /// with `TEST_PROVIDERS=on`); updates fall back to SMS, then e-mail.
    #[default]
    None,
    Msg91(Msg91WhatsApp),
}

#[derive(Clone, Debug)]
pub struct Msg91WhatsApp {
    /// `MSG91_AUTH_KEY` (the account's, as for SMS): the `authkey` header.
    pub auth_key: Secret,
    /// `WHATSAPP_INTEGRATED_NUMBER`: the store's WhatsApp Business number
    /// at MSG91, in international form (91XXXXXXXXXX).
    pub integrated_number: String,
    /// `WHATSAPP_TEMPLATE_NAMESPACE` (optional): the templates' namespace.
    pub namespace: Option<String>,
    /// `WHATSAPP_TEMPLATE_<EVENT>`: each event's approved template name (in
    /// English `en` and Hindi `hi`).
    pub templates: Vec<(Event, String)>,
    /// `MSG91_API_BASE`, default https://control.msg91.com.
    pub api_base: String,
}

impl Msg91WhatsApp {
    pub fn template(&self, event: Event) -> Option<&str> {
        self.templates
            .iter()
            .find(|(e, _)| *e == event)
            .map(|(_, name)| name.as_str())
    }
}

impl Default for WhatsAppConfig {
    fn default() -> WhatsAppConfig {
        WhatsAppConfig {
            provider: Provider::None,
            per_number_daily: Self::DEFAULT_PER_NUMBER_DAILY,
            webhook_token: None,
            poll: Some(std::time::Duration::from_secs(5)),
        }
    }
}

impl WhatsAppConfig {
    pub const DEFAULT_PER_NUMBER_DAILY: i64 = 6;

    /// A provider chosen without its key, number, templates or webhook
    /// token stops the start: updates would otherwise vanish, and STOP
    /// replies could not be heard.
    pub fn from_env() -> anyhow::Result<WhatsAppConfig> {
        let needed = |name: &str| {
            Some(env_or(name, "").trim().to_string())
                .filter(|v| !v.is_empty())
                .with_context(|| format!("WHATSAPP_PROVIDER=msg91 needs {name}"))
        };
        let provider = match env_or("WHATSAPP_PROVIDER", "none")
            .to_ascii_lowercase()
            .as_str()
        {
            "none" => Provider::None,
            "msg91" => {
                let integrated_number = needed("WHATSAPP_INTEGRATED_NUMBER")?;
                anyhow::ensure!(
                    integrated_number.len() >= 11
                        && integrated_number.chars().all(|c| c.is_ascii_digit()),
                    "WHATSAPP_INTEGRATED_NUMBER must be the number in international form, digits only (91XXXXXXXXXX)"
                );
                let templates = Event::ALL
                    .into_iter()
                    .map(|e| Ok((e, needed(&e.template_setting())?)))
                    .collect::<anyhow::Result<_>>()?;
                Provider::Msg91(Msg91WhatsApp {
                    auth_key: Secret::new(needed("MSG91_AUTH_KEY")?),
                    integrated_number,
                    namespace: Some(env_or("WHATSAPP_TEMPLATE_NAMESPACE", ""))
                        .filter(|s| !s.trim().is_empty()),
                    templates,
                    api_base: env_or("MSG91_API_BASE", crate::sms::MSG91_API_BASE)
                        .trim_end_matches('/')
                        .to_string(),
                })
            }
            other => anyhow::bail!("WHATSAPP_PROVIDER must be none or msg91, not {other}"),
        };
        let webhook_token = match env_or("WHATSAPP_WEBHOOK_TOKEN", "").trim() {
            "" if matches!(provider, Provider::Msg91(_)) => {
                anyhow::bail!(
                    "WHATSAPP_PROVIDER=msg91 needs WHATSAPP_WEBHOOK_TOKEN (for STOP replies)"
                )
            }
            "" => None,
            t if t.len() < MIN_SECRET_BYTES => anyhow::bail!(
                "WHATSAPP_WEBHOOK_TOKEN is {} bytes; it must be at least {MIN_SECRET_BYTES} (e.g. `openssl rand -hex 32`)",
                t.len()
            ),
            t => Some(Secret::new(t)),
        };
        let per_number_daily = match env_or(
            "WHATSAPP_DAILY_PER_NUMBER",
            &Self::DEFAULT_PER_NUMBER_DAILY.to_string(),
        )
        .trim()
        .parse()
        {
            Ok(n) if (0..=1000).contains(&n) => n,
            _ => anyhow::bail!("WHATSAPP_DAILY_PER_NUMBER must be a whole number from 0 to 1000"),
        };
        Ok(WhatsAppConfig {
            provider,
            per_number_daily,
            webhook_token,
            ..WhatsAppConfig::default()
        })
    }

    /// The configured provider, if any.
    pub fn sender(&self) -> Option<Arc<dyn WhatsAppSender>> {
        match &self.provider {
            Provider::None => None,
            Provider::Msg91(c) => Some(Arc::new(msg91::Msg91WhatsAppClient::new(c))),
        }
    }
}
