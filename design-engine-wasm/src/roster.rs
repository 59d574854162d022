//! Names, numbers and the roster: the studio's team-order bindings. Every
//! rule is the engine's; rows cross as `{size, name?, number?}` objects.

use wasm_bindgen::prelude::*;

use design_engine::design::roster_problems;
use design_engine::elements::Font;
use design_engine::error::StudioError;
use design_engine::money::Paise;
use design_engine::personal_field::PersonalField;
use design_engine::personalisation::PersonalStyle;
use design_engine::roster::parse::parse_roster;
use design_engine::roster::{RosterRowInput, RowError, input_errors, rows_from_inputs};
use design_engine::roster_pricing::PersonalisationCharges;
use design_engine::size::Size;

use crate::convert::{js_error, one_row, raster, to_js, whole};
use crate::studio::Studio;

fn field(s: &str) -> Result<PersonalField, JsValue> {
    PersonalField::parse(s).ok_or_else(|| JsValue::from_str(&format!("Unknown field '{s}'")))
}

/// Typed roster rows from JavaScript (`{size, name?, number?}` objects).
/// The product's sizes, as the page hands them over (the built-in five when it does not).
fn sizes_of(labels: Option<Vec<String>>) -> Result<Vec<Size>, JsValue> {
    let Some(labels) = labels else {
        return Ok(Size::ALL.to_vec());
    };
    labels
        .iter()
        .map(|l| Size::parse(l).ok_or_else(|| JsValue::from_str(&format!("Unknown size '{l}'"))))
        .collect()
}

fn row_inputs(rows: JsValue) -> Result<Vec<RosterRowInput>, JsValue> {
    serde_wasm_bindgen::from_value(rows).map_err(|e| JsValue::from_str(&e.to_string()))
}

#[wasm_bindgen]
impl Studio {
    /// Puts a name or number on an area: its font, letter height (percent of
    /// the area's height) and colour. A new style keeps the old one's place.
    #[wasm_bindgen(js_name = setPersonal)]
    pub fn set_personal(
        &mut self,
        #[wasm_bindgen(unchecked_param_type = "PrintArea")] area_key: &str,
        #[wasm_bindgen(unchecked_param_type = "PersonalField")] field_key: &str,
        #[wasm_bindgen(unchecked_param_type = "Font")] font: &str,
        height: f64,
        color: &str,
    ) -> Result<(), JsValue> {
        let (area, field) = (self.area(area_key)?, field(field_key)?);
        let font = Font::parse(font).map_err(js_error)?;
        let height = u32::try_from(whole(height)?)
            .map_err(|_| js_error(StudioError::PersonalHeightOutOfRange))?;
        let style = PersonalStyle::new(field, font, height, color).map_err(js_error)?;
        self.design.set_personal(area, field, style);
        Ok(())
    }

    /// Removes an area's name or number; returns whether there was one.
    #[wasm_bindgen(js_name = removePersonal)]
    pub fn remove_personal(
        &mut self,
        #[wasm_bindgen(unchecked_param_type = "PrintArea")] area_key: &str,
        #[wasm_bindgen(unchecked_param_type = "PersonalField")] field_key: &str,
    ) -> Result<bool, JsValue> {
        Ok(self
            .design
            .remove_personal(self.area(area_key)?, field(field_key)?))
    }

    /// Moves an area's name or number; returns the clamped position, or `undefined` if it has none.
    #[wasm_bindgen(js_name = movePersonal, unchecked_return_type = "Position | undefined")]
    pub fn move_personal(
        &mut self,
        #[wasm_bindgen(unchecked_param_type = "PrintArea")] area_key: &str,
        #[wasm_bindgen(unchecked_param_type = "PersonalField")] field_key: &str,
        x: f64,
        y: f64,
    ) -> Result<JsValue, JsValue> {
        match self
            .design
            .move_personal(self.area(area_key)?, field(field_key)?, x, y)
        {
            Some(p) => to_js(&p),
            None => Ok(JsValue::UNDEFINED),
        }
    }

    /// The roster's rows as the design keeps them (names in capitals).
    #[wasm_bindgen(unchecked_return_type = "RosterRow[]")]
    pub fn roster(&self) -> Result<JsValue, JsValue> {
        to_js(&self.design.roster())
    }

