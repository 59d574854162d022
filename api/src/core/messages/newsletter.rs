//! What the newsletter's double opt-in sends, in the language the visitor
//! asked for (a subscriber has no account to keep one).

use super::Letter;
use crate::domain::Language;

/// To an address asked for the newsletter: the link (`link`) that confirms it.
pub fn confirm_subscription(link: &str, language: Language) -> Letter {
    match language {
        Language::En => Letter {
            subject: "Confirm your newsletter subscription".to_string(),
            body: format!(
                "Please confirm that you want our newsletter by opening this link within 48 hours: {link}\n\
                 We send you nothing more until you do. If you did not ask for it, ignore this message."
            ),
        },
        Language::Hi => Letter {
            subject: "अपनी न्यूज़लेटर सदस्यता की पुष्टि करें".to_string(),
            body: format!(
                "कृपया 48 घंटों के भीतर यह लिंक खोलकर पुष्टि करें कि आप हमारा न्यूज़लेटर चाहते हैं: {link}\n\
                 जब तक आप पुष्टि नहीं करते, हम आपको और कुछ नहीं भेजेंगे। अगर आपने यह नहीं माँगा था, तो इस संदेश को अनदेखा करें।"
            ),
        },
    }
}

/// To an address once its link was opened.
pub fn welcome(language: Language) -> Letter {
    match language {
        Language::En => Letter {
            subject: "Welcome to our newsletter".to_string(),
            body: "Thank you for confirming your subscription. New designs and offers will reach you here."
                .to_string(),
        },
        Language::Hi => Letter {
            subject: "हमारे न्यूज़लेटर में आपका स्वागत है".to_string(),
            body: "अपनी सदस्यता की पुष्टि करने के लिए धन्यवाद। नए डिज़ाइन और ऑफ़र आपको यहीं मिलेंगे।"
                .to_string(),
        },
    }
}
