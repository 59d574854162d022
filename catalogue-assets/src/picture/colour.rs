//! Colours: sRGB values and the shades a garment's picture derives from its colour.

/// An sRGB colour.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Rgb(pub u8, pub u8, pub u8);

impl Rgb {
    /// From `#RRGGBB` (the catalogue's `colour_hex`).
    pub fn parse(hex: &str) -> Option<Rgb> {
        let h = hex.strip_prefix('#').unwrap_or(hex);
        if h.len() != 6 || !h.is_ascii() {
            return None;
        }
        let byte = |i: usize| u8::from_str_radix(&h[i..i + 2], 16).ok();
        Some(Rgb(byte(0)?, byte(2)?, byte(4)?))
    }

    /// `self` moved `percent` of the way towards `other`.
    pub(super) fn mix(self, other: Rgb, percent: u32) -> Rgb {
        let m = |a: u8, b: u8| {
            ((u32::from(a) * (100 - percent) + u32::from(b) * percent + 50) / 100) as u8
        };
        Rgb(m(self.0, other.0), m(self.1, other.1), m(self.2, other.2))
    }

    /// Perceived lightness, 0 (black) to 100 (white).
    fn lightness(self) -> u32 {
        (299 * u32::from(self.0) + 587 * u32::from(self.1) + 114 * u32::from(self.2)) / 2550
    }
}

impl std::fmt::Display for Rgb {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "#{:02x}{:02x}{:02x}", self.0, self.1, self.2)
    }
}

pub(super) const BLACK: Rgb = Rgb(0, 0, 0);
pub(super) const WHITE: Rgb = Rgb(255, 255, 255);

/// Shades and strengths derived from the garment's colour.
pub(super) struct Palette {
    pub(super) base: Rgb,
    /// Outlines and seams.
    pub(super) line: Rgb,
    /// The inside of the garment, seen through the neck.
    pub(super) inside: Rgb,
    /// Ribbing, cuffs and collar: a touch off the base.
    pub(super) rib: Rgb,
    /// Piping and the inverted yoke.
    pub(super) contrast: Rgb,
    pub(super) contrast_line: Rgb,
    pub(super) buttons: Rgb,
    /// Opacity factors of shadows and highlights (a black garment needs highlights to show its form).
    pub(super) shadow: f64,
    pub(super) light: f64,
}

impl Palette {
    pub(super) fn of(base: Rgb) -> Palette {
        let l = base.lightness();
        let dark = l < 20;
        let light_colour = l > 55;
        let contrast = if light_colour {
            Rgb(0x1e, 0x29, 0x3b)
        } else {
            Rgb(0xf4, 0xf4, 0xf5)
        };
        Palette {
            base,
            line: if dark {
                base.mix(WHITE, 22)
            } else {
                base.mix(BLACK, 30)
            },
            inside: if dark {
                base.mix(WHITE, 8)
            } else {
                base.mix(BLACK, 22)
            },
            rib: if dark {
                base.mix(WHITE, 6)
            } else {
                base.mix(BLACK, 5)
            },
            contrast,
            contrast_line: if light_colour {
                contrast.mix(WHITE, 25)
            } else {
                contrast.mix(BLACK, 25)
            },
            buttons: if dark {
                Rgb(0x30, 0x30, 0x30)
            } else {
                base.mix(WHITE, 75)
            },
            shadow: 0.5 + 0.5 * f64::from(l) / 100.0,
            light: 0.3 + 0.6 * f64::from(100 - l) / 100.0,
        }
    }
}
