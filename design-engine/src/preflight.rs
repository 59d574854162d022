//! Preflight of a print area before it is printed: an image whose pixels are
//! stretched over too many inches prints blurry. The image is fitted inside
//! its box (width and height in percent of the area) keeping its proportions,
//! so its effective resolution is pixels over the inches it really covers.

use serde::Serialize;

use crate::design::{Design, PrintArea};

/// Below this an image looks soft on the garment.
pub const MIN_PRINT_DPI: f64 = 150.0;
/// At or above this an image prints sharp.
pub const GOOD_PRINT_DPI: f64 = 300.0;

/// How well an image prints, as the studio's badge names it.
#[cfg_attr(feature = "wasm", derive(tsify::Tsify))]
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
pub enum Grade {
    /// `GOOD_PRINT_DPI` or more.
    Good,
    /// From `MIN_PRINT_DPI` up to `GOOD_PRINT_DPI`.
    Fair,
    /// Below `MIN_PRINT_DPI`: the printer is warned.
    Low,
}

impl Grade {
    pub fn of(dpi: f64) -> Grade {
        if dpi >= GOOD_PRINT_DPI {
            Grade::Good
        } else if dpi >= MIN_PRINT_DPI {
            Grade::Fair
        } else {
            Grade::Low
        }
    }
}

/// The print quality of an area's image: what the studio's badge shows live.
#[cfg_attr(feature = "wasm", derive(tsify::Tsify))]
#[derive(Debug, Clone, PartialEq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct ImageQuality {
    pub area: PrintArea,
    /// Dots per inch of the image fitted inside its box, at the printed size.
    pub dpi: f64,
    pub grade: Grade,
    /// The preflight warning for a low one (as `warnings` gives it).
    pub warning: Option<String>,
}

/// The print quality of the area's image, if it has one.
pub fn image_quality(design: &Design, area: PrintArea) -> Option<ImageQuality> {
    let dpi = image_dpi(design, area)?;
    Some(ImageQuality {
        area,
        dpi,
        grade: Grade::of(dpi),
        warning: low_resolution(area, dpi),
    })
}

fn low_resolution(area: PrintArea, dpi: f64) -> Option<String> {
    (dpi < MIN_PRINT_DPI).then(|| {
        format!(
            "The image on the {} prints at {:.0} DPI (below {:.0}): it may look blurry",
            area.label(),
            dpi,
            MIN_PRINT_DPI
        )
    })
}

/// The effective resolution (dots per inch) of the area's uploaded image on
/// the garment, if it has one (QR codes and clip-arts are drawn at any size).
pub fn image_dpi(design: &Design, area: PrintArea) -> Option<f64> {
    let image = design.area(area).image.as_ref()?;
    let asset = image.asset()?;
    let (area_w, area_h) = area.print_size_inches();
    let box_w = area_w * f64::from(image.size.width()) / 100.0;
    let box_h = area_h * f64::from(image.size.height()) / 100.0;
    let (px_w, px_h) = (
        f64::from(asset.width.max(1)),
        f64::from(asset.height.max(1)),
    );
    // Inches per pixel of the fitted picture: the tighter side decides.
    let inches_per_px = (box_w / px_w).min(box_h / px_h);
    Some(1.0 / inches_per_px)
}

/// What the printer should know about an area, in words for the admin.
pub fn warnings(design: &Design, area: PrintArea) -> Vec<String> {
    image_dpi(design, area)
        .and_then(|dpi| low_resolution(area, dpi))
        .into_iter()
        .collect()
}

/// The warnings of every print area of a design, in the areas' order.
pub fn warnings_for_design(design: &Design) -> Vec<String> {
    PrintArea::ALL
        .into_iter()
        .flat_map(|area| warnings(design, area))
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::elements::{ImageAsset, ImageElement, ImageSize};

    fn with_image(px: (u32, u32), size: (u32, u32)) -> Design {
        let asset = ImageAsset {
            sha256: "a".repeat(64),
            mime: "image/png".into(),
            bytes: 10,
            width: px.0,
            height: px.1,
        };
        let mut image = ImageElement::new(asset, "x.png");
        image.size = ImageSize::new(size.0, size.1).unwrap();
        let mut d = Design::new("64f1a2b3c4d5e6f708190a01", "white");
        d.set_image(PrintArea::Back, image);
        d
    }

    #[test]
    fn effective_resolution_follows_the_fitted_size() {
        // 1200 px across the full 12-inch Back: 100 DPI, a warning.
        let d = with_image((1200, 1200), (100, 100));
        assert_eq!(image_dpi(&d, PrintArea::Back).map(f64::round), Some(100.0));
        assert_eq!(warnings(&d, PrintArea::Back).len(), 1);
        // The same picture in a 20% box (2.4 in wide): 500 DPI, fine.
        let d = with_image((1200, 1200), (20, 20));
        assert_eq!(image_dpi(&d, PrintArea::Back).map(f64::round), Some(500.0));
        assert!(warnings(&d, PrintArea::Back).is_empty());
        // No image, no warning.
        assert_eq!(image_dpi(&d, PrintArea::LeftChest), None);
    }

    #[test]
    fn the_badge_grades_at_150_and_300_dpi() {
        // 1200 px over a box of 12 × 40% = 4.8 inches: 250 DPI, fair.
        let q = image_quality(&with_image((1200, 1200), (40, 40)), PrintArea::Back).unwrap();
        assert_eq!(
            (q.grade, q.dpi.round(), q.warning),
            (Grade::Fair, 250.0, None)
        );
        let q = image_quality(&with_image((1200, 1200), (100, 100)), PrintArea::Back).unwrap();
        assert_eq!(q.grade, Grade::Low);
        assert_eq!(
            q.warning.as_deref(),
            Some("The image on the Back prints at 100 DPI (below 150): it may look blurry")
        );
        assert_eq!(
            image_quality(&with_image((1200, 1200), (20, 20)), PrintArea::Back).map(|q| q.grade),
            Some(Grade::Good)
        );
        assert_eq!(
            [149.9, 150.0, 299.9, 300.0].map(Grade::of),
            [Grade::Low, Grade::Fair, Grade::Fair, Grade::Good]
        );
    }

    #[test]
    fn a_design_lists_the_warnings_of_its_areas() {
        let d = with_image((1200, 1200), (100, 100));
        assert_eq!(warnings_for_design(&d), warnings(&d, PrintArea::Back));
        assert!(warnings_for_design(&with_image((1200, 1200), (20, 20))).is_empty());
    }
}
