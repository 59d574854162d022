//! A pasted list of pieces, one per line: `name, number, size`, typed or
//! copied from a spreadsheet (commas or tabs, fields in CSV quotes, a header
//! line `name, number, size` skipped, blank lines ignored). The same row
//! rules as typed rows, each error naming its line.

use crate::error::RowProblem;
use crate::error::StudioError;
use crate::limits::MAX_ROSTER_ROWS;
use crate::roster::{RosterRow, RowError, parse_size};
use crate::size::Size;

/// The rows read, and an error for each line that could not be read.
#[cfg_attr(feature = "wasm", derive(tsify::Tsify))]
#[derive(Debug, Clone, Default, PartialEq, Eq, serde::Serialize)]
pub struct RosterParse {
    pub rows: Vec<RosterRow>,
    /// `row` is the line's number in the pasted text, from 1.
    pub errors: Vec<RowError>,
}

/// Reads a pasted list of pieces in `sizes` (the product's). A line's problem is reported as "Line 4: …"; reading
/// stops at the line that would make the roster longer than `MAX_ROSTER_ROWS`.
pub fn parse_roster(text: &str, sizes: &[Size]) -> RosterParse {
    let mut out = RosterParse::default();
    let mut seen_data = false;
    let mut pieces = 0usize;
    for (i, line) in text.lines().enumerate() {
        let number = i + 1;
        if line.trim().is_empty() {
            continue;
        }
        let fields = split_fields(line);
        if !seen_data && is_header(&fields) {
            seen_data = true;
            continue;
        }
        seen_data = true;
        pieces += 1;
        if pieces > MAX_ROSTER_ROWS {
            let e = StudioError::RosterTooLong;
            out.errors
                .push(RowError::at_line(number, &e, e.code(), e.values()));
            break;
        }
        match row_of(&fields, sizes) {
            Ok(row) => out.rows.push(row),
            Err(p) => out
                .errors
                .push(RowError::at_line(number, &p, p.code(), p.values())),
        }
    }
    out
}

fn row_of(fields: &[String], sizes: &[Size]) -> Result<RosterRow, RowProblem> {
    // Spreadsheets pad rows with empty cells: those are not extra fields.
    let used = fields
        .iter()
        .rposition(|f| !f.is_empty())
        .map_or(0, |i| i + 1);
    if used > 3 || fields.len() < 3 {
        return Err(RowProblem::Fields);
    }
    let size = parse_size(&fields[2], sizes)?;
    RosterRow::new(size, &fields[0], &fields[1])
}

fn is_header(fields: &[String]) -> bool {
    fields.len() >= 3
        && fields[0].eq_ignore_ascii_case("name")
        && fields[2].eq_ignore_ascii_case("size")
}

/// A line's fields, trimmed: split on tabs when it has any (a spreadsheet's
/// copy), else on commas; a field may be quoted (`"a, b"`, `""` for a quote).
fn split_fields(line: &str) -> Vec<String> {
    let sep = if line.contains('\t') { '\t' } else { ',' };
    let mut fields = Vec::new();
    let mut field = String::new();
    let mut quoted = false;
    let mut chars = line.chars().peekable();
    while let Some(c) = chars.next() {
        if quoted {
            match c {
                '"' if chars.peek() == Some(&'"') => {
                    field.push('"');
                    chars.next();
                }
                '"' => quoted = false,
                _ => field.push(c),
            }
        } else if c == '"' && field.trim().is_empty() {
            field.clear();
            quoted = true;
        } else if c == sep {
            fields.push(field.trim().to_string());
            field.clear();
        } else {
            field.push(c);
        }
    }
    fields.push(field.trim().to_string());
    fields
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::size::Size;

    #[test]
    fn reads_commas_tabs_quotes_and_a_header() {
        let text = "Name, Number, Size\r\n\
                    sharma, 10, m\n\
                    \n\
                    \"O'Brien\",\"07\",XL\n\
                    singh\t23\tl\t\t\n\
                    , 99, s\n\
                    Kumar,,XXL\n";
        let parsed = parse_roster(text, &Size::ALL);
        assert_eq!(parsed.errors, []);
        let rows: Vec<_> = parsed
            .rows
            .iter()
            .map(|r| (r.size(), r.name(), r.number()))
            .collect();
        assert_eq!(
            rows,
            [
                (Size::M, Some("SHARMA"), Some("10")),
                (Size::XL, Some("O'BRIEN"), Some("07")),
                (Size::L, Some("SINGH"), Some("23")),
                (Size::S, None, Some("99")),
                (Size::XXL, Some("KUMAR"), None),
            ]
        );
    }

    #[test]
    fn each_bad_line_is_named_and_the_good_ones_kept() {
        let text = "Sharma, 10, M\n\
                    Sharma 10 M\n\
                    Verylongnamee, 1, M\n\
                    Rao, 1234, M\n\
                    Rao, 12, XXXL\n\
                    Rao#, 12, M\n\
                    , , M\n\
                    Rao, 12, M, extra\n\
                    \"Iyer, A\", 5, S";
        let parsed = parse_roster(text, &Size::ALL);
        assert_eq!(parsed.rows.len(), 1);
        let messages: Vec<_> = parsed.errors.iter().map(|e| e.message.as_str()).collect();
        assert_eq!(
            messages,
            [
                "Line 2: expected a name, a number and a size separated by commas",
                "Line 3: a name can be at most 12 letters",
                "Line 4: a number can be at most 3 digits",
                "Line 5: \"XXXL\" is not a size: use S, M, L, XL or XXL",
                "Line 6: a name may use only the letters A to Z or of India's scripts, spaces, '.', '-' and apostrophes, not '#'",
                "Line 7: please enter a name or a number",
                "Line 8: expected a name, a number and a size separated by commas",
                "Line 9: a name may use only the letters A to Z or of India's scripts, spaces, '.', '-' and apostrophes, not ','",
            ]
        );
        let rows: Vec<_> = parsed.errors.iter().map(|e| e.row).collect();
        assert_eq!(rows, [2, 3, 4, 5, 6, 7, 8, 9]);
        assert_eq!(parsed.errors[3].code, "ROSTER_UNKNOWN_SIZE");
    }

    #[test]
    fn stops_past_the_largest_roster() {
        let text = "A, 1, M\n".repeat(MAX_ROSTER_ROWS + 5);
        let parsed = parse_roster(&text, &Size::ALL);
        assert_eq!(parsed.rows.len(), MAX_ROSTER_ROWS);
        assert_eq!(parsed.errors.len(), 1);
        assert_eq!(
            parsed.errors[0].message,
            "Line 1001: A roster can hold at most 1000 pieces"
        );
    }
}
