//! The shopper's contact details, checked once where they enter (a request
//! body) with the forms' own messages, then passed on as these types.

use crate::error::Failure;

/// A lower-cased e-mail address with one `@` and a dotted domain.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Email(String);

impl Email {
    pub fn parse(email: &str) -> Result<Email, Failure> {
        let email = email.trim().to_lowercase();
        let valid = email.len() <= 254
            && !email.contains(char::is_whitespace)
            && email.split_once('@').is_some_and(|(local, domain)| {
                !local.is_empty()
                    && !domain.contains('@')
                    && domain.contains('.')
                    && !domain.starts_with('.')
                    && !domain.ends_with('.')
            });
        if valid {
            Ok(Email(email))
        } else {
            Err(Failure::bad_request("Please enter a valid email address"))
        }
    }

    pub fn as_str(&self) -> &str {
        &self.0
    }

    pub fn into_string(self) -> String {
        self.0
    }
}

/// An Indian mobile number: its 10 digits (a +91 or 0 prefix and separators dropped).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Phone(String);

impl Phone {
    pub fn parse(phone: &str) -> Result<Phone, Failure> {
        let digits: String = phone.chars().filter(char::is_ascii_digit).collect();
        let digits = match digits.len() {
            12 if digits.starts_with("91") => digits[2..].to_string(),
            11 if digits.starts_with('0') => digits[1..].to_string(),
            _ => digits,
        };
        if digits.len() == 10 && !digits.starts_with('0') {
            Ok(Phone(digits))
        } else {
            Err(Failure::bad_request(
                "Please enter a valid 10-digit mobile number",
            ))
        }
    }

    pub fn as_str(&self) -> &str {
        &self.0
    }

    pub fn into_string(self) -> String {
        self.0
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn emails() {
        assert_eq!(
            Email::parse(" Asha@Example.COM ").unwrap().as_str(),
            "asha@example.com"
        );
        for bad in [
            "",
            "asha",
            "asha@",
            "@example.com",
            "a@b@c.com",
            "a@example.",
            "a b@example.com",
        ] {
            assert!(Email::parse(bad).is_err(), "{bad}");
        }
    }

    /// The cases the web app's forms are tested against too (web/src/lib/contact.ts).
    #[derive(serde::Deserialize)]
    struct Cases {
        email: Vec<Case>,
        phone: Vec<Case>,
    }

    #[derive(serde::Deserialize)]
    struct Case {
        input: String,
        expected: Option<String>,
    }

    #[test]
    fn the_shared_cases() {
        let cases: Cases =
            serde_json::from_str(include_str!("../../tests/cases/contact.json")).unwrap();
        for c in cases.email {
            let kept = Email::parse(&c.input).ok().map(Email::into_string);
            assert_eq!(kept, c.expected, "e-mail {:?}", c.input);
        }
        for c in cases.phone {
            let kept = Phone::parse(&c.input).ok().map(Phone::into_string);
            assert_eq!(kept, c.expected, "phone {:?}", c.input);
        }
    }

    #[test]
    fn phones() {
        assert_eq!(
            Phone::parse("+91 98765-43210").unwrap().as_str(),
            "9876543210"
        );
        for bad in ["", "12345", "0876543210", "919876543210123"] {
            assert!(Phone::parse(bad).is_err(), "{bad}");
        }
    }
}

/// Where a sign-in code goes: an e-mail address or a mobile number.
#[derive(Clone, Copy, Debug)]
pub enum Channel {
    Email,
    Phone,
}

impl Channel {
    /// The channel's name as stored.
    pub fn key(self) -> &'static str {
        match self {
            Channel::Email => "email",
            Channel::Phone => "phone",
        }
    }
}
