use poem::web::Data;
use poem_openapi::payload::Json;
use poem_openapi::{Object, OpenApi};

use super::Tag;
use crate::db::{now_ms, outbox};
use crate::domain::Email;
use crate::envelope::{ApiError, Envelope};
use crate::fails::Fails;
use crate::fails::status::*;
use crate::state::AppState;

#[derive(Object)]
pub struct SubscribeRequest {
    pub email: String,
}

pub struct NewsletterApi;

#[OpenApi(tag = "Tag::Newsletter")]
impl NewsletterApi {
    /// Subscribe an address to the newsletter. Subscribing twice is fine.
    #[oai(path = "/newsletter/subscribe", method = "post")]
    async fn subscribe(
        &self,
        state: Data<&AppState>,
        body: Json<SubscribeRequest>,
    ) -> Result<Json<Envelope<bool>>, Fails<{ BODY | UNAVAILABLE }>> {
        if body.email.trim().is_empty() {
            return Err(ApiError::bad_request("Please enter an email address").into());
        }
        let email = Email::parse(&body.email)?.into_string();
        let mut tx = crate::db::begin_write(&state.db).await?;
        let added = sqlx::query("INSERT INTO newsletter_subscriptions (email, created_at) VALUES ($1, $2) ON CONFLICT (email) DO NOTHING")
            .bind(&email)
            .bind(now_ms())
            .execute(&mut *tx)
            .await?;
        if added.rows_affected() > 0 {
            outbox::put(
                &mut tx,
                "email",
                &email,
                "Welcome to our newsletter",
                "Thank you for subscribing. New designs and offers will reach you here.",
            )
            .await?;
        }
        tx.commit().await?;
        Ok(Envelope::ok(
            "Thank you for subscribing! Check your email for confirmation.",
            true,
        ))
    }
}
