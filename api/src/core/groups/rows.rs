//! A group's rows and the one design they make: what a member's row may
//! hold (checked by the engine's roster rules), and the group's design with
//! a piece per row and the rows as its roster where it prints names or
//! numbers.

use design_engine::design::row_misfit;
use design_engine::error::RowProblem;
use design_engine::roster::size_list;
use design_engine::roster::{RosterRow, RosterRowInput};
use design_engine::{Design, Quantities, Size};

use crate::db::group_orders::{Group, Row};
use crate::error::Failure;

/// A member's row as typed: a size, and the name and number where the
/// design prints them.
#[derive(Debug, Clone, Copy)]
pub struct RowInput<'a> {
    pub size: &'a str,
    pub name: Option<&'a str>,
    pub number: Option<&'a str>,
}

/// A member's row as typed, checked: its size, and for a group whose design
/// prints names or numbers, exactly what it prints.
pub struct CheckedRow {
    pub size: Size,
    pub name: Option<String>,
    pub number: Option<String>,
}

impl CheckedRow {
    /// "M", "M ASHA 7": the piece as the member reads it.
    pub fn piece(&self) -> String {
        [
            Some(self.size.label()),
            self.name.as_deref(),
            self.number.as_deref(),
        ]
        .into_iter()
        .flatten()
        .collect::<Vec<_>>()
        .join(" ")
    }
}

/// A member's row for `design`, its size one of `sizes` (the product's).
pub fn check_row(
    design: &Design,
    sizes: &[Size],
    input: RowInput<'_>,
) -> Result<CheckedRow, Failure> {
    let RowInput { size, name, number } = input;
    let blank = |s: Option<&str>| s.is_none_or(|s| s.trim().is_empty());
    if !design.is_personalised() {
        let size = Size::parse(size)
            .and_then(|s| s.among(sizes))
            .ok_or_else(|| unknown_size(size, sizes))?;
        if !blank(name) || !blank(number) {
            return Err(Failure::bad_request_code(
                "This group order prints no names or numbers: choose a size only.",
                "GROUP_NOT_PERSONALISED",
            ));
        }
        return Ok(CheckedRow {
            size,
            name: None,
            number: None,
        });
    }
    let input = RosterRowInput {
        size: size.to_string(),
        name: name.map(str::to_string),
        number: number.map(str::to_string),
    };
    let row = RosterRow::from_input(&input, sizes).map_err(|p| row_error(&p))?;
    if let Some(p) = row_misfit(design, &row) {
        return Err(row_error(&p));
    }
    Ok(CheckedRow {
        size: row.size(),
        name: row.name().map(str::to_string),
        number: row.number().map(str::to_string),
    })
}

fn unknown_size(size: &str, sizes: &[Size]) -> Failure {
    row_error(&RowProblem::UnknownSize(
        size.trim().chars().take(8).collect(),
        size_list(sizes),
    ))
}

/// The engine's message for one row, as a sentence, with its values.
fn row_error(p: &RowProblem) -> Failure {
    let message = p.to_string();
    let mut chars = message.chars();
    let sentence = match chars.next() {
        Some(first) => first.to_uppercase().chain(chars).collect(),
        None => message,
    };
    Failure::bad_request_code(sentence, p.code()).with_values(p.values())
}

/// The design the rows make: the group's design with a piece per row, and
/// the rows as its roster where it prints names or numbers.
pub fn assemble(group_design: &Design, rows: &[Row]) -> Result<Design, Failure> {
    let mut design = group_design.clone();
    let mut quantities = Quantities::default();
    let mut roster = Vec::new();
    for row in rows {
        let size = Size::parse(&row.size).ok_or_else(|| {
            Failure::internal(format!("group row {}: size {:?}", row.id, row.size))
        })?;
        let now = i64::from(quantities.get(size));
        quantities.set(size, now + 1)?;
        if design.is_personalised() {
            let r = RosterRow::new(
                size,
                row.name.as_deref().unwrap_or(""),
                row.number.as_deref().unwrap_or(""),
            )
            .map_err(|p| Failure::internal(format!("group row {}: {p}", row.id)))?;
            roster.push(r);
        }
    }
    design.quantities = quantities;
    design.set_roster(roster)?;
    Ok(design)
}

/// The pieces the rows make, by size.
pub fn pieces_of(group: &Group, rows: &[Row]) -> Result<Quantities, Failure> {
    Ok(assemble(&design_of(group)?, rows)?.quantities)
}

/// The group's design as stored (the saved design without quantities or roster).
pub fn design_of(group: &Group) -> Result<Design, Failure> {
    Design::from_json(&group.design)
        .map_err(|e| Failure::internal(format!("group order {}: {e}", group.id)))
}

/// The members' own rows (not the organiser's top-ups).
pub fn members<'a>(rows: &'a [Row], organiser_id: &'a str) -> impl Iterator<Item = &'a Row> + 'a {
    rows.iter()
        .filter(move |r| r.top_up == 0 && r.user_id != organiser_id)
}

/// The rows paid for (members paying: the ones that count).
pub fn paid(rows: &[Row]) -> Vec<Row> {
    rows.iter().filter(|r| r.paid != 0).cloned().collect()
}

/// The pieces each member may add.
pub fn pieces_per_member(group: &Group) -> u32 {
    u32::try_from(group.pieces_per_member).unwrap_or(1)
}
