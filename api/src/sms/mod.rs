//! Delivery of SMS: the [`SmsSender`] a sign-in code goes through, and its
//! one real implementation, MSG91 ([`msg91`]). Which one, if any, is
//! `SMS_PROVIDER`'s choice ([`SmsConfig`]); dev mode keeps codes in the outbox
//! instead (see `mail::Mailer`).

pub mod msg91;

use std::future::Future;
use std::pin::Pin;

use anyhow::Context;

use crate::domain::Language;
use crate::env::{Secret, env_or};

/// A send under way.
pub type Sending<'a> = Pin<Box<dyn Future<Output = Result<(), SmsError>> + Send + 'a>>;

/// An SMS provider: delivers a one-time code to an Indian mobile number.
pub trait SmsSender: Send + Sync {
    /// Sends `code` to `mobile` (the 10 digits `domain::contact::Phone` keeps),
    /// worded in `language` where the provider has a template in it.
    fn send_code<'a>(
        &'a self,
        mobile: &'a str,
        code: &'a str,
        language: Language,
    ) -> Pin<Box<dyn Future<Output = Result<(), SmsError>> + Send + 'a>>;

    /// Sends an order update's `text` to `mobile` (the WhatsApp fallback),
    /// when the provider has a template for updates.
    fn send_update<'a>(&'a self, mobile: &'a str, text: &'a str) -> Option<Sending<'a>>;
}

/// Why a provider did not take a message. Its text is the provider's own
/// answer (never the auth key, the number or the code), for the log.
#[derive(Debug)]
pub struct SmsError(pub String);

impl std::fmt::Display for SmsError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.0)
    }
}

impl std::error::Error for SmsError {}

/// `SMS_PROVIDER` and its settings.
#[derive(Clone, Debug, Default)]
pub enum SmsConfig {
    /// `none` (the default): production answers 503 to phone code sends.
    #[default]
    None,
    /// `msg91`.
    Msg91(Msg91Config),
}

#[derive(Clone, Debug)]
pub struct Msg91Config {
    /// `MSG91_AUTH_KEY`: sent as the `authkey` header; never logged.
    pub auth_key: Secret,
    /// `MSG91_TEMPLATE_ID`: the DLT-approved flow template, with an `##otp##` variable.
    pub template_id: String,
    /// `MSG91_TEMPLATE_ID_HI` (optional): the same template approved in Hindi, for
    /// customers who read the store in Hindi (DLT approves each wording on its own);
    /// `MSG91_TEMPLATE_ID`'s for them too when unset.
    pub template_id_hi: Option<String>,
    /// `MSG91_UPDATE_TEMPLATE_ID` (optional): a DLT-approved flow template
    /// with one `##text##` variable, for order updates when WhatsApp fails;
    /// without it those go by e-mail.
    pub update_template_id: Option<String>,
    /// `MSG91_SENDER_ID` (optional): the six-letter sender; the template's own when unset.
    pub sender_id: Option<String>,
    /// `MSG91_API_BASE`, default https://control.msg91.com (a stand-in in tests).
    pub api_base: String,
}

pub const MSG91_API_BASE: &str = "https://control.msg91.com";

impl SmsConfig {
    /// A provider chosen without what it needs stops the start: codes would
    /// otherwise be issued and never arrive.
    pub fn from_env() -> anyhow::Result<SmsConfig> {
        match env_or("SMS_PROVIDER", "none").to_ascii_lowercase().as_str() {
            "none" => Ok(SmsConfig::None),
            "msg91" => {
                let needed = |name: &str| {
                    Some(env_or(name, ""))
                        .filter(|v| !v.is_empty())
                        .with_context(|| format!("SMS_PROVIDER=msg91 needs {name}"))
                };
                Ok(SmsConfig::Msg91(Msg91Config {
                    auth_key: Secret::new(needed("MSG91_AUTH_KEY")?),
                    template_id: needed("MSG91_TEMPLATE_ID")?,
                    template_id_hi: Some(env_or("MSG91_TEMPLATE_ID_HI", ""))
                        .filter(|s| !s.is_empty()),
                    update_template_id: Some(env_or("MSG91_UPDATE_TEMPLATE_ID", ""))
                        .filter(|s| !s.is_empty()),
                    sender_id: Some(env_or("MSG91_SENDER_ID", "")).filter(|s| !s.is_empty()),
                    api_base: env_or("MSG91_API_BASE", MSG91_API_BASE)
                        .trim_end_matches('/')
                        .to_string(),
                }))
            }
            other => anyhow::bail!("SMS_PROVIDER must be none or msg91, not {other}"),
        }
    }

    /// The configured provider, if any.
    pub fn sender(&self) -> Option<std::sync::Arc<dyn SmsSender>> {
        match self {
            SmsConfig::None => None,
            SmsConfig::Msg91(c) => Some(std::sync::Arc::new(msg91::Msg91::new(c))),
        }
    }
}
