//! Password hashing with argon2id (19 MiB, 2 passes, 1 lane), on blocking
//! threads and at most two at a time, so logins cannot starve the server; at
//! most `MAX_WAITING` more wait their turn, and beyond that the answer is a
//! quick 503 instead of a queue that grows without end (`CpuQueue`).

use argon2::password_hash::{
    PasswordHash, PasswordHasher, PasswordVerifier, SaltString, rand_core::OsRng,
};
use argon2::{Algorithm, Argon2, Params, Version};

use crate::cpu_queue::CpuQueue;
use crate::envelope::ApiError;

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

pub fn check_strength(password: &str) -> Result<(), ApiError> {
    if password.chars().count() < MIN_PASSWORD_CHARS {
        return Err(ApiError::bad_request(
            "Password must be at least 8 characters",
        ));
    }
    if password.len() > MAX_PASSWORD_BYTES {
        return Err(ApiError::bad_request("Password is too long"));
    }
    Ok(())
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
    pub async fn hash(&self, password: String) -> Result<String, ApiError> {
        self.queue
            .run(move || {
                let salt = SaltString::generate(&mut OsRng);
                argon()
                    .hash_password(password.as_bytes(), &salt)
                    .map(|h| h.to_string())
            })
            .await?
            .map_err(ApiError::internal)
    }

    pub async fn verify(&self, password: String, stored: String) -> Result<bool, ApiError> {
        self.queue
            .run(move || {
                PasswordHash::new(&stored)
                    .is_ok_and(|h| argon().verify_password(password.as_bytes(), &h).is_ok())
            })
            .await
    }
}
