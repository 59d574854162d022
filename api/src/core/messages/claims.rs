//! What misprint and damage claims tell people: the customer's e-mails at
//! each step (filed, reprinted, refunded, rejected), the order timeline's
//! words, the claim's ticket and refund, and the refusals.

use chrono::NaiveDate;
use design_engine::money::Paise;

use super::{Letter, with_contact};
use crate::domain::claim::{ClaimReason, ClaimStatus};
use crate::domain::company::Company;
use crate::domain::{Language, OrderStatus};
use crate::error::Failure;

/// The longest description of a claim, and of an admin's note on it.
pub const MESSAGE_MAX: usize = 2000;
pub const NOTE_MAX: usize = 1000;
/// The most photos a claim holds.
pub const PHOTOS_MAX: usize = 6;
/// The most claims an order may have open at once.
pub const OPEN_MAX: i64 = 10;

/// "2 pieces (M × 2)", "3 pieces (S × 1, XL × 2)": the pieces by size label
/// ("2 पीस (M × 2)" in Hindi).
pub fn pieces_text(pieces: &[(String, u32)], language: Language) -> String {
    let total: u32 = pieces.iter().map(|(_, n)| n).sum();
    let sizes: Vec<String> = pieces.iter().map(|(s, n)| format!("{s} × {n}")).collect();
    let noun = match language {
        Language::En if total == 1 => "piece",
        Language::En => "pieces",
        Language::Hi => "पीस",
    };
    format!("{total} {noun} ({})", sizes.join(", "))
}

/// What is wrong, as a customer's letter names it.
fn reason_in(reason: ClaimReason, language: Language) -> String {
    match language {
        Language::En => reason.label().to_lowercase(),
        Language::Hi => match reason {
            ClaimReason::Misprint => "गलत छपाई",
            ClaimReason::Damaged => "क्षतिग्रस्त",
            ClaimReason::WrongItem => "गलत सामान",
            ClaimReason::Missing => "गायब",
        }
        .to_string(),
    }
}

/// The claim's ticket subject: "Misprint: 2 pieces (M × 2) of order LT-…".
pub fn ticket_subject(reason: ClaimReason, pieces: &str, order_number: &str) -> String {
    format!("{}: {pieces} of order {order_number}", reason.label())
}

/// Why the money goes back, on the refund and its credit note.
pub fn refund_reason(ticket: &str, reason: ClaimReason, pieces: &str) -> String {
    format!(
        "Claim {ticket} ({}): {pieces}",
        reason.label().to_lowercase()
    )
}

/// A reprint's notes: what it remakes.
pub fn reprint_notes(order_number: &str, ticket: &str) -> String {
    serde_json::json!({ "reprintOf": order_number, "claim": ticket }).to_string()
}

/// The order timeline's line for a claim filed.
pub fn filed_label(pieces: &str) -> String {
    format!("Problem reported: {pieces}")
}

/// The order timeline's line for a claim decided.
pub fn decided_label(status: ClaimStatus, pieces: &str, refund: Option<Paise>) -> String {
    match (status, refund) {
        (ClaimStatus::Reprinted, _) => format!("Reprint on its way: {pieces}"),
        (ClaimStatus::Refunded, Some(amount)) => {
            format!("Refunded {} for {pieces}", amount.format_inr())
        }
        (ClaimStatus::Refunded, None) => format!("Refunded: {pieces}"),
        _ => format!("Claim not accepted: {pieces}"),
    }
}

/// The resolution of a claim's ticket: what was decided, and the admin's note.
pub fn resolution(
    status: ClaimStatus,
    pieces: &str,
    reprint: Option<&str>,
    refund: Option<Paise>,
    note: Option<&str>,
) -> String {
    let decided = match (status, reprint, refund) {
        (ClaimStatus::Reprinted, Some(order), _) => {
            format!("Claim decided: {pieces} reprinted at no charge as order {order}.")
        }
        (ClaimStatus::Refunded, _, Some(amount)) => format!(
            "Claim decided: {} refunded for {pieces}.",
            amount.format_inr()
        ),
        _ => format!("Claim not accepted: {pieces}."),
    };
    format!("{decided}{}", note_line(note, Language::En))
}

fn letter(
    order_number: &str,
    ticket: &str,
    text: String,
    seller: &Company,
    language: Language,
) -> Letter {
    Letter {
        subject: match language {
            Language::En => format!("Order {order_number}: your claim {ticket}"),
            Language::Hi => format!("ऑर्डर {order_number}: आपका दावा {ticket}"),
        },
        body: with_contact(&text, seller, language),
    }
}

/// The admin's note, as a sentence after a decision; nothing without one.
fn note_line(note: Option<&str>, language: Language) -> String {
    let ours = match language {
        Language::En => "Our note",
        Language::Hi => "हमारी टिप्पणी",
    };
    note.map(|n| format!("\n{ours}: {n}")).unwrap_or_default()
}

