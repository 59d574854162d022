//! The studio's fonts: open font files loaded from bytes, never from the
//! system, so the browser and the server draw identical pixels. The files and
//! their licences are in `design-engine/fonts/` (see docs/architecture.md).

#[cfg(feature = "text")]
use std::sync::Arc;

use crate::elements::{Font, Script};

/// A font file of the engine: the family inside it, the scripts it draws
/// (the fonts' own coverage, checked by the tests), its licence (SPDX) and
/// where that is, under `design-engine/fonts/`.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct FontFile {
    pub file: &'static str,
    pub family: &'static str,
    pub scripts: &'static [Script],
    pub licence: &'static str,
    pub licence_file: &'static str,
}

macro_rules! font_files {
    ($($file:literal $family:literal [$($script:ident),*] $licence:literal $licence_file:literal;)*) => {
        /// Every font file, in the order a letter that a family lacks is looked for.
        pub const FONT_FILES: &[FontFile] = &[$(FontFile {
            file: $file,
            family: $family,
            scripts: &[$(Script::$script),*],
            licence: $licence,
            licence_file: concat!("licenses/", $licence_file),
        }),*];

        /// The font files themselves, compiled into the binary (in `FONT_FILES`
        /// order), for hosts that need the bytes: the server's print files and
        /// PDF invoices.
        #[cfg(feature = "bundled-fonts")]
        pub mod bundled {
            pub const ALL: &[&[u8]] = &[$(include_bytes!(concat!("../../fonts/", $file))),*];
            pub const LIBERATION_SANS: &[u8] = ALL[0];
            /// Also the one with the rupee sign (U+20B9), which Liberation Sans lacks.
            pub const DEJAVU_SANS: &[u8] = ALL[4];
        }
    };
}

// The five Latin stand-ins first (what the first render loads), then each
// Indian script's sans face before any other face of that script, so a letter
// missing from a Latin family falls back to Noto Sans of its script.
font_files! {
    "LiberationSans-Regular.ttf" "Liberation Sans" [Latin] "OFL-1.1" "Liberation.txt";
    "LiberationSerif-Regular.ttf" "Liberation Serif" [Latin] "OFL-1.1" "Liberation.txt";
    "LiberationMono-Regular.ttf" "Liberation Mono" [Latin] "OFL-1.1" "Liberation.txt";
    "Gelasio-Regular.ttf" "Gelasio" [Latin] "OFL-1.1" "Gelasio-OFL.txt";
    "DejaVuSans.ttf" "DejaVu Sans" [Latin] "Bitstream-Vera" "DejaVu.txt";
    "NotoSansDevanagari-Regular.ttf" "Noto Sans Devanagari" [Devanagari, Latin] "OFL-1.1" "NotoSansDevanagari-OFL.txt";
    "NotoSansBengali-Regular.ttf" "Noto Sans Bengali" [Bengali, Latin] "OFL-1.1" "NotoSansBengali-OFL.txt";
    "NotoSansGurmukhi-Regular.ttf" "Noto Sans Gurmukhi" [Gurmukhi, Latin] "OFL-1.1" "NotoSansGurmukhi-OFL.txt";
    "NotoSansGujarati-Regular.ttf" "Noto Sans Gujarati" [Gujarati, Latin] "OFL-1.1" "NotoSansGujarati-OFL.txt";
    "NotoSansTamil-Regular.ttf" "Noto Sans Tamil" [Tamil, Latin] "OFL-1.1" "NotoSansTamil-OFL.txt";
    "NotoSansTelugu-Regular.ttf" "Noto Sans Telugu" [Telugu, Latin] "OFL-1.1" "NotoSansTelugu-OFL.txt";
    "NotoSansKannada-Regular.ttf" "Noto Sans Kannada" [Kannada, Latin] "OFL-1.1" "NotoSansKannada-OFL.txt";
    "NotoSansMalayalam-Regular.ttf" "Noto Sans Malayalam" [Malayalam, Latin] "OFL-1.1" "NotoSansMalayalam-OFL.txt";
    "NotoSerifDevanagari-Regular.ttf" "Noto Serif Devanagari" [Devanagari, Latin] "OFL-1.1" "NotoSerifDevanagari-OFL.txt";
    "Oswald-Regular.ttf" "Oswald" [Latin] "OFL-1.1" "Oswald-OFL.txt";
    "BebasNeue-Regular.ttf" "Bebas Neue" [Latin] "OFL-1.1" "BebasNeue-OFL.txt";
    "Anton-Regular.ttf" "Anton" [Latin] "OFL-1.1" "Anton-OFL.txt";
    "Teko-Regular.ttf" "Teko" [Latin, Devanagari] "OFL-1.1" "Teko-OFL.txt";
    "RussoOne-Regular.ttf" "Russo One" [Latin] "OFL-1.1" "RussoOne-OFL.txt";
    "Bangers-Regular.ttf" "Bangers" [Latin] "OFL-1.1" "Bangers-OFL.txt";
    "Pacifico-Regular.ttf" "Pacifico" [Latin] "OFL-1.1" "Pacifico-OFL.txt";
    "Lobster-Regular.ttf" "Lobster" [Latin] "OFL-1.1" "Lobster-OFL.txt";
}

