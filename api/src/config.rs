//! Configuration from the environment, with embedded defaults so that
//! `just run` works on a fresh machine with nothing else running.

use std::net::SocketAddr;
use std::path::PathBuf;

use anyhow::Context;

#[derive(Clone, Debug)]
pub struct Config {
    /// `LISTEN_ADDR`, default 127.0.0.1:8080.
    pub listen_addr: SocketAddr,
    /// `DATA_DIR`, default ./data: the SQLite file, uploads and the generated JWT secret.
    pub data_dir: PathBuf,
    /// `DATABASE_URL`: sqlite:... or postgres://...; default a SQLite file in DATA_DIR.
    pub database_url: String,
    /// `JWT_SECRET`; generated and kept in DATA_DIR when not set.
    pub jwt_secret: String,
    /// `ACCESS_TOKEN_MINUTES` (default 15) and `REFRESH_TOKEN_DAYS` (default 30).
    pub access_token_minutes: i64,
    pub refresh_token_days: i64,
    /// `TEST_PROVIDERS` (default on): the dev outbox route and the built-in
    /// test payment provider (`PAYMENT_PROVIDER` defaults to it).
    pub test_providers: bool,
    /// `PAYMENT_PROVIDER` and the Razorpay keys.
    pub payments: PaymentsConfig,
    /// `WEB_DIR` (default web/dist): the built web app, served when present.
    pub web_dir: PathBuf,
    /// `ASSETS_DIR` (default assets/catalogue): the built-in catalogue's
    /// pictures (`/api/catalogue/...`) and 3D models (`/api/models/by-path`).
    pub assets_dir: PathBuf,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ProviderKind {
    /// The built-in provider that follows Razorpay's contract (no network).
    Test,
    Razorpay,
}

/// The payment provider and its keys. Secrets are never printed.
#[derive(Clone)]
pub struct PaymentsConfig {
    /// `PAYMENT_PROVIDER`: `test` (default) or `razorpay`.
    pub provider: ProviderKind,
    /// `RAZORPAY_KEY_ID`: public, handed to the browser's checkout.
    pub key_id: String,
    /// `RAZORPAY_KEY_SECRET`: signs payments. The test provider generates one
    /// (kept in DATA_DIR, so signatures survive restarts) when it is not set.
    pub key_secret: String,
    /// `RAZORPAY_WEBHOOK_SECRET`: signs webhooks; generated like the key secret for the test provider.
    pub webhook_secret: String,
    /// `RAZORPAY_API_BASE`, default https://api.razorpay.com (a stand-in in tests).
    pub api_base: String,
}

impl std::fmt::Debug for PaymentsConfig {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("PaymentsConfig")
            .field("provider", &self.provider)
            .field("key_id", &self.key_id)
            .field("api_base", &self.api_base)
            .finish_non_exhaustive()
    }
}

impl PaymentsConfig {
    /// With test providers off (production) the default is Razorpay, and the
    /// test provider cannot be chosen: no test payment can ever be taken live.
    fn from_env(
        data_dir: &std::path::Path,
        test_providers: bool,
    ) -> anyhow::Result<PaymentsConfig> {
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
            "PAYMENT_PROVIDER=test needs TEST_PROVIDERS on (it takes no real money)"
        );
        let secret = |name: &str, file: &str| -> anyhow::Result<String> {
            match std::env::var(name).ok().filter(|s| !s.trim().is_empty()) {
                Some(s) => Ok(s.trim().to_string()),
                None if provider == ProviderKind::Test => load_or_create_secret(data_dir, file),
                None => Ok(String::new()),
            }
        };
        let config = PaymentsConfig {
            provider,
            key_id: env_or("RAZORPAY_KEY_ID", "rzp_test_builtin"),
            key_secret: secret("RAZORPAY_KEY_SECRET", "payment-key-secret")?,
            webhook_secret: secret("RAZORPAY_WEBHOOK_SECRET", "payment-webhook-secret")?,
            api_base: env_or("RAZORPAY_API_BASE", "https://api.razorpay.com")
                .trim_end_matches('/')
                .to_string(),
        };
        if provider == ProviderKind::Razorpay {
            anyhow::ensure!(
                std::env::var("RAZORPAY_KEY_ID").is_ok_and(|k| !k.trim().is_empty())
                    && !config.key_secret.is_empty(),
                "PAYMENT_PROVIDER=razorpay needs RAZORPAY_KEY_ID and RAZORPAY_KEY_SECRET"
            );
            if config.webhook_secret.is_empty() {
                tracing::warn!("RAZORPAY_WEBHOOK_SECRET is not set: webhooks will be refused");
            }
        }
        Ok(config)
    }
}

fn env_or(name: &str, default: &str) -> String {
    std::env::var(name)
        .ok()
        .filter(|v| !v.trim().is_empty())
        .unwrap_or_else(|| default.to_string())
}

fn flag(name: &str, default: bool) -> bool {
    match std::env::var(name).map(|v| v.trim().to_ascii_lowercase()) {
        Ok(v) if ["0", "false", "off", "no"].contains(&v.as_str()) => false,
        Ok(v) if ["1", "true", "on", "yes"].contains(&v.as_str()) => true,
        _ => default,
    }
}

impl Config {
    pub fn from_env() -> anyhow::Result<Config> {
        let data_dir = PathBuf::from(env_or("DATA_DIR", "data"));
        std::fs::create_dir_all(&data_dir)
            .with_context(|| format!("creating DATA_DIR {}", data_dir.display()))?;
        let database_url = env_or(
            "DATABASE_URL",
            &format!("sqlite://{}/store.db?mode=rwc", data_dir.display()),
        );
        let jwt_secret = match std::env::var("JWT_SECRET").ok().filter(|s| s.len() >= 32) {
            Some(s) => s,
            None => load_or_create_secret(&data_dir, "jwt-secret")?,
        };
        let test_providers = flag("TEST_PROVIDERS", true);
        let payments = PaymentsConfig::from_env(&data_dir, test_providers)?;
        Ok(Config {
            listen_addr: env_or("LISTEN_ADDR", "127.0.0.1:8080")
                .parse()
                .context("LISTEN_ADDR")?,
            data_dir,
            database_url,
            jwt_secret,
            access_token_minutes: env_or("ACCESS_TOKEN_MINUTES", "15")
                .parse()
                .context("ACCESS_TOKEN_MINUTES")?,
            refresh_token_days: env_or("REFRESH_TOKEN_DAYS", "30")
                .parse()
                .context("REFRESH_TOKEN_DAYS")?,
            test_providers,
            payments,
            web_dir: PathBuf::from(env_or("WEB_DIR", "web/dist")),
            assets_dir: PathBuf::from(env_or("ASSETS_DIR", "assets/catalogue")),
        })
    }
}

/// A random secret kept in DATA_DIR/`file`, so tokens and signatures survive restarts.
fn load_or_create_secret(data_dir: &std::path::Path, file: &str) -> anyhow::Result<String> {
    let path = data_dir.join(file);
    if let Ok(s) = std::fs::read_to_string(&path)
        && s.trim().len() >= 32
    {
        return Ok(s.trim().to_string());
    }
    let secret = crate::ids::random_hex(32);
    std::fs::write(&path, &secret).with_context(|| format!("writing {}", path.display()))?;
    Ok(secret)
}
