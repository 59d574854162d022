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
    /// `TEST_PROVIDERS` (default on): the dev outbox route and the built-in test payment provider.
    pub test_providers: bool,
    /// `WEB_DIR` (default web/dist): the built web app, served when present.
    pub web_dir: PathBuf,
    /// `ASSETS_DIR` (default assets/catalogue): the built-in catalogue's
    /// pictures (`/api/catalogue/...`) and 3D models (`/api/models/by-path`).
    pub assets_dir: PathBuf,
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
            None => load_or_create_secret(&data_dir)?,
        };
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
            test_providers: flag("TEST_PROVIDERS", true),
            web_dir: PathBuf::from(env_or("WEB_DIR", "web/dist")),
            assets_dir: PathBuf::from(env_or("ASSETS_DIR", "assets/catalogue")),
        })
    }
}

/// A random secret kept in DATA_DIR/jwt-secret, so tokens survive restarts.
fn load_or_create_secret(data_dir: &std::path::Path) -> anyhow::Result<String> {
    let path = data_dir.join("jwt-secret");
    if let Ok(s) = std::fs::read_to_string(&path)
        && s.trim().len() >= 32
    {
        return Ok(s.trim().to_string());
    }
    let secret = crate::ids::random_hex(32);
    std::fs::write(&path, &secret).with_context(|| format!("writing {}", path.display()))?;
    Ok(secret)
}
