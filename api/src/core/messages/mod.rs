//! Every text the store sends or shows a customer that is built from parts,
//! one function per message, named after it, by area: `groups`.
//! The words are the specification's: tests assert many of them exactly.
//!
//! The layers below (`db`, the providers) never build a message: they take
//! the finished one from their caller.

pub mod groups;

use crate::db::outbox;

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
