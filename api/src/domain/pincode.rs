//! An Indian pincode, checked once against India Post's directory: the one
//! rule for saved addresses and for checkout alike.

use crate::domain::pincodes::{INVALID_PINCODE, lookup};
use crate::error::Failure;

/// Six digits that India Post delivers to.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Pincode(String);

impl Pincode {
    pub fn parse(pin: &str) -> Result<Pincode, Failure> {
        let pin = pin.trim();
        match lookup(pin) {
            Some(_) => Ok(Pincode(pin.to_string())),
            None => Err(Failure::bad_request(INVALID_PINCODE)),
        }
    }

    pub fn into_string(self) -> String {
        self.0
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn pincodes() {
        assert_eq!(Pincode::parse(" 110001 ").unwrap().into_string(), "110001");
        for bad in ["", "5600", "1100011", "11000a", "000000"] {
            assert!(Pincode::parse(bad).is_err(), "{bad}");
        }
    }
}
