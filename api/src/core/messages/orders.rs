//! What a customer is told about their orders: the e-mails (confirmation,
//! status changes, a proof ready), checkout's refusals, a late or second
//! payment given back, the delivery estimate, proofs, refunds, and ordering
//! again.

use chrono::NaiveDate;
use design_engine::money::Paise;

use super::{Letter, with_contact};
use crate::domain::company::Company;
use crate::domain::{Language, OrderStatus};
use crate::error::Failure;

/// The confirmation of a paid order: `items` pieces for `total`; with
/// `invoiced`, it says the tax invoice is attached.
pub fn order_confirmed(
    order_number: &str,
    total: Paise,
    items: i64,
    invoiced: bool,
    seller: &Company,
    language: Language,
) -> Letter {
    let total = total.format_inr();
    let (subject, text) = match language {
        Language::En => (
            format!("Order {order_number} confirmed"),
            format!(
                "Thank you for your order {order_number}. We have received your payment of {total} for {items} items. \
                 Your custom apparel will be delivered in 15-20 business days; you can follow the order in My Orders.{}",
                if invoiced {
                    " Your tax invoice is attached, and in My Orders."
                } else {
                    ""
                }
            ),
        ),
        Language::Hi => (
            format!("ऑर्डर {order_number} की पुष्टि हो गई"),
            format!(
                "आपके ऑर्डर {order_number} के लिए धन्यवाद। हमें {items} पीस के लिए आपका {total} का भुगतान मिल गया है। \
                 आपके कस्टम कपड़े 15-20 कार्यदिवसों में डिलीवर होंगे; आप 'मेरे ऑर्डर' में ऑर्डर की स्थिति देख सकते हैं।{}",
                if invoiced {
                    " आपका टैक्स इनवॉइस इस ई-मेल के साथ संलग्न है, और 'मेरे ऑर्डर' में भी है।"
                } else {
                    ""
                }
            ),
        ),
    };
    Letter {
        subject,
        body: with_contact(&text, seller, language),
    }
}

/// To `customer`, when their order moved `to` a status they hear of
/// (shipped, delivered, cancelled, refunded); a shipment's `courier_line`.
pub fn status_changed(
    order_number: &str,
    customer: &str,
    to: OrderStatus,
    courier_line: Option<&str>,
    seller: &Company,
    language: Language,
) -> Letter {
    let (subject, mut text) = match language {
        Language::En => {
            let what = match to {
                OrderStatus::Shipped => "has been shipped. It is on its way to you.",
                OrderStatus::Delivered => "has been delivered. We hope you enjoy it.",
                OrderStatus::Cancelled => "has been cancelled.",
                _ => {
                    "has been refunded. The money goes back to the card you paid with within 5-7 business days."
                }
            };
            (
                format!("Order {order_number}: {}", to.as_str()),
                format!(
                    "Hello {customer}, your order {order_number} {what} You can follow it in My Orders."
                ),
            )
        }
        Language::Hi => {
            let hello = format!("नमस्ते {customer},");
            let (status, what) = match to {
                OrderStatus::Shipped => (
                    "भेज दिया गया",
                    format!("{hello} आपका ऑर्डर {order_number} भेज दिया गया है। यह आपके पास आ रहा है।"),
                ),
                OrderStatus::Delivered => (
                    "डिलीवर हो गया",
                    format!(
                        "{hello} आपका ऑर्डर {order_number} डिलीवर हो गया है। हमें उम्मीद है कि यह आपको पसंद आएगा।"
                    ),
                ),
                OrderStatus::Cancelled => (
                    "रद्द",
                    format!("{hello} आपका ऑर्डर {order_number} रद्द कर दिया गया है।"),
                ),
                _ => (
                    "पैसा वापस",
                    format!(
                        "{hello} आपके ऑर्डर {order_number} का पैसा वापस कर दिया गया है। यह 5-7 कार्यदिवसों में \
                         उसी कार्ड में लौट आएगा जिससे आपने भुगतान किया था।"
                    ),
                ),
            };
            (
                format!("ऑर्डर {order_number}: {status}"),
                format!("{what} आप इसे 'मेरे ऑर्डर' में देख सकते हैं।"),
            )
        }
    };
    if let Some(line) = courier_line {
        text = format!("{text}\n{line}");
    }
    Letter {
        subject,
        body: with_contact(&text, seller, language),
    }
}

/// "Courier: …, AWB …. Track it at …": the shipped e-mail's line.
pub fn courier_line(courier: &str, awb: &str, tracking_url: &str, language: Language) -> String {
    match language {
        Language::En => format!("Courier: {courier}, AWB {awb}. Track it at {tracking_url}"),
        Language::Hi => format!("कूरियर: {courier}, AWB {awb}। इसे यहाँ ट्रैक करें: {tracking_url}"),
    }
}

/// To `customer`: version `version` of their order's proof is ready.
pub fn proof_ready(
    order_number: &str,
    customer: &str,
    version: i64,
    seller: &Company,
    language: Language,
) -> Letter {
    let (subject, text) = match language {
        Language::En => (
            format!("Order {order_number}: your proof is ready (version {version})"),
            format!(
                "Hello {customer}, the proof of your order {order_number} is ready (version {version}). Please review it in My Orders: \
                 approve it, or ask for changes. Nothing is printed before you approve."
            ),
        ),
        Language::Hi => (
            format!("ऑर्डर {order_number}: आपका प्रूफ़ तैयार है (संस्करण {version})"),
            format!(
                "नमस्ते {customer}, आपके ऑर्डर {order_number} का प्रूफ़ तैयार है (संस्करण {version})। कृपया इसे 'मेरे ऑर्डर' में देखें: \
                 इसे स्वीकार करें, या बदलाव माँगें। आपकी स्वीकृति से पहले कुछ भी नहीं छापा जाता।"
            ),
        ),
    };
    Letter {
        subject,
        body: with_contact(&text, seller, language),
    }
}

