//! The studio's fonts: open, metric-compatible files loaded from bytes, never
//! from the system, so the browser and the server draw identical pixels.
//! The files and their licences are in `design-engine/fonts/`.

#[cfg(feature = "text")]
use std::sync::Arc;

use crate::elements::Font;

/// Font file name → the family name inside it.
pub const FONT_FILES: [(&str, &str); 5] = [
    ("LiberationSans-Regular.ttf", "Liberation Sans"),
    ("LiberationSerif-Regular.ttf", "Liberation Serif"),
    ("LiberationMono-Regular.ttf", "Liberation Mono"),
    ("Gelasio-Regular.ttf", "Gelasio"),
    ("DejaVuSans.ttf", "DejaVu Sans"),
];

/// The open family that stands in for each studio font.
pub fn family_for(font: Font) -> &'static str {
    match font {
        // Liberation Sans is metric-compatible with Arial (and so Helvetica).
        Font::Arial | Font::Helvetica => "Liberation Sans",
        Font::TimesNewRoman => "Liberation Serif",
        Font::CourierNew => "Liberation Mono",
        // Gelasio is metric-compatible with Georgia.
        Font::Georgia => "Gelasio",
        // DejaVu Sans descends from Bitstream Vera, Verdana's wide humanist cousin.
        Font::Verdana => "DejaVu Sans",
    }
}

/// The font file for a studio font, for hosts that load fonts themselves.
pub fn file_for(font: Font) -> &'static str {
    let family = family_for(font);
    FONT_FILES
        .iter()
        .find(|(_, f)| *f == family)
        .map(|(file, _)| *file)
        .expect("every family has a file")
}

/// The font files themselves, compiled into the binary (in `FONT_FILES`
/// order), for hosts that need the bytes: the server's PDF invoices.
#[cfg(feature = "bundled-fonts")]
pub mod bundled {
    pub const LIBERATION_SANS: &[u8] = include_bytes!("../../fonts/LiberationSans-Regular.ttf");
    pub const LIBERATION_SERIF: &[u8] = include_bytes!("../../fonts/LiberationSerif-Regular.ttf");
    pub const LIBERATION_MONO: &[u8] = include_bytes!("../../fonts/LiberationMono-Regular.ttf");
    pub const GELASIO: &[u8] = include_bytes!("../../fonts/Gelasio-Regular.ttf");
    /// Also the one with the rupee sign (U+20B9), which Liberation Sans lacks.
    pub const DEJAVU_SANS: &[u8] = include_bytes!("../../fonts/DejaVuSans.ttf");

    pub const ALL: [&[u8]; 5] = [
        LIBERATION_SANS,
        LIBERATION_SERIF,
        LIBERATION_MONO,
        GELASIO,
        DEJAVU_SANS,
    ];
}

/// A loaded face: its file's bytes, its index in a collection, its family,
/// and what harfrust reads from its tables once (lookup caches).
#[cfg(feature = "text")]
#[derive(Clone)]
struct LoadedFace {
    data: Arc<[u8]>,
    index: u32,
    family: String,
    shaping: Arc<harfrust::ShaperData>,
}

/// A loaded face as the layout uses it: ttf-parser for its outlines and
/// metrics, harfrust for shaping.
#[cfg(feature = "text")]
pub(crate) struct FaceRef<'a> {
    pub outline: ttf_parser::Face<'a>,
    font: harfrust::FontRef<'a>,
    shaping: &'a harfrust::ShaperData,
}

#[cfg(feature = "text")]
impl FaceRef<'_> {
    pub fn shaper(&self) -> harfrust::Shaper<'_> {
        self.shaping.shaper(&self.font).build()
    }
}

/// The loaded font files, shaped with here (see `text::layout`).
#[cfg(feature = "text")]
#[derive(Clone, Default)]
pub struct Fonts {
    faces: Arc<Vec<LoadedFace>>,
}

