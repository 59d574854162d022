//! Configuration from the environment. With nothing set, `api serve` is
//! production mode (safe to expose); `TEST_PROVIDERS=on` adds the dev outbox
//! and the test payment provider, and `just run` and the tests ask for it.

use design_engine::pricing::Paise;
use design_engine::roster_pricing::{
    DEFAULT_NAME_CHARGE, DEFAULT_NUMBER_CHARGE, PersonalisationCharges,
};
use std::net::{IpAddr, SocketAddr};
use std::path::{Path, PathBuf};

use anyhow::Context;

/// A secret value: never printed by `Debug`.
#[derive(Clone, PartialEq, Eq)]
pub struct Secret(String);

impl Secret {
    pub fn new(s: impl Into<String>) -> Secret {
        Secret(s.into())
    }
    pub fn expose(&self) -> &str {
        &self.0
    }
    pub fn is_empty(&self) -> bool {
        self.0.is_empty()
    }
}

impl std::fmt::Debug for Secret {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(if self.0.is_empty() { "\"\"" } else { "***" })
    }
}

/// The shortest accepted signing key: 256 bits, HS256's own key size.
pub const MIN_SECRET_BYTES: usize = 32;

#[derive(Clone, Debug)]
pub struct Config {
    /// `LISTEN_ADDR`, default 127.0.0.1:8080.
    pub listen_addr: SocketAddr,
    /// `DATA_DIR`, default ./data: the SQLite file, uploads and generated secrets.
    pub data_dir: PathBuf,
    /// `DATABASE_URL`: sqlite:... or postgres://...; default a SQLite file in DATA_DIR.
    pub database_url: String,
    /// `DATABASE_CONNECTIONS`: PostgreSQL's pool size (default `db::postgres_connections`).
    pub database_connections: Option<u32>,
    /// `JWT_SECRET` (32+ bytes); generated and kept in DATA_DIR when not set.
    pub jwt_secret: Secret,
    /// `CODE_SECRET` (32+ bytes): keys the stored hashes of one-time codes;
    /// generated and kept in DATA_DIR when not set.
    pub code_secret: Secret,
    /// `ACCESS_TOKEN_MINUTES` (default 15) and `REFRESH_TOKEN_DAYS` (default 30).
    pub access_token_minutes: i64,
    pub refresh_token_days: i64,
    /// `SESSION_MAX_DAYS` (default 90): a session's absolute lifetime from
    /// sign-in; refreshing never carries it further.
    pub session_max_days: i64,
    /// `ADMIN_TOTP` (default on, off with test providers on): admins sign in
    /// with a second factor (TOTP or a recovery code) after their first one.
    pub admin_totp: bool,
    /// `TEST_PROVIDERS` (default off): the dev outbox route and the built-in
    /// test payment provider (`PAYMENT_PROVIDER` defaults to it).
    pub test_providers: bool,
    /// `PAYMENT_PROVIDER` and the Razorpay keys.
    pub payments: PaymentsConfig,
    /// `SMTP_URL` and `MAIL_FROM`: the e-mail relay; without it, production
    /// answers 503 to e-mail code sends.
    pub smtp: Option<SmtpConfig>,
    /// `SMS_PROVIDER` (none or msg91) and the provider's settings
    /// (`sms::SmsConfig`); without one, production answers 503 to phone code sends.
    pub sms: crate::sms::SmsConfig,
    /// `SMS_DAILY_LIMIT` and `EMAIL_CODE_DAILY_LIMIT`: sign-in codes sent per
    /// day, store-wide, before sends pause (`auth::codes::DailyBudgets`).
    pub code_budgets: crate::core::accounts::codes::DailyBudgets,
    /// `PUBLIC_URL`: the store's address as shoppers see it; https turns on
    /// HSTS and Secure cookies.
    pub public_url: Option<String>,
    /// `TRUSTED_PROXIES`: comma-separated addresses of reverse proxies whose
    /// `X-Forwarded-For` names the client; empty means the socket address is the client.
    pub trusted_proxies: Vec<IpAddr>,
    /// `STORAGE`: where files go (local by default).
    pub storage: StorageConfig,
    /// `WEB_DIR` (default web/dist): the built web app, served when present.
    pub web_dir: PathBuf,
    /// `ASSETS_DIR` (default assets/catalogue): the built-in catalogue's
    /// pictures (`/api/catalogue/...`) and 3D models (`/api/models/by-path`).
    pub assets_dir: PathBuf,
    /// `COMPANY_*` and `SUPPORT_EMAIL`: the seller on invoices and the support contact.
    pub company: Company,
    /// `PENDING_ORDER_HOURS` (default 24): an order not paid by then is
    /// cancelled and lets go of its artwork (checked hourly).
    pub pending_order_hours: i64,
    /// `GROUP_GRACE_HOURS` (default 48): a members-pay group order past its
    /// deadline below the minimum is cancelled, and every member refunded,
    /// when its organiser has not extended it within this many hours.
    pub group_grace_hours: i64,
    /// `INVOICE_PREFIX` (default INV) and `CREDIT_NOTE_PREFIX` (default CN):
    /// the series of tax documents, one per financial year (INV/26-27/000123).
    pub document_prefixes: DocumentPrefixes,
    /// `GATEWAY_FEE_PERCENT` (default 2.5, the specification's; 0 to 10 with
    /// at most two decimals) in basis points: the payment gateway fee added to
    /// every order. 0: the merchant absorbs it and no page shows the line.
    pub gateway_fee_bps: i64,
    /// `NAME_CHARGE` and `NUMBER_CHARGE` (rupees per piece, defaults 60 and
    /// 40, at most two decimals): what a printed name and a printed number
    /// add to each piece of a team order.
    pub personalisation: PersonalisationCharges,
    /// `PRODUCTION_STAGES` (default "Printing,Quality check,Packed"): the
    /// stages an order in processing moves through, comma-separated (1 to 10,
    /// each 1 to 40 characters, unique).
    pub production_stages: crate::domain::stages::Stages,
    /// `PROOF_REQUIRED` (default on): a paid order waits for the customer to
    /// approve a proof before production; off, payment approves it (as the system).
    pub proof_required: bool,
    /// `SHIPPING_PROVIDER` and the rest of shipping's settings (`shipping::config`).
    pub shipping: crate::shipping::ShippingConfig,
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct DocumentPrefixes {
    pub invoice: String,
    pub credit_note: String,
}

impl Default for DocumentPrefixes {
    fn default() -> DocumentPrefixes {
        DocumentPrefixes {
            invoice: "INV".to_string(),
            credit_note: "CN".to_string(),
        }
    }
}

impl DocumentPrefixes {
    fn from_env() -> anyhow::Result<DocumentPrefixes> {
        use crate::core::documents::numbering::check_prefix;
        let read = |name: &str, default: &str| {
            check_prefix(&env_or(name, default)).map_err(|e| anyhow::anyhow!("{name}: {e}"))
        };
        let prefixes = DocumentPrefixes {
            invoice: read("INVOICE_PREFIX", "INV")?,
            credit_note: read("CREDIT_NOTE_PREFIX", "CN")?,
        };
        anyhow::ensure!(
            prefixes.invoice != prefixes.credit_note,
            "INVOICE_PREFIX and CREDIT_NOTE_PREFIX must differ: each kind of document has its own series"
        );
        Ok(prefixes)
    }
}

/// The seller as invoices print it, and the one support contact every
/// e-mail and document gives. The defaults are development placeholders
/// (the store's brand, an example address and GSTIN), used only with test
/// providers on: in production an unset detail stays empty, and without a
/// name, an address and a valid GSTIN the store still starts but takes no
/// order (`missing`), so no placeholder ever reaches an invoice.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Company {
    /// `COMPANY_NAME`, default (dev mode) the catalogue's brand, Legacy Threads.
    pub name: String,
    /// `COMPANY_ADDRESS`: the registered address, on one line.
    pub address: String,
    /// `COMPANY_GSTIN`: the 15-character GST identification number, checked
    /// by the engine (check character included); empty when missing or invalid.
    pub gstin: String,
    /// `COMPANY_PHONE`: the support phone.
    pub phone: String,
    /// `SUPPORT_EMAIL`: where customers write about an order.
    pub support_email: String,
    /// What a production start lacks for invoices, one entry per variable
    /// (e.g. `COMPANY_NAME is not set`); empty when the seller is complete.
    /// Checkout answers 503 while it is not.
    pub missing: Vec<String>,
}

