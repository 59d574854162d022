//! The payment provider's settings: `PAYMENT_PROVIDER`, the Razorpay keys
//! and the refund retries.

use std::path::Path;

use crate::env::{Secret, env_or, load_or_create_secret, secret_files};

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ProviderKind {
    /// The built-in provider that follows Razorpay's contract (no network).
    Test,
    Razorpay,
}

/// The payment provider and its keys. Secrets are never printed.
#[derive(Clone, Debug)]
pub struct PaymentsConfig {
    /// `PAYMENT_PROVIDER`: `test` (default with test providers on) or `razorpay`.
    pub provider: ProviderKind,
    /// `RAZORPAY_KEY_ID`: public, handed to the browser's checkout.
    pub key_id: String,
    /// `RAZORPAY_KEY_SECRET`: signs payments. The test provider generates one
    /// (kept in DATA_DIR, so signatures survive restarts) when it is not set.
    pub key_secret: Secret,
    /// `RAZORPAY_WEBHOOK_SECRET`: signs webhooks; generated like the key secret for the test provider.
    pub webhook_secret: Secret,
    /// `RAZORPAY_API_BASE`, default https://api.razorpay.com (a stand-in in tests).
    pub api_base: String,
    /// `REFUND_RETRY_SECS` (default 30, 1 to 3600): the first wait before a
    /// refund the provider did not answer finally is asked again; each next
    /// wait doubles, to at most an hour.
    pub refund_retry: std::time::Duration,
}

impl PaymentsConfig {
    /// Razorpay chosen but its keys missing: the store runs, and checkout
    /// answers 503 'Payments are not configured'.
    pub fn is_configured(&self) -> bool {
        !self.key_id.is_empty() && !self.key_secret.is_empty()
    }

    /// With test providers off (production) the default is Razorpay, and the
    /// test provider cannot be chosen: no test payment can ever be taken live.
    pub fn from_env(data_dir: &Path, test_providers: bool) -> anyhow::Result<PaymentsConfig> {
        let default = if test_providers { "test" } else { "razorpay" };
        let provider = match env_or("PAYMENT_PROVIDER", default)
            .to_ascii_lowercase()
            .as_str()
        {
            "test" => ProviderKind::Test,
            "razorpay" => ProviderKind::Razorpay,
            other => anyhow::bail!("PAYMENT_PROVIDER must be test or razorpay, not {other}"),
        };
        anyhow::ensure!(
            test_providers || provider == ProviderKind::Razorpay,
            "PAYMENT_PROVIDER=test needs TEST_PROVIDERS=on (it takes no real money)"
        );
        let key_id = env_or("RAZORPAY_KEY_ID", "");
        // Dev mode's outbox and test routes beside real money would let anyone
        // read sign-in codes of a live store: refuse the combination.
        anyhow::ensure!(
            !(test_providers && key_id.starts_with("rzp_live_")),
            "TEST_PROVIDERS=on cannot run with live Razorpay keys (rzp_live_...): turn test providers off"
        );
        let secret = |name: &str, file: &str| -> anyhow::Result<Secret> {
            match std::env::var(name).ok().filter(|s| !s.trim().is_empty()) {
                Some(s) => Ok(Secret::new(s.trim())),
                None if provider == ProviderKind::Test => load_or_create_secret(data_dir, file),
                None => Ok(Secret::new("")),
            }
        };
        let config = PaymentsConfig {
            provider,
            key_id: match provider {
                ProviderKind::Test if key_id.is_empty() => "rzp_test_builtin".into(),
                _ => key_id,
            },
            key_secret: secret("RAZORPAY_KEY_SECRET", secret_files::PAYMENT_KEY)?,
            webhook_secret: secret("RAZORPAY_WEBHOOK_SECRET", secret_files::PAYMENT_WEBHOOK)?,
            api_base: env_or("RAZORPAY_API_BASE", "https://api.razorpay.com")
                .trim_end_matches('/')
                .to_string(),
            refund_retry: match env_or("REFUND_RETRY_SECS", "30").parse() {
                Ok(s) if (1..=3600).contains(&s) => std::time::Duration::from_secs(s),
                _ => anyhow::bail!(
                    "REFUND_RETRY_SECS must be a whole number of seconds from 1 to 3600"
                ),
            },
        };
        if provider == ProviderKind::Razorpay {
            if !config.is_configured() {
                tracing::warn!(
                    "RAZORPAY_KEY_ID and RAZORPAY_KEY_SECRET are not set: checkout answers 503 'Payments are not configured'"
                );
            } else if config.webhook_secret.is_empty() {
                tracing::warn!("RAZORPAY_WEBHOOK_SECRET is not set: webhooks will be refused");
            }
        }
        Ok(config)
    }
}
