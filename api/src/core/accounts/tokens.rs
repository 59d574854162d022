//! Access tokens: short-lived HS256 JWTs naming the user, role and session.

use jsonwebtoken::{Algorithm, DecodingKey, EncodingKey, Header, Validation, decode, encode};
use serde::{Deserialize, Serialize};

use crate::config::Config;
use crate::domain::Role;

#[derive(Debug, Serialize, Deserialize)]
pub struct Claims {
    /// user id
    pub sub: String,
    pub role: Role,
    /// session family: logging out revokes it, and with it this token
    pub sid: String,
    pub iat: i64,
    pub exp: i64,
    /// token kind, always "access"
    pub typ: String,
}

pub fn issue(config: &Config, user_id: &str, role: Role, family: &str) -> String {
    let now = crate::db::now_ms() / 1000;
    let claims = Claims {
        sub: user_id.to_string(),
        role,
        sid: family.to_string(),
        iat: now,
        exp: now + config.access_token_minutes * 60,
        typ: "access".into(),
    };
    encode(
        &Header::new(Algorithm::HS256),
        &claims,
        &EncodingKey::from_secret(config.jwt_secret.expose().as_bytes()),
    )
    .expect("HS256 encoding cannot fail")
}

pub fn verify(config: &Config, token: &str) -> Option<Claims> {
    let mut validation = Validation::new(Algorithm::HS256);
    validation.leeway = 5;
    decode::<Claims>(
        token,
        &DecodingKey::from_secret(config.jwt_secret.expose().as_bytes()),
        &validation,
    )
    .ok()
    .map(|d| d.claims)
    .filter(|c| c.typ == "access")
}
