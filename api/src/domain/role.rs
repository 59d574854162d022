//! Who an account is: a shopper or an admin.

use serde::{Deserialize, Serialize};

/// An account's role, as stored, in access tokens and in the API.
#[derive(poem_openapi::Enum, Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[oai(rename_all = "lowercase")]
#[serde(rename_all = "lowercase")]
pub enum Role {
    User,
    Admin,
}

impl Role {
    pub fn as_str(self) -> &'static str {
        match self {
            Role::User => "user",
            Role::Admin => "admin",
        }
    }

    pub fn parse(s: &str) -> Option<Role> {
        [Role::User, Role::Admin]
            .into_iter()
            .find(|r| r.as_str() == s)
    }
}

super::stored_text::stored_as_text!(Role);
