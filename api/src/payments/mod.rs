//! Payment providers. One interface, two providers chosen by `PAYMENT_PROVIDER`:
//! the built-in test provider and Razorpay. Both sign payments and webhooks the
//! same way, so verification does not depend on which one is active.

pub mod config;
pub mod razorpay;
pub mod signature;
pub mod test_provider;

use config::{PaymentsConfig, ProviderKind};

/// What we ask the provider to collect.
pub struct OrderRequest<'a> {
    /// In paise.
    pub amount: i64,
    pub currency: &'a str,
    /// Shown in the provider's dashboard (our order number; Razorpay allows 40 characters).
    pub receipt: &'a str,
    pub notes: serde_json::Value,
}

/// The provider's order ("order_...").
#[derive(Debug, Clone)]
pub struct ProviderOrder {
    pub id: String,
    pub amount: i64,
    pub currency: String,
    pub status: String,
}

#[derive(Debug, Clone)]
pub struct ProviderRefund {
    pub id: String,
    pub amount: i64,
    pub status: String,
}

/// Why the provider gave no result. Only `Refused` and `Unconfigured` say
/// nothing was done; after any other the request may have been carried out,
/// and a refund is asked again with its idempotency key.
#[derive(Debug, thiserror::Error)]
pub enum ProviderError {
    /// No answer: the connection failed, timed out or broke off.
    #[error("payment provider unreachable: {0}")]
    Unreachable(String),
    /// A documented refusal: a 4xx with the provider's error code.
    #[error("payment provider refused: {0}")]
    Refused(String),
    /// The same idempotent request is still being processed: ask again later.
    #[error("payment provider is still processing the same request")]
    InProgress,
    /// Down or busy for now: a 5xx, a 429, or a 4xx that is not the
    /// provider's own (no error code: a proxy's page).
    #[error("payment provider unavailable: {0}")]
    Unavailable(String),
    #[error("payment provider answered unexpectedly: {0}")]
    Malformed(String),
    #[error("payments are not configured")]
    Unconfigured,
}

impl ProviderError {
    /// Whether the request surely was not carried out (refused, or no
    /// provider): only then is a refund's money given back.
    pub fn is_final(&self) -> bool {
        matches!(
            self,
            ProviderError::Refused(_) | ProviderError::Unconfigured
        )
    }
}

enum Gateway {
    Test(test_provider::TestProvider),
    Razorpay(razorpay::RazorpayClient),
    /// Production without Razorpay keys: the store runs, checkout answers 503.
    Unconfigured,
}

/// The active payment provider with its keys.
pub struct PaymentProvider {
    gateway: Gateway,
    key_id: String,
    key_secret: String,
    webhook_secret: String,
}

impl PaymentProvider {
    pub fn from_config(c: &PaymentsConfig) -> PaymentProvider {
        let gateway = match c.provider {
            ProviderKind::Test => {
                Gateway::Test(test_provider::TestProvider::new(c.key_secret.expose()))
            }
            ProviderKind::Razorpay if !c.is_configured() => Gateway::Unconfigured,
            ProviderKind::Razorpay => Gateway::Razorpay(razorpay::RazorpayClient::new(
                &c.api_base,
                &c.key_id,
                c.key_secret.expose(),
            )),
        };
        PaymentProvider {
            gateway,
            key_id: c.key_id.clone(),
            key_secret: c.key_secret.expose().to_string(),
            webhook_secret: c.webhook_secret.expose().to_string(),
        }
    }

    /// `test` or `razorpay`, as stored on orders.
    pub fn name(&self) -> &'static str {
        match self.gateway {
            Gateway::Test(_) => "test",
            Gateway::Razorpay(_) | Gateway::Unconfigured => "razorpay",
        }
    }

    /// False in production without Razorpay keys: nothing can be paid.
    pub fn is_configured(&self) -> bool {
        !matches!(self.gateway, Gateway::Unconfigured)
    }

    /// The public key id the browser's checkout needs.
    pub fn key_id(&self) -> &str {
        &self.key_id
    }

    /// The built-in test provider, when it is the active one.
    pub fn test(&self) -> Option<&test_provider::TestProvider> {
        match &self.gateway {
            Gateway::Test(t) => Some(t),
            Gateway::Razorpay(_) | Gateway::Unconfigured => None,
        }
    }

    pub async fn create_order(
        &self,
        req: &OrderRequest<'_>,
    ) -> Result<ProviderOrder, ProviderError> {
        let order = match &self.gateway {
            Gateway::Test(t) => t.create_order(req),
            Gateway::Razorpay(r) => r.create_order(req).await?,
            Gateway::Unconfigured => return Err(ProviderError::Unconfigured),
        };
        if order.amount != req.amount || !order.currency.eq_ignore_ascii_case(req.currency) {
            return Err(ProviderError::Malformed(format!(
                "order {} is for {} {}, not {} {}",
                order.id, order.amount, order.currency, req.amount, req.currency
            )));
        }
        Ok(order)
    }

    /// Refunds `amount` of a payment. The same `idempotency_key` (with the
    /// same amount and notes) never refunds twice: a retry gets the first refund.
    pub async fn refund(
        &self,
        payment_id: &str,
        amount: i64,
        notes: &serde_json::Value,
        idempotency_key: &str,
    ) -> Result<ProviderRefund, ProviderError> {
        match &self.gateway {
            Gateway::Test(t) => Ok(t.refund(amount, idempotency_key)),
            Gateway::Razorpay(r) => r.refund(payment_id, amount, notes, idempotency_key).await,
            Gateway::Unconfigured => Err(ProviderError::Unconfigured),
        }
    }

    /// Whether the checkout's signature proves `payment_id` paid `order_id`.
    pub fn payment_signed(&self, order_id: &str, payment_id: &str, sig: &str) -> bool {
        let message = signature::payment_message(order_id, payment_id);
        signature::verify(&self.key_secret, message.as_bytes(), sig)
    }

    /// Whether a webhook's `X-Razorpay-Signature` signs its raw body.
    pub fn webhook_signed(&self, body: &[u8], sig: &str) -> bool {
        signature::verify(&self.webhook_secret, body, sig)
    }
}
