//! Names and numbers on a design: an area's name and number styles (how
//! they look is `personalisation`'s), and what the design prints.

use super::{Area, Design, PrintArea};
use crate::personal_field::PersonalField;
use crate::personalisation::PersonalStyle;
use crate::placement::Position;

impl Area {
    pub fn personal(&self, field: PersonalField) -> Option<&PersonalStyle> {
        match field {
            PersonalField::Name => self.name.as_ref(),
            PersonalField::Number => self.number.as_ref(),
        }
    }

    fn personal_mut(&mut self, field: PersonalField) -> &mut Option<PersonalStyle> {
        match field {
            PersonalField::Name => &mut self.name,
            PersonalField::Number => &mut self.number,
        }
    }

    /// Whether the area prints a name or a number.
    pub fn is_personalised(&self) -> bool {
        self.name.is_some() || self.number.is_some()
    }
}

impl Design {
    /// Puts a name or number style on an area, replacing the one there
    /// (returned); like a text, the new style keeps the old one's position.
    pub fn set_personal(
        &mut self,
        area: PrintArea,
        field: PersonalField,
        mut style: PersonalStyle,
    ) -> Option<PersonalStyle> {
        let slot = self.area_mut(area).personal_mut(field);
        if let Some(old) = slot {
            style.position = old.position;
        }
        slot.replace(style)
    }

    /// Removes the area's name or number; returns whether there was one.
    pub fn remove_personal(&mut self, area: PrintArea, field: PersonalField) -> bool {
        self.area_mut(area).personal_mut(field).take().is_some()
    }

    /// Moves the area's name or number, clamped; `None` if it has none.
    pub fn move_personal(
        &mut self,
        area: PrintArea,
        field: PersonalField,
        x: f64,
        y: f64,
    ) -> Option<Position> {
        let style = self.area_mut(area).personal_mut(field).as_mut()?;
        style.position = Position::clamped(x, y);
        Some(style.position)
    }

    /// Whether any area prints this field (so every roster row needs it).
    pub fn prints(&self, field: PersonalField) -> bool {
        self.areas.iter().any(|(_, a)| a.personal(field).is_some())
    }

    /// Whether the design prints names or numbers: a cart line then needs a roster.
    pub fn is_personalised(&self) -> bool {
        PersonalField::ALL.into_iter().any(|f| self.prints(f))
    }

    /// The areas that print a name or a number, in area order.
    pub fn personalised_areas(&self) -> impl Iterator<Item = PrintArea> + '_ {
        self.areas
            .iter()
            .filter(|(_, a)| a.is_personalised())
            .map(|(k, _)| k)
    }
}
