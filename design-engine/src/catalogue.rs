//! Catalogue facts from the specification: the five built-in garments, the
//! defaults for products with missing data, and the print-area
//! anchors of the 3D models.

use std::collections::BTreeMap;

use serde::{Deserialize, Serialize};

use crate::money::Paise;
use crate::size::Size;

pub const DEFAULT_PRODUCT_NAME: &str = "Unnamed Product";
pub const DEFAULT_CATEGORY: &str = "clothing";
pub const DEFAULT_PRICE: Paise = Paise(29_99);
pub const DEFAULT_SIZES: [Size; 4] = [Size::S, Size::M, Size::L, Size::XL];

/// Named nodes of a garment model where decals are anchored.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum PrintAnchor {
    LeftChest,
    Back,
    LeftSleeve,
    RightSleeve,
}

impl PrintAnchor {
    pub const ALL: [PrintAnchor; 4] = [
        PrintAnchor::LeftChest,
        PrintAnchor::Back,
        PrintAnchor::LeftSleeve,
        PrintAnchor::RightSleeve,
    ];

    /// The node name in the glTF model.
    pub fn node_name(self) -> &'static str {
        match self {
            PrintAnchor::LeftChest => "left_chest",
            PrintAnchor::Back => "back",
            PrintAnchor::LeftSleeve => "left_sleeve",
            PrintAnchor::RightSleeve => "right_sleeve",
        }
    }
}

/// A product as the store shows it. Field names follow the API (`_id`, camelCase).
#[cfg_attr(feature = "wasm", derive(tsify::Tsify))]
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct Product {
    #[serde(rename = "_id")]
    pub id: String,
    pub slug: String,
    pub name: String,
    pub description: String,
    pub price: Paise,
    pub category: String,
    pub brand: String,
    pub is_featured: bool,
    pub stock: u32,
    pub colors: Vec<String>,
    pub sizes: Vec<Size>,
    pub default_color: String,
    /// colour name → 3D model path
    #[cfg_attr(feature = "wasm", tsify(type = "Record<string, string>"))]
    pub models: BTreeMap<String, String>,
    /// The HSN code on its tax invoices (the category's default).
    pub hsn: String,
    /// Where its designs print (the specification's two areas).
    pub print_areas: Vec<crate::garment::AreaSpec>,
}

impl Product {
    /// What its designs are checked and priced against.
    pub fn garment(&self) -> crate::garment::Garment {
        crate::garment::Garment {
            print_areas: self.print_areas.clone(),
            ..crate::garment::Garment::with_colours(self.colors.clone())
        }
    }
}

/// A product with possibly missing fields, as an admin or an old record may give it.
#[derive(Debug, Clone, Default, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct PartialProduct {
    pub name: Option<String>,
    pub category: Option<String>,
    pub price: Option<Paise>,
    pub sizes: Option<Vec<Size>>,
}

impl PartialProduct {
    /// The specification's defaults for missing data: 'Unnamed Product', category
    /// 'clothing', price 29.99, sizes S, M, L, XL. Blank strings count as missing.
    pub fn name_or_default(&self) -> String {
        non_blank(&self.name)
            .unwrap_or(DEFAULT_PRODUCT_NAME)
            .to_string()
    }
    pub fn category_or_default(&self) -> String {
        non_blank(&self.category)
            .unwrap_or(DEFAULT_CATEGORY)
            .to_string()
    }
    pub fn price_or_default(&self) -> Paise {
        self.price.filter(|p| p.0 > 0).unwrap_or(DEFAULT_PRICE)
    }
    pub fn sizes_or_default(&self) -> Vec<Size> {
        match &self.sizes {
            Some(s) if !s.is_empty() => s.clone(),
            _ => DEFAULT_SIZES.to_vec(),
        }
    }
}

fn non_blank(s: &Option<String>) -> Option<&str> {
    s.as_deref().map(str::trim).filter(|s| !s.is_empty())
}

struct Builtin {
    id: &'static str,
    slug: &'static str,
    name: &'static str,
    description: &'static str,
    rupees: i64,
    category: &'static str,
    featured: bool,
    colours: &'static [&'static str],
}

const SHIRT_COLOURS: &[&str] = &["white", "blue", "black", "grey"];
const TEE_COLOURS: &[&str] = &["white", "navyblue", "black", "grey", "skyblue"];
pub const BRAND: &str = "Legacy Threads";