/// Production without the seller's details: `what` cannot be done.
pub fn seller_not_configured(what: &str) -> Failure {
    Failure::unavailable(format!(
        "The store's seller details are not configured, so {what}"
    ))
}

/// A checkout's receipt found its order paid already.
pub fn already_paid(order_number: &str) -> Failure {
    Failure::conflict_code(
        format!("Order {order_number} has already been paid. You can find it in My Orders."),
        "ORDER_ALREADY_PAID",
    )
}

/// A checkout's receipt found its order cancelled.
pub fn order_cancelled(order_number: &str) -> Failure {
    Failure::conflict_code(
        format!("Order {order_number} was cancelled. Please place the order again."),
        "ORDER_CANCELLED",
    )
}

/// A second payment for an order paid already: it `has_been` refunded, or will be.
pub fn second_payment_refunded(order_number: &str, has_been: bool) -> Failure {
    // Whole sentences, each found by `translate` as it is.
    let message = if has_been {
        format!(
            "Order {order_number} was already paid by another payment. This payment has been refunded."
        )
    } else {
        format!(
            "Order {order_number} was already paid by another payment. This payment will be refunded."
        )
    };
    Failure::conflict_code(message, "SECOND_PAYMENT_REFUNDED")
}

/// A payment for an order cancelled before it arrived: refunded in full
/// already (`has_been`), or to be.
pub fn paid_after_cancelled(order_number: &str, has_been: bool) -> Failure {
    if has_been {
        Failure::conflict_code(
            format!(
                "Order {order_number} was cancelled before this payment arrived. The payment has been refunded."
            ),
            "PAYMENT_REFUNDED",
        )
    } else {
        Failure::conflict_code(
            format!(
                "Order {order_number} was cancelled before this payment arrived. The payment will be refunded."
            ),
            "ORDER_CANCELLED",
        )
    }
}

/// When the courier expects to deliver, in words: "by Sat, 28 Nov", or in
/// `days` days.
pub fn delivery_estimate(by: Option<NaiveDate>, days: Option<u32>) -> String {
    match (by, days) {
        (Some(d), _) => format!(
            "Estimated delivery by {} after dispatch",
            d.format("%a, %-d %b")
        ),
        (None, Some(n)) => format!(
            "Estimated delivery in {n} day{} after dispatch",
            if n == 1 { "" } else { "s" }
        ),
        (None, None) => "Couriers deliver to this pincode".to_string(),
    }
}

/// No courier delivers to `pincode`; the courier's own words in `why`.
pub fn pincode_not_served(pincode: &str, why: &str) -> String {
    format!(
        "Sorry, our couriers do not deliver to pincode {pincode} yet. Please use another delivery address. ({why})"
    )
}

/// A refund of more than is left (`remaining` paise) or of nothing.
pub fn refund_out_of_range(remaining: i64) -> Failure {
    Failure::bad_request(format!(
        "The refund must be between 1 and {remaining} paise (what has not been refunded yet)"
    ))
}

/// Why an order moved `to` cancelled or refunded was refunded (and so its
/// credit note): "Order cancelled".
pub fn refunded_for_status(to: OrderStatus) -> String {
    format!("Order {}", to.as_str())
}

/// A proof answered after version `latest` was sent.
pub fn proof_superseded(latest: i64) -> Failure {
    Failure::conflict(format!(
        "This proof was replaced by version {latest}: please review the latest version"
    ))
}

/// A request for changes without a comment.
pub fn proof_comment_missing() -> Failure {
    Failure::bad_request("Please say what to change")
}

/// A request for changes with a comment longer than `max` characters.
pub fn proof_comment_too_long(max: usize) -> Failure {
    Failure::bad_request(format!("The comment can be at most {max} characters"))
}

/// The customer approved version `version`.
pub fn proof_approved(version: i64) -> String {
    format!("Proof version {version} approved")
}

/// The customer asked for changes to version `version`.
pub fn proof_changes_requested(version: i64) -> String {
    format!("Changes to proof version {version} requested")
}

/// Why a line of an order was not added again: its product (`name`) is no
/// longer sold.
pub fn no_longer_sold(name: &str) -> String {
    format!("{name} is no longer sold.")
}

/// Why a line was not added again: its colour is no longer made.
pub fn no_longer_made_in(name: &str, colour: &str) -> String {
    format!("{name} is no longer made in {colour}.")
}

/// Why a line was not added again: its artwork is no longer stored.
pub fn artwork_gone(name: &str, colour: &str) -> String {
    format!(
        "The artwork of {name} ({colour}) is no longer stored: please make the design again in the studio."
    )
}

/// Why a line was not added again: the cart refused it (`refusal`).
pub fn line_refused(name: &str, colour: &str, refusal: &str) -> String {
    format!("{name} ({colour}): {refusal}")
}

/// The answer to ordering again: `added` designs added, `left_out` not.
pub fn ordered_again(added: usize, left_out: usize) -> String {
    match (added, left_out) {
        (0, _) => "Nothing could be added to your cart".to_string(),
        (n, 0) => format!("{n} design(s) added to your cart"),
        (n, m) => format!("{n} design(s) added to your cart; {m} left out"),
    }
}
