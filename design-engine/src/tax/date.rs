//! The calendar date of a tax document, and its financial year.

use serde::{Deserialize, Serialize};

/// A calendar date (the invoice's), compared as (year, month, day).
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
pub struct Date {
    pub year: i32,
    pub month: u8,
    pub day: u8,
}

impl Date {
    pub const fn new(year: i32, month: u8, day: u8) -> Date {
        Date { year, month, day }
    }

    /// The financial year (April to March) the date falls in, as a document
    /// series names it: "26-27" for 1 April 2026 to 31 March 2027.
    pub fn financial_year(self) -> String {
        let start = if self.month >= 4 {
            self.year
        } else {
            self.year - 1
        };
        format!(
            "{:02}-{:02}",
            start.rem_euclid(100),
            (start + 1).rem_euclid(100)
        )
    }
}
