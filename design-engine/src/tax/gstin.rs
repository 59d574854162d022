//! GSTINs: the format, the state code and the check character, and a
//! buyer's GSTIN against the state they are billed in.

use serde::{Deserialize, Serialize};

use super::states::GstState;

/// Why a GSTIN was refused, each with its own message (shoppers read them at
/// checkout, sellers in the start-up log).
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum GstinError {
    #[error("A GSTIN has 15 characters, letters and digits only")]
    Length,
    #[error(
        "This GSTIN is not in the right format: 2 digits of the state, the 10-character PAN, 1 digit or letter, Z, and a check character"
    )]
    Format,
    /// The first two digits, which name no state or union territory.
    #[error("This GSTIN starts with {0:02}, which is not a GST state code")]
    State(u8),
    #[error("This GSTIN's check character is wrong: please check it for a typing mistake")]
    CheckCharacter,
    /// A buyer's GSTIN from another state than the one they are billed in.
    #[error(
        "This GSTIN is registered in {} ({:02}), but the billing address is in {}",
        .registered.name, .registered.code, .billing.name
    )]
    StateMismatch {
        registered: GstState,
        billing: GstState,
    },
    /// The billing address names no state the GSTIN could be compared with.
    #[error("The billing address's state, {0:?}, is not a state or union territory of India")]
    UnknownBillingState(String),
}

/// A GSTIN whose format, state code and check character are right.
#[derive(Debug, Clone, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(try_from = "String", into = "String")]
pub struct Gstin(String);

const GSTIN_ALPHABET: &[u8; 36] = b"0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ";

/// The check character of a GSTIN's first 14 characters (upper case, `0-9A-Z`).
fn check_character(first14: &[u8]) -> Option<u8> {
    let mut sum = 0u32;
    for (i, c) in first14.iter().enumerate() {
        let value = GSTIN_ALPHABET.iter().position(|a| a == c)? as u32;
        let product = value * if i % 2 == 0 { 1 } else { 2 };
        sum += product / 36 + product % 36;
    }
    Some(GSTIN_ALPHABET[((36 - sum % 36) % 36) as usize])
}

impl Gstin {
    /// Checks a GSTIN (spaces around it ignored, any case).
    pub fn parse(raw: &str) -> Result<Gstin, GstinError> {
        let s = raw.trim().to_ascii_uppercase();
        let b = s.as_bytes();
        if b.len() != 15 || !b.iter().all(u8::is_ascii_alphanumeric) {
            return Err(GstinError::Length);
        }
        let digits = |r: std::ops::Range<usize>| b[r].iter().all(u8::is_ascii_digit);
        let letters = |r: std::ops::Range<usize>| b[r].iter().all(u8::is_ascii_uppercase);
        // State (2 digits), PAN (5 letters, 4 digits, a letter), entity, Z, check.
        if !(digits(0..2) && letters(2..7) && digits(7..11) && letters(11..12) && b[13] == b'Z') {
            return Err(GstinError::Format);
        }
        let code: u8 = s[..2].parse().map_err(|_| GstinError::Format)?;
        if GstState::by_code(code).is_none() {
            return Err(GstinError::State(code));
        }
        if check_character(&b[..14]) != Some(b[14]) {
            return Err(GstinError::CheckCharacter);
        }
        Ok(Gstin(s))
    }

    pub fn as_str(&self) -> &str {
        &self.0
    }

    /// The registration's state (its first two digits).
    pub fn state(&self) -> GstState {
        GstState::by_code(self.0[..2].parse().expect("checked")).expect("checked")
    }
}

/// A buyer's GSTIN as checkout takes it (spaces around it ignored, any
/// case): blank is none; otherwise it must be valid and registered in the
/// billing address's state (a business claims input tax credit in the state
/// it is billed in). A blank `billing_state` (a form not filled in yet) is
/// not compared.
pub fn buyer_gstin(raw: &str, billing_state: &str) -> Result<Option<Gstin>, GstinError> {
    if raw.trim().is_empty() {
        return Ok(None);
    }
    let gstin = Gstin::parse(raw)?;
    if billing_state.trim().is_empty() {
        return Ok(Some(gstin));
    }
    let billing = GstState::by_name(billing_state)
        .ok_or_else(|| GstinError::UnknownBillingState(billing_state.trim().to_string()))?;
    let registered = gstin.state();
    if registered.code != billing.code {
        return Err(GstinError::StateMismatch {
            registered,
            billing,
        });
    }
    Ok(Some(gstin))
}

impl TryFrom<String> for Gstin {
    type Error = GstinError;
    fn try_from(s: String) -> Result<Gstin, GstinError> {
        Gstin::parse(&s)
    }
}

impl From<Gstin> for String {
    fn from(g: Gstin) -> String {
        g.0
    }
}
