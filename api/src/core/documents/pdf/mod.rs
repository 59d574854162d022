//! Documents as A4 PDFs (the pro-forma invoice here; the tax documents,
//! shipping labels and proof sheets with the same tools): real, selectable
//! text in the engine's fonts (Liberation Sans, with DejaVu Sans for what it
//! lacks, such as '₹'), embedded as subsets with their Unicode maps, so the
//! text can be searched, copied and read aloud. Drawn by krilla; shaped by harfrust (the studio's
//! texts are laid out by the engine itself, with the same shaper).
//!
//! Two steps: a layout turns a document into pages of drawing operations
//! (`page::Layout`, measuring shaped text from `text`, wrapping, breaking pages
//! and repeating the table header), then `write` draws them. Coordinates are
//! PDF points from the page's top left corner.

mod page;
mod proforma;
mod text;

pub use proforma::render;

pub(crate) use page::{
    BODY, Colour, INK, LABEL, Layout, MARGIN, MUTED, Op, PAGE_H, PAGE_W, RIGHT, RULE, SHADE, SMALL,
    STRONG, Style, Weight, address_lines, footer, money, parties, style, write,
};
pub(crate) use text::wrap;
