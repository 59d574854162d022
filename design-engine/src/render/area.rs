//! An area drawn: each of its elements placed at its size and centre (the
//! image under the text, a row's name and number over both), composited,
//! and the boxes the studio hit-tests.

use std::sync::Arc;

use image::RgbaImage;
use tiny_skia::Pixmap;

use super::ink::{INK_MARGIN, Ink};
use super::pixels::{Span, blit_inked, into_rgba_within};
use super::placed::{ElementBox, Layers, PersonalBox, Placed, PlacedKind, SpriteKey, TextKey};
use super::renderer::Renderer;
use super::text::REFERENCE_EM;
use super::{MAX_RENDER_WIDTH, PREVIEW_SIDE, TEXT_SIZE_PER_AREA_HEIGHT};
use crate::design::{Design, PrintArea};
use crate::elements::{DEFAULT_FONT_SIZE, ElementKind, TextElement};
use crate::error::StudioError;
use crate::personal_field::PersonalField;
use crate::roster::RosterRow;

impl Renderer {
    /// Every element of an area at its place, `width_px` wide (height keeps the
    /// area's proportions). The image lies under the text.
    pub fn render_area(
        &mut self,
        design: &Design,
        area: PrintArea,
        width_px: u32,
    ) -> Result<RgbaImage, StudioError> {
        self.area_rgba(design, area, width_px, Layers::Shared)
    }

    /// Where each element of an area lies when the area is drawn `width_px`
    /// wide, in that drawing's pixels: the studio hit-tests and outlines
    /// elements with these, so it never repeats the layout rules.
    pub fn element_boxes(
        &mut self,
        design: &Design,
        area: PrintArea,
        width_px: u32,
    ) -> Result<Vec<ElementBox>, StudioError> {
        let (w, h) = area.pixel_size(width_px.clamp(1, MAX_RENDER_WIDTH));
        Ok(self
            .layout(design, area, w, h, false, Layers::Shared)?
            .into_iter()
            .map(|p| p.element_box())
            .collect())
    }

    /// The element drawn on top at pixel (x, y) of an area drawn `width_px` wide.
    pub fn element_at(
        &mut self,
        design: &Design,
        area: PrintArea,
        width_px: u32,
        x: f32,
        y: f32,
    ) -> Result<Option<ElementKind>, StudioError> {
        let boxes = self.element_boxes(design, area, width_px)?;
        Ok(boxes
            .iter()
            .rev()
            .find(|b| b.contains(x, y))
            .map(|b| b.kind))
    }

    /// Each element of an area at its drawn size and centre, bottom first (the
    /// image lies under the text, a row's name and number over both). Sprites
    /// are made when drawn, not here.
    pub(super) fn layout(
        &mut self,
        design: &Design,
        area: PrintArea,
        w: u32,
        h: u32,
        print: bool,
        layers: Layers,
    ) -> Result<Vec<Placed>, StudioError> {
        let (wf, hf) = (w as f32, h as f32);
        let content = design.area(area);
        let mut placed = Vec::with_capacity(4);
        let shared = layers.shared();

        if let Some(image) = content.image.clone().filter(|_| shared) {
            let box_w = image.size.width() as f32 / 100.0 * wf;
            let box_h = image.size.height() as f32 / 100.0 * hf;
            let centre = (
                image.position.x() as f32 / 100.0 * wf,
                image.position.y() as f32 / 100.0 * hf,
            );
            // Fit inside the element's box, keeping the picture's proportions.
            let fit = |iw: f32, ih: f32| {
                let s = (box_w / iw).min(box_h / ih);
                (
                    ((iw * s).round() as u32).max(1),
                    ((ih * s).round() as u32).max(1),
                )
            };
            if let Some((art, rgb)) = self.vector(&image.source)? {
                let (dw, dh) = fit(art.aspect(), 1.0);
                placed.push(Placed {
                    centre,
                    size: (dw as f32, dh as f32),
                    what: PlacedKind::Vector {
                        key: SpriteKey::Vector {
                            source: image.source.clone(),
                            width: dw,
                            height: dh,
                        },
                        art,
                        rgb,
                    },
                });
            } else if let Some(asset) = image.asset() {
                let preview = !print && box_w.max(box_h) <= PREVIEW_SIDE as f32;
                let source = self.prepared(&image, preview)?;
                let (dw, dh) = fit(source.width() as f32, source.height() as f32);
                placed.push(Placed {
                    centre,
                    size: (dw as f32, dh as f32),
                    what: PlacedKind::Image {
                        key: SpriteKey::Image {
                            sha256: asset.sha256.clone(),
                            embroidered: image.use_embroidery,
                            preview,
                            width: dw,
                            height: dh,
                        },
                        source,
                    },
                });
            }
        }

        if let Some(text) = content.text.clone().filter(|_| shared) {
            let shape = self.shape(&text)?;
            let mut em = text.size() as f32 / TEXT_SIZE_PER_AREA_HEIGHT * hf;
            // A text never runs off the garment: it shrinks to fit the area.
            let (tw, th) = shape.size_at(em);
            let fit = (wf / tw).min(hf / th).min(1.0);
            em *= fit;
            placed.push(Placed {
                centre: (
                    text.position.x() as f32 / 100.0 * wf,
                    text.position.y() as f32 / 100.0 * hf,
                ),
                size: (tw * fit, th * fit),
                what: PlacedKind::Text {
                    key: SpriteKey::Text {
                        text: TextKey::of(&text),
                        em_bits: em.to_bits(),
                    },
                    shape,
                    em,
                    part: None,
                },
            });
        }
        if let Some(row) = layers.row() {
            let personal = self.place_personal(design, area, row, wf, hf)?;
            placed.extend(personal.into_iter().map(|(_, p)| p));
        }
        Ok(placed)
    }

