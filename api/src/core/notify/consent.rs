//! A customer's consent to WhatsApp updates: given on the profile (for the
//! profile's number) or at checkout (for the number the form shows), kept
//! with that number and its time; withdrawn on the profile or by replying
//! STOP, at once: the worker reads it again before each send, and drops
//! what is queued for a customer who withdrew it.

use crate::db::Db;

/// Where a customer stands: the number consent was given for, and since when.
#[derive(Debug, Clone, Default, sqlx::FromRow)]
pub struct Consent {
    pub whatsapp_phone: Option<String>,
    pub whatsapp_consent_at: Option<i64>,
}

impl Consent {
    pub fn given(&self) -> bool {
        self.whatsapp_consent_at.is_some() && self.whatsapp_phone.is_some()
    }
}

pub async fn of(db: &Db, user_id: &str) -> Result<Consent, sqlx::Error> {
    Ok(
        sqlx::query_as("SELECT whatsapp_phone, whatsapp_consent_at FROM users WHERE id = $1")
            .bind(user_id)
            .fetch_optional(db)
            .await?
            .unwrap_or_default(),
    )
}

/// Consents for `phone` (10 digits) from `now`; consenting again for the same
/// number keeps the first time.
pub async fn give(db: &Db, user_id: &str, phone: &str, now: i64) -> Result<(), sqlx::Error> {
    sqlx::query(
        "UPDATE users SET whatsapp_consent_at = CASE \
             WHEN whatsapp_consent_at IS NOT NULL AND whatsapp_phone = $1 THEN whatsapp_consent_at ELSE $2 END, \
         whatsapp_phone = $1, whatsapp_opted_out_at = NULL WHERE id = $3",
    )
    .bind(phone)
    .bind(now)
    .bind(user_id)
    .execute(db)
    .await?;
    Ok(())
}

/// Withdraws a customer's consent (the profile's toggle).
pub async fn withdraw(db: &Db, user_id: &str, now: i64) -> Result<(), sqlx::Error> {
    sqlx::query(
        "UPDATE users SET whatsapp_opted_out_at = $1, whatsapp_consent_at = NULL \
         WHERE id = $2 AND whatsapp_consent_at IS NOT NULL",
    )
    .bind(now)
    .bind(user_id)
    .execute(db)
    .await?;
    Ok(())
}

/// Withdraws the consent of every account that gave it for `phone` (a STOP
/// reply from that number); how many there were.
pub async fn stop_number(db: &Db, phone: &str, now: i64) -> Result<u64, sqlx::Error> {
    let done = sqlx::query(
        "UPDATE users SET whatsapp_opted_out_at = $1, whatsapp_consent_at = NULL \
         WHERE whatsapp_phone = $2 AND whatsapp_consent_at IS NOT NULL",
    )
    .bind(now)
    .bind(phone)
    .execute(db)
    .await?;
    Ok(done.rows_affected())
}

/// Whether a customer's reply asks to stop: STOP, UNSUBSCRIBE, or Hindi's
/// रोकें, alone (any case, spaces around).
pub fn is_stop(text: &str) -> bool {
    let t = text.trim().trim_end_matches(['.', '!']).to_lowercase();
    matches!(
        t.as_str(),
        "stop" | "unsubscribe" | "stop all" | "रोकें" | "रोको"
    )
}
