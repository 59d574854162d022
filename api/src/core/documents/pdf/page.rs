//! Pages of drawing operations (text, rules, boxes, images) in the
//! documents' styles, and their drawing into a PDF by krilla.

use design_engine::money::Paise;
use krilla::color::rgb;
use krilla::geom::{PathBuilder, Point, Rect};
use krilla::metadata::Metadata;
use krilla::num::NormalizedF32;
use krilla::page::PageSettings;
use krilla::paint::{Fill, Stroke};
use krilla::{Document, SerializeSettings};

use super::text::{Shaped, faces, shape, wrap};
use crate::domain::address::ShippingAddress;

/// A4 in points.
pub(crate) const PAGE_W: f32 = 595.28;
pub(crate) const PAGE_H: f32 = 841.89;
pub(crate) const MARGIN: f32 = 42.0;
pub(crate) const RIGHT: f32 = PAGE_W - MARGIN;
/// Content stops here; the footer sits below.
pub(crate) const BOTTOM: f32 = PAGE_H - 64.0;

/// sRGB.
pub(crate) type Colour = (u8, u8, u8);
pub(crate) const INK: Colour = (17, 24, 39);
pub(crate) const MUTED: Colour = (91, 99, 112);
pub(crate) const RULE: Colour = (209, 213, 219);
pub(crate) const SHADE: Colour = (243, 244, 246);

#[derive(Clone, Copy, PartialEq)]
pub(crate) enum Weight {
    Regular,
    /// Filled and outlined with a hairline of the same colour: the engine
    /// ships no bold face, and the glyphs stay text.
    Bold,
}

#[derive(Clone, Copy)]
pub(crate) struct Style {
    pub(crate) size: f32,
    weight: Weight,
    color: Colour,
}

pub(crate) const fn style(size: f32, weight: Weight, color: Colour) -> Style {
    Style {
        size,
        weight,
        color,
    }
}

pub(crate) const BODY: Style = style(9.5, Weight::Regular, INK);
pub(crate) const SMALL: Style = style(8.5, Weight::Regular, MUTED);
pub(crate) const LABEL: Style = style(8.0, Weight::Bold, MUTED);
pub(crate) const STRONG: Style = style(9.5, Weight::Bold, INK);

pub(crate) enum Op {
    /// Text with its baseline starting at (x, y).
    Text {
        x: f32,
        y: f32,
        style: Style,
        text: Shaped,
    },
    Rect {
        rect: Rect,
        color: Colour,
    },
    Line {
        from: (f32, f32),
        to: (f32, f32),
        width: f32,
        color: Colour,
    },
    /// Straight RGBA pixels (not premultiplied) drawn into `rect`.
    Image {
        rect: Rect,
        rgba: Vec<u8>,
        width: u32,
        height: u32,
    },
}

/// Pages of operations, and where the next content goes on the last one.
pub(crate) struct Layout {
    pub(crate) pages: Vec<Vec<Op>>,
    pub(crate) y: f32,
}

impl Layout {
    pub(crate) fn new() -> Layout {
        Layout {
            pages: vec![Vec::new()],
            y: MARGIN,
        }
    }

    pub(crate) fn push(&mut self, op: Op) {
        if let Some(page) = self.pages.last_mut() {
            page.push(op);
        }
    }

    /// Text from `x`; returns its width.
    pub(crate) fn text(&mut self, x: f32, y: f32, style: Style, text: &str) -> f32 {
        if text.is_empty() {
            return 0.0;
        }
        let text = shape(text);
        let width = text.width(style.size);
        self.push(Op::Text { x, y, style, text });
        width
    }

    /// Text ending at `right`.
    pub(crate) fn text_right(&mut self, right: f32, y: f32, style: Style, text: &str) {
        let shaped = shape(text);
        let x = right - shaped.width(style.size);
        self.push(Op::Text {
            x,
            y,
            style,
            text: shaped,
        });
    }

    pub(crate) fn rule(&mut self, y: f32, from: f32, to: f32, width: f32, color: Colour) {
        self.push(Op::Line {
            from: (from, y),
            to: (to, y),
            width,
            color,
        });
    }

    pub(crate) fn rect(&mut self, x: f32, y: f32, w: f32, h: f32, color: Colour) {
        if let Some(rect) = Rect::from_xywh(x, y, w, h) {
            self.push(Op::Rect { rect, color });
        }
    }

    /// Starts a new page unless `height` more fits on this one; `true` when it did.
    pub(crate) fn room_for(&mut self, height: f32) -> bool {
        if self.y + height <= BOTTOM {
            return false;
        }
        self.pages.push(Vec::new());
        self.y = MARGIN;
        true
    }
}

pub(crate) fn money(paise: i64) -> String {
    Paise(paise).format_inr()
}

pub(crate) fn address_lines(a: &ShippingAddress) -> Vec<String> {
    let mut lines = vec![a.full_name.clone(), a.street.clone()];
    lines.push(format!("{}, {} {}", a.city, a.state, a.zip_code));
    lines.push(a.country.clone());
    lines.push(format!("Phone: {}", a.phone));
    lines.push(a.email.clone());
    lines
}

