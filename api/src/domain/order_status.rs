//! Where an order is.

use serde::{Deserialize, Serialize};

/// Where an order is (the specification's seven statuses). An admin may move
/// an order to any of them; a customer may only cancel a pending one.
#[derive(poem_openapi::Enum, Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[oai(rename_all = "lowercase")]
#[serde(rename_all = "lowercase")]
pub enum OrderStatus {
    Pending,
    Confirmed,
    Processing,
    Shipped,
    Delivered,
    Cancelled,
    Refunded,
}

impl OrderStatus {
    pub const ALL: [OrderStatus; 7] = [
        OrderStatus::Pending,
        OrderStatus::Confirmed,
        OrderStatus::Processing,
        OrderStatus::Shipped,
        OrderStatus::Delivered,
        OrderStatus::Cancelled,
        OrderStatus::Refunded,
    ];

    /// As stored and as the API spells it.
    pub fn as_str(self) -> &'static str {
        match self {
            OrderStatus::Pending => "pending",
            OrderStatus::Confirmed => "confirmed",
            OrderStatus::Processing => "processing",
            OrderStatus::Shipped => "shipped",
            OrderStatus::Delivered => "delivered",
            OrderStatus::Cancelled => "cancelled",
            OrderStatus::Refunded => "refunded",
        }
    }

    pub fn parse(s: &str) -> Option<OrderStatus> {
        OrderStatus::ALL.into_iter().find(|st| st.as_str() == s)
    }

    /// A move to this status gives a paid order's money back.
    pub fn refunds(self) -> bool {
        matches!(self, OrderStatus::Cancelled | OrderStatus::Refunded)
    }

    /// Production or after it: an order goes here only with an approved proof
    /// (or an admin's recorded override).
    pub fn in_production(self) -> bool {
        matches!(
            self,
            OrderStatus::Processing | OrderStatus::Shipped | OrderStatus::Delivered
        )
    }

    /// The customer hears of a move to this status by e-mail.
    pub fn tells_customer(self) -> bool {
        matches!(
            self,
            OrderStatus::Shipped
                | OrderStatus::Delivered
                | OrderStatus::Cancelled
                | OrderStatus::Refunded
        )
    }
}

super::stored_text::stored_as_text!(OrderStatus);
