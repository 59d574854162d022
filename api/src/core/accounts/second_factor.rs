//! Admins' second factor: TOTP (RFC 6238: SHA-1, 6 digits, 30 s steps, one
//! step of drift either way, each step accepted once) and ten one-time
//! recovery codes.
//!
//! The TOTP secret is stored encrypted with AES-256-GCM under a key derived
//! from the code key (`CODE_SECRET`), bound to its user; recovery codes are
//! stored as HMACs under the same key. Neither is ever logged: the secret is
//! shown once, at enrolment, with its QR code, and so are the recovery codes.

use aes_gcm::aead::{Aead, Payload};
use aes_gcm::{Aes256Gcm, KeyInit, Nonce};
use hmac::{Hmac, Mac};
use rand::Rng;
use sha2::Sha256;
use totp_rs::{Algorithm, Builder, Totp};

use crate::config::Config;
use crate::db::users::User;
use crate::domain::Role;
use crate::error::Failure;

/// The issuer shown in authenticator apps.
pub const ISSUER: &str = design_engine::catalogue::BRAND;
pub const RECOVERY_CODES: usize = 10;
/// Recovery codes' letters and digits: no 0/o, 1/l/i to mix up.
const RECOVERY_ALPHABET: &[u8] = b"23456789abcdefghjkmnpqrstuvwxyz";
const RECOVERY_CHARS: usize = 10;

/// Whether this user signs in with a second factor.
pub fn required(config: &Config, user: &User) -> bool {
    config.admin_totp && user.role == Role::Admin
}

/// `code_key` is the code key (`CODE_SECRET`) everywhere below.
fn keyed(code_key: &str, purpose: &[u8]) -> Hmac<Sha256> {
    let mut mac =
        <Hmac<Sha256> as Mac>::new_from_slice(code_key.as_bytes()).expect("any key length");
    mac.update(purpose);
    mac
}

fn cipher(code_key: &str) -> Aes256Gcm {
    let key = keyed(code_key, b"admin second factor: TOTP secret key v1")
        .finalize()
        .into_bytes();
    Aes256Gcm::new_from_slice(&key).expect("a 256-bit key")
}

/// A new random secret (160 bits, as RFC 4226 recommends).
pub fn new_secret() -> Vec<u8> {
    rand::rng().random::<[u8; 20]>().to_vec()
}

/// The secret encrypted for storage, bound to its user.
pub fn seal(code_key: &str, user_id: &str, secret: &[u8]) -> Result<String, Failure> {
    let nonce: [u8; 12] = rand::rng().random();
    let sealed = cipher(code_key)
        .encrypt(
            Nonce::from_slice(&nonce),
            Payload {
                msg: secret,
                aad: user_id.as_bytes(),
            },
        )
        .map_err(|_| Failure::internal("sealing a TOTP secret failed"))?;
    Ok(hex::encode([nonce.as_slice(), &sealed].concat()))
}

/// The stored secret, decrypted.
pub fn open(code_key: &str, user_id: &str, sealed: &str) -> Result<Vec<u8>, Failure> {
    let bytes = hex::decode(sealed).map_err(Failure::internal)?;
    if bytes.len() < 12 {
        return Err(Failure::internal("a stored TOTP secret is too short"));
    }
    let (nonce, sealed) = bytes.split_at(12);
    cipher(code_key)
        .decrypt(
            Nonce::from_slice(nonce),
            Payload {
                msg: sealed,
                aad: user_id.as_bytes(),
            },
        )
        .map_err(|_| {
            Failure::internal("a stored TOTP secret does not open (was CODE_SECRET changed?)")
        })
}

/// The TOTP of a secret, named for the account in authenticator apps.
pub fn totp(secret: Vec<u8>, account: &str) -> Result<Totp, Failure> {
    Builder::new()
        .with_algorithm(Algorithm::SHA1)
        .with_digits(6)
        .with_skew(1)
        .with_step_duration(30)
        .with_secret(secret)
        .with_issuer(Some(ISSUER))
        .with_account_name(account.replace(':', ""))
        .build()
        .map_err(Failure::internal)
}

