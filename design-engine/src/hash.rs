//! Stable content hashes. The canonical form is the design's JSON: structs
//! serialise their fields in declaration order, there are no maps, floats are
//! written shortest-round-trip, and images appear as the SHA-256 of their bytes.
//! So the same design hashes the same in the browser and on the server.

use serde::Serialize;
use sha2::{Digest, Sha256};

use crate::design::{Areas, Design, MaterialQuality, PrintQuality};

pub fn sha256_hex(bytes: &[u8]) -> String {
    hex::encode(Sha256::digest(bytes))
}

fn tagged_hash(tag: &str, value: &impl Serialize) -> String {
    let mut h = Sha256::new();
    h.update(tag.as_bytes());
    h.update([0]);
    h.update(serde_json::to_vec(value).expect("designs always serialise"));
    hex::encode(h.finalize())
}

/// The whole document, quantities included: identifies a saved design exactly.
pub fn content_hash(design: &Design) -> String {
    tagged_hash("design/v1", design)
}

/// What is printed (product, colour, elements, qualities), without quantities:
/// two cart lines with the same artwork are the same line.
pub fn artwork_hash(design: &Design) -> String {
    #[derive(Serialize)]
    #[serde(rename_all = "camelCase")]
    struct Artwork<'a> {
        product_id: &'a str,
        color: &'a str,
        areas: &'a Areas,
        material_quality: MaterialQuality,
        print_quality: PrintQuality,
    }
    tagged_hash(
        "artwork/v1",
        &Artwork {
            product_id: &design.product_id,
            color: &design.color.to_ascii_lowercase(),
            areas: &design.areas,
            material_quality: design.material_quality,
            print_quality: design.print_quality,
        },
    )
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::design::PrintArea;
    use crate::elements::{Font, TextElement};
    use crate::size::Size;

    fn sample() -> Design {
        let mut d = Design::new("64f1a2b3c4d5e6f708190a01", "white");
        d.set_text(
            PrintArea::LeftChest,
            TextElement::new("Hi", Font::Georgia, 20, "#ff0000").unwrap(),
        );
        d
    }

    #[test]
    fn equal_designs_hash_equal_and_any_change_changes_the_hash() {
        let a = sample();
        assert_eq!(
            content_hash(&a),
            content_hash(&Design::from_json(&a.to_json()).unwrap())
        );
        assert_eq!(content_hash(&a).len(), 64);
        let mut moved = a.clone();
        moved.move_element(
            PrintArea::LeftChest,
            crate::elements::ElementKind::Text,
            10.0,
            50.0,
        );
        assert_ne!(content_hash(&a), content_hash(&moved));
        assert_ne!(artwork_hash(&a), artwork_hash(&moved));
    }

    #[test]
    fn quantities_change_the_document_but_not_the_artwork() {
        let a = sample();
        let mut more = a.clone();
        more.set_quantity(Size::L, 30).unwrap();
        assert_ne!(content_hash(&a), content_hash(&more));
        assert_eq!(artwork_hash(&a), artwork_hash(&more));
    }

    /// Documents from before names, numbers and rosters read and write byte
    /// for byte as they did, so their stored content hashes still match.
    #[test]
    fn a_design_without_personalisation_hashes_as_before() {
        const BEFORE: &str = r##"{"version":1,"productId":"64f1a2b3c4d5e6f708190a01","color":"white","areas":{"leftChest":{"text":{"text":"Hi","font":"Georgia","size":20,"color":"#ff0000","position":{"x":50.0,"y":50.0}},"image":null},"back":{"text":null,"image":null}},"quantities":{"s":0,"m":30,"l":0,"xl":0,"xxl":0},"materialQuality":"Premium","printQuality":"High"}"##;
        let mut d = sample();
        d.set_quantity(Size::M, 30).unwrap();
        assert_eq!(d.to_json(), BEFORE);
        let read = Design::from_json(BEFORE).unwrap();
        assert_eq!(read.to_json(), BEFORE);
        // sha256("design/v1\0" + BEFORE), as the engine before rosters computed it.
        assert_eq!(
            content_hash(&read),
            "e370a51ee6b2334928eba189814ae7c0810a0e93307d7d554d4c6b4d797a8f92"
        );
    }

    #[test]
    fn names_change_the_artwork_and_the_roster_only_the_document() {
        use crate::personal_field::PersonalField;
        use crate::personalisation::PersonalStyle;
        use crate::roster::RosterRow;
        let a = sample();
        let mut named = a.clone();
        let style = PersonalStyle::new(PersonalField::Name, Font::Arial, 10, "#000").unwrap();
        named.set_personal(PrintArea::Back, PersonalField::Name, style);
        assert_ne!(artwork_hash(&a), artwork_hash(&named));
        let mut rostered = named.clone();
        rostered
            .set_roster(vec![RosterRow::new(Size::M, "Rao", "").unwrap()])
            .unwrap();
        // Like quantities, the roster is per piece: the same artwork is one cart line.
        assert_eq!(artwork_hash(&named), artwork_hash(&rostered));
        assert_ne!(content_hash(&named), content_hash(&rostered));
    }

    #[test]
    fn known_vector() {
        assert_eq!(
            sha256_hex(b"abc"),
            "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad"
        );
    }
}
