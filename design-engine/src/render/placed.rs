//! What an area's drawing is made of: each element placed (its centre, its
//! size and the key of its sprite), the boxes the studio hit-tests, and which
//! layers of a piece are drawn.

use std::sync::Arc;

use serde::Serialize;
use tiny_skia::Pixmap;

use super::text::{TextShape, TextStyle};
use super::vector::VectorArt;
use crate::elements::{ElementKind, Font, ImageSource, TextElement};
use crate::personal_field::PersonalField;
use crate::roster::RosterRow;

/// What a text's layout depends on: its body, font and style (an arc's
/// radius in font sizes depends on the text's size; a flat text's does not).
#[derive(Clone, PartialEq)]
pub(super) struct TextKey {
    text: String,
    font: Font,
    style: TextStyle,
}

impl TextKey {
    pub(super) fn of(text: &TextElement) -> TextKey {
        TextKey {
            text: text.text().to_string(),
            font: text.font(),
            style: TextStyle::of(text),
        }
    }
}

/// An element drawn at its final size, ready to be copied onto an area.
#[derive(Clone, PartialEq)]
pub(super) enum SpriteKey {
    Text {
        text: TextKey,
        em_bits: u32,
    },
    Image {
        sha256: String,
        embroidered: bool,
        preview: bool,
        width: u32,
        height: u32,
    },
    /// A QR code or clip-art (its source names its colour too) at a size.
    Vector {
        source: ImageSource,
        width: u32,
        height: u32,
    },
}

/// An element's place on a drawn area: centre and size in pixels.
#[cfg_attr(feature = "wasm", derive(tsify::Tsify))]
#[derive(Debug, Clone, Copy, PartialEq, Serialize)]
pub struct ElementBox {
    pub kind: ElementKind,
    pub x: f32,
    pub y: f32,
    pub width: f32,
    pub height: f32,
}

impl ElementBox {
    pub(super) fn contains(&self, x: f32, y: f32) -> bool {
        (x - self.x).abs() <= self.width / 2.0 && (y - self.y).abs() <= self.height / 2.0
    }
}

/// One element laid out on an area, with what is needed to draw it.
pub(super) struct Placed {
    pub(super) centre: (f32, f32),
    pub(super) size: (f32, f32),
    pub(super) what: PlacedKind,
}

pub(super) enum PlacedKind {
    Image {
        key: SpriteKey,
        source: Arc<Pixmap>,
    },
    Vector {
        key: SpriteKey,
        art: Arc<VectorArt>,
        rgb: [u8; 3],
    },
    Text {
        key: SpriteKey,
        shape: Arc<TextShape>,
        em: f32,
        /// Only this part of the text's box (`TextShape::raster_part`).
        part: Option<[f32; 4]>,
    },
}

impl Placed {
    pub(super) fn element_box(&self) -> ElementBox {
        ElementBox {
            kind: match self.what {
                PlacedKind::Image { .. } | PlacedKind::Vector { .. } => ElementKind::Image,
                PlacedKind::Text { .. } => ElementKind::Text,
            },
            x: self.centre.0,
            y: self.centre.1,
            width: self.size.0,
            height: self.size.1,
        }
    }
}

/// Where a name or number lies on an area drawn for a row (pixels of that drawing).
#[cfg_attr(feature = "wasm", derive(tsify::Tsify))]
#[derive(Debug, Clone, Copy, PartialEq, Serialize)]
pub struct PersonalBox {
    pub field: PersonalField,
    pub x: f32,
    pub y: f32,
    pub width: f32,
    pub height: f32,
}

/// What of an area is drawn.
#[derive(Debug, Clone, Copy)]
pub(super) enum Layers<'a> {
    /// The text and image every piece shares.
    Shared,
    /// One piece: the shared elements with its name and number.
    Piece(&'a RosterRow),
    /// Only one piece's name and number: its print file, over the shared one.
    PieceOnly(&'a RosterRow),
}

impl<'a> Layers<'a> {
    pub(super) fn shared(self) -> bool {
        !matches!(self, Layers::PieceOnly(_))
    }
    pub(super) fn row(self) -> Option<&'a RosterRow> {
        match self {
            Layers::Shared => None,
            Layers::Piece(row) | Layers::PieceOnly(row) => Some(row),
        }
    }
}
