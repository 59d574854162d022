//! Every text the store sends or shows a customer that is built from parts,
//! one function per message, named after it, by area: `accounts` (sign-in
//! codes and links, the second factor, notices to an account's owner, what
//! an account may hold), `orders` (confirmation, status changes, proofs,
//! delivery, refunds, checkout's refusals, ordering again), `production`
//! (the admin's words on stages, shipments and status changes), `claims`
//! (misprint and damage claims: the e-mails, the timeline, the refusals), `coupons` (the shopper's refusals, the admin's checks),
//! `groups`, `payment_plans` (an advance and its balance), `newsletter`, `backups` (a failed scheduled backup, to the admins), and `db_errors` (the usual answer to each database error).
//! The words are the specification's: tests assert many of them exactly.
//! A customer's letters take their `Language` (English or Hindi, the
//! recipient's stored choice) and say both beside each other; refusals are
//! built in English and `translate` gives a Hindi reader the Hindi of
//! `refusals_hi`, in one place ([docs/languages.md](../../../../docs/languages.md)).
//!
//! The layers below (`db`, the providers) never build a message: they take
//! the finished one from their caller.

pub mod accounts;
pub mod backups;
pub mod claims;
pub mod coupons;
mod db_errors;
pub mod groups;
pub mod hindi;
pub mod newsletter;
pub mod orders;
pub mod pages;
pub mod payment_plans;
pub mod production;
pub mod quotes;
mod refusals_hi;
mod studio_hi;
pub mod support;
pub mod translate;

#[cfg(test)]
mod both_languages;
pub mod whatsapp;

use crate::db::outbox;
use crate::domain::Language;
use crate::domain::company::Company;

/// An e-mail (or an SMS, whose subject only the outbox shows): its subject
/// and its body.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Letter {
    pub subject: String,
    pub body: String,
}

impl Letter {
    /// The letter as an e-mail to `to`, for the outbox.
    pub fn email_to(self, to: impl Into<String>) -> outbox::Outgoing {
        outbox::Outgoing {
            channel: "email",
            to: to.into(),
            subject: self.subject,
            body: self.body,
            attachment: None,
        }
    }
}

/// The seller's support contact, as the customer's e-mails and the proofs end.
pub trait SellerContact {
    /// "Questions? Write to … or call …." (blank when neither is configured).
    fn contact_line(&self) -> String {
        self.contact_line_in(Language::En)
    }
    /// The same in `language`.
    fn contact_line_in(&self, language: Language) -> String;
}

impl SellerContact for Company {
    fn contact_line_in(&self, language: Language) -> String {
        let (email, phone) = (self.support_email.as_str(), self.phone.as_str());
        match language {
            Language::En => match (email, phone) {
                ("", "") => String::new(),
                (email, "") => format!("Questions? Write to {email}."),
                ("", phone) => format!("Questions? Call {phone}."),
                (email, phone) => format!("Questions? Write to {email} or call {phone}."),
            },
            Language::Hi => match (email, phone) {
                ("", "") => String::new(),
                (email, "") => format!("कोई सवाल? {email} पर लिखें।"),
                ("", phone) => format!("कोई सवाल? {phone} पर कॉल करें।"),
                (email, phone) => format!("कोई सवाल? {email} पर लिखें या {phone} पर कॉल करें।"),
            },
        }
    }
}

/// `text`, then the seller's contact in `language` on its own line (nothing
/// after the text when there is none).
fn with_contact(text: &str, seller: &Company, language: Language) -> String {
    format!("{text}\n{}", seller.contact_line_in(language))
        .trim_end()
        .to_string()
}
