//! A complaint ticket's kinds and states, as stored and as the API spells them.

use serde::{Deserialize, Serialize};

/// What a complaint is about.
#[derive(poem_openapi::Enum, Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[oai(rename = "TicketCategory", rename_all = "lowercase")]
#[serde(rename_all = "lowercase")]
pub enum Category {
    Order,
    Delivery,
    Payment,
    Product,
    Account,
    Other,
}

impl Category {
    pub const ALL: [Category; 6] = [
        Category::Order,
        Category::Delivery,
        Category::Payment,
        Category::Product,
        Category::Account,
        Category::Other,
    ];

    pub fn as_str(self) -> &'static str {
        match self {
            Category::Order => "order",
            Category::Delivery => "delivery",
            Category::Payment => "payment",
            Category::Product => "product",
            Category::Account => "account",
            Category::Other => "other",
        }
    }

    pub fn parse(s: &str) -> Option<Category> {
        Category::ALL.into_iter().find(|c| c.as_str() == s)
    }
}

/// Where a ticket stands: `open` → `acknowledged` → `resolved`; reopening a
/// resolved ticket takes it back to `acknowledged` (or `open`, if it never was).
#[derive(poem_openapi::Enum, Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[oai(rename_all = "lowercase")]
#[serde(rename_all = "lowercase")]
pub enum TicketStatus {
    Open,
    Acknowledged,
    Resolved,
}

impl TicketStatus {
    pub const ALL: [TicketStatus; 3] = [
        TicketStatus::Open,
        TicketStatus::Acknowledged,
        TicketStatus::Resolved,
    ];

    pub fn as_str(self) -> &'static str {
        match self {
            TicketStatus::Open => "open",
            TicketStatus::Acknowledged => "acknowledged",
            TicketStatus::Resolved => "resolved",
        }
    }

    pub fn parse(s: &str) -> Option<TicketStatus> {
        TicketStatus::ALL.into_iter().find(|c| c.as_str() == s)
    }
}

/// Who wrote a message of a ticket's thread.
#[derive(poem_openapi::Enum, Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[oai(rename = "TicketAuthor", rename_all = "lowercase")]
#[serde(rename_all = "lowercase")]
pub enum Author {
    Customer,
    Staff,
}

impl Author {
    pub fn as_str(self) -> &'static str {
        match self {
            Author::Customer => "customer",
            Author::Staff => "staff",
        }
    }

    pub fn parse(s: &str) -> Option<Author> {
        [Author::Customer, Author::Staff]
            .into_iter()
            .find(|a| a.as_str() == s)
    }
}

super::stored_text::stored_as_text!(Category);
super::stored_text::stored_as_text!(TicketStatus);
super::stored_text::stored_as_text!(Author);
