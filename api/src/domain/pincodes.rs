//! Offline Indian pincode → district (city) and state lookup.
//!
//! The table `api/data/pincodes.tsv` (one row per pincode, sorted,
//! `pincode<TAB>district<TAB>state`, `#` comment lines) is built by
//! `python3 scripts/gen-pincodes.py` from India Post's All India Pincode
//! Directory (data.gov.in, GODL-India; see `api/data/PINCODES-LICENSE.md`).
//! It is embedded in the binary and parsed once, on first use, into a sorted
//! index of string slices that borrow from the embedded text.

/// The answer for a pincode India Post does not know.
pub const INVALID_PINCODE: &str = "Invalid pincode. Please check and try again.";

use std::sync::LazyLock;

static TSV: &str = include_str!("../../data/pincodes.tsv");

/// One pincode's district and state, as India Post records them
/// (Title Case, e.g. "Bengaluru Urban" / "Karnataka").
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Pincode {
    pub pincode: &'static str,
    /// The district, which checkout uses as the city.
    pub district: &'static str,
    pub state: &'static str,
}

static TABLE: LazyLock<Vec<Pincode>> = LazyLock::new(|| {
    let mut rows: Vec<Pincode> = TSV.lines().filter_map(parse_line).collect();
    rows.sort_unstable_by(|a, b| a.pincode.cmp(b.pincode));
    rows.dedup_by(|a, b| a.pincode == b.pincode);
    rows
});

fn parse_line(line: &'static str) -> Option<Pincode> {
    if line.starts_with('#') {
        return None;
    }
    let mut fields = line.split('\t');
    let (pincode, district, state) = (fields.next()?, fields.next()?, fields.next()?);
    if fields.next().is_some()
        || !design_engine::pincode::is_pincode(pincode)
        || district.is_empty()
        || state.is_empty()
    {
        return None;
    }
    Some(Pincode {
        pincode,
        district,
        state,
    })
}

/// Looks up a pincode given as exactly six ASCII digits not starting with 0
/// (no trimming); anything else, or a pincode India Post does not list, is `None`.
pub fn lookup(pin: &str) -> Option<Pincode> {
    if !design_engine::pincode::is_pincode(pin) {
        return None;
    }
    let table = &*TABLE;
    table
        .binary_search_by(|row| row.pincode.cmp(pin))
        .ok()
        .map(|i| table[i])
}

#[cfg(test)]
mod tests {
    use super::*;

    fn check(pin: &str, district: &str, state: &str) {
        let found = lookup(pin).unwrap_or_else(|| panic!("{pin} not found"));
        assert_eq!(
            (found.pincode, found.district, found.state),
            (pin, district, state)
        );
    }

    #[test]
    fn known_pincodes() {
        check("110001", "New Delhi", "Delhi");
        check("400001", "Mumbai", "Maharashtra");
        check("560001", "Bengaluru Urban", "Karnataka");
        check("600001", "Chennai", "Tamil Nadu");
        check("700001", "Kolkata", "West Bengal");
        check("500001", "Hyderabad", "Telangana");
        check("194101", "Leh Ladakh", "Ladakh");
    }

    #[test]
    fn a_pincode_spanning_districts_takes_the_most_common_one() {
        // 110025: three offices in South East (Delhi), one each elsewhere.
        check("110025", "South East", "Delhi");
    }

    #[test]
    fn unknown_and_malformed_are_none() {
        for pin in [
            "999999",
            "11000",
            "1100011",
            "abcdef",
            "011000",
            "",
            " 110001",
            "110001 ",
            "11000a",
            "１１０００１",
        ] {
            assert_eq!(lookup(pin), None, "{pin:?}");
        }
    }

    #[test]
    fn table_is_complete_sorted_and_unique() {
        let data_lines = TSV
            .lines()
            .filter(|l| !l.starts_with('#') && !l.is_empty())
            .count();
        assert_eq!(
            TABLE.len(),
            data_lines,
            "every data line parses, none repeats"
        );
        assert!(TABLE.len() >= 15_000, "only {} rows", TABLE.len());
        assert!(TABLE.windows(2).all(|w| w[0].pincode < w[1].pincode));
        // The file itself is kept sorted, so diffs between data releases stay readable.
        let pins: Vec<&str> = TSV
            .lines()
            .filter(|l| !l.starts_with('#') && !l.is_empty())
            .map(|l| &l[..6])
            .collect();
        assert!(pins.windows(2).all(|w| w[0] < w[1]));
    }
}