/// What an authenticator app is given at enrolment.
pub struct Enrolment {
    /// The secret in base32, to type in by hand.
    pub secret: String,
    /// `otpauth://totp/...`
    pub uri: String,
    /// The URI as a QR code (SVG).
    pub qr_svg: String,
}

pub fn enrolment(totp: &Totp) -> Result<Enrolment, Failure> {
    let uri = totp.to_url().map_err(Failure::internal)?;
    let qr = qrcode::QrCode::new(uri.as_bytes()).map_err(Failure::internal)?;
    let qr_svg = qr
        .render::<qrcode::render::svg::Color>()
        .min_dimensions(200, 200)
        .quiet_zone(true)
        .build();
    Ok(Enrolment {
        secret: totp.secret().to_base32(),
        uri,
        qr_svg,
    })
}

/// New recovery codes, as shown (`xxxxx-xxxxx`, 50 bits each).
pub fn new_recovery_codes() -> Vec<String> {
    let mut rng = rand::rng();
    (0..RECOVERY_CODES)
        .map(|_| {
            let chars: String = (0..RECOVERY_CHARS)
                .map(|_| RECOVERY_ALPHABET[rng.random_range(0..RECOVERY_ALPHABET.len())] as char)
                .collect();
            format!("{}-{}", &chars[..5], &chars[5..])
        })
        .collect()
}

/// A recovery code as typed: letters and digits only, lower case; `None` if
/// it cannot be one.
pub fn normalise_recovery_code(typed: &str) -> Option<String> {
    let code: String = typed
        .chars()
        .filter(|c| c.is_ascii_alphanumeric())
        .map(|c| c.to_ascii_lowercase())
        .collect();
    (code.len() == RECOVERY_CHARS && code.bytes().all(|b| RECOVERY_ALPHABET.contains(&b)))
        .then_some(code)
}

/// A recovery code's stored form (the code normalised, bound to its user).
pub fn recovery_hash(code_key: &str, user_id: &str, code: &str) -> String {
    let mut mac = keyed(code_key, b"admin second factor: recovery code v1\0");
    mac.update(user_id.as_bytes());
    mac.update(b"\0");
    mac.update(code.as_bytes());
    hex::encode(mac.finalize().into_bytes())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn secrets_are_sealed_for_their_user_only() {
        let config = crate::ids::random_hex(32);
        let config = config.as_str();
        let secret = new_secret();
        let sealed = seal(config, "u1", &secret).unwrap();
        assert!(!sealed.contains(&hex::encode(&secret)));
        assert_eq!(open(config, "u1", &sealed).unwrap(), secret);
        assert!(open(config, "u2", &sealed).is_err(), "bound to its user");
        assert!(
            open(&crate::ids::random_hex(32), "u1", &sealed).is_err(),
            "another key"
        );
        assert_ne!(
            sealed,
            seal(config, "u1", &secret).unwrap(),
            "a new nonce each time"
        );
    }

    #[test]
    fn recovery_codes_are_typed_forgivingly() {
        let codes = new_recovery_codes();
        assert_eq!(codes.len(), 10);
        for code in &codes {
            assert_eq!(code.len(), 11);
            let typed = format!(" {} ", code.to_uppercase().replace('-', " "));
            assert_eq!(
                normalise_recovery_code(&typed).as_deref(),
                Some(code.replace('-', "").as_str())
            );
        }
        assert_eq!(normalise_recovery_code("123456"), None);
        assert_eq!(normalise_recovery_code("00000-00000"), None);
    }

    #[test]
    fn the_enrolment_names_the_store_and_account() {
        let totp = totp(new_secret(), "admin@example.com").unwrap();
        let e = enrolment(&totp).unwrap();
        assert!(e.uri.starts_with("otpauth://totp/"), "{}", e.uri);
        assert!(e.uri.contains("admin%40example.com") || e.uri.contains("admin@example.com"));
        assert!(e.uri.contains(&format!("secret={}", e.secret)));
        assert!(e.qr_svg.contains("<svg"));
    }
}
