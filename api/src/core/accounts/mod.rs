//! Accounts: one-time sign-in codes, access tokens and second factors.

pub mod codes;
pub mod second_factor;
pub mod tokens;
