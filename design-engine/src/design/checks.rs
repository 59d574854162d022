//! What a design needs before it is kept: a saved draft (its colour, its
//! uploads, sane quantities), and a cart line (at least the minimum, and a
//! roster that fits what it prints piece for piece).

use super::Design;
use crate::colour::colour_hex;
use crate::elements::{ImageSource, check_upload};
use crate::error::{RowProblem, StudioError};
use crate::garment::Garment;
use crate::personal_field::PersonalField;
use crate::roster::{RosterRow, size_list};
use crate::size::Size;

impl Design {
    /// What a saved design (a draft) requires: the colour is one of the
    /// product's `colours`, uploads are images under 5 MB, the quantities are
    /// sane. It may hold fewer than 25 items, or none yet.
    pub fn check_for_saving(&self, garment: &Garment) -> Result<(), StudioError> {
        if !garment
            .colors
            .iter()
            .any(|c| c.eq_ignore_ascii_case(&self.color))
        {
            return Err(StudioError::UnknownColour);
        }
        self.check_fits(garment)?;
        for asset in self.image_assets() {
            check_upload(&asset.mime, asset.bytes)?;
        }
        // A QR code must stand out from the garment to scan (a colour the
        // store has no swatch for cannot be judged, and is let be).
        if let Some(garment) = colour_hex(&self.color) {
            for source in self.drawn_images() {
                if let ImageSource::Qr(code) = source {
                    code.check_contrast(&garment)?;
                }
            }
        }
        self.quantities.check()
    }

    /// Everything the cart requires: what a saved design does, at least
    /// one item and 25 per colour, and for a design with names or numbers a
    /// roster that matches it piece for piece (`check_roster`).
    pub fn check_for_cart(&self, garment: &Garment) -> Result<(), StudioError> {
        self.check_for_saving(garment)?;
        self.quantities.check_minimum()?;
        check_roster(self)
    }
}

impl Design {
    /// What the design uses the product has: every area holding something is
    /// one of its areas, every size with pieces one of its sizes, and every
    /// roster row's size one of them. Empty areas and sizes at 0 of another
    /// product (a design moved between garments) are let be.
    pub fn check_fits(&self, garment: &Garment) -> Result<(), StudioError> {
        let areas = garment.areas();
        for (area, content) in self.areas.iter() {
            let holds = content.element_count() > 0 || content.is_personalised();
            if holds && area.among(&areas).is_none() {
                return Err(StudioError::UnknownArea(area.key().to_string()));
            }
        }
        for (size, n) in self.quantities.iter() {
            if n > 0 && size.among(&garment.sizes).is_none() {
                return Err(StudioError::UnknownSize(size.label().to_string()));
            }
        }
        for (i, row) in self.roster().iter().enumerate() {
            if row.size().among(&garment.sizes).is_none() {
                let problem = RowProblem::UnknownSize(
                    row.size().label().to_string(),
                    size_list(&garment.sizes),
                );
                return Err(problem.at(i + 1));
            }
        }
        Ok(())
    }
}

/// Whether one row carries exactly what `design` prints: a name where it
/// prints names, none where it does not, and the same for numbers.
pub fn row_misfit(design: &Design, row: &RosterRow) -> Option<RowProblem> {
    let names = design.prints(PersonalField::Name);
    let numbers = design.prints(PersonalField::Number);
    match (names, row.name().is_some(), numbers, row.number().is_some()) {
        (true, false, _, _) => Some(RowProblem::NameMissing),
        (false, true, _, _) => Some(RowProblem::NameNotPrinted),
        (_, _, true, false) => Some(RowProblem::NumberMissing),
        (_, _, false, true) => Some(RowProblem::NumberNotPrinted),
        _ => None,
    }
}

/// Everything that keeps a design's roster from the cart, in order: the
/// roster missing or needless, then each row against what the design prints,
/// then each size whose count differs from the quantities.
pub fn roster_problems(design: &Design) -> Vec<StudioError> {
    let rows = design.roster();
    match (design.is_personalised(), rows.is_empty()) {
        (false, true) => return Vec::new(),
        (false, false) => return vec![StudioError::RosterWithoutPersonalisation],
        (true, true) => return vec![StudioError::RosterMissing],
        (true, false) => {}
    }
    let mut problems = Vec::new();
    for (i, row) in rows.iter().enumerate() {
        problems.extend(row_misfit(design, row).map(|p| p.at(i + 1)));
    }
    let mut sizes: Vec<Size> = design.quantities.iter().map(|(s, _)| s).collect();
    for row in rows {
        if !sizes.contains(&row.size()) {
            sizes.push(row.size());
        }
    }
    for size in sizes {
        let roster = rows.iter().filter(|r| r.size() == size).count() as u32;
        let quantity = design.quantities.get(size);
        if roster != quantity {
            problems.push(StudioError::RosterSizeMismatch {
                size,
                roster,
                quantity,
            });
        }
    }
    problems
}

/// The cart's roster rule: the first of `roster_problems`.
pub fn check_roster(design: &Design) -> Result<(), StudioError> {
    match roster_problems(design).into_iter().next() {
        Some(e) => Err(e),
        None => Ok(()),
    }
}
