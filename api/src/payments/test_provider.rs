//! The built-in provider for `just run` and tests: it follows Razorpay's
//! contract (ids shaped like Razorpay's, the same signature scheme) without a
//! network. Its "payment" is made by `POST /payments/test/complete`.

use rand::Rng;

use super::{OrderRequest, ProviderOrder, ProviderRefund, signature};

/// An id shaped like Razorpay's: a prefix and 14 letters or digits.
fn provider_id(prefix: &str) -> String {
    const ALPHABET: &[u8] = b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789";
    let mut rng = rand::rng();
    let tail: String = (0..14)
        .map(|_| char::from(ALPHABET[rng.random_range(0..ALPHABET.len())]))
        .collect();
    format!("{prefix}_{tail}")
}

pub struct TestProvider {
    key_secret: String,
}

/// What the checkout popup hands the browser after a successful payment.
pub struct TestPayment {
    pub order_id: String,
    pub payment_id: String,
    pub signature: String,
}

impl TestProvider {
    pub fn new(key_secret: &str) -> TestProvider {
        TestProvider {
            key_secret: key_secret.to_string(),
        }
    }

    pub fn create_order(&self, req: &OrderRequest<'_>) -> ProviderOrder {
        ProviderOrder {
            id: provider_id("order"),
            amount: req.amount,
            currency: req.currency.to_string(),
            status: "created".into(),
        }
    }

    /// A refund; the same idempotency key gives the same refund, as Razorpay's does.
    pub fn refund(&self, amount: i64, idempotency_key: &str) -> ProviderRefund {
        let digest = signature::sign(&self.key_secret, idempotency_key.as_bytes());
        ProviderRefund {
            id: format!("rfnd_{}", &digest[..14]),
            amount,
            status: "processed".into(),
        }
    }

    /// A successful payment of `order_id`, signed exactly as Razorpay signs it.
    pub fn pay(&self, order_id: &str) -> TestPayment {
        let payment_id = provider_id("pay");
        let message = signature::payment_message(order_id, &payment_id);
        TestPayment {
            order_id: order_id.to_string(),
            signature: signature::sign(&self.key_secret, message.as_bytes()),
            payment_id,
        }
    }
}
