//! An order's print files: for each line, a PNG at 300 DPI of every print
//! area it uses, drawn on the server by the engine from the stored artwork
//! and the design's own parameters (placement, size, background removal,
//! embroidery), the same pixels the shopper previewed. Each file comes with
//! the engine's preflight warnings. A line with names and numbers adds one
//! file per piece (only its name and number, on the whole area) and a
//! `roster.csv` for the press to tick off.

use std::io::Write;

use design_engine::render::{MAX_KEPT_SIDE, Renderer, decoding_cost};
use design_engine::{Design, PrintArea, Quantities};

use crate::cpu_queue::CpuQueue;
use crate::db::{Db, orders};

/// An area's print file while it is drawn (a row at a time): its sprites,
/// at most a picture as large as the Back at 300 DPI (3,600 × 4,200 RGBA,
/// 58 MiB) and a text, and the PNG.
const PRINT_AREA_BYTES: u64 = 72 << 20;
use crate::envelope::ApiError;
use crate::storage::Storage;

/// One print file and what the printer needs to know about it.
pub struct PrintFile {
    /// The order line, from 1.
    pub line: usize,
    pub product: String,
    pub colour: String,
    pub quantities: Quantities,
    pub area: PrintArea,
    pub png: Vec<u8>,
    pub warnings: Vec<String>,
}

impl PrintFile {
    /// The file's name in the archive, e.g. `line-1-back.png`.
    pub fn file_name(&self) -> String {
        format!("line-{}-{}.png", self.line, area_slug(self.area))
    }
}

/// A personalised line's pieces: one file per piece and area, and its roster.
pub struct LinePieces {
    pub line: usize,
    pub files: Vec<design_engine::render::PieceFile>,
    pub roster_csv: String,
}

impl LinePieces {
    /// The folder of the line's piece files in the archive.
    pub fn folder(&self) -> String {
        format!("line-{}-pieces", self.line)
    }

    pub fn roster_name(&self) -> String {
        format!("line-{}-roster.csv", self.line)
    }
}

/// What an order prints: the shared area files, and the pieces of its
/// personalised lines.
pub struct PrintRun {
    pub files: Vec<PrintFile>,
    pub pieces: Vec<LinePieces>,
}

pub fn area_slug(area: PrintArea) -> &'static str {
    match area {
        PrintArea::LeftChest => "left-chest",
        PrintArea::Back => "back",
    }
}

pub fn parse_area(s: &str) -> Option<PrintArea> {
    PrintArea::ALL.into_iter().find(|a| area_slug(*a) == s)
}

/// Renders the print files of an order (only `only`: one line and area,
/// without the pieces).
pub async fn render(
    db: &Db,
    storage: &Storage,
    work: &CpuQueue,
    order_id: &str,
    only: Option<(usize, PrintArea)>,
) -> Result<PrintRun, ApiError> {
    let items = orders::items(db, &[order_id]).await?;
    let mut jobs = Vec::new();
    let mut personalised = Vec::new();
    let mut pictures: Vec<(Vec<u8>, String)> = Vec::new();
    for (i, item) in items.into_iter().enumerate() {
        let line = i + 1;
        let design = Design::from_json(&item.line.design).map_err(ApiError::internal)?;
        if only.is_none() && design.is_personalised() {
            personalised.push((line, design.clone()));
        }
        let jobs_before = jobs.len();
        for area in PrintArea::ALL {
            if design.area(area).element_count() == 0 || only.is_some_and(|o| o != (line, area)) {
                continue;
            }
            let quantities = design.quantities;
            jobs.push((
                line,
                item.line.name.clone(),
                item.line.color.clone(),
                quantities,
                area,
                design.clone(),
            ));
        }
        if jobs.len() > jobs_before {
            pictures.extend(crate::designs::pictures(db, storage, &design).await?);
        }
    }
    // Rasterising is heavy work: in the queue, within its memory budget. Each
    // picture kept print-ready and a copy of it, and each area's pixels and PNG.
    let cost = pictures
        .iter()
        .map(|(bytes, _)| decoding_cost(bytes, MAX_KEPT_SIDE) * 2)
        .sum::<u64>()
        + PRINT_AREA_BYTES * (jobs.len() + personalised.len()) as u64;
    work.run_holding(cost, move || {
        let mut renderer = Renderer::with_bundled_fonts();
        for (bytes, mime) in &pictures {
            renderer.add_image(bytes, mime)?;
        }
        let files = jobs
            .into_iter()
            .map(|(line, product, colour, quantities, area, design)| {
                Ok(PrintFile {
                    png: renderer.export_area_png(&design, area)?,
                    warnings: design_engine::preflight::warnings(&design, area),
                    line,
                    product,
                    colour,
                    quantities,
                    area,
                })
            })
            .collect::<Result<Vec<_>, design_engine::StudioError>>()?;
        let pieces = personalised
            .into_iter()
            .map(|(line, design)| {
                Ok(LinePieces {
                    line,
                    files: renderer.piece_files(&design)?,
                    roster_csv: design_engine::render::roster_csv(&design),
                })
            })
            .collect::<Result<Vec<_>, design_engine::StudioError>>()?;
        Ok::<_, design_engine::StudioError>(PrintRun { files, pieces })
    })
    .await?
    .map_err(ApiError::internal)
}

/// A zip of the files with `manifest.json`: line, product, colour, quantities
/// per size, area, print size in inches, file and warnings; then each
/// personalised line's piece files (in `line-N-pieces/`, one per piece and
/// area, named by row) and its `line-N-roster.csv`.
pub fn archive(order_number: &str, run: &PrintRun) -> Result<Vec<u8>, ApiError> {
    let files = &run.files;
    let manifest: Vec<serde_json::Value> = files
        .iter()
        .map(|f| {
            let (w, h) = f.area.print_size_inches();
            serde_json::json!({
                "line": f.line, "product": f.product, "colour": f.colour, "quantities": f.quantities,
                "area": f.area.label(), "printSizeInches": {"width": w, "height": h}, "dpi": design_engine::render::PRINT_DPI,
                "file": f.file_name(), "warnings": f.warnings,
            })
        })
        .collect();
    let mut zip = zip::ZipWriter::new(std::io::Cursor::new(Vec::new()));
    let stored =
        zip::write::SimpleFileOptions::default().compression_method(zip::CompressionMethod::Stored);
    let pieces: Vec<serde_json::Value> = run
        .pieces
        .iter()
        .map(|p| {
            let files: Vec<serde_json::Value> = p
                .files
                .iter()
                .map(|f| serde_json::json!({"row": f.row, "area": f.area.label(), "file": format!("{}/{}", p.folder(), f.file_name)}))
                .collect();
            serde_json::json!({"line": p.line, "roster": p.roster_name(), "files": files})
        })
        .collect();
    let json = serde_json::to_vec_pretty(
        &serde_json::json!({ "order": order_number, "files": manifest, "pieces": pieces }),
    )?;
    let mut add = |name: &str, bytes: &[u8]| -> Result<(), ApiError> {
        zip.start_file(name, stored).map_err(ApiError::internal)?;
        zip.write_all(bytes).map_err(ApiError::internal)
    };
    add("manifest.json", &json)?;
    for f in files {
        add(&f.file_name(), &f.png)?;
    }
    for p in &run.pieces {
        add(&p.roster_name(), p.roster_csv.as_bytes())?;
        for f in &p.files {
            add(&format!("{}/{}", p.folder(), f.file_name), &f.png)?;
        }
    }
    Ok(zip.finish().map_err(ApiError::internal)?.into_inner())
}
