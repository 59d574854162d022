//! Identifiers: 24-character hex ids (the shape the store's client expects)
//! and random secrets, all from the operating system's CSPRNG.

use rand::RngCore;

pub fn random_hex(bytes: usize) -> String {
    let mut buf = vec![0u8; bytes];
    rand::rng().fill_bytes(&mut buf); // ChaCha12, seeded from the OS
    hex::encode(buf)
}

/// A new 24-character id.
pub fn new_id() -> String {
    random_hex(12)
}

pub fn is_id(s: &str) -> bool {
    s.len() == 24 && s.bytes().all(|b| b.is_ascii_hexdigit())
}
