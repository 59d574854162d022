//! What the newsletter's double opt-in sends.

use super::Letter;

/// To an address asked for the newsletter: the link (`link`) that confirms it.
pub fn confirm_subscription(link: &str) -> Letter {
    Letter {
        subject: "Confirm your newsletter subscription".to_string(),
        body: format!(
            "Please confirm that you want our newsletter by opening this link within 48 hours: {link}\n\
             We send you nothing more until you do. If you did not ask for it, ignore this message."
        ),
    }
}

/// To an address once its link was opened.
pub fn welcome() -> Letter {
    Letter {
        subject: "Welcome to our newsletter".to_string(),
        body: "Thank you for confirming your subscription. New designs and offers will reach you here."
            .to_string(),
    }
}
