//! The words of the updates sent by WhatsApp, and of their SMS and e-mail
//! fallbacks, in English and Hindi by the customer's `users.language`. The
//! WhatsApp templates approved at MSG91 (docs/whatsapp.md) carry these same
//! words with `{{1}}`, `{{2}}`.. where the variables go, in the order each
//! event's variables are listed here.

use super::Letter;
use crate::domain::Language;
use crate::whatsapp::Event;

/// The variables of each event's template, in order (for the docs and the
/// callers in `core::notify`).
pub fn variables_of(event: Event) -> &'static [&'static str] {
    match event {
        Event::OrderConfirmed => &["name", "order number", "total"],
        Event::ProofReady => &["name", "order number", "version", "link"],
        Event::Shipped => &["name", "order number", "courier", "AWB", "tracking link"],
        Event::OutForDelivery | Event::Delivered => &["name", "order number"],
        Event::BalanceDue => &["name", "order number", "amount", "link"],
        Event::GroupJoined | Event::GroupPlaced => &["name", "group order"],
        Event::ComplaintAcknowledged => &["name", "order number", "reference"],
    }
}

/// The update as text (SMS, e-mail, the dev outbox): its subject and body.
pub fn update(event: Event, language: Language, v: &[String]) -> Letter {
    let at = |i: usize| v.get(i).map(String::as_str).unwrap_or("");
    let (name, second) = (at(0), at(1));
    let (subject, body) = match language {
        Language::En => match event {
            Event::OrderConfirmed => (
                format!("Order {second} confirmed"),
                format!(
                    "Hi {name}, your order {second} for {} is confirmed. We will send you a proof to approve before we print.",
                    at(2)
                ),
            ),
            Event::ProofReady => (
                format!("Proof ready for order {second}"),
                format!(
                    "Hi {name}, proof version {} of your order {second} is ready. Approve it or ask for changes (link valid 7 days, one use): {}",
                    at(2),
                    at(3)
                ),
            ),
            Event::Shipped => (
                format!("Order {second} shipped"),
                format!(
                    "Hi {name}, your order {second} has shipped with {}, AWB {}. Track it: {}",
                    at(2),
                    at(3),
                    at(4)
                ),
            ),
            Event::OutForDelivery => (
                format!("Order {second} out for delivery"),
                format!("Hi {name}, your order {second} is out for delivery today."),
            ),
            Event::Delivered => (
                format!("Order {second} delivered"),
                format!(
                    "Hi {name}, your order {second} has been delivered. Thank you for shopping with us!"
                ),
            ),
            Event::BalanceDue => (
                format!("Balance due on order {second}"),
                format!(
                    "Hi {name}, your order {second} is made: the balance of {} is due before we dispatch it. Pay it here: {}",
                    at(2),
                    at(3)
                ),
            ),
            Event::GroupJoined => (
                format!("You joined {second}"),
                format!(
                    "Hi {name}, you have joined the group order {second}. We will tell you when it is placed."
                ),
            ),
            Event::GroupPlaced => (
                format!("{second} is placed"),
                format!(
                    "Hi {name}, the group order {second} has been placed and goes into production."
                ),
            ),
            Event::ComplaintAcknowledged => (
                format!("We received your complaint on order {second}"),
                format!(
                    "Hi {name}, we have received your complaint on order {second} (reference {}). We will reply within 2 working days.",
                    at(2)
                ),
            ),
        },
        Language::Hi => match event {
            Event::OrderConfirmed => (
                format!("ऑर्डर {second} की पुष्टि हो गई"),
                format!(
                    "नमस्ते {name}, {} का आपका ऑर्डर {second} कन्फ़र्म हो गया है। छपाई से पहले हम आपको स्वीकृति के लिए प्रूफ़ भेजेंगे।",
                    at(2)
                ),
            ),
            Event::ProofReady => (
                format!("ऑर्डर {second} का प्रूफ़ तैयार है"),
                format!(
                    "नमस्ते {name}, आपके ऑर्डर {second} का प्रूफ़ संस्करण {} तैयार है। इसे स्वीकार करें या बदलाव माँगें (लिंक 7 दिन तक, एक बार मान्य): {}",
                    at(2),
                    at(3)
                ),
            ),
            Event::Shipped => (
                format!("ऑर्डर {second} भेज दिया गया"),
                format!(
                    "नमस्ते {name}, आपका ऑर्डर {second} {} से भेज दिया गया है, AWB {}। ट्रैक करें: {}",
                    at(2),
                    at(3),
                    at(4)
                ),
            ),
            Event::OutForDelivery => (
                format!("ऑर्डर {second} डिलीवरी के लिए निकला"),
                format!("नमस्ते {name}, आपका ऑर्डर {second} आज डिलीवरी के लिए निकला है।"),
            ),
            Event::Delivered => (
                format!("ऑर्डर {second} डिलीवर हो गया"),
                format!(
                    "नमस्ते {name}, आपका ऑर्डर {second} डिलीवर हो गया है। हमसे ख़रीदारी के लिए धन्यवाद!"
                ),
            ),
            Event::BalanceDue => (
                format!("ऑर्डर {second} की बाकी राशि देय है"),
                format!(
                    "नमस्ते {name}, आपका ऑर्डर {second} तैयार है: भेजने से पहले बाकी राशि {} देय है। यहाँ चुकाएँ: {}",
                    at(2),
                    at(3)
                ),
            ),
            Event::GroupJoined => (
                format!("आप {second} में शामिल हो गए"),
                format!(
                    "नमस्ते {name}, आप ग्रुप ऑर्डर {second} में शामिल हो गए हैं। ऑर्डर दिए जाने पर हम आपको बताएँगे।"
                ),
            ),
            Event::GroupPlaced => (
                format!("{second} का ऑर्डर दे दिया गया"),
                format!("नमस्ते {name}, ग्रुप ऑर्डर {second} दे दिया गया है और छपाई में जा रहा है।"),
            ),
            Event::ComplaintAcknowledged => (
                format!("ऑर्डर {second} पर आपकी शिकायत मिली"),
                format!(
                    "नमस्ते {name}, ऑर्डर {second} पर आपकी शिकायत हमें मिल गई है (संदर्भ {})। हम 2 कार्य-दिवसों में जवाब देंगे।",
                    at(2)
                ),
            ),
        },
    };
    Letter { subject, body }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Every event speaks both languages, and each variable it lists shows
    /// in its text (none is dropped by a translation).
    #[test]
    fn every_update_has_both_languages_with_every_variable() {
        for event in Event::ALL {
            let vars: Vec<String> = (0..variables_of(event).len())
                .map(|i| format!("<v{i}>"))
                .collect();
            let en = update(event, Language::En, &vars);
            let hi = update(event, Language::Hi, &vars);
            assert_ne!(en.body, hi.body, "{event:?}");
            for v in &vars {
                assert!(
                    en.body.contains(v) || en.subject.contains(v),
                    "{event:?} en {v}"
                );
                assert!(
                    hi.body.contains(v) || hi.subject.contains(v),
                    "{event:?} hi {v}"
                );
            }
        }
    }
}
