//! What quotes say: the e-mail that carries a quote's link, and the refusals
//! of making and accepting one, each naming its field with a stable code.

use chrono::NaiveDate;
use design_engine::money::Paise;

use super::{Letter, with_contact};
use crate::domain::Language;
use crate::domain::company::Company;
use crate::error::{Failure, Kind};

/// The longest note a quote carries, in characters.
pub const NOTE_MAX: usize = 1000;
/// The furthest ahead a quote may be valid, in days.
pub const MAX_VALID_DAYS: i64 = 365;

/// What a quote is for: `quantity` pieces of `product` in `colour`, with
/// the customer's design or without.
pub struct Quoted<'a> {
    pub quantity: u32,
    pub product: &'a str,
    pub colour: &'a str,
    pub has_design: bool,
}

/// To the customer, when the store makes them a quote.
pub fn quote_made(
    number: &str,
    quoted: &Quoted<'_>,
    unit_price: Paise,
    valid_until: NaiveDate,
    link: &str,
    seller: &Company,
    language: Language,
) -> Letter {
    let Quoted {
        quantity,
        product,
        colour,
        has_design,
    } = *quoted;
    let until = super::hindi::long_date(valid_until, language);
    let (subject, text) = match language {
        Language::En => (
            format!("Your quote {number} from {}", seller.name),
            format!(
                "We have prepared quote {number} for you: {quantity} × {product} ({colour}){}, at {unit_price} a piece.\n\
                 It is valid until {until}. See it, download its PDF and accept it at {link} \
                 (sign in with this e-mail address); accepting puts it in your cart at the quoted price.",
                if has_design { ", with your design" } else { "" }
            ),
        ),
        Language::Hi => (
            format!("{} की ओर से आपका कोटेशन {number}", seller.name),
            format!(
                "हमने आपके लिए कोटेशन {number} तैयार किया है: {quantity} × {product} ({colour}){}, {unit_price} प्रति पीस।\n\
                 यह {until} तक मान्य है। इसे देखें, इसकी PDF डाउनलोड करें और {link} पर स्वीकार करें \
                 (इसी ई-मेल पते से साइन इन करें); स्वीकार करने पर यह कोटेशन की कीमत पर आपकी कार्ट में आ जाएगा।",
                if has_design {
                    ", आपके डिज़ाइन के साथ"
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

fn field(message: impl Into<String>, code: &str) -> Failure {
    Failure::bad_request_code(message, code)
}

pub fn bad_email() -> Failure {
    field(
        "Please enter the customer's valid e-mail address",
        "QUOTE_EMAIL",
    )
}

pub fn unknown_product() -> Failure {
    field(
        "Unknown product: choose one from the catalogue",
        "QUOTE_PRODUCT",
    )
}

pub fn bad_valid_until() -> Failure {
    field(
        format!(
            "Please give the last day the quote is valid as YYYY-MM-DD: today or a later day, at most {MAX_VALID_DAYS} days ahead"
        ),
        "QUOTE_VALID_UNTIL",
    )
}

pub fn bad_note() -> Failure {
    field(
        format!("The note can be at most {NOTE_MAX} characters"),
        "QUOTE_NOTE",
    )
}

pub fn unknown_design() -> Failure {
    field(
        "No saved design of this customer has that id",
        "QUOTE_DESIGN",
    )
}

pub fn design_elsewhere() -> Failure {
    field(
        "That saved design is of another product or colour than the quote's",
        "QUOTE_DESIGN_PRODUCT",
    )
}

pub fn design_needed() -> Failure {
    field(
        "This quote is for the garments only: choose one of your saved designs of this product and colour to accept it",
        "QUOTE_DESIGN_NEEDED",
    )
}

pub fn design_given() -> Failure {
    field(
        "This quote already carries its design: accept it without another",
        "QUOTE_HAS_DESIGN",
    )
}

pub fn not_found() -> Failure {
    Failure::not_found("Quote not found")
}

pub fn expired(number: &str, valid_until: &str) -> Failure {
    Failure::new(
        Kind::Gone,
        format!("Quote {number} expired on {valid_until}. Please ask us for a new quote."),
    )
    .with_code("QUOTE_EXPIRED")
}

pub fn already_accepted(number: &str) -> Failure {
    Failure::conflict_code(
        format!(
            "Quote {number} has already been accepted: its line is in the cart it was accepted into"
        ),
        "QUOTE_ACCEPTED",
    )
}

pub fn already_in_cart() -> Failure {
    Failure::conflict_code(
        "Your cart already holds this design: remove that line, then accept the quote",
        "QUOTE_IN_CART",
    )
}

/// A held line's quantities or design are the quote's.
pub fn held_line_fixed() -> Failure {
    Failure::conflict_code(
        "This line holds a quoted price for exactly the quoted pieces and design: remove it to order something else",
        "QUOTED_LINE_FIXED",
    )
}
