//! Settings from the environment, at the bottom of the crate: the helpers
//! every module's configuration reads with, and [`Secret`]. Each provider
//! parses its own settings with these; `config` composes them.

use std::path::Path;

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

/// The secret files the settings generate at the top of DATA_DIR when no
/// variable gives the secret: a backup copies them beside the database.
pub mod secret_files {
    pub const JWT: &str = "jwt-secret";
    pub const CODE: &str = "code-secret";
    /// The test payment provider's (`payments::config`).
    pub const PAYMENT_KEY: &str = "payment-key-secret";
    pub const PAYMENT_WEBHOOK: &str = "payment-webhook-secret";
    pub const ALL: [&str; 4] = [JWT, CODE, PAYMENT_KEY, PAYMENT_WEBHOOK];
}

/// The shortest accepted signing key: 256 bits, HS256's own key size.
pub const MIN_SECRET_BYTES: usize = 32;

pub fn env_or(name: &str, default: &str) -> String {
    std::env::var(name)
        .ok()
        .map(|v| v.trim().to_string())
        .filter(|v| !v.is_empty())
        .unwrap_or_else(|| default.to_string())
}

pub fn flag(name: &str, default: bool) -> anyhow::Result<bool> {
    match std::env::var(name).map(|v| v.trim().to_ascii_lowercase()) {
        Ok(v) if ["0", "false", "off", "no"].contains(&v.as_str()) => Ok(false),
        Ok(v) if ["1", "true", "on", "yes"].contains(&v.as_str()) => Ok(true),
        Ok(v) if v.is_empty() => Ok(default),
        Ok(v) => anyhow::bail!("{name} must be on or off, not {v}"),
        Err(_) => Ok(default),
    }
}

/// A configured secret of at least 32 bytes, or one generated into DATA_DIR.
pub fn signing_secret(name: &str, data_dir: &Path, file: &str) -> anyhow::Result<Secret> {
    match std::env::var(name).ok().filter(|s| !s.is_empty()) {
        Some(s) if s.len() >= MIN_SECRET_BYTES => Ok(Secret::new(s)),
        Some(s) => anyhow::bail!(
            "{name} is {} bytes; it must be at least {MIN_SECRET_BYTES} (e.g. `openssl rand -hex 32`)",
            s.len()
        ),
        None => load_or_create_secret(data_dir, file),
    }
}

/// DATA_DIR holds the database and the secrets: only this user may enter it.
pub fn create_private_dir(dir: &Path) -> anyhow::Result<()> {
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
