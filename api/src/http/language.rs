//! The language a request is answered in: the signed-in customer's stored
//! choice, else the visitor's browser's (`Accept-Language`). Handlers take
//! it as [`RequestLanguage`]; every error answer is translated once, on its
//! way out, by [`translate_errors`] (with `core::messages::translate`).

use poem::http::HeaderValue;
use poem::http::header::{ACCEPT_LANGUAGE, AUTHORIZATION, CONTENT_LENGTH, CONTENT_TYPE, VARY};
use poem::{Endpoint, FromRequest, Request, RequestBody, Response};

use crate::core::messages::translate;
use crate::domain::Language;
use crate::state::AppState;

/// What a visitor's browser asks for (`Accept-Language`), English by default.
pub fn visitor(req: &Request) -> Language {
    Language::from_accept_language(
        req.headers()
            .get(ACCEPT_LANGUAGE)
            .and_then(|v| v.to_str().ok()),
    )
}

/// The request's language: the stored language of the customer its bearer
/// token names (a valid token: the language is no secret, so a session
/// ended meanwhile still reads it), else the visitor's.
pub async fn of_request(req: &Request, state: &AppState) -> Language {
    let bearer = req
        .headers()
        .get(AUTHORIZATION)
        .and_then(|v| v.to_str().ok())
        .and_then(|v| v.strip_prefix("Bearer "));
    stored_or(bearer, visitor(req), state).await
}

async fn stored_or(bearer: Option<&str>, visitor: Language, state: &AppState) -> Language {
    let Some(claims) = bearer.and_then(|t| crate::core::accounts::tokens::verify(&state.config, t))
    else {
        return visitor;
    };
    match crate::db::users::language(&state.db, &claims.sub).await {
        Ok(Some(language)) => language,
        _ => visitor,
    }
}

/// A handler's argument: the request's language ([`of_request`]).
pub struct RequestLanguage(pub Language);

impl<'a> FromRequest<'a> for RequestLanguage {
    async fn from_request(req: &'a Request, _body: &mut RequestBody) -> poem::Result<Self> {
        Ok(RequestLanguage(match req.data::<AppState>() {
            Some(state) => of_request(req, state).await,
            None => visitor(req),
        }))
    }
}

/// Every JSON error answer under /api in the request's language (its code
/// unchanged), marked `Vary: Accept-Language` since its words depend on it.
/// Outside `json_errors`, so errors raised before a handler are seen too;
/// the customer's stored language is read only for an error in a language
/// other than English's, or with a token.
pub async fn translate_errors<E: Endpoint>(
    ep: E,
    req: Request,
    state: AppState,
) -> poem::Result<Response> {
    if !req.uri().path().starts_with("/api/") {
        return Ok(ep.get_response(req).await);
    }
    let bearer = req
        .headers()
        .get(AUTHORIZATION)
        .and_then(|v| v.to_str().ok())
        .and_then(|v| v.strip_prefix("Bearer "))
        .map(str::to_owned);
    let visitor = visitor(&req);
    let mut resp = ep.get_response(req).await;
    let status = resp.status();
    if !(status.is_client_error() || status.is_server_error()) {
        return Ok(resp);
    }
    resp.headers_mut()
        .append(VARY, HeaderValue::from_static("Accept-Language"));
    let is_json = resp
        .headers()
        .get(CONTENT_TYPE)
        .is_some_and(|v| v.as_bytes().starts_with(b"application/json"));
    if !is_json || (bearer.is_none() && visitor == Language::En) {
        return Ok(resp);
    }
    let language = stored_or(bearer.as_deref(), visitor, &state).await;
    if language == Language::En {
        return Ok(resp);
    }
    let (mut parts, body) = resp.into_parts();
    let bytes = body.into_bytes().await.unwrap_or_default();
    let Ok(mut json) = serde_json::from_slice::<serde_json::Value>(&bytes) else {
        return Ok(Response::from_parts(parts, bytes.into()));
    };
    let code = json.get("code").and_then(|c| c.as_str());
    let message = json.get("message").and_then(|m| m.as_str());
    // The values the message names (the design engine's), for its Hindi by name.
    let values = json
        .get("values")
        .and_then(|v| serde_json::from_value(v.clone()).ok())
        .unwrap_or_default();
    if let Some(hindi) = message.and_then(|m| translate::refusal(language, code, m, &values)) {
        json["message"] = serde_json::Value::String(hindi);
        parts.headers.remove(CONTENT_LENGTH);
        return Ok(Response::from_parts(parts, json.to_string().into()));
    }
    Ok(Response::from_parts(parts, bytes.into()))
}
