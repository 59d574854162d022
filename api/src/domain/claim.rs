//! A misprint or damage claim's kinds and states, as stored and as the API
//! spells them.

/// What is wrong with the pieces claimed.
#[derive(poem_openapi::Enum, Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[oai(rename_all = "snake_case")]
pub enum ClaimReason {
    Misprint,
    Damaged,
    WrongItem,
    Missing,
}

impl ClaimReason {
    pub const ALL: [ClaimReason; 4] = [
        ClaimReason::Misprint,
        ClaimReason::Damaged,
        ClaimReason::WrongItem,
        ClaimReason::Missing,
    ];

    pub fn as_str(self) -> &'static str {
        match self {
            ClaimReason::Misprint => "misprint",
            ClaimReason::Damaged => "damaged",
            ClaimReason::WrongItem => "wrong_item",
            ClaimReason::Missing => "missing",
        }
    }

    pub fn parse(s: &str) -> Option<ClaimReason> {
        ClaimReason::ALL.into_iter().find(|r| r.as_str() == s)
    }

    /// As a ticket's subject and the e-mails name it: "Misprint".
    pub fn label(self) -> &'static str {
        match self {
            ClaimReason::Misprint => "Misprint",
            ClaimReason::Damaged => "Damaged",
            ClaimReason::WrongItem => "Wrong item",
            ClaimReason::Missing => "Missing",
        }
    }
}

/// Where a claim stands: open until an admin decides it, once.
#[derive(poem_openapi::Enum, Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[oai(rename_all = "lowercase")]
pub enum ClaimStatus {
    Open,
    Reprinted,
    Refunded,
    Rejected,
}

impl ClaimStatus {
    pub const ALL: [ClaimStatus; 4] = [
        ClaimStatus::Open,
        ClaimStatus::Reprinted,
        ClaimStatus::Refunded,
        ClaimStatus::Rejected,
    ];

    pub fn as_str(self) -> &'static str {
        match self {
            ClaimStatus::Open => "open",
            ClaimStatus::Reprinted => "reprinted",
            ClaimStatus::Refunded => "refunded",
            ClaimStatus::Rejected => "rejected",
        }
    }

    pub fn parse(s: &str) -> Option<ClaimStatus> {
        ClaimStatus::ALL.into_iter().find(|r| r.as_str() == s)
    }
}

/// What an admin decides about a claim.
#[derive(poem_openapi::Enum, Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[oai(rename_all = "lowercase")]
pub enum ClaimAction {
    /// The pieces are made again: a linked order at ₹0.
    Reprint,
    /// The pieces' share of the order is refunded, with a credit note for them.
    Refund,
    /// Not accepted (a note says why).
    Reject,
}

impl ClaimAction {
    /// The status the decision leaves the claim in.
    pub fn status(self) -> ClaimStatus {
        match self {
            ClaimAction::Reprint => ClaimStatus::Reprinted,
            ClaimAction::Refund => ClaimStatus::Refunded,
            ClaimAction::Reject => ClaimStatus::Rejected,
        }
    }

    /// The decision a claim in `status` was given, if any.
    pub fn of(status: ClaimStatus) -> Option<ClaimAction> {
        match status {
            ClaimStatus::Open => None,
            ClaimStatus::Reprinted => Some(ClaimAction::Reprint),
            ClaimStatus::Refunded => Some(ClaimAction::Refund),
            ClaimStatus::Rejected => Some(ClaimAction::Reject),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_read_back() {
        for r in ClaimReason::ALL {
            assert_eq!(ClaimReason::parse(r.as_str()), Some(r));
        }
        for s in ClaimStatus::ALL {
            assert_eq!(ClaimStatus::parse(s.as_str()), Some(s));
            assert_eq!(ClaimAction::of(s).map(ClaimAction::status).unwrap_or(s), s);
        }
        assert_eq!(ClaimReason::parse("Misprint"), None);
    }
}
