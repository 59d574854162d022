//! An order's print files: for each line, a PNG at 300 DPI of every print
//! area it uses, drawn on the server by the engine from the stored artwork
//! and the design's own parameters (placement, size, background removal,
//! embroidery), the same pixels the shopper previewed. Each file comes with
//! the engine's preflight warnings. A line with names and numbers adds one
//! file per piece (only its name and number, on the whole area) and a
//! `roster.csv` for the press to tick off.
//!
//! The zip of them all is streamed: one job in the heavy-work queue draws
//! the files one at a time and writes each into the archive as it goes, its
//! bytes handed to the response through a bounded channel, so a roster of a
//! thousand pieces holds one piece's file and a few chunks, not the whole
//! archive. The job's turn is taken before the response starts (a full queue
//! still answers 503), and a client that hangs up ends it at its next chunk.

use std::cell::Cell;
use std::io::{self, Write};
use std::rc::Rc;

use bytes::Bytes;
use design_engine::codec::{MAX_KEPT_SIDE, decoding_cost};
use design_engine::render::{Renderer, piece_file_name};
use design_engine::{Design, PrintArea, Quantities};
use futures_util::Stream;
use tokio::sync::mpsc;

use crate::cpu_queue::CpuQueue;
use crate::db::{Db, orders};
use crate::error::Failure;
use crate::storage::Storage;

/// An area's print file while it is drawn (a row at a time): its sprites,
/// at most a picture as large as the Back at 300 DPI (3,600 × 4,200 RGBA,
/// 58 MiB) and a text, and the PNG. `cargo bench -p api --bench proof`
/// counts every allocation and printed 94 MiB for a grainy 5 MB photo
/// filling the Back (19 MiB of PNG), 30 MiB for a roster piece.
const PRINT_AREA_BYTES: u64 = 100 << 20;
/// The zip goes out in chunks of this size, at most `CHUNKS` of them waiting
/// in the channel for a slow client.
const CHUNK: usize = 256 << 10;
const CHUNKS: usize = 4;
/// The archive's bytes a job holds: the chunks in the channel, the one it is
/// filling and the one the server is sending.
const ARCHIVE_BYTES: u64 = ((CHUNKS + 2) * CHUNK) as u64;

/// One print file and what the printer needs to know about it.
pub struct PrintFile {
    /// The order line, from 1.
    pub line: usize,
    pub area: PrintArea,
    pub png: Vec<u8>,
}

impl PrintFile {
    /// The file's name in the archive, e.g. `line-1-back.png`.
    pub fn file_name(&self) -> String {
        file_name(self.line, self.area)
    }
}

fn file_name(line: usize, area: PrintArea) -> String {
    format!("line-{line}-{}.png", area.file_slug())
}

/// The folder of a personalised line's piece files in the archive.
fn pieces_folder(line: usize) -> String {
    format!("line-{line}-pieces")
}

fn roster_name(line: usize) -> String {
    format!("line-{line}-roster.csv")
}

/// The area a print file's name gives (`left-chest`, `left-sleeve`): its key.
pub fn parse_area(slug: &str) -> Option<PrintArea> {
    let mut key = String::with_capacity(slug.len());
    let mut upper = false;
    for c in slug.chars() {
        match c {
            '-' if !key.is_empty() && !upper => upper = true,
            c if c.is_ascii_lowercase() || c.is_ascii_digit() => {
                key.push(if upper { c.to_ascii_uppercase() } else { c });
                upper = false;
            }
            _ => return None,
        }
    }
    design_engine::print_area::is_area_key(&key)
        .then(|| PrintArea::parse(&key))
        .flatten()
}

/// A shared area file to draw.
struct AreaJob {
    line: usize,
    product: String,
    colour: String,
    quantities: Quantities,
    area: PrintArea,
    design: Design,
}

/// What an order prints, read from the database before any drawing: the
/// shared area files, the personalised lines, and the pictures they use.
struct Plan {
    areas: Vec<AreaJob>,
    personalised: Vec<(usize, Design)>,
    pictures: Vec<(Vec<u8>, String)>,
}

