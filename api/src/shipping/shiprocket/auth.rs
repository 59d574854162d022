//! Signing in with the API user, keeping the token (one sign-in serves every
//! call refused with the same token), and the authenticated call.

use reqwest::{Method, StatusCode};
use serde_json::{Value, json};

use super::errors::{checked, message_of, read_json, unreachable};
use super::{ShiprocketClient, TokenSlot};
use crate::env::Secret;
use crate::shipping::ShippingError;

impl ShiprocketClient {
    /// The current token, signing in if there is none. The lock is held
    /// through the sign-in so concurrent callers wait for it.
    async fn token(&self) -> Result<(u64, Secret), ShippingError> {
        let mut slot = self.token.lock().await;
        match &slot.token {
            Some(t) => Ok((slot.generation, t.clone())),
            None => self.sign_in_into(&mut slot).await,
        }
    }

    /// A new token after generation `stale` was refused, unless another
    /// call already got one.
    async fn renew(&self, stale: u64) -> Result<(u64, Secret), ShippingError> {
        let mut slot = self.token.lock().await;
        match &slot.token {
            Some(t) if slot.generation != stale => Ok((slot.generation, t.clone())),
            _ => self.sign_in_into(&mut slot).await,
        }
    }

    async fn sign_in_into(&self, slot: &mut TokenSlot) -> Result<(u64, Secret), ShippingError> {
        slot.token = None;
        slot.generation += 1;
        let token = self.sign_in().await?;
        slot.token = Some(token.clone());
        Ok((slot.generation, token))
    }

    /// `POST /auth/login`.
    async fn sign_in(&self) -> Result<Secret, ShippingError> {
        let res = self
            .http
            .post(format!("{}/auth/login", self.base))
            .json(&json!({"email": self.email, "password": self.password.expose()}))
            .send()
            .await
            .map_err(unreachable)?;
        let (status, body) = read_json(res).await?;
        if !status.is_success() {
            let message = format!("signing in: {}", message_of(&body, status));
            return Err(if status.is_server_error() {
                ShippingError::Unreachable(message)
            } else {
                ShippingError::Refused(message)
            });
        }
        body.get("token")
            .and_then(Value::as_str)
            .filter(|t| !t.is_empty())
            .map(Secret::new)
            .ok_or_else(|| ShippingError::Malformed("signing in: no token in the answer".into()))
    }

    /// One authenticated call; a 401 signs in again and retries it once.
    /// Answers with the HTTP status and the JSON body, whatever the status.
    pub(super) async fn call(
        &self,
        method: Method,
        path: &str,
        query: &[(&str, String)],
        body: Option<&Value>,
    ) -> Result<(StatusCode, Value), ShippingError> {
        let send = |token: Secret| {
            let mut req = self
                .http
                .request(method.clone(), format!("{}{path}", self.base))
                .bearer_auth(token.expose())
                .query(query);
            if let Some(b) = body {
                req = req.json(b);
            }
            async move { req.send().await.map_err(unreachable) }
        };
        let (generation, token) = self.token().await?;
        let res = send(token).await?;
        if res.status() != StatusCode::UNAUTHORIZED {
            return read_json(res).await;
        }
        let (_, token) = self.renew(generation).await?;
        let res = send(token).await?;
        if res.status() != StatusCode::UNAUTHORIZED {
            return read_json(res).await;
        }
        let (status, body) = read_json(res).await?;
        Err(ShippingError::Refused(format!(
            "the API user was refused after signing in again: {}",
            message_of(&body, status)
        )))
    }

    /// `call`, with any answer but a 2xx turned into an error: a 4xx is a
    /// refusal, a 5xx a provider that could not answer.
    pub(super) async fn call_ok(
        &self,
        method: Method,
        path: &str,
        query: &[(&str, String)],
        body: Option<&Value>,
    ) -> Result<Value, ShippingError> {
        let (status, body) = self.call(method, path, query, body).await?;
        checked(status, body)
    }
}
