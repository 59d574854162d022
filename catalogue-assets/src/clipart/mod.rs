//! The clip-art library (assets/clipart/index.json): the chosen @tabler/icons
//! (MIT, copied by scripts/clipart-sources.sh into catalogue-assets/clipart)
//! and the store's own Indian motifs (CC0, `motifs`), each in the plain SVG
//! form the engine fills in one colour (`normalise`), with its category,
//! name, tags and licence. Generated reproducibly; a test keeps the
//! committed file current.

mod motifs;
mod normalise;

use std::collections::BTreeMap;
use std::path::PathBuf;

use serde::Serialize;

pub use normalise::normalise;

/// The categories, in the studio's order: (id, label).
pub const CATEGORIES: [(&str, &str); 12] = [
    ("sports", "Sports"),
    ("school-college", "School & college"),
    ("festivals", "Festivals"),
    ("corporate", "Corporate"),
    ("animals", "Animals"),
    ("music", "Music"),
    ("nature", "Nature"),
    ("frames-badges", "Frames & badges"),
    ("arrows-shapes", "Arrows & shapes"),
    ("numbers-letters", "Numbers & letters"),
    ("indian-motifs", "Indian motifs"),
    ("celebrations", "Celebrations"),
];

const SELECTION: &str = include_str!("../../clipart/selection.txt");
const TABLER_TAGS: &str = include_str!("../../clipart/tabler/tags.json");
const TABLER_LICENCE: &str = include_str!("../../clipart/tabler/LICENSE");

#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
pub struct Item {
    pub id: String,
    pub name: String,
    pub category: String,
    pub tags: Vec<String>,
    pub licence: &'static str,
    pub svg: String,
}

#[derive(Serialize)]
pub struct Licence {
    pub id: &'static str,
    pub name: String,
    pub text: String,
}

#[derive(Serialize)]
pub struct Library {
    pub categories: Vec<BTreeMap<&'static str, &'static str>>,
    pub licences: Vec<Licence>,
    pub items: Vec<Item>,
}

/// Where the library is committed.
pub fn default_path() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../assets/clipart/index.json")
}

fn sources_dir() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("clipart/tabler")
}

/// The whole library, in category order.
pub fn library() -> Result<Library, String> {
    let tags: serde_json::Value = serde_json::from_str(TABLER_TAGS).map_err(|e| e.to_string())?;
    let version = tags["version"].as_str().unwrap_or("?").to_string();
    let mut items = Vec::new();
    for line in SELECTION
        .lines()
        .filter(|l| !l.starts_with('#') && !l.trim().is_empty())
    {
        let (category, icons) = line.split_once(':').ok_or("a selection line has no ':'")?;
        let category = category.trim();
        if !CATEGORIES.iter().any(|(c, _)| *c == category) {
            return Err(format!("unknown category {category}"));
        }
        for entry in icons.split_whitespace() {
            let (icon, style) = entry.split_once(':').unwrap_or((entry, "outline"));
            let path = sources_dir().join(style).join(format!("{icon}.svg"));
            let svg =
                std::fs::read_to_string(&path).map_err(|e| format!("{}: {e}", path.display()))?;
            let mut words: Vec<String> = icon.split('-').map(str::to_string).collect();
            let mut item_tags: Vec<String> = tags["tags"][icon]
                .as_array()
                .into_iter()
                .flatten()
                .filter_map(|t| t.as_str().map(str::to_string))
                .collect();
            item_tags.append(&mut words.clone());
            let suffix = if style == "filled" { "-filled" } else { "" };
            if style == "filled" {
                words.push("(filled)".into());
            }
            items.push(item(
                format!("{category}-{icon}{suffix}"),
                sentence(&words),
                category,
                item_tags,
                "MIT",
                &svg,
            )?);
        }
    }
    for (id, name, tags, svg) in motifs::motifs() {
        let tags = tags.into_iter().map(str::to_string).collect();
        items.push(item(
            format!("indian-motifs-{id}"),
            name,
            "indian-motifs",
            tags,
            "CC0-1.0",
            &svg,
        )?);
    }
    let order = |c: &str| CATEGORIES.iter().position(|(id, _)| *id == c);
    items.sort_by_key(|i| order(&i.category));
    Ok(Library {
        categories: CATEGORIES
            .iter()
            .map(|(id, label)| BTreeMap::from([("id", *id), ("label", *label)]))
            .collect(),
        licences: vec![
            Licence {
                id: "MIT",
                name: format!("@tabler/icons {version} (tabler.io/icons)"),
                text: TABLER_LICENCE.trim().to_string(),
            },
            Licence {
                id: "CC0-1.0",
                name: "The store's own motifs (catalogue-assets/src/clipart/motifs.rs)".into(),
                text: "No rights reserved: dedicated to the public domain under CC0 1.0.".into(),
            },
        ],
        items,
    })
}

fn item(
    id: String,
    name: String,
    category: &str,
    mut tags: Vec<String>,
    licence: &'static str,
    svg: &str,
) -> Result<Item, String> {
    tags.sort();
    tags.dedup();
    let svg = normalise(svg).map_err(|e| format!("{id}: {e}"))?;
    Ok(Item {
        id,
        name,
        category: category.to_string(),
        tags,
        licence,
        svg,
    })
}

fn sentence(words: &[String]) -> String {
    let mut s = words.join(" ");
    if let Some(first) = s.get(0..1) {
        s.replace_range(0..1, &first.to_uppercase());
    }
    s
}

/// The library as committed: one JSON document, pretty-printed.
pub fn index_json(library: &Library) -> String {
    serde_json::to_string_pretty(library).expect("the library serialises") + "\n"
}
