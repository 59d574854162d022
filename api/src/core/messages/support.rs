//! What the complaints desk says: the acknowledgement with the ticket's
//! number, the store's replies and its resolution, the grievance officer's
//! daily list of overdue tickets, and the form's refusals, each naming its
//! field (with a stable code per field, so a page can mark it).

use chrono::NaiveDate;

use super::{Letter, with_contact};
use crate::db::tickets::{Added, MAX_THREAD};
use crate::domain::Language;
use crate::domain::company::Company;
use crate::domain::ticket::TicketStatus;
use crate::error::Failure;

/// The form's limits, in characters.
pub const NAME_MAX: usize = 100;
pub const SUBJECT_MAX: usize = 150;
pub const MESSAGE_MAX: usize = 5000;

fn day(d: NaiveDate) -> String {
    super::hindi::long_date(d, Language::En)
}

/// To whoever filed a complaint, at once: its number, the two promises and
/// where to follow it.
pub fn acknowledgement(
    number: &str,
    subject: &str,
    acknowledge_by: NaiveDate,
    resolve_by: NaiveDate,
    link: &str,
    seller: &Company,
    language: Language,
) -> Letter {
    let (acknowledge_by, resolve_by) = (
        super::hindi::long_date(acknowledge_by, language),
        super::hindi::long_date(resolve_by, language),
    );
    let (title, text) = match language {
        Language::En => (
            format!("Complaint {number} received"),
            format!(
                "We have received your complaint \"{subject}\". Its number is {number}: please quote it when you write to us.\n\
                 We will acknowledge it within 48 hours (by {acknowledge_by}) and resolve it within one month (by {resolve_by}).\n\
                 Follow it at {link} with this number and your e-mail address; signed in, you also find it \
                 under your account, where you can reply."
            ),
        ),
        Language::Hi => (
            format!("शिकायत {number} मिल गई"),
            format!(
                "हमें आपकी शिकायत \"{subject}\" मिल गई है। इसकी संख्या {number} है: हमें लिखते समय कृपया इसका ज़िक्र करें।\n\
                 हम 48 घंटों के भीतर ({acknowledge_by} तक) इसकी पावती देंगे और एक महीने के भीतर ({resolve_by} तक) इसे सुलझाएँगे।\n\
                 इस संख्या और अपने ई-मेल पते से इसे {link} पर देखें; साइन इन करने पर यह आपके खाते में भी मिलेगी, \
                 जहाँ आप जवाब दे सकते हैं।"
            ),
        ),
    };
    Letter {
        subject: title,
        body: with_contact(&text, seller, language),
    }
}

/// To the customer, when the store answers in the thread.
pub fn staff_reply(
    number: &str,
    from: &str,
    body: &str,
    link: &str,
    seller: &Company,
    language: Language,
) -> Letter {
    let (subject, text) = match language {
        Language::En => (
            format!("Reply to your complaint {number}"),
            format!(
                "{from} replied to your complaint {number}:\n\n{body}\n\n\
                 Read the whole thread at {link}."
            ),
        ),
        Language::Hi => (
            format!("आपकी शिकायत {number} का जवाब"),
            format!(
                "{from} ने आपकी शिकायत {number} का जवाब दिया:\n\n{body}\n\n\
                 पूरी बातचीत {link} पर पढ़ें।"
            ),
        ),
    };
    Letter {
        subject,
        body: with_contact(&text, seller, language),
    }
}

/// To the customer, when the store resolves the complaint with `note`.
pub fn resolved(
    number: &str,
    note: &str,
    link: &str,
    seller: &Company,
    language: Language,
) -> Letter {
    let (subject, text) = match language {
        Language::En => (
            format!("Complaint {number} resolved"),
            format!(
                "We have resolved your complaint {number}:\n\n{note}\n\n\
                 If this does not settle it, reply to it from your account and we will reopen it. \
                 The whole thread is at {link}."
            ),
        ),
        Language::Hi => (
            format!("शिकायत {number} सुलझा दी गई"),
            format!(
                "हमने आपकी शिकायत {number} सुलझा दी है:\n\n{note}\n\n\
                 अगर इससे बात नहीं सुलझती, तो अपने खाते से इसका जवाब दें और हम इसे दोबारा खोलेंगे। \
                 पूरी बातचीत {link} पर है।"
            ),
        ),
    };
    Letter {
        subject,
        body: with_contact(&text, seller, language),
    }
}