impl Default for Company {
    fn default() -> Company {
        Company {
            name: design_engine::catalogue::BRAND.to_string(),
            address: "12 MG Road, Bengaluru, Karnataka 560001, India".to_string(),
            // The format's documentation example (Karnataka, example PAN).
            gstin: "29ABCDE1234F1ZW".to_string(),
            phone: "+91 80 0000 0000".to_string(),
            support_email: "support@legacythreads.example".to_string(),
            missing: Vec::new(),
        }
    }
}

impl Company {
    /// The variables that are set, over the defaults in dev mode; a malformed
    /// e-mail refuses to start, and so does a malformed GSTIN in dev mode.
    fn from_env(test_providers: bool) -> anyhow::Result<Company> {
        let company = Company::from_lookup(test_providers, |name| std::env::var(name).ok())?;
        if !company.missing.is_empty() {
            tracing::warn!(
                "seller details for invoices missing or invalid: {}. Checkout answers 503 until they are set",
                company.missing.join("; ")
            );
        }
        let no_contact: Vec<&str> = [
            ("COMPANY_PHONE", &company.phone),
            ("SUPPORT_EMAIL", &company.support_email),
        ]
        .into_iter()
        .filter(|(_, v)| v.is_empty())
        .map(|(name, _)| name)
        .collect();
        if !no_contact.is_empty() {
            tracing::warn!(
                "{} not set: e-mails and invoices give no such support contact",
                no_contact.join(" and ")
            );
        }
        Ok(company)
    }

