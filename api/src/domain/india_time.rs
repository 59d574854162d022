//! India Standard Time (UTC+05:30, no daylight saving): the store's calendar.
//! Every date the store shows or files (order numbers, invoices and their
//! financial year, the admin's days, code budgets, a courier's scan times) is
//! a date in India, read here and nowhere else.

use chrono::{DateTime, FixedOffset, NaiveDate, NaiveDateTime};

/// UTC+05:30 in milliseconds.
pub const OFFSET_MS: i64 = (5 * 60 + 30) * 60 * 1000;
/// A day in milliseconds.
pub const DAY_MS: i64 = 24 * 60 * 60 * 1000;

fn zone() -> FixedOffset {
    FixedOffset::east_opt((OFFSET_MS / 1000) as i32).expect("+05:30 is a valid offset")
}

/// The wall-clock time in India at `ms` (Unix ms).
pub fn local(ms: i64) -> DateTime<FixedOffset> {
    DateTime::from_timestamp_millis(ms)
        .unwrap_or_default()
        .with_timezone(&zone())
}

/// The date in India at `ms` (Unix ms).
pub fn date(ms: i64) -> NaiveDate {
    local(ms).date_naive()
}

/// Which day it is in India at `ms`, counted from 1970-01-01.
pub fn day_number(ms: i64) -> i64 {
    ms.saturating_add(OFFSET_MS).div_euclid(DAY_MS)
}

/// When `date` begins in India, in Unix ms.
pub fn day_start(date: NaiveDate) -> i64 {
    wall_clock_ms(date.and_hms_opt(0, 0, 0).expect("midnight exists"))
}

/// A wall-clock time in India (a courier's scan), in Unix ms.
pub fn wall_clock_ms(t: NaiveDateTime) -> i64 {
    t.and_utc().timestamp_millis() - OFFSET_MS
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn days_turn_at_midnight_in_india() {
        let nov_22 = NaiveDate::from_ymd_opt(2026, 11, 22).unwrap();
        let start = day_start(nov_22);
        // 2026-11-21 18:30 UTC is midnight in India.
        assert_eq!(
            start,
            NaiveDate::from_ymd_opt(2026, 11, 21)
                .unwrap()
                .and_hms_opt(18, 30, 0)
                .unwrap()
                .and_utc()
                .timestamp_millis()
        );
        assert_eq!(date(start), nov_22);
        assert_eq!(date(start - 1), nov_22.pred_opt().unwrap());
        assert_eq!(day_number(start), day_number(start - 1) + 1);
        assert_eq!(local(start).format("%H:%M").to_string(), "00:00");
    }
}