impl Plan {
    /// The order's lines (only `only`: one line and area, without the pieces).
    async fn of(
        db: &Db,
        storage: &Storage,
        order_id: &str,
        only: Option<(usize, PrintArea)>,
    ) -> Result<Plan, Failure> {
        let items = orders::items(db, &[order_id]).await?;
        let mut plan = Plan {
            areas: Vec::new(),
            personalised: Vec::new(),
            pictures: Vec::new(),
        };
        for (i, item) in items.into_iter().enumerate() {
            let line = i + 1;
            let design = Design::from_json(&item.line.design).map_err(Failure::internal)?;
            if only.is_none() && design.is_personalised() {
                plan.personalised.push((line, design.clone()));
            }
            let areas_before = plan.areas.len();
            let product_areas = crate::core::products::garment_of(db, &item.line.product_id)
                .await?
                .areas();
            for area in design.printed_areas(&product_areas) {
                if design.area(area).element_count() == 0 || only.is_some_and(|o| o != (line, area))
                {
                    continue;
                }
                plan.areas.push(AreaJob {
                    line,
                    product: item.line.name.clone(),
                    colour: item.line.color.clone(),
                    quantities: design.quantities.clone(),
                    area,
                    design: design.clone(),
                });
            }
            if plan.areas.len() > areas_before {
                plan.pictures
                    .extend(crate::core::designs::pictures(db, storage, &design).await?);
            }
        }
        Ok(plan)
    }

    /// The most the drawing holds at once: each picture kept print-ready
    /// and a copy of it, and one file being drawn (areas and pieces are
    /// drawn one after another, each dropped once written).
    fn cost(&self) -> u64 {
        self.pictures
            .iter()
            .map(|(bytes, _)| bytes.len() as u64 + decoding_cost(bytes, MAX_KEPT_SIDE) * 2)
            .sum::<u64>()
            + PRINT_AREA_BYTES
    }

    /// A renderer holding the plan's pictures.
    fn renderer(&self) -> Result<Renderer, design_engine::StudioError> {
        let mut renderer = Renderer::with_bundled_fonts();
        for (bytes, mime) in &self.pictures {
            renderer.add_image(bytes, mime)?;
        }
        let designs = self.areas.iter().map(|a| &a.design);
        for design in designs.chain(self.personalised.iter().map(|(_, d)| d)) {
            crate::core::library::clipart::provide(&mut renderer, design)?;
        }
        Ok(renderer)
    }

    /// `manifest.json`: line, product, colour, quantities per size, area,
    /// print size in inches, file and warnings per shared file; then each
    /// personalised line's roster and piece files. All of it is known before
    /// drawing (the warnings are preflight's), so it comes first in the zip.
    fn manifest(&self, order_number: &str) -> serde_json::Result<Vec<u8>> {
        let files: Vec<serde_json::Value> = self
            .areas
            .iter()
            .map(|a| {
                let (w, h) = a.area.print_size_inches();
                serde_json::json!({
                    "line": a.line, "product": a.product, "colour": a.colour, "quantities": a.quantities,
                    "area": a.area.label(), "printSizeInches": {"width": w, "height": h}, "dpi": design_engine::render::PRINT_DPI,
                    "file": file_name(a.line, a.area), "warnings": design_engine::preflight::warnings(&a.design, a.area),
                })
            })
            .collect();
        let pieces: Vec<serde_json::Value> = self
            .personalised
            .iter()
            .map(|(line, design)| {
                let areas: Vec<PrintArea> = design.personalised_areas().collect();
                let files: Vec<serde_json::Value> = (0..design.roster().len())
                    .flat_map(|i| areas.iter().map(move |&area| (i, area)))
                    .map(|(i, area)| serde_json::json!({
                        "row": i + 1, "area": area.label(),
                        "file": format!("{}/{}", pieces_folder(*line), piece_file_name(design, area, i)),
                    }))
                    .collect();
                serde_json::json!({"line": line, "roster": roster_name(*line), "files": files})
            })
            .collect();
        serde_json::to_vec_pretty(
            &serde_json::json!({ "order": order_number, "files": files, "pieces": pieces }),
        )
    }
}