    /// The seller from `lookup` (an environment): placeholders for what is
    /// unset with test providers on, nothing (and an entry in `missing`) in production.
    pub fn from_lookup(
        test_providers: bool,
        lookup: impl Fn(&str) -> Option<String>,
    ) -> anyhow::Result<Company> {
        let placeholders = if test_providers {
            Company::default()
        } else {
            Company {
                name: String::new(),
                address: String::new(),
                gstin: String::new(),
                phone: String::new(),
                support_email: String::new(),
                missing: Vec::new(),
            }
        };
        let set = |name: &str| {
            lookup(name)
                .map(|v| v.trim().to_string())
                .filter(|v| !v.is_empty())
        };
        let mut missing = Vec::new();
        let mut required = |name: &str, placeholder: &str| match set(name) {
            Some(v) => v,
            None if test_providers => placeholder.to_string(),
            None => {
                missing.push(format!("{name} is not set"));
                String::new()
            }
        };
        let name = required("COMPANY_NAME", &placeholders.name);
        let address = required("COMPANY_ADDRESS", &placeholders.address);
        let gstin = required("COMPANY_GSTIN", &placeholders.gstin);
        // The engine's check: format, state code and check character.
        let gstin = match design_engine::tax::Gstin::parse(&gstin) {
            Ok(g) => g.as_str().to_string(),
            Err(_) if gstin.is_empty() => gstin,
            Err(e) if test_providers => anyhow::bail!("COMPANY_GSTIN {gstin:?}: {e}"),
            Err(e) => {
                missing.push(format!("COMPANY_GSTIN {gstin:?} is invalid: {e}"));
                String::new()
            }
        };
        let support_email = set("SUPPORT_EMAIL").unwrap_or(placeholders.support_email);
        anyhow::ensure!(
            support_email.is_empty() || support_email.contains('@'),
            "SUPPORT_EMAIL must be an e-mail address, not {support_email:?}"
        );
        Ok(Company {
            name,
            address,
            gstin,
            phone: set("COMPANY_PHONE").unwrap_or(placeholders.phone),
            support_email,
            missing,
        })
    }

    /// The last six-digit number of the registered address: its pincode.
    pub fn pincode(&self) -> Option<String> {
        self.address
            .split(|c: char| !c.is_ascii_digit())
            .rfind(|w| w.len() == 6)
            .map(str::to_string)
    }

    /// The seller's state, from its GSTIN's first two digits: what decides
    /// CGST + SGST or IGST. None only while the GSTIN is missing (then no order is taken).
    pub fn state(&self) -> Option<design_engine::tax::GstState> {
        design_engine::tax::Gstin::parse(&self.gstin)
            .ok()
            .map(|g| g.state())
    }

    /// How customers reach support, as e-mails end (empty when neither is configured).
    pub fn contact_line(&self) -> String {
        match (self.support_email.as_str(), self.phone.as_str()) {
            ("", "") => String::new(),
            (email, "") => format!("Questions? Write to {email}."),
            ("", phone) => format!("Questions? Call {phone}."),
            (email, phone) => format!("Questions? Write to {email} or call {phone}."),
        }
    }
}

impl Config {
    /// How long refresh tokens and whole sessions last.
    pub fn session_lifetime(&self) -> crate::db::sessions::Lifetime {
        crate::db::sessions::Lifetime {
            refresh_days: self.refresh_token_days,
            max_days: self.session_max_days,
        }
    }

