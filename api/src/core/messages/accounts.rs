//! What accounts are told: e-mailed links, sign-in codes and their limits,
//! the second factor, notices to an account's owner that how they sign in
//! changed, the admins' notice that a day's code budget is spent, and what
//! an account may hold.

use super::{Letter, with_contact};
use crate::db::caps::Cap;
use crate::db::second_factor::{WRONG_CODES_LOCK, WRONG_CODES_WARNING};
use crate::domain::Language;
use crate::domain::company::Company;
use crate::domain::contact::Channel;
use crate::error::Failure;

/// The link (`link`) that confirms a new account's e-mail address.
pub fn verify_email(link: &str, language: Language) -> Letter {
    match language {
        Language::En => Letter {
            subject: "Confirm your e-mail address".to_string(),
            body: format!(
                "Confirm your e-mail address: {link}\nIf you did not create an account, ignore this message."
            ),
        },
        Language::Hi => Letter {
            subject: "अपने ई-मेल पते की पुष्टि करें".to_string(),
            body: format!(
                "अपने ई-मेल पते की पुष्टि करें: {link}\nअगर आपने खाता नहीं बनाया है, तो इस संदेश को अनदेखा करें।"
            ),
        },
    }
}

/// The link (`link`) that resets a forgotten password.
pub fn reset_password(link: &str, language: Language) -> Letter {
    match language {
        Language::En => Letter {
            subject: "Reset your password".to_string(),
            body: format!(
                "Reset your password within an hour: {link}\nIf you did not ask for this, ignore this message."
            ),
        },
        Language::Hi => Letter {
            subject: "अपना पासवर्ड रीसेट करें".to_string(),
            body: format!(
                "एक घंटे के भीतर अपना पासवर्ड रीसेट करें: {link}\nअगर आपने यह नहीं माँगा था, तो इस संदेश को अनदेखा करें।"
            ),
        },
    }
}

/// A sign-in code, by e-mail or SMS (an SMS provider's template words its
/// own SMS; this is the e-mail, and the dev outbox's SMS).
pub fn sign_in_code(channel: Channel, code: &str, language: Language) -> Letter {
    match language {
        Language::En => Letter {
            subject: match channel {
                Channel::Email => "Your sign-in code",
                Channel::Phone => "Sign-in code",
            }
            .to_string(),
            body: format!(
                "Your code is {code}. It is valid for 10 minutes. Do not share it with anyone."
            ),
        },
        Language::Hi => Letter {
            subject: match channel {
                Channel::Email => "आपका साइन-इन कोड",
                Channel::Phone => "साइन-इन कोड",
            }
            .to_string(),
            body: format!("आपका कोड {code} है। यह 10 मिनट तक मान्य है। इसे किसी के साथ साझा न करें।"),
        },
    }
}

/// The 429 of an address sent `at_most` codes in 24 hours; `seconds` until
/// it may have another.
pub fn too_many_codes_today(channel: Channel, at_most: i64, seconds: u64) -> Failure {
    let hours = seconds.div_ceil(3600).max(1);
    let unit = if hours == 1 { "hour" } else { "hours" };
    let what = match channel {
        Channel::Email => "e-mail address",
        Channel::Phone => "number",
    };
    Failure::too_many(
        format!(
            "Too many codes were sent to this {what} today (at most {at_most} in 24 hours). \
             Please try again in about {hours} {unit}."
        ),
        seconds,
    )
}

/// The answer while code sign-in of an address is paused for `seconds`.
pub fn code_sign_in_paused(seconds: u64) -> Failure {
    let minutes = seconds.div_ceil(60).max(1);
    let unit = if minutes == 1 { "minute" } else { "minutes" };
    Failure::too_many(
        format!(
            "Too many wrong codes. Signing in with a code is paused for this account; please try again in {minutes} {unit}."
        ),
        seconds,
    )
}

/// To the account's owner, once per pause: `wrong_codes` wrong codes for the
/// address on `channel` paused its code sign-in.
pub fn code_sign_in_paused_notice(
    channel: Channel,
    wrong_codes: i64,
    language: Language,
) -> Letter {
    match language {
        Language::En => {
            let through = match channel {
                Channel::Email => "your e-mail address",
                Channel::Phone => "your mobile number",
            };
            Letter {
                subject: "Sign-in with a code paused".to_string(),
                body: format!(
                    "Someone entered {wrong_codes} wrong sign-in codes for {through}, so signing in \
                     with a code is paused for up to an hour. Your codes were not revealed, and the account \
                     is unchanged. If this was you, wait a little and ask for a new code. If it was not, you \
                     need do nothing; never share a code with anyone."
                ),
            }
        }
        Language::Hi => {
            let through = match channel {
                Channel::Email => "आपके ई-मेल पते",
                Channel::Phone => "आपके मोबाइल नंबर",
            };
            Letter {
                subject: "कोड से साइन-इन रोका गया".to_string(),
                body: format!(
                    "किसी ने {through} के लिए {wrong_codes} गलत साइन-इन कोड डाले, इसलिए कोड से साइन-इन \
                     अधिकतम एक घंटे के लिए रोक दिया गया है। आपके कोड किसी को नहीं दिखे, और खाते में कोई बदलाव \
                     नहीं हुआ है। अगर यह आप थे, तो थोड़ा रुककर नया कोड माँगें। अगर आप नहीं थे, तो आपको कुछ \
                     करने की ज़रूरत नहीं है; कोड कभी किसी के साथ साझा न करें।"
                ),
            }
        }
    }
}