/// BILL TO and SHIP TO side by side, each name in bold, then the table's place.
pub(crate) fn parties(l: &mut Layout, bill: Vec<String>, ship: Vec<String>) {
    let mid = PAGE_W / 2.0 + 20.0;
    let (mut by, mut sy) = (l.y, l.y);
    l.text(MARGIN, by, LABEL, "BILL TO");
    l.text(mid, sy, LABEL, "SHIP TO");
    by += 14.0;
    sy += 14.0;
    let width = mid - MARGIN - 20.0;
    for (x, y, lines) in [(MARGIN, &mut by, bill), (mid, &mut sy, ship)] {
        for (i, line) in lines.iter().enumerate() {
            let s = if i == 0 { STRONG } else { BODY };
            for part in wrap(line, s.size, width) {
                l.text(x, *y, s, &part);
                *y += 12.0;
            }
        }
    }
    l.y = by.max(sy) + 10.0;
}

/// Every page's footer: the seller's contact, and the page's number.
pub(crate) fn footer(l: &mut Layout, contact: &str) {
    let count = l.pages.len();
    for (i, page) in l.pages.iter_mut().enumerate() {
        let y = PAGE_H - 34.0;
        page.push(Op::Line {
            from: (MARGIN, y - 14.0),
            to: (RIGHT, y - 14.0),
            width: 0.5,
            color: RULE,
        });
        page.push(Op::Text {
            x: MARGIN,
            y,
            style: SMALL,
            text: shape(contact),
        });
        let n = shape(&format!("Page {} of {count}", i + 1));
        page.push(Op::Text {
            x: RIGHT - n.width(SMALL.size),
            y,
            style: SMALL,
            text: n,
        });
    }
}

fn fill((r, g, b): Colour) -> Fill {
    Fill {
        paint: rgb::Color::new(r, g, b).into(),
        opacity: NormalizedF32::ONE,
        rule: Default::default(),
    }
}

fn stroke((r, g, b): Colour, width: f32) -> Stroke {
    Stroke {
        paint: rgb::Color::new(r, g, b).into(),
        width,
        ..Default::default()
    }
}

/// Draws laid-out pages into a PDF titled `title`.
pub(crate) fn write(layout: Layout, title: String, creator: &str) -> Result<Vec<u8>, String> {
    let pages = layout.pages;
    let faces = faces();
    let mut doc = Document::new_with(SerializeSettings {
        // No XMP packet: a few kB less, and nothing in it a reader needs.
        xmp_metadata: false,
        ..SerializeSettings::default()
    });
    doc.set_metadata(
        Metadata::new()
            .title(title)
            .creator(creator.to_string())
            .language("en-IN".to_string()),
    );
    let settings = PageSettings::from_wh(PAGE_W, PAGE_H).ok_or("A4 is a page size")?;
    for ops in pages {
        let mut page = doc.start_page_with(settings.clone());
        let mut surface = page.surface();
        for op in ops {
            match op {
                Op::Text { x, y, style, text } => {
                    surface.set_fill(Some(fill(style.color)));
                    surface.set_stroke(
                        (style.weight == Weight::Bold)
                            .then(|| stroke(style.color, style.size * 0.035)),
                    );
                    let mut x = x;
                    for run in &text.runs {
                        surface.draw_glyphs(
                            Point::from_xy(x, y),
                            &run.glyphs,
                            faces[run.face].pdf.clone(),
                            &run.text,
                            style.size,
                            false,
                        );
                        x += run.width * style.size;
                    }
                    surface.set_stroke(None);
                }
                Op::Rect { rect, color } => {
                    let mut pb = PathBuilder::new();
                    pb.push_rect(rect);
                    if let Some(path) = pb.finish() {
                        surface.set_fill(Some(fill(color)));
                        surface.draw_path(&path);
                    }
                }
                Op::Line {
                    from,
                    to,
                    width,
                    color,
                } => {
                    let mut pb = PathBuilder::new();
                    pb.move_to(from.0, from.1);
                    pb.line_to(to.0, to.1);
                    if let Some(path) = pb.finish() {
                        surface.set_fill(None);
                        surface.set_stroke(Some(stroke(color, width)));
                        surface.draw_path(&path);
                        surface.set_stroke(None);
                    }
                }
                Op::Image {
                    rect,
                    rgba,
                    width,
                    height,
                } => {
                    let image = krilla::image::Image::from_rgba8(rgba, width, height);
                    if let Some(size) = krilla::geom::Size::from_wh(rect.width(), rect.height()) {
                        surface.push_transform(&krilla::geom::Transform::from_translate(
                            rect.left(),
                            rect.top(),
                        ));
                        surface.draw_image(image, size);
                        surface.pop();
                    }
                }
            }
        }
        surface.finish();
        page.finish();
    }
    doc.finish().map_err(|e| format!("{e:?}"))
}