/// How many files the first render may need: the Latin stand-ins of the
/// specification's six fonts. The others load when a design uses them.
pub const BASE_FONT_FILES: usize = 5;

/// The open family that draws each studio font.
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
        // The others are their own families.
        other => other.name(),
    }
}

/// The font file that draws a studio font.
pub fn file_of(font: Font) -> &'static FontFile {
    let family = family_for(font);
    FONT_FILES
        .iter()
        .find(|f| f.family == family)
        .expect("every family has a file")
}

/// The font file for a studio font, for hosts that load fonts themselves.
pub fn file_for(font: Font) -> &'static str {
    file_of(font).file
}

/// The files a text in `font` needs: the font's own, then, for each Indian
/// script in `text` that the font does not draw, the first file that does
/// (the face the shaper falls back to), each once.
pub fn files_for(font: Font, text: &str) -> Vec<&'static str> {
    let own = file_of(font);
    let mut files = vec![own.file];
    for script in text.chars().filter_map(Script::indian) {
        if own.scripts.contains(&script) {
            continue;
        }
        if let Some(f) = FONT_FILES.iter().find(|f| f.scripts.contains(&script))
            && !files.contains(&f.file)
        {
            files.push(f.file);
        }
    }
    files
}

/// Where a family comes in `FONT_FILES` (families of no file last).
#[cfg(feature = "text")]
fn rank(family: &str) -> usize {
    FONT_FILES
        .iter()
        .position(|f| f.family == family)
        .unwrap_or(FONT_FILES.len())
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

    /// Every studio font, compiled into the binary: read once per process
    /// (22 files and their shaping tables, about 2 ms), then shared.
    #[cfg(feature = "bundled-fonts")]
    pub fn bundled() -> Fonts {
        static BUNDLED: std::sync::OnceLock<Fonts> = std::sync::OnceLock::new();
        BUNDLED
            .get_or_init(|| {
                let mut fonts = Fonts::empty();
                for bytes in bundled::ALL {
                    fonts.load(bytes.to_vec());
                }
                fonts
            })
            .clone()
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
        // Fallbacks in `FONT_FILES` order, whatever order the files came in:
        // the browser loads a subset, on demand, and must pick as the server does.
        faces.sort_by_key(|f| rank(&f.family));
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

    #[test]
    fn each_file_holds_its_family_and_draws_its_scripts() {
        assert!(FONT_FILES.len() >= 20);
        for (file, bytes) in FONT_FILES.iter().zip(bundled::ALL) {
            let mut fonts = Fonts::empty();
            assert_eq!(fonts.load(bytes.to_vec()), 1, "{}", file.file);
            let (faces, primary) = fonts.faces(file.family).expect(file.family);
            for script in Script::ALL {
                let drawn = faces[primary]
                    .outline
                    .glyph_index(script.sample())
                    .is_some_and(|g| g.0 != 0);
                // A script it lists, it draws; Latin is listed where drawn.
                if file.scripts.contains(&script) || script == Script::Latin {
                    assert_eq!(
                        drawn,
                        file.scripts.contains(&script),
                        "{} {script:?}",
                        file.family
                    );
                }
            }
            let licence = std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
                .join("fonts")
                .join(file.licence_file);
            assert!(licence.is_file(), "{}", licence.display());
        }
    }

    #[test]
    fn a_text_needs_its_fonts_file_and_its_scripts_fallbacks() {
        assert_eq!(
            files_for(Font::Arial, "TEAM"),
            ["LiberationSans-Regular.ttf"]
        );
        assert_eq!(
            files_for(Font::Oswald, "राहुल & ਪੰਜਾਬ राज"),
            [
                "Oswald-Regular.ttf",
                "NotoSansDevanagari-Regular.ttf",
                "NotoSansGurmukhi-Regular.ttf"
            ]
        );
        // Teko draws Devanagari itself.
        assert_eq!(files_for(Font::Teko, "राहुल"), ["Teko-Regular.ttf"]);
    }

    #[test]
    fn fallbacks_follow_the_files_order_whatever_the_loading_order() {
        let mut fonts = Fonts::empty();
        let file = |name: &str| {
            let i = FONT_FILES.iter().position(|f| f.file == name).unwrap();
            bundled::ALL[i].to_vec()
        };
        fonts.load(file("Teko-Regular.ttf"));
        fonts.load(file("NotoSansDevanagari-Regular.ttf"));
        fonts.load(file("LiberationSans-Regular.ttf"));
        let families: Vec<String> = fonts.faces.iter().map(|f| f.family.clone()).collect();
        assert_eq!(
            families,
            ["Liberation Sans", "Noto Sans Devanagari", "Teko"]
        );
    }
}
