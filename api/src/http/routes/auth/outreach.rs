//! E-mailed links and one-time codes, with their sending limits.

use poem::Request;

use crate::core::accounts::codes;
use crate::core::accounts::codes::Channel;
use crate::core::messages::Letter;
use crate::core::messages::accounts as messages;
use crate::db::email_tokens;
use crate::db::users::{self, User};
use crate::http::error::ApiResult;
use crate::limits::{Door, client_key};
use crate::mail;
use crate::state::AppState;

/// A link to `path?token=` on the store, absolute when `PUBLIC_URL` is known.
pub(super) fn link(state: &AppState, path: &str, token: &str) -> String {
    let base = state.config.public_url.as_deref().unwrap_or("");
    format!("{base}{path}?token={token}")
}

/// Creates a single-use link token (older ones of that purpose stop working)
/// and e-mails it.
pub(super) async fn mail_link(
    state: &AppState,
    user: &User,
    purpose: email_tokens::Purpose,
) -> ApiResult<()> {
    let token = email_tokens::create(&state.db, &user.id, purpose).await?;
    let letter = match purpose {
        email_tokens::Purpose::Verify => {
            messages::verify_email(&link(state, "/verify-email", &token), user.language)
        }
        email_tokens::Purpose::Reset => {
            messages::reset_password(&link(state, "/reset-password", &token), user.language)
        }
    };
    state
        .mailer
        .send_secret(mail::Message {
            channel: mail::Channel::Email,
            to: &user.email,
            subject: &letter.subject,
            body: letter.body,
            code: None,
            language: user.language,
        })
        .await?;
    Ok(())
}

/// Sends a link in the background: the answer neither waits for the relay
/// nor, by its timing, tells whether the address has an account.
pub(super) fn mail_link_later(state: &AppState, user: User, purpose: email_tokens::Purpose) {
    let state = state.clone();
    tokio::spawn(async move {
        if mail_link(&state, &user, purpose).await.is_err() {
            tracing::warn!(?purpose, "could not send a link e-mail");
        }
    });
}

/// Issues a sign-in code and delivers it (503 first when nothing can deliver it).
pub(super) async fn send_code(
    state: &AppState,
    req: &Request,
    channel: Channel,
    address: &str,
) -> ApiResult<()> {
    let out = match channel {
        Channel::Email => mail::Channel::Email,
        Channel::Phone => mail::Channel::Sms,
    };
    state.mailer.check_available(out)?;
    let secret = state.config.code_secret.expose();
    let code = codes::issue(
        &state.db,
        secret,
        channel,
        address,
        &client_key(req, &state.config),
        state.config.code_budgets,
    )
    .await?;
    let language = recipient_language(state, req, channel, address).await;
    let letter = messages::sign_in_code(channel, &code, language);
    let sent = state
        .mailer
        .send_secret(mail::Message {
            channel: out,
            to: address,
            subject: &letter.subject,
            body: letter.body,
            code: Some(&code),
            language,
        })
        .await;
    if sent.is_err() {
        // A code that never left must not work; its send still counts
        // against the limits (the provider may have taken it after all).
        codes::withdraw(&state.db, channel, address).await?;
    }
    Ok(sent?)
}

/// A code's reader: the account's language when the address has one (a
/// proven number's, for SMS), else the visitor's.
async fn recipient_language(
    state: &AppState,
    req: &Request,
    channel: Channel,
    address: &str,
) -> crate::domain::Language {
    let account = match channel {
        Channel::Email => users::by_email(&state.db, address).await,
        Channel::Phone => users::by_phone(&state.db, address).await,
    };
    match account {
        Ok(Some(user)) if matches!(channel, Channel::Email) || user.phone_verified != 0 => {
            user.language
        }
        _ => crate::http::language::visitor(req),
    }
}

/// The limits every code or link check passes: per client, and per target address.
pub(super) async fn check_verify_limits(
    state: &AppState,
    req: &Request,
    target: Option<&str>,
) -> ApiResult<()> {
    state
        .limits
        .check(Door::VerifyClient, &client_key(req, &state.config))
        .await?;
    if let Some(t) = target {
        state.limits.check(Door::VerifyTarget, t).await?;
    }
    Ok(())
}

/// Tells an account's owner that how they sign in changed (a new password, an
/// authenticator app, a recovery code used: `letter`), so a change they did
/// not make does not go unnoticed. No secret is in it, so it goes through the outbox.
pub(super) async fn tell_owner(state: &AppState, to: &str, letter: Letter) {
    let sent = async {
        let mut tx = crate::db::begin_write(&state.db).await?;
        crate::db::outbox::put(&mut tx, "email", to, &letter.subject, &letter.body).await?;
        tx.commit().await
    };
    if let Err(e) = sent.await {
        tracing::warn!(error = %e, subject = letter.subject, "could not queue a security notice");
    }
}
