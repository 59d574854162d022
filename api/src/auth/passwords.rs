//! Password hashing with argon2id (19 MiB, 2 passes, 1 lane), on blocking
//! threads and at most two at a time, so logins cannot starve the server.

use argon2::password_hash::{
    PasswordHash, PasswordHasher, PasswordVerifier, SaltString, rand_core::OsRng,
};
use argon2::{Algorithm, Argon2, Params, Version};
use tokio::sync::Semaphore;

use crate::envelope::ApiError;

static SLOTS: Semaphore = Semaphore::const_new(2);

pub const MIN_PASSWORD_CHARS: usize = 8;

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
    if password.len() > 1024 {
        return Err(ApiError::bad_request("Password is too long"));
    }
    Ok(())
}

async fn blocking<T: Send + 'static>(
    f: impl FnOnce() -> T + Send + 'static,
) -> Result<T, ApiError> {
    let _slot = SLOTS.acquire().await.map_err(ApiError::internal)?;
    tokio::task::spawn_blocking(f)
        .await
        .map_err(ApiError::internal)
}

pub async fn hash(password: String) -> Result<String, ApiError> {
    blocking(move || {
        let salt = SaltString::generate(&mut OsRng);
        argon()
            .hash_password(password.as_bytes(), &salt)
            .map(|h| h.to_string())
    })
    .await?
    .map_err(ApiError::internal)
}

pub async fn verify(password: String, stored: String) -> Result<bool, ApiError> {
    blocking(move || {
        PasswordHash::new(&stored)
            .is_ok_and(|h| argon().verify_password(password.as_bytes(), &h).is_ok())
    })
    .await
}
