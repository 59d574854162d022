//! Configuration from the environment. With nothing set, `api serve` is
//! production mode (safe to expose); `TEST_PROVIDERS=on` adds the dev outbox
//! and the test payment provider, and `just run` and the tests ask for it.

use design_engine::money::Paise;
use design_engine::roster_pricing::{
    DEFAULT_NAME_CHARGE, DEFAULT_NUMBER_CHARGE, PersonalisationCharges,
};
use std::net::{IpAddr, SocketAddr};
use std::path::PathBuf;

use anyhow::Context;

use crate::domain::company::Company;
use crate::domain::numbering::DocumentPrefixes;
use crate::env::{
    MIN_SECRET_BYTES, Secret, create_private_dir, env_or, flag, secret_files, signing_secret,
};
use crate::mail::SmtpConfig;
use crate::payments::config::PaymentsConfig;
use crate::storage::config::StorageConfig;

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
    /// `WHATSAPP_PROVIDER` (none or msg91) and the updates' settings
    /// (`whatsapp::WhatsAppConfig`); a provider without its key, number,
    /// templates or webhook token stops the start.
    pub whatsapp: crate::whatsapp::WhatsAppConfig,
    /// `SMS_DAILY_LIMIT` and `EMAIL_CODE_DAILY_LIMIT`: sign-in codes sent per
    /// day, store-wide, before sends pause (`auth::codes::DailyBudgets`).
    pub code_budgets: DailyBudgets,
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
    /// Paying in two parts, and receipt vouchers (issue 52).
    pub payment_terms: crate::domain::payment_terms::PaymentTerms,
    /// `SHIPPING_PROVIDER` and the rest of shipping's settings (`shipping::config`).
    pub shipping: crate::shipping::ShippingConfig,
    /// `CLAIM_WINDOW_DAYS` (default 30, 1 to 365): how many days after delivery
    /// a customer may report a misprint, a defect or damage (the refunds page
    /// and the store's facts say the same number).
    pub claim_window_days: i64,
    /// `BACKUP_DIR`, `BACKUP_EVERY_HOURS` and `BACKUP_KEEP`: the server's own
    /// backups (`backup::config`); none unless both of the first two are set.
    pub backups: Option<crate::backup::config::BackupSchedule>,
    /// `METRICS_TOKEN` (32+ bytes): a bearer token that lets a scraper on
    /// another machine read `/metrics`; without it only this machine may.
    pub metrics_token: Option<Secret>,
    /// `SHUTDOWN_DRAIN_SECONDS` (default 5, 0 in dev mode; 0 to 120): on
    /// SIGTERM, readiness answers 503 this long while requests are still
    /// served, so a load balancer stops sending before the server stops.
    pub drain_seconds: u64,
}

/// `SMS_DAILY_LIMIT` (default 1000) and `EMAIL_CODE_DAILY_LIMIT` (default
/// 5000): sign-in codes sent per India calendar day, store-wide, on each
/// channel; past one, its sends answer 503 until midnight and the admins are
/// told once.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct DailyBudgets {
    pub sms: i64,
    pub email: i64,
}

impl Default for DailyBudgets {
    fn default() -> DailyBudgets {
        DailyBudgets {
            sms: 1000,
            email: 5000,
        }
    }
}

impl DailyBudgets {
    pub fn from_env() -> anyhow::Result<DailyBudgets> {
        let read = |name: &str, default: i64| match env_or(name, &default.to_string()).parse() {
            Ok(n) if (0..=10_000_000).contains(&n) => Ok(n),
            _ => anyhow::bail!("{name} must be a whole number from 0 to 10000000"),
        };
        let d = DailyBudgets::default();
        Ok(DailyBudgets {
            sms: read("SMS_DAILY_LIMIT", d.sms)?,
            email: read("EMAIL_CODE_DAILY_LIMIT", d.email)?,
        })
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

impl Config {
    pub fn from_env() -> anyhow::Result<Config> {
        let data_dir = data_dir_from_env();
        create_private_dir(&data_dir)?;
        let database_url = database_url_from_env(&data_dir);
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
        let smtp = SmtpConfig::from_env()?;
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
        let backups = crate::backup::config::BackupSchedule::from_env(&data_dir, &database_url)?;
        Ok(Config {
            listen_addr: env_or("LISTEN_ADDR", "127.0.0.1:8080")
                .parse()
                .context("LISTEN_ADDR")?,
            jwt_secret: signing_secret("JWT_SECRET", &data_dir, secret_files::JWT)?,
            code_secret: signing_secret("CODE_SECRET", &data_dir, secret_files::CODE)?,
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
            whatsapp: crate::whatsapp::WhatsAppConfig::from_env()?,
            code_budgets: DailyBudgets::from_env()?,
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
            payment_terms: crate::domain::payment_terms::PaymentTerms::from_env()?,
            shipping: crate::shipping::ShippingConfig::from_env(&company_pincode)?,
            claim_window_days: match env_or("CLAIM_WINDOW_DAYS", "30").trim().parse() {
                Ok(d) if (1..=365).contains(&d) => d,
                _ => {
                    anyhow::bail!("CLAIM_WINDOW_DAYS must be a whole number of days from 1 to 365")
                }
            },
            backups,
            metrics_token: match std::env::var("METRICS_TOKEN").map(|t| t.trim().to_string()) {
                Ok(t) if t.len() >= MIN_SECRET_BYTES => Some(Secret::new(t)),
                Ok(t) if !t.is_empty() => anyhow::bail!(
                    "METRICS_TOKEN is {} bytes; it must be at least {MIN_SECRET_BYTES} (e.g. `openssl rand -hex 32`)",
                    t.len()
                ),
                _ => None,
            },
            drain_seconds: match env_or(
                "SHUTDOWN_DRAIN_SECONDS",
                if test_providers { "0" } else { "5" },
            )
            .parse()
            {
                Ok(s) if s <= 120 => s,
                _ => anyhow::bail!(
                    "SHUTDOWN_DRAIN_SECONDS must be a whole number of seconds from 0 to 120"
                ),
            },
        })
    }
}

/// `DATA_DIR`, default ./data (not created: `restore` refuses a non-empty one).
pub fn data_dir_from_env() -> PathBuf {
    PathBuf::from(env_or("DATA_DIR", "data"))
}

/// `DATABASE_URL`, default a SQLite file in `data_dir`.
pub fn database_url_from_env(data_dir: &std::path::Path) -> String {
    env_or(
        "DATABASE_URL",
        &format!("sqlite://{}/store.db?mode=rwc", data_dir.display()),
    )
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