/// To the admins, once per channel and day: the day's `budget` of codes on
/// `channel` is spent.
pub fn code_budget_spent(channel: Channel, budget: i64) -> Letter {
    let (subject, what, setting, instead) = match channel {
        Channel::Phone => (
            "SMS sign-in codes paused for today",
            format!("{budget} SMS"),
            "SMS_DAILY_LIMIT",
            "shoppers are asked to sign in with their e-mail instead",
        ),
        Channel::Email => (
            "E-mail sign-in codes paused for today",
            format!("{budget} e-mails"),
            "EMAIL_CODE_DAILY_LIMIT",
            "shoppers are asked to sign in with their password",
        ),
    };
    Letter {
        subject: subject.to_string(),
        body: format!(
            "Today's budget of sign-in codes is spent: {what} ({setting}), counted over the India \
             calendar day. Until midnight India time, code sends on this channel answer 503 and \
             {instead}. If this is real demand, raise {setting} and restart the store; if it is not, \
             someone may be requesting codes to run up the bill: look for 'code budget spent' in the log."
        ),
    }
}

/// A notice to an account's owner that how they sign in changed (`what`),
/// so a change they did not make does not go unnoticed.
fn owner_notice(subject: &str, what: &str, seller: &Company, language: Language) -> Letter {
    let advice = match language {
        Language::En => {
            "If this was not you, reset your password from the sign-in page at once and contact us."
        }
        Language::Hi => {
            "अगर यह आपने नहीं किया, तो तुरंत साइन-इन पेज से अपना पासवर्ड रीसेट करें और हमसे संपर्क करें।"
        }
    };
    Letter {
        subject: subject.to_string(),
        body: with_contact(&format!("{what}\n{advice}"), seller, language),
    }
}

/// To the owner: the password was reset with the e-mailed link.
pub fn password_reset(seller: &Company, language: Language) -> Letter {
    match language {
        Language::En => owner_notice(
            "Your password was reset",
            "The password of your account was reset with the link we e-mailed, and every device was signed out.",
            seller,
            language,
        ),
        Language::Hi => owner_notice(
            "आपका पासवर्ड रीसेट किया गया",
            "आपके खाते का पासवर्ड हमारे ई-मेल किए गए लिंक से रीसेट किया गया, और सभी डिवाइस से साइन आउट कर दिया गया।",
            seller,
            language,
        ),
    }
}

/// To the owner: the password was changed while signed in.
pub fn password_changed(seller: &Company, language: Language) -> Letter {
    match language {
        Language::En => owner_notice(
            "Your password was changed",
            "The password of your account was changed, and your other devices were signed out.",
            seller,
            language,
        ),
        Language::Hi => owner_notice(
            "आपका पासवर्ड बदला गया",
            "आपके खाते का पासवर्ड बदला गया, और आपके दूसरे डिवाइस से साइन आउट कर दिया गया।",
            seller,
            language,
        ),
    }
}

// Admins' notices below stay in English: the admin's pages are English.

/// To an admin: an authenticator app became their second factor.
pub fn authenticator_set_up(seller: &Company) -> Letter {
    owner_notice(
        "An authenticator app was set up",
        "An authenticator app was set up as the second factor of your admin account.",
        seller,
        Language::En,
    )
}

/// To an admin: a recovery code signed them in; `left` remain.
pub fn recovery_code_used(left: i64, seller: &Company) -> Letter {
    owner_notice(
        "A recovery code was used",
        &format!("A recovery code was used to sign in to your admin account; {left} are left."),
        seller,
        Language::En,
    )
}

/// To an admin: the wrong codes for their second factor reached the warning.
pub fn wrong_second_factor_codes(seller: &Company) -> Letter {
    owner_notice(
        "Wrong codes for your second factor",
        &format!(
            "Someone entered {WRONG_CODES_WARNING} wrong codes for your second factor in the last \
             24 hours; after {WRONG_CODES_LOCK} it locks until you unlock it from an e-mailed link. \
             If it was not you, change your password: whoever it was knows it."
        ),
        seller,
        Language::En,
    )
}

/// To an admin whose second factor locked: the link (`link`) that unlocks it.
pub fn unlock_second_factor(link: &str) -> Letter {
    Letter {
        subject: "Your second factor is locked".to_string(),
        body: format!(
            "Someone entered {WRONG_CODES_LOCK} wrong codes for your second factor within 24 hours, so it \
             is locked: no code signs in until it is unlocked. Unlock it within 24 hours: {link}\n\
             If it was not you, change your password once you are signed in: whoever it was knows it."
        ),
    }
}

/// The answer while the second factor is locked; `retry_after` is how long
/// the e-mailed link still works.
pub fn second_factor_locked(retry_after: u64) -> Failure {
    Failure::too_many(
        format!(
            "Your second factor is locked after {WRONG_CODES_LOCK} wrong codes. We e-mailed you a link \
             to unlock it; open it, then sign in again."
        ),
        retry_after,
    )
}

/// The answer to a sign-in with a recovery code, `left` of them remaining.
pub fn signed_in_with_recovery_code(left: i64) -> String {
    format!("Login successful. You have {left} recovery codes left.")
}

/// The 409 of an account that holds as many as `cap` allows; nothing was added.
pub fn at_cap(cap: Cap) -> Failure {
    let n = cap.limit();
    let message = match cap {
        Cap::CartLines => format!(
            "Your cart can hold up to {n} designs. Please check out or remove one before adding another."
        ),
        Cap::Addresses => {
            format!("You can keep up to {n} addresses. Please delete one to add another.")
        }
        Cap::OpenOrders => format!(
            "You have {n} orders waiting for payment. Please cancel one in My Orders before placing another."
        ),
    };
    Failure::conflict_code(message, cap.code())
}
