//! Password hashing with argon2id (19 MiB, 2 passes, 1 lane), on blocking
//! threads and at most two at a time, so logins cannot starve the server; at
//! most `MAX_WAITING` more wait their turn, and beyond that the answer is a
//! quick 503 instead of a queue that grows without end (`CpuQueue`).

use argon2::password_hash::{
    PasswordHash, PasswordHasher, PasswordVerifier, SaltString, rand_core::OsRng,
};
use argon2::{Algorithm, Argon2, Params, Version};

use crate::cpu_queue::CpuQueue;
use crate::error::Failure;

pub const MAX_WAITING: usize = 64;

pub const MIN_PASSWORD_CHARS: usize = 8;
/// Longer inputs are refused before hashing (hashing cost grows with length).
pub const MAX_PASSWORD_BYTES: usize = 1024;

fn argon() -> Argon2<'static> {
    Argon2::new(
        Algorithm::Argon2id,
        Version::V0x13,
        Params::new(19 * 1024, 2, 1, None).expect("valid params"),
    )
}

/// The lowest zxcvbn score (0 to 4) a new password may have: 3 is "safely
/// unguessable" (about 10^8 guesses and more), so common passwords, words on
/// their own, keyboard rows, dates and variations of the user's own name or
/// e-mail address are refused (ASVS 6.2).
pub const MIN_SCORE: u8 = 3;

/// Checks a new password (registration, change, reset): long enough, not too
/// long to hash, and not easy to guess for someone who knows `user_inputs`
/// (the user's name and e-mail address). The message says why and what helps.
pub fn check_strength(password: &str, user_inputs: &[&str]) -> Result<(), Failure> {
    if password.chars().count() < MIN_PASSWORD_CHARS {
        return Err(Failure::bad_request(
            "Password must be at least 8 characters",
        ));
    }
    if password.len() > MAX_PASSWORD_BYTES {
        return Err(Failure::bad_request("Password is too long"));
    }
    let mut inputs: Vec<String> = Vec::new();
    for input in user_inputs {
        let input = input.trim();
        inputs.push(input.to_string());
        // An address's own name ("asha.rao"), each part of a name or address
        // on its own ("asha", "rao", "example"), and all of it run together ("asharao").
        let own = input.split('@').next().unwrap_or(input);
        inputs.push(own.to_string());
        inputs.push(own.chars().filter(|c| c.is_alphanumeric()).collect());
        inputs.extend(
            input
                .split(|c: char| !c.is_alphanumeric())
                .filter(|part| part.chars().count() >= 3)
                .map(str::to_string),
        );
    }
    inputs.push(design_engine::catalogue::BRAND.to_string());
    let inputs: Vec<&str> = inputs.iter().map(String::as_str).collect();
    let estimate = zxcvbn::zxcvbn(password, &inputs);
    if u8::from(estimate.score()) >= MIN_SCORE {
        return Ok(());
    }
    let mut message = String::from("This password is too easy to guess.");
    if u8::from(zxcvbn::zxcvbn(password, &[]).score()) >= MIN_SCORE {
        message.push_str(" It is too close to your name or e-mail address.");
    }
    if let Some(feedback) = estimate.feedback() {
        if let Some(warning) = feedback.warning() {
            message.push(' ');
            message.push_str(&warning.to_string());
        }
        for suggestion in feedback.suggestions().iter().take(2) {
            message.push(' ');
            message.push_str(&suggestion.to_string());
        }
    }
    if !message.contains("word") {
        message.push_str(" Try a few uncommon words together.");
    }
    Err(Failure::bad_request(message))
}

/// The hashing queue of one server: two hashes at a time, `MAX_WAITING` more waiting.
pub struct Hasher {
    queue: CpuQueue,
}

impl Default for Hasher {
    fn default() -> Hasher {
        Hasher {
            queue: CpuQueue::new("password hashing", 2, MAX_WAITING, 64),
        }
    }
}

impl Hasher {
    /// The hashing line's state (`/metrics`).
    pub fn stats(&self) -> crate::cpu_queue::QueueStats {
        self.queue.stats()
    }

    pub async fn hash(&self, password: String) -> Result<String, Failure> {
        self.queue
            .run(move || {
                let salt = SaltString::generate(&mut OsRng);
                argon()
                    .hash_password(password.as_bytes(), &salt)
                    .map(|h| h.to_string())
            })
            .await?
            .map_err(Failure::internal)
    }

    pub async fn verify(&self, password: String, stored: String) -> Result<bool, Failure> {
        self.queue
            .run(move || {
                PasswordHash::new(&stored)
                    .is_ok_and(|h| argon().verify_password(password.as_bytes(), &h).is_ok())
            })
            .await
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn refused(password: &str, inputs: &[&str]) -> Option<String> {
        match check_strength(password, inputs) {
            Ok(()) => None,
            Err(f) if f.kind == crate::error::Kind::Invalid => Some(f.message),
            Err(other) => panic!("{other:?}"),
        }
    }

    #[test]
    fn weak_common_and_personal_passwords_are_refused() {
        let me = ["Asha Rao", "asha.rao@example.com"];
        for weak in [
            "password123",
            "qwertyuiop",
            "iloveyou1",
            "asharao123",
            "Asha.Rao2026",
        ] {
            let message = refused(weak, &me).unwrap_or_else(|| panic!("{weak} accepted"));
            assert!(
                message.starts_with("This password is too easy to guess."),
                "{message}"
            );
        }
        let personal = refused("Asha.Rao2026", &me).unwrap();
        assert!(
            personal.contains("too close to your name or e-mail address"),
            "{personal}"
        );
        assert_eq!(
            refused("short", &me).as_deref(),
            Some("Password must be at least 8 characters")
        );
        for strong in ["correct horse", "plum quartz lantern", "the owner's pw"] {
            assert_eq!(refused(strong, &me), None, "{strong}");
        }
    }
}