/// To `customer`: their claim about `pieces` (in `language`) of an order is received.
pub fn filed(
    order_number: &str,
    customer: &str,
    ticket: &str,
    pieces: &str,
    reason: ClaimReason,
    seller: &Company,
    language: Language,
) -> Letter {
    let reason = reason_in(reason, language);
    let text = match language {
        Language::En => format!(
            "Hello {customer}, we have received your claim about {pieces} of order {order_number} ({reason}). \
             Its number is {ticket}: please quote it when you write to us. We will look at your photos and answer \
             within 48 hours, and settle it within one month with a reprint or a refund. You can follow it in My Orders."
        ),
        Language::Hi => format!(
            "नमस्ते {customer}, हमें ऑर्डर {order_number} के {pieces} के बारे में आपका दावा ({reason}) मिल गया है। \
             इसकी संख्या {ticket} है: हमें लिखते समय कृपया इसका ज़िक्र करें। हम आपकी फ़ोटो देखकर 48 घंटों के भीतर \
             जवाब देंगे, और एक महीने के भीतर दोबारा छपाई या पैसे वापस करके इसे सुलझाएँगे। आप इसे 'मेरे ऑर्डर' में देख सकते हैं।"
        ),
    };
    letter(order_number, ticket, text, seller, language)
}

/// To `customer`: the pieces are made again as order `reprint`, at no charge.
#[allow(clippy::too_many_arguments)]
pub fn reprinted(
    order_number: &str,
    customer: &str,
    ticket: &str,
    pieces: &str,
    reprint: &str,
    note: Option<&str>,
    seller: &Company,
    language: Language,
) -> Letter {
    let note = note_line(note, language);
    let text = match language {
        Language::En => format!(
            "Hello {customer}, we are sorry about your order {order_number}. We are reprinting {pieces} at no charge, \
             from the same print files, as order {reprint} (claim {ticket}). It goes into production now, and you can \
             follow it in My Orders.{note}"
        ),
        Language::Hi => format!(
            "नमस्ते {customer}, आपके ऑर्डर {order_number} के लिए हमें खेद है। हम {pieces} बिना किसी शुल्क के, उन्हीं \
             प्रिंट फ़ाइलों से, ऑर्डर {reprint} के रूप में दोबारा छाप रहे हैं (दावा {ticket})। यह अभी उत्पादन में जा रहा है, \
             और आप इसे 'मेरे ऑर्डर' में देख सकते हैं।{note}"
        ),
    };
    letter(order_number, ticket, text, seller, language)
}

/// To `customer`: `amount` goes back for the pieces.
#[allow(clippy::too_many_arguments)]
pub fn refunded(
    order_number: &str,
    customer: &str,
    ticket: &str,
    pieces: &str,
    amount: Paise,
    note: Option<&str>,
    seller: &Company,
    language: Language,
) -> Letter {
    let note = note_line(note, language);
    let amount = amount.format_inr();
    let text = match language {
        Language::En => format!(
            "Hello {customer}, we are sorry about your order {order_number}. We are refunding {amount} for {pieces} (claim \
             {ticket}). The money goes back to the card you paid with within 5-7 business days, and the credit note \
             for these pieces will be in My Orders.{note}"
        ),
        Language::Hi => format!(
            "नमस्ते {customer}, आपके ऑर्डर {order_number} के लिए हमें खेद है। हम {pieces} के लिए {amount} वापस कर रहे हैं \
             (दावा {ticket})। पैसा 5-7 कार्यदिवसों में उसी कार्ड में लौट आएगा जिससे आपने भुगतान किया था, और इन पीस का \
             क्रेडिट नोट 'मेरे ऑर्डर' में होगा।{note}"
        ),
    };
    letter(order_number, ticket, text, seller, language)
}

/// To `customer`: the claim is not accepted, and why.
pub fn rejected(
    order_number: &str,
    customer: &str,
    ticket: &str,
    pieces: &str,
    note: &str,
    seller: &Company,
    language: Language,
) -> Letter {
    let text = match language {
        Language::En => format!(
            "Hello {customer}, we have looked at your claim {ticket} about {pieces} of order {order_number}, and we \
             cannot accept it.\nOur note: {note}\nIf you disagree, reply quoting {ticket}: our grievance officer will \
             look at it again."
        ),
        Language::Hi => format!(
            "नमस्ते {customer}, हमने ऑर्डर {order_number} के {pieces} के बारे में आपका दावा {ticket} देखा है, और हम इसे \
             स्वीकार नहीं कर सकते।\nहमारी टिप्पणी: {note}\nअगर आप सहमत नहीं हैं, तो {ticket} का ज़िक्र करते हुए जवाब दें: \
             हमारे शिकायत अधिकारी इसे फिर से देखेंगे।"
        ),
    };
    letter(order_number, ticket, text, seller, language)
}

pub fn not_delivered(order_number: &str, status: OrderStatus) -> Failure {
    Failure::conflict_code(
        format!(
            "A problem with the pieces can be reported once the order is delivered: order {order_number} is {}.",
            status.as_str()
        ),
        "NOT_DELIVERED",
    )
}

