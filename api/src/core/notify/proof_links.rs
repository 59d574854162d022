//! A proof's link in its WhatsApp update: it opens the proof and approves it
//! or asks for changes without signing in. The token is the link's id and an
//! HMAC of it under the code key (`CODE_SECRET`), so the queued update keeps
//! only the id and the token is derived again when sent; the table keeps
//! only the token's SHA-256. A link works once, for 7 days: after its use
//! it answers 409, after its time 410, and a token never issued 404.

use hmac::{Hmac, Mac};
use sha2::{Digest, Sha256};

use crate::db::Db;
use crate::ids::new_id;

pub const VALID_MS: i64 = 7 * 24 * 60 * 60 * 1000;

/// The token of link `id`.
pub fn token_of(secret: &str, id: &str) -> String {
    let mut mac = Hmac::<Sha256>::new_from_slice(secret.as_bytes()).expect("any key length");
    mac.update(b"proof-link\0");
    mac.update(id.as_bytes());
    format!("{id}.{}", hex::encode(mac.finalize().into_bytes()))
}

fn digest(token: &str) -> String {
    hex::encode(Sha256::digest(token.as_bytes()))
}

/// A new link to `version` of an order's proof, valid from `now`; its id.
pub async fn create(
    db: &Db,
    secret: &str,
    order_id: &str,
    version: i64,
    now: i64,
) -> Result<String, sqlx::Error> {
    let id = new_id();
    sqlx::query(
        "INSERT INTO proof_links (id, token_hash, order_id, version, expires_at, created_at) \
         VALUES ($1, $2, $3, $4, $5, $6)",
    )
    .bind(&id)
    .bind(digest(&token_of(secret, &id)))
    .bind(order_id)
    .bind(version)
    .bind(now + VALID_MS)
    .bind(now)
    .execute(db)
    .await?;
    Ok(id)
}

#[derive(Debug, Clone, sqlx::FromRow)]
pub struct Link {
    pub id: String,
    pub order_id: String,
    pub version: i64,
    pub expires_at: i64,
    pub used_at: Option<i64>,
}

/// What a token opens.
#[derive(Debug)]
pub enum Looked {
    Live(Link),
    Used,
    Expired,
    Unknown,
}

/// The link a token names, as it stands at `now`. Only well-formed tokens
/// are looked up (a hash lookup either way: nothing to time).
pub async fn look_up(db: &Db, token: &str, now: i64) -> Result<Looked, sqlx::Error> {
    if token.len() > 200 || !token.chars().all(|c| c.is_ascii_alphanumeric() || c == '.') {
        return Ok(Looked::Unknown);
    }
    let link: Option<Link> = sqlx::query_as(
        "SELECT id, order_id, version, expires_at, used_at FROM proof_links WHERE token_hash = $1",
    )
    .bind(digest(token))
    .fetch_optional(db)
    .await?;
    Ok(match link {
        None => Looked::Unknown,
        Some(l) if l.used_at.is_some() => Looked::Used,
        Some(l) if l.expires_at <= now => Looked::Expired,
        Some(l) => Looked::Live(l),
    })
}

/// Uses the link up: `true` for the one caller that did (of any number at
/// once, on any instance), while it is unused and in time.
pub async fn take(db: &Db, id: &str, now: i64) -> Result<bool, sqlx::Error> {
    let done = sqlx::query(
        "UPDATE proof_links SET used_at = $1 WHERE id = $2 AND used_at IS NULL AND expires_at > $1",
    )
    .bind(now)
    .bind(id)
    .execute(db)
    .await?;
    Ok(done.rows_affected() == 1)
}

/// Gives a taken link back (the answer it was taken for failed for good
/// reason of ours, not the customer's).
pub async fn give_back(db: &Db, id: &str) -> Result<(), sqlx::Error> {
    sqlx::query("UPDATE proof_links SET used_at = NULL WHERE id = $1")
        .bind(id)
        .execute(db)
        .await?;
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_token_is_bound_to_its_id_and_key() {
        let t = token_of("key-a", "abc");
        assert!(t.starts_with("abc."));
        assert_ne!(t, token_of("key-b", "abc"));
        assert_ne!(t, token_of("key-a", "abd"));
        assert_eq!(t, token_of("key-a", "abc"));
    }
}