/// One line's area as a PNG, or none when the line has nothing printed there.
pub async fn render_one(
    db: &Db,
    storage: &Storage,
    work: &CpuQueue,
    order_id: &str,
    line: usize,
    area: PrintArea,
) -> Result<Option<PrintFile>, Failure> {
    let plan = Plan::of(db, storage, order_id, Some((line, area))).await?;
    let Some(job) = plan.areas.first() else {
        return Ok(None);
    };
    // The product's area, with its own inches.
    let (design, area) = (job.design.clone(), job.area);
    let cost = plan.cost();
    let png = work
        .run_holding(cost, move || {
            plan.renderer()?.export_area_png(&design, area)
        })
        .await?
        .map_err(Failure::internal)?;
    Ok(Some(PrintFile { line, area, png }))
}

/// The zip of every print file of an order, as a stream of its bytes: the
/// manifest (see `Plan::manifest`), one PNG per line and area, then each
/// personalised line's `line-N-roster.csv` and piece files (in
/// `line-N-pieces/`, one per piece and area, named by row). Answers 503 when
/// the queue is full, before anything is sent; an error while drawing ends
/// the stream with an error (the client sees a failed download) and is logged.
pub async fn archive(
    db: &Db,
    storage: &Storage,
    work: &CpuQueue,
    order_id: &str,
    order_number: &str,
) -> Result<impl Stream<Item = io::Result<Bytes>> + Send + 'static, Failure> {
    let plan = Plan::of(db, storage, order_id, None).await?;
    // A roster that does not fit is refused before the download starts.
    for (_, design) in &plan.personalised {
        design_engine::design::check_roster(design).map_err(Failure::internal)?;
    }
    let manifest = plan.manifest(order_number)?;
    let ticket = work.reserve(plan.cost() + ARCHIVE_BYTES).await?;
    let (tx, rx) = mpsc::channel(CHUNKS);
    let order = order_number.to_string();
    drop(ticket.spawn(move || send_archive(&plan, &manifest, tx, &order)));
    Ok(futures_util::stream::unfold(rx, |mut rx| async move {
        rx.recv().await.map(|chunk| (chunk, rx))
    }))
}

/// The job: the archive into `tx`, a chunk at a time. A failure is logged,
/// and sent as the stream's last item so the download fails.
fn send_archive(plan: &Plan, manifest: &[u8], tx: mpsc::Sender<io::Result<Bytes>>, order: &str) {
    let state = Rc::new(Cell::new(Sink::Open));
    let out = Chunks {
        tx: tx.clone(),
        buf: Vec::with_capacity(CHUNK),
        state: state.clone(),
    };
    match write_archive(out, plan, manifest) {
        Ok(()) => {}
        Err(_) if state.get() == Sink::Left => {
            tracing::info!(order, "print files: the download was left unfinished");
        }
        Err(e) => {
            tracing::error!(order, error = %e, "print files: drawing failed mid-download");
            let _ = tx.blocking_send(Err(io::Error::other("the print files could not be drawn")));
        }
    }
}

/// Writes the archive into `out`, drawing each file as it goes.
fn write_archive(out: Chunks, plan: &Plan, manifest: &[u8]) -> anyhow::Result<()> {
    let state = out.state.clone();
    let mut zip = zip::ZipWriter::new_stream(out);
    let written = write_entries(&mut zip, plan, manifest);
    if written.is_err() {
        // The zip finishes itself when dropped: that goes nowhere.
        if state.get() == Sink::Open {
            state.set(Sink::Closed);
        }
        return written;
    }
    zip.finish()?.into_inner().flush()?;
    Ok(())
}

fn write_entries<W: Write + io::Seek>(
    zip: &mut zip::ZipWriter<W>,
    plan: &Plan,
    manifest: &[u8],
) -> anyhow::Result<()> {
    // PNGs are stored, not recompressed.
    let stored =
        zip::write::SimpleFileOptions::default().compression_method(zip::CompressionMethod::Stored);
    let add = |zip: &mut zip::ZipWriter<W>, name: &str, bytes: &[u8]| -> anyhow::Result<()> {
        zip.start_file(name, stored)?;
        zip.write_all(bytes)?;
        Ok(())
    };
    add(zip, "manifest.json", manifest)?;
    let mut renderer = plan.renderer()?;
    for a in &plan.areas {
        let png = renderer.export_area_png(&a.design, a.area)?;
        add(zip, &file_name(a.line, a.area), &png)?;
    }
    for (line, design) in &plan.personalised {
        let roster = design_engine::render::roster_csv(design);
        add(zip, &roster_name(*line), roster.as_bytes())?;
        let folder = pieces_folder(*line);
        renderer.for_each_piece_file(design, |piece| {
            add(zip, &format!("{folder}/{}", piece.file_name), &piece.png)
        })?;
    }
    Ok(())
}