/// One line of the grievance officer's list.
pub struct OverdueLine<'a> {
    pub number: &'a str,
    pub subject: &'a str,
    pub status: &'a str,
    pub acknowledge_by: NaiveDate,
    pub resolve_by: NaiveDate,
}

/// To the grievance officer, once a day while any ticket is overdue.
pub fn overdue_digest(lines: &[OverdueLine<'_>], link: &str) -> Letter {
    let list: Vec<String> = lines
        .iter()
        .map(|l| {
            format!(
                "- {} ({}): \"{}\", acknowledge by {}, resolve by {}",
                l.number,
                l.status,
                l.subject,
                day(l.acknowledge_by),
                day(l.resolve_by)
            )
        })
        .collect();
    let n = lines.len();
    Letter {
        subject: format!("{n} overdue complaint{}", if n == 1 { "" } else { "s" }),
        body: format!(
            "These complaints are past their 48-hour acknowledgement or one-month resolution deadline:\n\n{}\n\n\
             Handle them at {link}.",
            list.join("\n")
        ),
    }
}

fn field(message: String, code: &str) -> Failure {
    Failure::bad_request_code(message, code)
}

pub fn bad_name() -> Failure {
    field(
        format!("Please enter your name (1 to {NAME_MAX} characters on one line)"),
        "TICKET_NAME",
    )
}

pub fn bad_email() -> Failure {
    field(
        "Please enter a valid email address".to_string(),
        "TICKET_EMAIL",
    )
}

pub fn bad_phone() -> Failure {
    field(
        "Please enter a valid 10-digit mobile number, or leave the phone empty".to_string(),
        "TICKET_PHONE",
    )
}

pub fn bad_subject() -> Failure {
    field(
        format!("Please enter a subject (1 to {SUBJECT_MAX} characters on one line)"),
        "TICKET_SUBJECT",
    )
}

pub fn bad_message() -> Failure {
    field(
        format!("Please describe the problem in the message (1 to {MESSAGE_MAX} characters)"),
        "TICKET_MESSAGE",
    )
}

/// An order id or number that names no order of the filer's (the same
/// words whether it exists or not).
pub fn bad_order() -> Failure {
    field(
        "The order is not one of yours: check the order number, or leave it empty".to_string(),
        "TICKET_ORDER",
    )
}

/// A resolution without a note.
pub fn resolution_note_needed() -> Failure {
    field(
        format!(
            "Please write the resolution note for the customer (1 to {MESSAGE_MAX} characters)"
        ),
        "TICKET_NOTE",
    )
}

/// A wrong ticket number or e-mail alike.
pub fn not_found() -> Failure {
    Failure::not_found("No complaint matches that number and e-mail")
}

/// A ticket id that is not there, or not the caller's.
pub fn ticket_not_found() -> Failure {
    Failure::not_found("Complaint not found")
}

/// Acknowledging a ticket that is not open.
pub fn not_open(status: TicketStatus) -> Failure {
    Failure::conflict_code(
        format!("This complaint is {} already", status.as_str()),
        "TICKET_NOT_OPEN",
    )
}

/// Resolving a resolved ticket.
pub fn already_resolved() -> Failure {
    Failure::conflict_code("This complaint is resolved already", "TICKET_RESOLVED")
}

/// Reopening a ticket that is not resolved.
pub fn not_resolved() -> Failure {
    Failure::conflict_code(
        "Only a resolved complaint can be reopened",
        "TICKET_NOT_RESOLVED",
    )
}

/// Assigning to someone who is not an admin.
pub fn not_an_admin() -> Failure {
    Failure::bad_request_code("adminId must be an admin's id", "TICKET_ASSIGNEE")
}

/// A message not added: no such ticket, or its thread is full.
pub fn added(outcome: Added) -> Result<(), Failure> {
    match outcome {
        Added::Added => Ok(()),
        Added::NoTicket => Err(ticket_not_found()),
        Added::Full => Err(Failure::conflict_code(
            format!(
                "This complaint's thread holds {MAX_THREAD} messages, the most it can: please file a new complaint"
            ),
            "TICKET_THREAD_FULL",
        )),
    }
}
