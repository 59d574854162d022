//! The newsletter, with double opt-in: subscribing e-mails a confirmation
//! link and sends nothing else; only an address whose link was opened is
//! subscribed (and then welcomed). Both doors are rate-limited per client,
//! and confirmation e-mails per address.

use poem::Request;
use poem::web::Data;
use poem_openapi::payload::Json;
use poem_openapi::{Object, OpenApi};

use super::Tag;
use crate::core::messages::newsletter as messages;
use crate::db::newsletter;
use crate::domain::Email;
use crate::http::envelope::Envelope;
use crate::http::error::ApiError;
use crate::http::fails::Fails;
use crate::http::fails::status::*;
use crate::limits::{Door, client_key};
use crate::mail;
use crate::state::AppState;

#[derive(Object)]
pub struct SubscribeRequest {
    pub email: String,
}

#[derive(Object)]
pub struct ConfirmSubscriptionRequest {
    /// The token of the link in the confirmation e-mail.
    pub token: String,
}

/// The link a confirmation e-mail carries (absolute when `PUBLIC_URL` is known).
fn confirm_link(state: &AppState, token: &str) -> String {
    let base = state.config.public_url.as_deref().unwrap_or("");
    format!("{base}/newsletter/confirm?token={token}")
}

pub struct NewsletterApi;

#[OpenApi(tag = "Tag::Newsletter")]
impl NewsletterApi {
    /// Ask to subscribe an address to the newsletter: a confirmation link is
    /// e-mailed to it (a new one each time, the older link no longer works),
    /// and nothing else is sent until it is opened. An address confirmed
    /// before gets the same answer and no mail. 10 requests, then one a
    /// minute, per client; 3 confirmation e-mails, then one every 10 minutes,
    /// per address (429).
    #[oai(path = "/newsletter/subscribe", method = "post")]
    async fn subscribe(
        &self,
        state: Data<&AppState>,
        req: &Request,
        body: Json<SubscribeRequest>,
    ) -> Result<Json<Envelope<bool>>, Fails<{ BODY | TOO_MANY | UNAVAILABLE }>> {
        if body.email.trim().is_empty() {
            return Err(ApiError::bad_request("Please enter an email address").into());
        }
        let email = Email::parse(&body.email)?.into_string();
        state
            .limits
            .check(Door::NewsletterClient, &client_key(req, &state.config))
            .await?;
        state.limits.check(Door::NewsletterAddress, &email).await?;
        state.mailer.check_available(mail::Channel::Email)?;
        if let newsletter::Request::Confirm { token } =
            newsletter::request(&state.db, &email).await?
        {
            let letter = messages::confirm_subscription(
                &confirm_link(&state, &token),
                crate::http::language::visitor(req),
            );
            state
                .mailer
                .send_secret(mail::Message {
                    channel: mail::Channel::Email,
                    to: &email,
                    subject: &letter.subject,
                    body: letter.body,
                    code: None,
                    language: crate::http::language::visitor(req),
                })
                .await?;
        }
        Ok(Envelope::ok(
            "Thank you for subscribing! Check your email for confirmation.",
            true,
        ))
    }

    /// Confirm a subscription with the token of the e-mailed link (it works
    /// once, for 48 hours); the address is then subscribed and welcomed.
    #[oai(path = "/newsletter/confirm", method = "post")]
    async fn confirm(
        &self,
        state: Data<&AppState>,
        req: &Request,
        body: Json<ConfirmSubscriptionRequest>,
    ) -> Result<Json<Envelope<bool>>, Fails<{ BODY | TOO_MANY }>> {
        let token = body.token.trim();
        if token.is_empty() || token.len() > 128 {
            return Err(crate::db::DbError::InvalidLink.into());
        }
        state
            .limits
            .check(Door::NewsletterClient, &client_key(req, &state.config))
            .await?;
        let welcome = messages::welcome(crate::http::language::visitor(req));
        newsletter::confirm(&state.db, token, &welcome.subject, &welcome.body).await?;
        Ok(Envelope::ok(
            "Your subscription is confirmed. Thank you for subscribing!",
            true,
        ))
    }
}
