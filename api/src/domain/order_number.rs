//! Order numbers: `LT-YYYYMMDD-XXXXXX`, dated in India, with a random tail
//! that avoids look-alike characters (0/O, 1/I/L) so it can be read out.

use rand::Rng;

use super::india_time;

/// The tail's characters.
const NUMBER_ALPHABET: &[u8] = b"23456789ABCDEFGHJKMNPQRSTUVWXYZ";

/// A new order number for an order placed at `now_ms`.
pub fn order_number(now_ms: i64) -> String {
    let date = india_time::date(now_ms).format("%Y%m%d");
    let mut rng = rand::rng();
    let tail: String = (0..6)
        .map(|_| char::from(NUMBER_ALPHABET[rng.random_range(0..NUMBER_ALPHABET.len())]))
        .collect();
    format!("LT-{date}-{tail}")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn order_numbers_are_dated_in_india_and_readable() {
        // 2026-11-21 19:00 UTC is already 22 November in India.
        let ms = chrono::NaiveDate::from_ymd_opt(2026, 11, 21)
            .unwrap()
            .and_hms_opt(19, 0, 0)
            .unwrap()
            .and_utc()
            .timestamp_millis();
        let n = order_number(ms);
        assert!(n.starts_with("LT-20261122-"), "{n}");
        assert_eq!(n.len(), 18);
        assert!(n[12..].bytes().all(|b| NUMBER_ALPHABET.contains(&b)));
    }
}
