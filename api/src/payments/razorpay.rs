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
        if status == reqwest::StatusCode::CONFLICT && idempotency_key.is_some() {
            return Err(ProviderError::InProgress);
        }
        if !status.is_success() {
            let detail = serde_json::from_str::<ErrorBody>(&text)
                .map(|b| format!("{}: {}", b.error.code, b.error.description))
                .unwrap_or_else(|_| text.chars().take(200).collect());
            return Err(ProviderError::Refused(format!("{status} {detail}")));
        }
        serde_json::from_str(&text).map_err(|e| ProviderError::Malformed(e.to_string()))
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
