//! A design's roster: the rows of a personalised line, kept with the design
//! (whether they fit it is `checks`').

use super::Design;
use crate::error::StudioError;
use crate::limits::MAX_ROSTER_ROWS;
use crate::roster::RosterRow;

impl Design {
    /// The pieces of a personalised line, in the shopper's order.
    pub fn roster(&self) -> &[RosterRow] {
        &self.roster
    }

    /// Replaces the roster (at most `MAX_ROSTER_ROWS` rows; nothing changes
    /// on error). Whether it fits the design is the cart's check.
    pub fn set_roster(&mut self, rows: Vec<RosterRow>) -> Result<(), StudioError> {
        if rows.len() > MAX_ROSTER_ROWS {
            return Err(StudioError::RosterTooLong);
        }
        self.roster = rows;
        Ok(())
    }

    /// Adds another cart line of the same artwork to this one: the
    /// quantities add up and its roster rows follow this one's.
    pub fn merge_line(&mut self, other: &Design) -> Result<(), StudioError> {
        let mut merged = self.clone();
        for (size, _) in other.quantities.iter() {
            let sum = i64::from(self.quantities.get(size)) + i64::from(other.quantities.get(size));
            merged.set_quantity(size, sum)?;
        }
        let mut rows = self.roster.clone();
        rows.extend_from_slice(&other.roster);
        merged.set_roster(rows)?;
        *self = merged;
        Ok(())
    }
}