/// Where the archive's bytes may still go.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Sink {
    Open,
    /// The client hung up: a send failed.
    Left,
    /// The job failed; what the zip writes as it is dropped is not sent.
    Closed,
}

/// The archive's bytes on their way to the response: gathered into chunks
/// of `CHUNK` and sent through the bounded channel, so the job waits for a
/// slow client instead of holding what it has not sent yet.
struct Chunks {
    tx: mpsc::Sender<io::Result<Bytes>>,
    buf: Vec<u8>,
    state: Rc<Cell<Sink>>,
}

impl Chunks {
    fn send(&mut self) -> io::Result<()> {
        let chunk = std::mem::replace(&mut self.buf, Vec::with_capacity(CHUNK));
        self.tx.blocking_send(Ok(chunk.into())).map_err(|_| {
            self.state.set(Sink::Left);
            io::Error::new(io::ErrorKind::BrokenPipe, "the client hung up")
        })
    }
}

impl Write for Chunks {
    fn write(&mut self, data: &[u8]) -> io::Result<usize> {
        if self.state.get() != Sink::Open {
            // Only the zip's own finishing as it is dropped: nobody reads it.
            return Ok(data.len());
        }
        let n = data.len().min(CHUNK - self.buf.len());
        self.buf.extend_from_slice(&data[..n]);
        if self.buf.len() == CHUNK {
            self.send()?;
        }
        Ok(n)
    }

    fn flush(&mut self) -> io::Result<()> {
        if self.state.get() == Sink::Open && !self.buf.is_empty() {
            self.send()?;
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn plan(pictures: Vec<(Vec<u8>, String)>) -> Plan {
        Plan {
            areas: Vec::new(),
            personalised: Vec::new(),
            pictures,
        }
    }

    /// What the job sends, until it ends.
    fn sent(plan: Plan) -> Vec<io::Result<Bytes>> {
        let (tx, mut rx) = mpsc::channel(CHUNKS);
        let job = std::thread::spawn(move || send_archive(&plan, b"{}", tx, "LT-1"));
        let mut items = Vec::new();
        while let Some(item) = rx.blocking_recv() {
            items.push(item);
        }
        job.join().unwrap();
        items
    }

    #[test]
    fn the_archive_streams_as_a_whole_zip() {
        let bytes: Vec<u8> = sent(plan(Vec::new()))
            .into_iter()
            .flat_map(|c| c.unwrap().to_vec())
            .collect();
        let mut zip = zip::ZipArchive::new(io::Cursor::new(bytes)).unwrap();
        assert_eq!(zip.len(), 1);
        let mut manifest = String::new();
        io::Read::read_to_string(&mut zip.by_name("manifest.json").unwrap(), &mut manifest)
            .unwrap();
        assert_eq!(manifest, "{}");
    }

    /// A drawing that fails part-way ends the stream with an error, and
    /// nothing after it: the client's download fails instead of ending as a
    /// zip with files missing.
    #[test]
    fn a_failure_part_way_ends_the_stream_with_an_error() {
        let items = sent(plan(vec![(b"not a picture".to_vec(), "image/png".into())]));
        let (last, chunks) = items.split_last().unwrap();
        assert!(last.is_err(), "{last:?}");
        let bytes: Vec<u8> = chunks
            .iter()
            .flat_map(|c| c.as_ref().unwrap().to_vec())
            .collect();
        assert!(zip::ZipArchive::new(io::Cursor::new(bytes)).is_err());
    }

    /// A client that hung up fails the next send: the job stops there.
    #[test]
    fn a_client_that_left_ends_the_writing() {
        let (tx, rx) = mpsc::channel(CHUNKS);
        drop(rx);
        let state = Rc::new(Cell::new(Sink::Open));
        let mut out = Chunks {
            tx,
            buf: Vec::new(),
            state: state.clone(),
        };
        let err = out.write_all(&vec![0; CHUNK]).unwrap_err();
        assert_eq!(err.kind(), io::ErrorKind::BrokenPipe);
        assert!(state.get() == Sink::Left);
    }
}