pub fn window_closed(order_number: &str, days: i64, delivered: NaiveDate) -> Failure {
    Failure::conflict_code(
        format!(
            "Misprints, defects and damage are taken within {days} days of delivery, and order {order_number} was \
             delivered on {}. Please write to us from the contact page instead.",
            delivered.format("%-d %B %Y")
        ),
        "CLAIM_WINDOW_CLOSED",
    )
}

pub fn too_many_open() -> Failure {
    Failure::conflict_code(
        format!(
            "This order has {OPEN_MAX} claims waiting for our answer: please wait for it before filing another."
        ),
        "TOO_MANY_OPEN_CLAIMS",
    )
}

pub fn bad_reason() -> Failure {
    Failure::bad_request_code(
        "Please choose what is wrong: misprint, damaged, wrong_item or missing",
        "BAD_REASON",
    )
}

pub fn bad_message() -> Failure {
    Failure::bad_request_code(
        format!("Please describe the problem in 1 to {MESSAGE_MAX} characters"),
        "BAD_MESSAGE",
    )
}

pub fn too_many_photos() -> Failure {
    Failure::bad_request_code(
        format!("Please add at most {PHOTOS_MAX} photos"),
        "TOO_MANY_PHOTOS",
    )
}

/// Photo `n` (from 1) is not a picture this customer uploaded (or is given twice).
pub fn bad_photo(n: usize) -> Failure {
    Failure::bad_request_code(
        format!("Photo {n} is not one you uploaded: please upload it again"),
        "BAD_PHOTO",
    )
}

pub fn duplicate_photo(n: usize) -> Failure {
    Failure::bad_request_code(format!("Photo {n} is given twice"), "BAD_PHOTO")
}

pub fn no_pieces() -> Failure {
    Failure::bad_request_code(
        "Please say how many pieces of each size have the problem",
        "NO_PIECES",
    )
}

pub fn unknown_size(label: &str) -> Failure {
    Failure::bad_request_code(
        format!("This design was not ordered in size {label}"),
        "UNKNOWN_SIZE",
    )
}

pub fn duplicate_size(label: &str) -> Failure {
    Failure::bad_request_code(format!("Size {label} is given twice"), "DUPLICATE_SIZE")
}

/// More pieces of `size` than the line has left to claim.
pub fn too_many_pieces(size: &str, ordered: u32, held: u32) -> Failure {
    let left = ordered.saturating_sub(held);
    Failure::bad_request_code(
        format!(
            "At most {left} pieces of size {size} can be claimed on this design: {ordered} were ordered and {held} \
             are in other claims"
        ),
        "TOO_MANY_PIECES",
    )
}

pub fn which_line() -> Failure {
    Failure::bad_request_code(
        "This order has several designs: please say which one the pieces are from (itemId)",
        "WHICH_LINE",
    )
}

pub fn unknown_line() -> Failure {
    Failure::bad_request_code("This order has no such design (itemId)", "UNKNOWN_LINE")
}

pub fn claim_not_found() -> Failure {
    Failure::not_found("Claim not found")
}

pub fn bad_status() -> Failure {
    Failure::bad_request("Invalid claim status")
}

pub fn already_decided(status: ClaimStatus) -> Failure {
    Failure::conflict_code(
        format!(
            "This claim was decided already ({}): a decision stands",
            status.as_str()
        ),
        "CLAIM_DECIDED",
    )
}

pub fn note_required() -> Failure {
    Failure::bad_request_code(
        "Please write a note saying why the claim is not accepted: the customer reads it",
        "NOTE_REQUIRED",
    )
}

pub fn note_too_long() -> Failure {
    Failure::bad_request_code(
        format!("The note can be at most {NOTE_MAX} characters"),
        "NOTE_TOO_LONG",
    )
}

pub fn personalised_reprint() -> Failure {
    Failure::conflict_code(
        "This design prints a name and number on each piece, and a claim by size cannot say which: refund the \
         pieces, or place their reprint by hand",
        "PERSONALISED_REPRINT",
    )
}

/// The pieces' share is more than the order has left to refund (or there is none: a ₹0 reprint).
pub fn nothing_to_refund(share: Paise, left: Paise) -> Failure {
    Failure::conflict_code(
        format!(
            "These pieces come to {}, and {} of the order's payment is left to refund",
            share.format_inr(),
            left.format_inr()
        ),
        "NOTHING_TO_REFUND",
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn pieces_read_as_people_count_them() {
        let en = Language::En;
        assert_eq!(pieces_text(&[("M".into(), 2)], en), "2 pieces (M × 2)");
        assert_eq!(
            pieces_text(&[("S".into(), 1), ("XL".into(), 2)], en),
            "3 pieces (S × 1, XL × 2)"
        );
        assert_eq!(pieces_text(&[("XXL".into(), 1)], en), "1 piece (XXL × 1)");
        assert_eq!(
            pieces_text(&[("XXL".into(), 1)], Language::Hi),
            "1 पीस (XXL × 1)"
        );
    }
}