    /// Whether shoppers reach the store over https (HSTS, Secure cookies).
    pub fn is_https(&self) -> bool {
        self.public_url
            .as_deref()
            .is_some_and(|u| u.to_ascii_lowercase().starts_with("https://"))
    }
}

#[derive(Clone, Debug)]
pub struct SmtpConfig {
    /// `SMTP_URL`, e.g. `smtps://user:pass@smtp.example.com` (implicit TLS,
    /// port 465) or `smtp://user:pass@smtp.example.com:587?tls=required`.
    pub url: Secret,
    /// `MAIL_FROM`, e.g. `Legacy Threads <orders@example.com>`.
    pub from: String,
}

/// Where the store's files live.
#[derive(Clone, Debug)]
pub enum StorageConfig {
    /// `STORAGE=local` (default): under `DATA_DIR/files`, served by the API.
    Local,
    /// `STORAGE=s3`.
    S3(S3Config),
}

#[derive(Clone, Debug)]
pub struct S3Config {
    /// `S3_ENDPOINT`: an S3-compatible server's URL; AWS when unset.
    pub endpoint: Option<String>,
    /// `S3_FORCE_PATH_STYLE` (default off): `endpoint/bucket/key` URLs, which most S3-compatible servers need.
    pub force_path_style: bool,
    /// `S3_BUCKET_MODELS`, `S3_BUCKET_IMAGES`, `S3_BUCKET_ARTWORK`.
    pub buckets: [String; 3],
}

