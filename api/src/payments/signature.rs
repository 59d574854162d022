//! Razorpay's signatures: lowercase hex HMAC-SHA256. A payment is signed over
//! "order_id|payment_id" with the key secret; a webhook over its raw body with
//! the webhook secret.

use hmac::{Hmac, Mac};
use sha2::Sha256;

type HmacSha256 = Hmac<Sha256>;

fn mac(secret: &str, message: &[u8]) -> HmacSha256 {
    // HMAC takes a key of any length; this cannot fail.
    let mut mac = HmacSha256::new_from_slice(secret.as_bytes()).expect("any key length");
    mac.update(message);
    mac
}

/// The hex signature of `message`.
pub fn sign(secret: &str, message: &[u8]) -> String {
    hex::encode(mac(secret, message).finalize().into_bytes())
}

/// Whether `signature` (hex) signs `message`, compared in constant time. An
/// empty secret verifies nothing.
pub fn verify(secret: &str, message: &[u8], signature: &str) -> bool {
    let Ok(given) = hex::decode(signature.trim()) else {
        return false;
    };
    !secret.is_empty() && mac(secret, message).verify_slice(&given).is_ok()
}

/// The message a payment signature covers.
pub fn payment_message(order_id: &str, payment_id: &str) -> String {
    format!("{order_id}|{payment_id}")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn matches_a_known_hmac_sha256() {
        // RFC 4231 test case 2.
        assert_eq!(
            sign("Jefe", b"what do ya want for nothing?"),
            "5bdcc146bf60754e6a042426089575c75a003f089d2739839dec58b964ec3843"
        );
    }

    #[test]
    fn any_change_fails() {
        let sig = sign("secret", payment_message("order_1", "pay_1").as_bytes());
        assert!(verify("secret", b"order_1|pay_1", &sig));
        assert!(verify("secret", b"order_1|pay_1", &sig.to_uppercase()));
        let mut tampered = sig.clone().into_bytes();
        tampered[10] = if tampered[10] == b'0' { b'1' } else { b'0' };
        assert!(!verify(
            "secret",
            b"order_1|pay_1",
            &String::from_utf8(tampered).unwrap()
        ));
        assert!(!verify("secret", b"order_1|pay_2", &sig));
        assert!(!verify("other", b"order_1|pay_1", &sig));
        assert!(!verify("", b"order_1|pay_1", &sig));
        assert!(!verify("secret", b"order_1|pay_1", "not hex"));
    }
}
