//! Razorpay's REST API: create an order, refund a payment. Basic auth with the
//! key id and secret; the base URL is configurable so tests can run this very
//! client against a local stand-in.

use std::time::Duration;

use serde::Deserialize;
use serde_json::json;

use super::{OrderRequest, ProviderError, ProviderOrder, ProviderRefund};

pub struct RazorpayClient {
    http: reqwest::Client,
    base: String,
    key_id: String,
    key_secret: String,
}

/// Razorpay's error body: `{"error": {"code", "description"}}`.
#[derive(Deserialize)]
struct ErrorBody {
    error: ErrorDetail,
}

#[derive(Deserialize)]
struct ErrorDetail {
    #[serde(default)]
    code: String,
    #[serde(default)]
    description: String,
}

#[derive(Deserialize)]
struct OrderEntity {
    id: String,
    amount: i64,
    currency: String,
    #[serde(default)]
    status: String,
}

#[derive(Deserialize)]
struct RefundEntity {
    id: String,
    amount: i64,
    #[serde(default)]
    status: String,
}

/// What a non-2xx answer means. Only a 4xx carrying Razorpay's error code
/// is a refusal; 5xx, 429 (and 408), or a 4xx without Razorpay's body (a
/// proxy's page) may pass, and a refund is asked again. A 409 on an
/// idempotent request: the first one with its key is still being processed.
fn classify(status: reqwest::StatusCode, text: &str, idempotent: bool) -> ProviderError {
    use reqwest::StatusCode;
    let coded = serde_json::from_str::<ErrorBody>(text)
        .ok()
        .filter(|b| !b.error.code.trim().is_empty());
    let detail = coded.as_ref().map_or_else(
        || text.chars().take(200).collect(),
        |b| format!("{}: {}", b.error.code, b.error.description),
    );
    match (status, coded) {
        (StatusCode::CONFLICT, _) if idempotent => ProviderError::InProgress,
        (StatusCode::TOO_MANY_REQUESTS | StatusCode::REQUEST_TIMEOUT, _) => {
            ProviderError::Unavailable(format!("{status} {detail}"))
        }
        (s, Some(_)) if s.is_client_error() => ProviderError::Refused(format!("{status} {detail}")),
        _ => ProviderError::Unavailable(format!("{status} {detail}")),
    }
}

impl RazorpayClient {
    pub fn new(base: &str, key_id: &str, key_secret: &str) -> RazorpayClient {
        let http = reqwest::Client::builder()
            .timeout(Duration::from_secs(30))
            .connect_timeout(Duration::from_secs(10))
            .build()
            .unwrap_or_default();
        RazorpayClient {
            http,
            base: base.trim_end_matches('/').to_string(),
            key_id: key_id.to_string(),
            key_secret: key_secret.to_string(),
        }
    }

    async fn post<T: serde::de::DeserializeOwned>(
        &self,
        path: &str,
        body: serde_json::Value,
        idempotency_key: Option<&str>,
    ) -> Result<T, ProviderError> {
        let mut req = self
            .http
            .post(format!("{}{path}", self.base))
            .basic_auth(&self.key_id, Some(&self.key_secret))
            .json(&body);
        if let Some(key) = idempotency_key {
            req = req.header("X-Refund-Idempotency", key);
        }
        let res = req
            .send()
            .await
            .map_err(|e| ProviderError::Unreachable(e.without_url().to_string()))?;
        let status = res.status();
        let text = res
            .text()
            .await
            .map_err(|e| ProviderError::Unreachable(e.without_url().to_string()))?;
        if status.is_success() {
            return serde_json::from_str(&text)
                .map_err(|e| ProviderError::Malformed(e.to_string()));
        }
        Err(classify(status, &text, idempotency_key.is_some()))
    }

    /// `POST /v1/orders`.
    pub async fn create_order(
        &self,
        req: &OrderRequest<'_>,
    ) -> Result<ProviderOrder, ProviderError> {
        let order: OrderEntity = self
            .post(
                "/v1/orders",
                json!({
                    "amount": req.amount,
                    "currency": req.currency,
                    "receipt": req.receipt,
                    "notes": req.notes,
                }),
                None,
            )
            .await?;
        Ok(ProviderOrder {
            id: order.id,
            amount: order.amount,
            currency: order.currency,
            status: order.status,
        })
    }

    /// `POST /v1/payments/{id}/refund`.
    pub async fn refund(
        &self,
        payment_id: &str,
        amount: i64,
        notes: &serde_json::Value,
        idempotency_key: &str,
    ) -> Result<ProviderRefund, ProviderError> {
        // A payment id is the provider's own ("pay_..."): never let it change the path.
        if !payment_id
            .bytes()
            .all(|b| b.is_ascii_alphanumeric() || b == b'_')
        {
            return Err(ProviderError::Refused("invalid payment id".into()));
        }
        let refund: RefundEntity = self
            .post(
                &format!("/v1/payments/{payment_id}/refund"),
                json!({ "amount": amount, "notes": notes }),
                Some(idempotency_key),
            )
            .await?;
        Ok(ProviderRefund {
            id: refund.id,
            amount: refund.amount,
            status: refund.status,
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use reqwest::StatusCode;

    fn razorpay(code: &str) -> String {
        json!({"error": {"code": code, "description": "The amount is invalid"}}).to_string()
    }

    #[test]
    fn only_a_4xx_with_razorpays_error_code_is_a_refusal() {
        let is = |status: u16, body: &str, idem: bool| match classify(
            StatusCode::from_u16(status).unwrap(),
            body,
            idem,
        ) {
            ProviderError::Refused(_) => "refused",
            ProviderError::InProgress => "in progress",
            ProviderError::Unavailable(_) => "unavailable",
            _ => "other",
        };
        let coded = razorpay("BAD_REQUEST_ERROR");
        assert_eq!(is(400, &coded, true), "refused");
        assert_eq!(is(401, &coded, false), "refused");
        assert_eq!(is(409, &coded, true), "in progress");
        assert_eq!(is(409, &coded, false), "refused");
        for passing in [429, 408] {
            assert_eq!(is(passing, &coded, true), "unavailable");
        }
        for status in [500, 502, 503, 504] {
            assert_eq!(is(status, &razorpay("SERVER_ERROR"), true), "unavailable");
            assert_eq!(is(status, "<html>bad gateway</html>", true), "unavailable");
        }
        // A 4xx that is not Razorpay's own: a proxy's page, or no code.
        assert_eq!(is(404, "<html>not found</html>", true), "unavailable");
        assert_eq!(is(400, &razorpay(" "), true), "unavailable");
    }
}