impl StorageConfig {
    fn from_env() -> anyhow::Result<StorageConfig> {
        match env_or("STORAGE", "local").to_ascii_lowercase().as_str() {
            "local" => Ok(StorageConfig::Local),
            "s3" => {
                let bucket = |name: &str| -> anyhow::Result<String> {
                    std::env::var(name)
                        .ok()
                        .map(|s| s.trim().to_string())
                        .filter(|s| !s.is_empty())
                        .with_context(|| format!("STORAGE=s3 needs {name}"))
                };
                Ok(StorageConfig::S3(S3Config {
                    endpoint: Some(env_or("S3_ENDPOINT", ""))
                        .filter(|e| !e.is_empty())
                        .map(|e| e.trim_end_matches('/').to_string()),
                    force_path_style: flag("S3_FORCE_PATH_STYLE", false)?,
                    buckets: [
                        bucket("S3_BUCKET_MODELS")?,
                        bucket("S3_BUCKET_IMAGES")?,
                        bucket("S3_BUCKET_ARTWORK")?,
                    ],
                }))
            }
            other => anyhow::bail!("STORAGE must be local or s3, not {other}"),
        }
    }
}

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
    fn from_env(data_dir: &Path, test_providers: bool) -> anyhow::Result<PaymentsConfig> {
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
            key_secret: secret("RAZORPAY_KEY_SECRET", "payment-key-secret")?,
            webhook_secret: secret("RAZORPAY_WEBHOOK_SECRET", "payment-webhook-secret")?,
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

pub(crate) fn env_or(name: &str, default: &str) -> String {
    std::env::var(name)
        .ok()
        .map(|v| v.trim().to_string())
        .filter(|v| !v.is_empty())
        .unwrap_or_else(|| default.to_string())
}

fn flag(name: &str, default: bool) -> anyhow::Result<bool> {
    match std::env::var(name).map(|v| v.trim().to_ascii_lowercase()) {
        Ok(v) if ["0", "false", "off", "no"].contains(&v.as_str()) => Ok(false),
        Ok(v) if ["1", "true", "on", "yes"].contains(&v.as_str()) => Ok(true),
        Ok(v) if v.is_empty() => Ok(default),
        Ok(v) => anyhow::bail!("{name} must be on or off, not {v}"),
        Err(_) => Ok(default),
    }
}

/// A configured secret of at least 32 bytes, or one generated into DATA_DIR.
fn signing_secret(name: &str, data_dir: &Path, file: &str) -> anyhow::Result<Secret> {
    match std::env::var(name).ok().filter(|s| !s.is_empty()) {
        Some(s) if s.len() >= MIN_SECRET_BYTES => Ok(Secret::new(s)),
        Some(s) => anyhow::bail!(
            "{name} is {} bytes; it must be at least {MIN_SECRET_BYTES} (e.g. `openssl rand -hex 32`)",
            s.len()
        ),
        None => load_or_create_secret(data_dir, file),
    }
}

impl Config {
    pub fn from_env() -> anyhow::Result<Config> {
        let data_dir = PathBuf::from(env_or("DATA_DIR", "data"));
        create_private_dir(&data_dir)?;
        let database_url = env_or(
            "DATABASE_URL",
            &format!("sqlite://{}/store.db?mode=rwc", data_dir.display()),
        );
        let test_providers = flag("TEST_PROVIDERS", false)?;
        if test_providers && let Ok(ms) = std::env::var("TEST_CLOCK_SKEW_MS") {
            let ms = ms.trim().parse().context("TEST_CLOCK_SKEW_MS")?;
            crate::db::clock::skew_process_clock(ms);
        }
        let admin_totp = flag("ADMIN_TOTP", !test_providers)?;
        if !admin_totp && !test_providers {
            tracing::warn!("ADMIN_TOTP=off: admins sign in without a second factor");
        }
        let payments = PaymentsConfig::from_env(&data_dir, test_providers)?;
        let smtp = match std::env::var("SMTP_URL")
            .ok()
            .filter(|s| !s.trim().is_empty())
        {
            Some(url) => Some(SmtpConfig {
                url: Secret::new(url.trim()),
                from: std::env::var("MAIL_FROM")
                    .ok()
                    .filter(|s| !s.trim().is_empty())
                    .context("SMTP_URL needs MAIL_FROM (the sender address)")?,
            }),
            None => None,
        };
        let trusted_proxies = env_or("TRUSTED_PROXIES", "")
            .split(',')
            .map(str::trim)
            .filter(|s| !s.is_empty())
            .map(|s| {
                s.parse()
                    .with_context(|| format!("TRUSTED_PROXIES: {s} is not an IP address"))
            })
            .collect::<anyhow::Result<_>>()?;
        let public_url = Some(env_or("PUBLIC_URL", ""))
            .filter(|u| !u.is_empty())
            .map(|u| u.trim_end_matches('/').to_string());
        if let Some(u) = &public_url {
            anyhow::ensure!(
                u.starts_with("http://") || u.starts_with("https://"),
                "PUBLIC_URL must start with http:// or https://"
            );
        }
        let company = Company::from_env(test_providers)?;
        let company_pincode = company.pincode().unwrap_or_default();
        Ok(Config {
            listen_addr: env_or("LISTEN_ADDR", "127.0.0.1:8080")
                .parse()
                .context("LISTEN_ADDR")?,
            jwt_secret: signing_secret("JWT_SECRET", &data_dir, "jwt-secret")?,
            code_secret: signing_secret("CODE_SECRET", &data_dir, "code-secret")?,
            data_dir,
            database_url,
            database_connections: match std::env::var("DATABASE_CONNECTIONS") {
                Err(_) => None,
                Ok(n) => match n.trim().parse() {
                    Ok(n) if (1..=1000).contains(&n) => Some(n),
                    _ => {
                        anyhow::bail!("DATABASE_CONNECTIONS must be a whole number from 1 to 1000")
                    }
                },
            },
            access_token_minutes: env_or("ACCESS_TOKEN_MINUTES", "15")
                .parse()
                .context("ACCESS_TOKEN_MINUTES")?,
            refresh_token_days: env_or("REFRESH_TOKEN_DAYS", "30")
                .parse()
                .context("REFRESH_TOKEN_DAYS")?,
            session_max_days: match env_or("SESSION_MAX_DAYS", "90").parse() {
                Ok(d) if (1..=3650).contains(&d) => d,
                _ => {
                    anyhow::bail!("SESSION_MAX_DAYS must be a whole number of days from 1 to 3650")
                }
            },
            admin_totp,
            test_providers,
            payments,
            smtp,
            sms: crate::sms::SmsConfig::from_env()?,
            code_budgets: crate::core::accounts::codes::DailyBudgets::from_env()?,
            public_url,
            trusted_proxies,
            storage: StorageConfig::from_env()?,
            web_dir: PathBuf::from(env_or("WEB_DIR", "web/dist")),
            assets_dir: PathBuf::from(env_or("ASSETS_DIR", "assets/catalogue")),
            company,
            pending_order_hours: match env_or("PENDING_ORDER_HOURS", "24").parse() {
                Ok(h) if h > 0 => h,
                _ => anyhow::bail!("PENDING_ORDER_HOURS must be a whole number of hours above 0"),
            },
            group_grace_hours: match env_or("GROUP_GRACE_HOURS", "48").parse() {
                Ok(h) if (0..=24 * 90).contains(&h) => h,
                _ => anyhow::bail!(
                    "GROUP_GRACE_HOURS must be a whole number of hours from 0 to 2160"
                ),
            },
            document_prefixes: DocumentPrefixes::from_env()?,
            gateway_fee_bps: gateway_fee_from_env()?,
            personalisation: PersonalisationCharges::new(
                charge_from_env("NAME_CHARGE", DEFAULT_NAME_CHARGE)?,
                charge_from_env("NUMBER_CHARGE", DEFAULT_NUMBER_CHARGE)?,
            )?,
            production_stages: match std::env::var("PRODUCTION_STAGES") {
                Ok(v) if !v.trim().is_empty() => {
                    crate::domain::stages::Stages::parse(&v).map_err(anyhow::Error::msg)?
                }
                _ => crate::domain::stages::Stages::default(),
            },
            proof_required: flag("PROOF_REQUIRED", true)?,
            shipping: crate::shipping::ShippingConfig::from_env(&company_pincode)?,
        })
    }
}

/// `GATEWAY_FEE_PERCENT` in basis points, read by the engine's rule; a value
/// it refuses stops the start (a mistyped fee would be charged on every order).
fn gateway_fee_from_env() -> anyhow::Result<i64> {
    use design_engine::pricing::{GATEWAY_CHARGE_BPS, gateway_fee_bps};
    match std::env::var("GATEWAY_FEE_PERCENT").map(|v| v.trim().to_string()) {
        Ok(v) if !v.is_empty() => gateway_fee_bps(&v).with_context(|| {
            format!(
                "GATEWAY_FEE_PERCENT must be a percentage from 0 to 10 with at most two decimals \
                 (e.g. 2.5, or 0 to absorb the charge), not {v:?}"
            )
        }),
        _ => Ok(GATEWAY_CHARGE_BPS),
    }
}

/// A charge per piece in rupees (`name`), read by the engine's rule; a value
/// it refuses stops the start rather than mispricing every team order.
fn charge_from_env(name: &str, default: Paise) -> anyhow::Result<Paise> {
    match std::env::var(name).map(|v| v.trim().to_string()) {
        Ok(v) if !v.is_empty() => Paise::parse_rupees(&v).with_context(|| {
            format!("{name} must be rupees per piece with at most two decimals (e.g. 60 or 59.50), not {v:?}")
        }),
        _ => Ok(default),
    }
}

/// DATA_DIR holds the database and the secrets: only this user may enter it.
fn create_private_dir(dir: &Path) -> anyhow::Result<()> {
    if dir.is_dir() {
        return Ok(());
    }
    let mut builder = std::fs::DirBuilder::new();
    builder.recursive(true);
    #[cfg(unix)]
    std::os::unix::fs::DirBuilderExt::mode(&mut builder, 0o700);
    builder
        .create(dir)
        .with_context(|| format!("creating DATA_DIR {}", dir.display()))
}

/// A random secret kept in DATA_DIR/`file` (mode 0600), so tokens and
/// signatures survive restarts.
pub fn load_or_create_secret(data_dir: &Path, file: &str) -> anyhow::Result<Secret> {
    let path = data_dir.join(file);
    if let Ok(s) = std::fs::read_to_string(&path)
        && s.trim().len() >= MIN_SECRET_BYTES
    {
        restrict(&path)?;
        return Ok(Secret::new(s.trim()));
    }
    let secret = crate::ids::random_hex(32);
    let mut options = std::fs::OpenOptions::new();
    options.write(true).create(true).truncate(true);
    #[cfg(unix)]
    std::os::unix::fs::OpenOptionsExt::mode(&mut options, 0o600);
    let mut f = options
        .open(&path)
        .with_context(|| format!("writing {}", path.display()))?;
    std::io::Write::write_all(&mut f, secret.as_bytes())
        .with_context(|| format!("writing {}", path.display()))?;
    restrict(&path)?;
    Ok(Secret::new(secret))
}

/// Secret files are the owner's alone, also when an older release wrote them 0644.
fn restrict(path: &Path) -> anyhow::Result<()> {
    #[cfg(unix)]
    {
        use std::os::unix::fs::PermissionsExt;
        std::fs::set_permissions(path, std::fs::Permissions::from_mode(0o600))
            .with_context(|| format!("restricting {}", path.display()))?;
    }
    Ok(())
}
