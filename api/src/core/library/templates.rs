//! The starter templates: a design per occasion (a chest badge from the
//! clip-art library, a back with a line of text and a picture), made with the
//! engine's own constructors, so each is a valid document; the studio opens
//! one on the product being designed, ready to edit.

use std::sync::LazyLock;

use design_engine::design::{Design, PrintArea};
use design_engine::elements::{ClipArt, Font, ImageSize, ImageSource, TextElement};
use design_engine::{ElementKind, ImageElement};

/// The product a template's document names: the studio puts it on its own.
pub const TEMPLATE_PRODUCT: &str = "template";

pub struct Template {
    pub id: &'static str,
    pub name: &'static str,
    pub occasion: &'static str,
    pub design: Design,
}

/// (id, name, occasion, garment colour, back text, font, text colour, chest clip-art, back clip-art).
type Row = (
    &'static str,
    &'static str,
    &'static str,
    &'static str,
    &'static str,
    Font,
    &'static str,
    &'static str,
    &'static str,
);

use Font::*;
#[rustfmt::skip]
const ROWS: [Row; 40] = [
    ("cricket-club", "Cricket club", "Sports team", "white", "ROYAL STRIKERS", Verdana, "#1d4ed8", "sports-cricket", "sports-trophy-filled"),
    ("football-eleven", "Football eleven", "Sports team", "navyblue", "CITY FC", Arial, "#ffffff", "sports-ball-football", "frames-badges-shield-filled"),
    ("basketball-squad", "Basketball squad", "Sports team", "black", "HOOP KINGS", Verdana, "#f97316", "sports-ball-basketball", "sports-ball-basketball"),
    ("volleyball-team", "Volleyball team", "Sports team", "skyblue", "SPIKE SQUAD", Arial, "#000080", "sports-ball-volleyball", "sports-ball-volleyball"),
    ("chess-club", "Chess club", "Sports team", "white", "CHECKMATE CLUB", Georgia, "#000000", "sports-chess-knight", "sports-chess-knight"),
    ("swim-team", "Swim team", "Sports team", "skyblue", "MAKE A SPLASH", Verdana, "#000080", "sports-swimming", "sports-swimming"),
    ("cycling-club", "Cycling club", "Sports team", "black", "RIDE ON", Arial, "#ef4444", "sports-bike", "sports-bike"),
    ("yoga-retreat", "Yoga retreat", "Sports team", "white", "Breathe. Stretch. Smile.", Georgia, "#22c55e", "sports-yoga", "indian-motifs-mandala-8"),
    ("charity-run", "Charity run", "Charity run", "white", "RUN FOR A CAUSE 2026", Verdana, "#ef4444", "sports-run", "celebrations-heart-filled"),
    ("marathon-finisher", "Marathon finisher", "Charity run", "navyblue", "I FINISHED 42.195 KM", Arial, "#ffffff", "sports-medal", "sports-run"),
    ("walkathon", "Walkathon", "Charity run", "grey", "WALK TOGETHER", Verdana, "#ffffff", "nature-leaf", "nature-tree"),
    ("school-annual-day", "School annual day", "School event", "white", "ANNUAL DAY 2026", Georgia, "#1d4ed8", "school-college-school", "school-college-award"),
    ("sports-day", "School sports day", "School event", "navyblue", "SPORTS DAY", Verdana, "#ffffff", "sports-trophy-filled", "sports-medal"),
    ("science-fair", "Science fair", "School event", "white", "SCIENCE FAIR", CourierNew, "#000080", "school-college-rocket", "school-college-rocket"),
    ("class-of", "Class of 2026", "School event", "navyblue", "CLASS OF 2026", Georgia, "#ffffff", "school-college-award", "frames-badges-rosette-filled"),
    ("book-club", "Book club", "School event", "white", "READ MORE BOOKS", Georgia, "#000000", "school-college-book", "school-college-book"),
    ("college-fest", "College fest", "College fest", "black", "FEST 2026", Verdana, "#eab308", "music-music", "music-guitar-pick-filled"),
    ("tech-fest", "Tech fest", "College fest", "navyblue", "HACK THE FEST", CourierNew, "#22c55e", "corporate-rocket", "school-college-rocket"),
    ("cultural-night", "Cultural night", "College fest", "white", "CULTURAL NIGHT", Georgia, "#ef4444", "indian-motifs-lotus-7", "indian-motifs-rangoli-8"),
    ("alumni-meet", "Alumni meet", "College fest", "grey", "ALUMNI MEET 2026", Georgia, "#ffffff", "school-college-award", "frames-badges-shield-filled"),
    ("team-offsite", "Team offsite", "Corporate", "white", "OFFSITE 2026", Arial, "#1d4ed8", "corporate-briefcase", "corporate-target"),
    ("product-launch", "Product launch", "Corporate", "black", "LAUNCH DAY", Verdana, "#ffffff", "corporate-rocket", "corporate-rocket"),
    ("hackathon", "Hackathon", "Corporate", "navyblue", "BUILD. SHIP. REPEAT.", CourierNew, "#ffffff", "corporate-target", "corporate-target"),
    ("company-team", "Company team", "Corporate", "white", "ONE TEAM", Arial, "#000000", "corporate-users-group", "corporate-crown"),
    ("family-reunion", "Family reunion", "Family reunion", "white", "THE SHARMA FAMILY", Georgia, "#ef4444", "celebrations-heart-filled", "nature-tree"),
    ("family-trip", "Family trip", "Family reunion", "skyblue", "FAMILY TRIP 2026", Verdana, "#000080", "nature-sun-filled", "nature-sun-filled"),
    ("griha-pravesh", "Griha pravesh", "Family reunion", "white", "SHUBH GRIHA PRAVESH", Georgia, "#ef4444", "indian-motifs-kalash-1", "indian-motifs-toran-9"),
    ("wedding-bride-squad", "Bride squad", "Wedding", "white", "BRIDE SQUAD", Georgia, "#ef4444", "celebrations-rings", "indian-motifs-paisley-2"),
    ("wedding-groom-squad", "Groom squad", "Wedding", "navyblue", "GROOM SQUAD", Georgia, "#ffffff", "celebrations-rings", "indian-motifs-mandala-8"),
    ("mehendi", "Mehendi night", "Wedding", "white", "MEHENDI NIGHT", Georgia, "#22c55e", "indian-motifs-paisley-2", "indian-motifs-lotus-7"),
    ("sangeet", "Sangeet", "Wedding", "black", "SANGEET", Georgia, "#eab308", "music-music", "indian-motifs-rangoli-8"),
    ("birthday-boss", "Birthday", "Birthday", "white", "BIRTHDAY BOSS", Verdana, "#3b82f6", "celebrations-cake", "celebrations-balloon-filled"),
    ("birthday-party", "Birthday party", "Birthday", "skyblue", "IT'S MY PARTY", Arial, "#ef4444", "celebrations-balloon-filled", "celebrations-cake"),
    ("first-birthday", "First birthday", "Birthday", "white", "ONE YEAR OF SMILES", Georgia, "#f97316", "celebrations-mood-happy-filled", "celebrations-cake"),
    ("diwali", "Diwali", "Festival", "black", "HAPPY DIWALI", Georgia, "#eab308", "indian-motifs-diya-1", "indian-motifs-rangoli-8"),
    ("christmas", "Christmas", "Festival", "white", "MERRY CHRISTMAS", Georgia, "#ef4444", "festivals-christmas-tree", "festivals-star-filled"),
    ("eid", "Eid", "Festival", "white", "EID MUBARAK", Georgia, "#22c55e", "festivals-moon-stars", "festivals-moon-stars"),
    ("new-year", "New year", "Festival", "black", "HELLO 2027", Verdana, "#eab308", "celebrations-glass-champagne", "festivals-gift"),
    ("pet-lovers", "Pet lovers", "Club", "white", "DOG PARENT", Verdana, "#000000", "animals-paw-filled", "animals-dog"),
    ("band-tour", "Band tour", "Club", "black", "WORLD TOUR 2026", CourierNew, "#ffffff", "music-guitar-pick-filled", "music-music"),
];

static TEMPLATES: LazyLock<Vec<Template>> = LazyLock::new(|| ROWS.iter().map(template).collect());

pub fn templates() -> &'static [Template] {
    &TEMPLATES
}

fn template(row: &Row) -> Template {
    let &(id, name, occasion, colour, text, font, ink, chest, back) = row;
    let mut d = Design::new(TEMPLATE_PRODUCT, colour);
    let clip = |id: &str| {
        let art = ClipArt::new(id, ink).expect("a template's clip-art id is well formed");
        ImageElement::of(ImageSource::Clipart(art), id)
    };
    d.set_image(PrintArea::LeftChest, clip(chest));
    let mut picture = clip(back);
    picture.size = ImageSize::new(45, 40).expect("within 10 to 100");
    d.set_image(PrintArea::Back, picture);
    d.move_element(PrintArea::Back, ElementKind::Image, 50.0, 58.0);
    let line = TextElement::new(text, font, 20, ink).expect("a template's text is valid");
    d.set_text(PrintArea::Back, line);
    d.move_element(PrintArea::Back, ElementKind::Text, 50.0, 22.0);
    Template {
        id,
        name,
        occasion,
        design: d,
    }
}