    /// Replaces the roster with typed rows, all or nothing: throws the first
    /// bad row's error ("Row 3: …"). `checkRosterRows` lists them all.
    #[wasm_bindgen(js_name = setRoster)]
    pub fn set_roster(
        &mut self,
        #[wasm_bindgen(unchecked_param_type = "RosterRowInput[]")] rows: JsValue,
    ) -> Result<(), JsValue> {
        let rows = rows_from_inputs(&row_inputs(rows)?, &self.garment.sizes).map_err(js_error)?;
        self.design.set_roster(rows).map_err(js_error)
    }

    /// Every problem keeping the roster from the cart, each naming its row
    /// (0 for the whole roster): rows against what the design prints, size
    /// counts against the quantities. Empty when the roster fits.
    #[wasm_bindgen(js_name = rosterProblems, unchecked_return_type = "RowError[]")]
    pub fn roster_problems(&self) -> Result<JsValue, JsValue> {
        let problems: Vec<RowError> = roster_problems(&self.design)
            .iter()
            .map(RowError::from)
            .collect();
        to_js(&problems)
    }

    /// The area as one piece looks, with a row's name and number (a row of
    /// `roster()`, or one being typed), `width` pixels wide.
    #[wasm_bindgen(js_name = renderAreaForRow, unchecked_return_type = "Raster")]
    pub fn render_area_for_row(
        &mut self,
        #[wasm_bindgen(unchecked_param_type = "PrintArea")] area_key: &str,
        #[wasm_bindgen(unchecked_param_type = "RosterRowInput")] row: JsValue,
        width: u32,
    ) -> Result<JsValue, JsValue> {
        let row = one_row(row, &self.garment.sizes)?;
        Ok(raster(
            self.renderer
                .render_area_for_row(&self.design, self.area(area_key)?, &row, width)
                .map_err(js_error)?,
        ))
    }

    /// Where a row's name and number lie on the area drawn `width` wide.
    #[wasm_bindgen(js_name = personalBoxes, unchecked_return_type = "PersonalBox[]")]
    pub fn personal_boxes(
        &mut self,
        #[wasm_bindgen(unchecked_param_type = "PrintArea")] area_key: &str,
        #[wasm_bindgen(unchecked_param_type = "RosterRowInput")] row: JsValue,
        width: u32,
    ) -> Result<JsValue, JsValue> {
        let row = one_row(row, &self.garment.sizes)?;
        let boxes = self
            .renderer
            .personal_boxes(&self.design, self.area(area_key)?, &row, width)
            .map_err(js_error)?;
        to_js(&boxes)
    }

    /// The names-and-numbers line at the merchant's charges per piece (paise;
    /// facts' defaults unless the server says others), or `undefined` when the
    /// design prints none.
    #[wasm_bindgen(
        js_name = personalisationQuote,
        unchecked_return_type = "PersonalisationQuote | undefined"
    )]
    pub fn personalisation_quote(
        &self,
        name_paise: f64,
        number_paise: f64,
    ) -> Result<JsValue, JsValue> {
        let charges =
            PersonalisationCharges::new(Paise(whole(name_paise)?), Paise(whole(number_paise)?))
                .map_err(js_error)?;
        match self
            .design
            .quote_personalisation(charges)
            .map_err(js_error)?
        {
            Some(q) => to_js(&q),
            None => Ok(JsValue::UNDEFINED),
        }
    }
}

/// Every error among typed rows, each naming its row, so the studio can mark
/// them; empty when all are good.
#[wasm_bindgen(js_name = checkRosterRows, unchecked_return_type = "RowError[]")]
pub fn check_roster_rows(
    #[wasm_bindgen(unchecked_param_type = "RosterRowInput[]")] rows: JsValue,
    #[wasm_bindgen(unchecked_param_type = "Size[] | undefined")] sizes: Option<Vec<String>>,
) -> Result<JsValue, JsValue> {
    to_js(&input_errors(&row_inputs(rows)?, &sizes_of(sizes)?))
}

/// Reads a pasted list (`name, number, size` per line, or a spreadsheet's
/// columns): the rows read and an error per line that could not be.
#[wasm_bindgen(js_name = parseRoster, unchecked_return_type = "RosterParse")]
pub fn parse_roster_js(
    text: &str,
    #[wasm_bindgen(unchecked_param_type = "Size[] | undefined")] sizes: Option<Vec<String>>,
) -> Result<JsValue, JsValue> {
    to_js(&parse_roster(text, &sizes_of(sizes)?))
}