    pub(super) fn area_pixmap(
        &mut self,
        design: &Design,
        area: PrintArea,
        width_px: u32,
        print: bool,
        layers: Layers,
    ) -> Result<Pixmap, StudioError> {
        Ok(self.area_inked(design, area, width_px, print, layers)?.0)
    }

    /// A preview of an area as straight-alpha RGBA (`render_area`): only the
    /// pixels the sprites cover are converted, the rest stays transparent.
    pub(super) fn area_rgba(
        &mut self,
        design: &Design,
        area: PrintArea,
        width_px: u32,
        layers: Layers,
    ) -> Result<RgbaImage, StudioError> {
        let (canvas, ink) = self.area_inked(design, area, width_px, false, layers)?;
        Ok(into_rgba_within(canvas, ink))
    }

    /// The area drawn premultiplied, and the pixels its sprites cover
    /// (`None` when nothing is drawn on it).
    pub(super) fn area_inked(
        &mut self,
        design: &Design,
        area: PrintArea,
        width_px: u32,
        print: bool,
        layers: Layers,
    ) -> Result<(Pixmap, Option<Span>), StudioError> {
        let (w, h) = area.pixel_size(width_px.clamp(1, MAX_RENDER_WIDTH));
        let mut canvas =
            Pixmap::new(w, h).ok_or(StudioError::MalformedDesign("empty print area".into()))?;
        let mut ink: Option<Span> = None;
        for p in self.layout(design, area, w, h, print, layers)? {
            let (sprite, (x, y)) = self.draw(p, print, w.max(h))?;
            if let Some(span) = blit_inked(&mut canvas, &sprite, x, y, ink) {
                ink = Some(ink.map_or(span, |i| i.union(span)));
            }
        }
        Ok((canvas, ink))
    }

    /// The row's name and number on an area `wf × hf` pixels: where their
    /// ink lies, and the sprite to draw.
    pub(super) fn place_personal(
        &mut self,
        design: &Design,
        area: PrintArea,
        row: &RosterRow,
        wf: f32,
        hf: f32,
    ) -> Result<Vec<(PersonalBox, Placed)>, StudioError> {
        let mut placed = Vec::with_capacity(2);
        for field in PersonalField::ALL {
            let (Some(style), Some(words)) = (design.area(area).personal(field), row.text(field))
            else {
                continue;
            };
            // The size only matters to arcs, which names and numbers do not have.
            let text = TextElement::new(
                words,
                style.font(),
                DEFAULT_FONT_SIZE,
                style.colour().as_str(),
            )?;
            let shape = self.shape(&text)?;
            let key = TextKey::of(&text);
            let ink = self.inks.get_or_try(key.clone(), || Ink::measure(&shape))?;
            // The ink, not the font size, is the style's height of the area.
            let target = style.height() as f32 / 100.0 * hf;
            let scale = target / ink.height.max(0.5);
            let fit = (wf / (ink.width * scale)).min(hf / target).min(1.0);
            let scale = scale * fit;
            let em = REFERENCE_EM * scale;
            let (x, y) = (
                style.position.x() as f32 / 100.0 * wf,
                style.position.y() as f32 / 100.0 * hf,
            );
            let part = [
                ink.dx,
                ink.dy,
                ink.width + 2.0 * INK_MARGIN,
                ink.height + 2.0 * INK_MARGIN,
            ];
            let size = (ink.width * scale, ink.height * scale);
            placed.push((
                PersonalBox {
                    field,
                    x,
                    y,
                    width: size.0,
                    height: size.1,
                },
                Placed {
                    // The sprite is the ink (and a margin), centred on the position.
                    centre: (x, y),
                    size,
                    what: PlacedKind::Text {
                        key: SpriteKey::Text {
                            text: key,
                            em_bits: em.to_bits(),
                        },
                        shape: Arc::clone(&shape),
                        em,
                        part: Some(part),
                    },
                },
            ));
        }
        Ok(placed)
    }
}
