//! India's quiet hours for updates by WhatsApp and SMS: nothing is sent from
//! 21:00 to 09:00 India time (sign-in codes are not updates: they go at once).

use chrono::{Duration, Timelike};

use crate::domain::india_time;

pub const FROM_HOUR: u32 = 21;
pub const UNTIL_HOUR: u32 = 9;

/// When a message due at `now` may go, if `now` is in the quiet hours: the
/// next 09:00 in India.
pub fn held_until(now: i64) -> Option<i64> {
    let local = india_time::local(now);
    let hour = local.hour();
    if (UNTIL_HOUR..FROM_HOUR).contains(&hour) {
        return None;
    }
    let day = if hour >= FROM_HOUR {
        local.date_naive() + Duration::days(1)
    } else {
        local.date_naive()
    };
    Some(india_time::wall_clock_ms(
        day.and_hms_opt(UNTIL_HOUR, 0, 0).expect("09:00 exists"),
    ))
}

#[cfg(test)]
mod tests {
    use super::*;
    use chrono::NaiveDate;

    fn at(d: u32, h: u32, m: u32) -> i64 {
        india_time::wall_clock_ms(
            NaiveDate::from_ymd_opt(2026, 11, d)
                .unwrap()
                .and_hms_opt(h, m, 0)
                .unwrap(),
        )
    }

    #[test]
    fn held_from_nine_at_night_to_nine_in_the_morning() {
        assert_eq!(held_until(at(20, 9, 0)), None);
        assert_eq!(held_until(at(20, 20, 59)), None);
        assert_eq!(held_until(at(20, 21, 0)), Some(at(21, 9, 0)));
        assert_eq!(held_until(at(20, 23, 30)), Some(at(21, 9, 0)));
        assert_eq!(held_until(at(21, 0, 10)), Some(at(21, 9, 0)));
        assert_eq!(held_until(at(21, 8, 59)), Some(at(21, 9, 0)));
    }
}
