//! Names and numbers drawn for one roster row: laid out by the same text
//! renderer as texts (same fonts, same outlines), sized so their ink (the
//! letters, not the line's ascent and descent) is the style's height of the
//! area and centred on its position, and shrunk to fit like any text. The studio's
//! preview and the proof draw an area with a row; the print files hold the
//! shared area once and, per piece, a file with only its name and number on
//! the whole area (transparent elsewhere), so each lines up with the shared one.

use image::RgbaImage;

use super::MAX_RENDER_WIDTH;
use super::placed::{Layers, PersonalBox};
use super::renderer::Renderer;
use crate::design::{Design, PrintArea, check_roster};
use crate::error::StudioError;
use crate::roster::RosterRow;

/// One piece's print file for one personalised area.
#[derive(Debug, Clone, PartialEq)]
pub struct PieceFile {
    pub area: PrintArea,
    /// The roster row, from 1.
    pub row: usize,
    /// `back-07-SHARMA-10.png`: unique per row and area.
    pub file_name: String,
    pub png: Vec<u8>,
}

impl Renderer {
    /// The area as one piece looks: its text and image with the row's name
    /// and number (the studio's preview of a row, the proof), `width_px` wide.
    pub fn render_area_for_row(
        &mut self,
        design: &Design,
        area: PrintArea,
        row: &RosterRow,
        width_px: u32,
    ) -> Result<RgbaImage, StudioError> {
        self.area_rgba(design, area, width_px, Layers::Piece(row))
    }

    /// Where the row's name and number lie on the area drawn `width_px` wide,
    /// for the studio to outline and drag them.
    pub fn personal_boxes(
        &mut self,
        design: &Design,
        area: PrintArea,
        row: &RosterRow,
        width_px: u32,
    ) -> Result<Vec<PersonalBox>, StudioError> {
        let (w, h) = area.pixel_size(width_px.clamp(1, MAX_RENDER_WIDTH));
        Ok(self
            .place_personal(design, area, row, w as f32, h as f32)?
            .into_iter()
            .map(|(b, _)| b)
            .collect())
    }

    /// One piece's print file of an area: only its name and number, at 300
    /// DPI on the whole area, as PNG. Only the rows they cross are drawn: the
    /// rest of the area is empty, and a hundred pieces are a hundred files.
    pub fn export_piece_png(
        &mut self,
        design: &Design,
        area: PrintArea,
        row: &RosterRow,
    ) -> Result<Vec<u8>, StudioError> {
        self.export_rows(design, area, Layers::PieceOnly(row))
    }

    /// Every piece's print file, row by row and area by area, once the
    /// roster fits the design (`check_roster`); none for a design without
    /// names or numbers. The shared files are `export_area_png`'s.
    pub fn piece_files(&mut self, design: &Design) -> Result<Vec<PieceFile>, StudioError> {
        let mut files = Vec::with_capacity(design.roster().len());
        self.for_each_piece_file(design, |file| {
            files.push(file);
            Ok::<_, StudioError>(())
        })?;
        Ok(files)
    }

    /// `piece_files` one at a time: each file is drawn and handed to `take`
    /// before the next is drawn, so a roster of a thousand pieces holds one
    /// piece's PNG, not a thousand. The first error (the roster's, a
    /// drawing's, or `take`'s own) ends it.
    pub fn for_each_piece_file<E: From<StudioError>>(
        &mut self,
        design: &Design,
        mut take: impl FnMut(PieceFile) -> Result<(), E>,
    ) -> Result<(), E> {
        check_roster(design)?;
        let areas: Vec<PrintArea> = design.personalised_areas().collect();
        for (i, row) in design.roster().iter().enumerate() {
            for &area in &areas {
                take(PieceFile {
                    area,
                    row: i + 1,
                    file_name: piece_file_name(design, area, i),
                    png: self.export_piece_png(design, area, row)?,
                })?;
            }
        }
        Ok(())
    }
}

/// A piece's file name: area, row (zero-padded so files sort in roster
/// order), then name and number as far as they are letters and digits,
/// e.g. `back-07-O-BRIEN-10.png`.
pub fn piece_file_name(design: &Design, area: PrintArea, index: usize) -> String {
    let rows = design.roster();
    let width = rows.len().to_string().len().max(2);
    let mut name = format!("{}-{:0width$}", area.file_slug(), index + 1);
    if let Some(row) = rows.get(index) {
        for part in [row.name(), row.number()].into_iter().flatten() {
            let slug = part
                .split(|c: char| !c.is_ascii_alphanumeric())
                .filter(|w| !w.is_empty())
                .collect::<Vec<_>>()
                .join("-");
            if !slug.is_empty() {
                name.push('-');
                name.push_str(&slug);
            }
        }
    }
    name + ".png"
}

/// `roster.csv` for the press to tick off: one line per piece with its row,
/// size, name, number and files, and an empty `done` column (RFC 4180, CRLF).
pub fn roster_csv(design: &Design) -> String {
    let areas: Vec<PrintArea> = design.personalised_areas().collect();
    let mut out = String::from("row,size,name,number,files,done\r\n");
    for (i, row) in design.roster().iter().enumerate() {
        let files: Vec<String> = areas
            .iter()
            .map(|&a| piece_file_name(design, a, i))
            .collect();
        let fields = [
            (i + 1).to_string(),
            row.size().label().to_string(),
            row.name().unwrap_or_default().to_string(),
            row.number().unwrap_or_default().to_string(),
            files.join(" "),
            String::new(),
        ];
        let line: Vec<String> = fields.iter().map(|f| csv_field(f)).collect();
        out.push_str(&line.join(","));
        out.push_str("\r\n");
    }
    out
}

/// A CSV field, quoted when it holds a separator, a quote or a line break.
fn csv_field(field: &str) -> String {
    if field.contains([',', '"', '\r', '\n']) {
        format!("\"{}\"", field.replace('"', "\"\""))
    } else {
        field.to_string()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn fields_with_separators_are_quoted() {
        assert_eq!(csv_field("O'BRIEN"), "O'BRIEN");
        assert_eq!(csv_field("a,b"), "\"a,b\"");
        assert_eq!(csv_field("say \"hi\""), "\"say \"\"hi\"\"\"");
    }
}