// Unit prices in whole rupees for 25 or more pieces with one print, in line with
// what Indian custom-print shops charged in 2026 for 180 GSM combed-cotton tees
// (₹249-₹399) and cotton shirts (₹499-₹699). They are seeded into an empty store;
// after that the admin panel's Edit Product changes them (README: "Prices").
const BUILTIN: [Builtin; 5] = [
    Builtin {
        id: "64f1a2b3c4d5e6f708190a01",
        slug: "shirt-full-sleeve",
        name: "Shirt Full Sleeve",
        description: "A crisp full-sleeve cotton shirt with a button-down front, ready for your logo on the chest and your message across the back.",
        rupees: 649,
        category: "shirts",
        featured: true,
        colours: SHIRT_COLOURS,
    },
    Builtin {
        id: "64f1a2b3c4d5e6f708190a02",
        slug: "shirt-half-sleeve",
        name: "Shirt Half Sleeve",
        description: "A breathable half-sleeve cotton shirt for warm days and team uniforms, printed or embroidered to your design.",
        rupees: 549,
        category: "shirts",
        featured: false,
        colours: SHIRT_COLOURS,
    },
    Builtin {
        id: "64f1a2b3c4d5e6f708190a03",
        slug: "tshirt-inverted",
        name: "T-Shirt Inverted",
        description: "A crew-neck t-shirt with contrast inverted seams, soft combed cotton that holds a print wash after wash.",
        rupees: 349,
        category: "t-shirts",
        featured: false,
        colours: TEE_COLOURS,
    },
    Builtin {
        id: "64f1a2b3c4d5e6f708190a04",
        slug: "tshirt-piping",
        name: "T-Shirt Piping",
        description: "A sporty t-shirt with piping along the shoulders, made for events, clubs and college fests.",
        rupees: 399,
        category: "t-shirts",
        featured: true,
        colours: TEE_COLOURS,
    },
    Builtin {
        id: "64f1a2b3c4d5e6f708190a05",
        slug: "tshirt-normal",
        name: "T-Shirt Normal",
        description: "The everyday round-neck t-shirt in 180 GSM cotton: the simplest way to put your design on a crowd.",
        rupees: 299,
        category: "t-shirts",
        featured: true,
        colours: TEE_COLOURS,
    },
];

/// The path of a garment's 3D model. One model per garment; the colour tints it.
pub fn model_path(slug: &str) -> String {
    format!("models/{slug}.glb")
}

/// The path of a garment's picture in one colour, `side` "front" or "back".
pub fn picture_path(slug: &str, colour: &str, side: &str) -> String {
    format!("pictures/{slug}/{colour}-{side}.png")
}

/// The built-in catalogue of five products, seeded into an empty store and
/// used by the studio when the server cannot be reached.
pub fn builtin_catalogue() -> Vec<Product> {
    BUILTIN
        .iter()
        .map(|b| Product {
            id: b.id.to_string(),
            slug: b.slug.to_string(),
            name: b.name.to_string(),
            description: b.description.to_string(),
            price: Paise::rupees(b.rupees),
            category: b.category.to_string(),
            brand: BRAND.to_string(),
            is_featured: b.featured,
            stock: 1000,
            colors: b.colours.iter().map(|c| c.to_string()).collect(),
            sizes: Size::ALL.to_vec(),
            default_color: "white".to_string(),
            models: b
                .colours
                .iter()
                .map(|c| (c.to_string(), model_path(b.slug)))
                .collect(),
            hsn: crate::tax::default_hsn(b.category).to_string(),
            print_areas: crate::garment::builtin_areas(),
        })
        .collect()
}

/// A built-in product by id.
pub fn builtin_product(id: &str) -> Option<Product> {
    builtin_catalogue().into_iter().find(|p| p.id == id)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::colour::colour_hex;

    #[test]
    fn five_products_with_the_specs_prices_and_colours() {
        let all = builtin_catalogue();
        let names: Vec<_> = all.iter().map(|p| (p.name.as_str(), p.price.0)).collect();
        assert_eq!(
            names,
            [
                ("Shirt Full Sleeve", 649_00),
                ("Shirt Half Sleeve", 549_00),
                ("T-Shirt Inverted", 349_00),
                ("T-Shirt Piping", 399_00),
                ("T-Shirt Normal", 299_00)
            ]
        );
        for p in &all {
            assert_eq!(p.id.len(), 24);
            assert!(p.id.chars().all(|c| c.is_ascii_hexdigit()));
            assert_eq!(p.sizes, Size::ALL);
            assert!(p.colors.contains(&p.default_color));
            assert!(
                p.colors
                    .iter()
                    .all(|c| colour_hex(c).is_some() && p.models.contains_key(c))
            );
        }
        assert_eq!(all[0].colors, ["white", "blue", "black", "grey"]);
        assert_eq!(
            all[4].colors,
            ["white", "navyblue", "black", "grey", "skyblue"]
        );
        assert_eq!(
            builtin_product("64f1a2b3c4d5e6f708190a05").unwrap().name,
            "T-Shirt Normal"
        );
    }

    #[test]
    fn colour_hex_map_matches_the_spec() {
        assert_eq!(colour_hex("navyblue").as_deref(), Some("#000080"));
        assert_eq!(colour_hex("SkyBlue").as_deref(), Some("#87CEEB"));
        assert_eq!(colour_hex("purple"), None);
    }

    #[test]
    fn missing_product_data_gets_the_specs_defaults() {
        let p = PartialProduct {
            name: Some("  ".into()),
            ..Default::default()
        };
        assert_eq!(p.name_or_default(), "Unnamed Product");
        assert_eq!(p.category_or_default(), "clothing");
        assert_eq!(p.price_or_default(), Paise(2999));
        assert_eq!(p.sizes_or_default(), [Size::S, Size::M, Size::L, Size::XL]);
    }

    #[test]
    fn anchors_are_the_model_node_names() {
        let names: Vec<_> = PrintAnchor::ALL.iter().map(|a| a.node_name()).collect();
        assert_eq!(names, ["left_chest", "back", "left_sleeve", "right_sleeve"]);
    }
}