/// A face's family name from its `name` table: the typographic family where
/// it has one, else the family; American English first.
#[cfg(feature = "text")]
fn family_name(face: &ttf_parser::Face) -> Option<String> {
    use ttf_parser::Language::English_UnitedStates;
    use ttf_parser::name_id::{FAMILY, TYPOGRAPHIC_FAMILY};
    [TYPOGRAPHIC_FAMILY, FAMILY].into_iter().find_map(|id| {
        let names = || face.names().into_iter().filter(move |n| n.name_id == id);
        names()
            .filter(|n| n.language() == English_UnitedStates)
            .chain(names())
            .find_map(|n| n.to_string())
    })
}

#[cfg(feature = "text")]
impl Fonts {
    pub fn empty() -> Fonts {
        Fonts::default()
    }

    /// Every studio font, compiled into the binary.
    #[cfg(feature = "bundled-fonts")]
    pub fn bundled() -> Fonts {
        let mut fonts = Fonts::empty();
        for bytes in bundled::ALL {
            fonts.load(bytes.to_vec());
        }
        fonts
    }

    /// Adds the faces of a font file (each face of a collection); returns how
    /// many faces it held (0 if it was not a font).
    pub fn load(&mut self, bytes: Vec<u8>) -> usize {
        let data: Arc<[u8]> = bytes.into();
        let count = ttf_parser::fonts_in_collection(&data).unwrap_or(1);
        let faces = Arc::make_mut(&mut self.faces);
        let before = faces.len();
        for index in 0..count {
            let Ok(face) = ttf_parser::Face::parse(&data, index) else {
                continue;
            };
            let Ok(font) = harfrust::FontRef::from_index(&data, index) else {
                continue;
            };
            if let Some(family) = family_name(&face) {
                faces.push(LoadedFace {
                    shaping: Arc::new(harfrust::ShaperData::new(&font)),
                    data: data.clone(),
                    index,
                    family,
                });
            }
        }
        faces.len() - before
    }

    pub fn has(&self, font: Font) -> bool {
        self.has_family(family_for(font))
    }

    /// Whether a face of this family is loaded (the text module's question).
    pub fn has_family(&self, family: &str) -> bool {
        self.faces.iter().any(|f| f.family == family)
    }

    /// Every loaded face, in loading order (fallbacks are looked for in this
    /// order), and the index of `family`'s first face among them.
    pub(crate) fn faces(&self, family: &str) -> Option<(Vec<FaceRef<'_>>, usize)> {
        let primary = self.faces.iter().position(|f| f.family == family)?;
        let faces = self
            .faces
            .iter()
            .map(|f| {
                Some(FaceRef {
                    outline: ttf_parser::Face::parse(&f.data, f.index).ok()?,
                    font: harfrust::FontRef::from_index(&f.data, f.index).ok()?,
                    shaping: &f.shaping,
                })
            })
            .collect::<Option<Vec<_>>>()?;
        Some((faces, primary))
    }
}

/// The fonts live in the text module, which shapes with them (see `text::outline`).
#[cfg(not(feature = "text"))]
#[derive(Clone, Default)]
pub struct Fonts;

#[cfg(not(feature = "text"))]
impl Fonts {
    pub fn empty() -> Fonts {
        Fonts
    }

    pub fn load(&mut self, bytes: Vec<u8>) -> usize {
        super::text_module::load_font(&bytes)
    }

    pub fn has(&self, font: Font) -> bool {
        super::text_module::has_family(family_for(font))
    }
}

#[cfg(all(test, feature = "bundled-fonts"))]
mod tests {
    use super::*;

    #[test]
    fn every_studio_font_is_bundled() {
        let fonts = Fonts::bundled();
        for font in Font::ALL {
            assert!(fonts.has(font), "{} missing", font.name());
        }
        assert!(!Fonts::empty().has(Font::Arial));
        assert_eq!(Fonts::empty().load(b"not a font".to_vec()), 0);
    }
}
