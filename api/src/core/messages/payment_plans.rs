//! Paying in two parts (issue 52): the customer's e-mails about the advance
//! and the balance, and the refusals checkout, the balance route and
//! shipping answer with.

use design_engine::money::Paise;

use super::{Letter, with_contact};
use crate::domain::Language;
use crate::domain::company::Company;
use crate::error::Failure;

/// The advance of an order paid in two parts was received.
pub fn advance_received(
    order_number: &str,
    advance: Paise,
    balance: Paise,
    items: i64,
    voucher: bool,
    seller: &Company,
    language: Language,
) -> Letter {
    let (subject, text) = match language {
        Language::En => (
            format!("Order {order_number} confirmed"),
            format!(
                "Thank you for your order {order_number}. We have received your advance of {advance} for {items} items, \
                 and your order goes into production. The balance of {balance} is due before dispatch: we will \
                 write when production ends, and you can pay it any time from the order's page in My Orders. \
                 Your tax invoice is issued when the order is paid in full.{}",
                if voucher {
                    " Your receipt voucher for the advance is in My Orders."
                } else {
                    ""
                }
            ),
        ),
        Language::Hi => (
            format!("ऑर्डर {order_number} की पुष्टि हो गई"),
            format!(
                "आपके ऑर्डर {order_number} के लिए धन्यवाद। हमें {items} पीस के लिए आपका {advance} का अग्रिम भुगतान मिल गया है, \
                 और आपका ऑर्डर बनना शुरू हो रहा है। शेष {balance} भेजने से पहले देना है: उत्पादन पूरा होने पर हम \
                 आपको लिखेंगे, और आप 'मेरे ऑर्डर' में ऑर्डर के पेज से कभी भी इसका भुगतान कर सकते हैं। \
                 पूरा भुगतान होने पर आपका टैक्स इनवॉइस जारी किया जाता है।{}",
                if voucher {
                    " अग्रिम भुगतान की रसीद (receipt voucher) 'मेरे ऑर्डर' में है।"
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

/// The balance of an order paid in two parts was received.
pub fn balance_received(
    order_number: &str,
    balance: Paise,
    total: Paise,
    invoiced: bool,
    seller: &Company,
    language: Language,
) -> Letter {
    let (subject, text) = match language {
        Language::En => (
            format!("Order {order_number}: balance received"),
            format!(
                "We have received the balance of {balance} for order {order_number}: it is paid in full ({total}) \
                 and will be dispatched.{}",
                if invoiced {
                    " Your tax invoice for the whole order is attached, and in My Orders."
                } else {
                    ""
                }
            ),
        ),
        Language::Hi => (
            format!("ऑर्डर {order_number}: शेष राशि मिल गई"),
            format!(
                "हमें ऑर्डर {order_number} की शेष राशि {balance} मिल गई है: पूरा भुगतान ({total}) हो गया है \
                 और ऑर्डर भेजा जाएगा।{}",
                if invoiced {
                    " पूरे ऑर्डर का टैक्स इनवॉइस इस ई-मेल के साथ संलग्न है, और 'मेरे ऑर्डर' में भी है।"
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

/// Production of an order with a balance due has ended: pay it to have it dispatched.
pub fn balance_due(
    order_number: &str,
    balance: Paise,
    link: &str,
    seller: &Company,
    language: Language,
) -> Letter {
    let (subject, text) = match language {
        Language::En => (
            format!("Order {order_number} is ready: balance of {balance} due"),
            format!(
                "Your order {order_number} is produced and ready to be dispatched. Please pay the balance of \
                 {balance} to have it shipped: {link}"
            ),
        ),
        Language::Hi => (
            format!("ऑर्डर {order_number} तैयार है: {balance} की शेष राशि देनी है"),
            format!(
                "आपका ऑर्डर {order_number} बन गया है और भेजने के लिए तैयार है। इसे भिजवाने के लिए कृपया \
                 {balance} की शेष राशि का भुगतान करें: {link}"
            ),
        ),
    };
    Letter {
        subject,
        body: with_contact(&text, seller, language),
    }
}

/// Checkout's refusal of a plan the order cannot have (400).
pub fn advance_not_offered(why: &design_engine::payment_plan::NotOffered) -> Failure {
    Failure::bad_request_code(why.to_string(), "ADVANCE_NOT_OFFERED")
}

/// The same receipt placed an order with the other plan.
pub fn plan_differs(order_number: &str) -> Failure {
    Failure::conflict_code(
        format!(
            "Order {order_number} was placed with another payment plan. Please reload the page to pay it as placed."
        ),
        "PAYMENT_PLAN_DIFFERS",
    )
}

/// The balance route on an order with nothing due (409).
pub fn nothing_due(order_number: &str) -> Failure {
    Failure::conflict_code(
        format!("Order {order_number} has no balance due"),
        "NO_BALANCE_DUE",
    )
}

/// The balance route on an order that was cancelled or refunded (409).
pub fn balance_of_cancelled(order_number: &str) -> Failure {
    Failure::conflict_code(
        format!("Order {order_number} was cancelled: its balance is not collected"),
        "ORDER_CANCELLED",
    )
}

/// Shipping an order whose balance is due (409).
pub fn balance_before_dispatch(order_number: &str, balance: Paise) -> Failure {
    Failure::conflict_code(
        format!(
            "Order {order_number} has a balance of {balance} due: it ships once the customer has paid it \
             (they were e-mailed a link when production ended, and can pay from the order's page)"
        ),
        "BALANCE_DUE",
    )
}

/// A second payment of a balance, or a balance paid after the order was cancelled, given back.
pub fn balance_refunded(order_number: &str, refunded: bool) -> Failure {
    let how = if refunded {
        "it has been refunded"
    } else {
        "it will be refunded"
    };
    Failure::conflict_code(
        format!(
            "The balance of order {order_number} was paid already, or the order was cancelled: {how}."
        ),
        "BALANCE_REFUNDED",
    )
}
