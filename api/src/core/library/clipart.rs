//! The clip-art library, compiled into the server from assets/clipart/index.json
//! (catalogue-assets' clipart generator): searched by category, name and tag,
//! each item's SVG served as is, and loaded into a renderer for the designs
//! that use it.

use std::sync::LazyLock;

use design_engine::Design;
use design_engine::StudioError;
use design_engine::elements::ImageSource;
use design_engine::render::Renderer;
use serde::Deserialize;

use crate::error::Failure;

/// A page of search results holds this many clip-arts.
pub const PAGE_SIZE: usize = 48;
/// Search text is at most this many characters.
pub const MAX_QUERY_CHARS: usize = 64;
/// Pages past this are refused (the library has fewer).
pub const MAX_PAGE: u32 = 100;

#[derive(Debug, Deserialize)]
pub struct Category {
    pub id: String,
    pub label: String,
}

#[derive(Debug, Deserialize)]
pub struct Licence {
    pub id: String,
    pub name: String,
    pub text: String,
}

#[derive(Debug, Deserialize)]
pub struct Item {
    pub id: String,
    pub name: String,
    pub category: String,
    pub tags: Vec<String>,
    pub licence: String,
    pub svg: String,
}

#[derive(Debug, Deserialize)]
pub struct Library {
    pub categories: Vec<Category>,
    pub licences: Vec<Licence>,
    pub items: Vec<Item>,
}

static LIBRARY: LazyLock<Library> = LazyLock::new(|| {
    serde_json::from_str(include_str!("../../../../assets/clipart/index.json"))
        .expect("assets/clipart/index.json is the generator's")
});

pub fn library() -> &'static Library {
    &LIBRARY
}

pub fn item(id: &str) -> Option<&'static Item> {
    LIBRARY.items.iter().find(|i| i.id == id)
}

/// One page of a search.
pub struct Page {
    pub items: Vec<&'static Item>,
    pub page: u32,
    pub pages: u32,
    pub total: usize,
}

/// The items of `category` (all when none) whose name, tags or category
/// hold every word of `query`, page `page` (from 1) of them.
pub fn search(
    category: Option<&str>,
    query: Option<&str>,
    page: Option<u32>,
) -> Result<Page, Failure> {
    let bad = |m: &str| Failure::bad_request_code(m, "CLIPART_QUERY_INVALID");
    let category = category.map(str::trim).filter(|c| !c.is_empty());
    if let Some(c) = category
        && !LIBRARY.categories.iter().any(|k| k.id == c)
    {
        return Err(bad("There is no such clip-art category"));
    }
    let query = query.unwrap_or("").trim().to_lowercase();
    if query.chars().count() > MAX_QUERY_CHARS {
        return Err(bad("Please search with at most 64 characters"));
    }
    let page = page.unwrap_or(1);
    if !(1..=MAX_PAGE).contains(&page) {
        return Err(bad("Pages are numbered from 1 to 100"));
    }
    let words: Vec<&str> = query.split_whitespace().collect();
    let found: Vec<&Item> = LIBRARY
        .items
        .iter()
        .filter(|i| category.is_none_or(|c| i.category == c))
        .filter(|i| words.iter().all(|w| matches(i, w)))
        .collect();
    let total = found.len();
    let items = found
        .into_iter()
        .skip((page as usize - 1) * PAGE_SIZE)
        .take(PAGE_SIZE)
        .collect();
    Ok(Page {
        items,
        page,
        pages: total.div_ceil(PAGE_SIZE).max(1) as u32,
        total,
    })
}

fn matches(item: &Item, word: &str) -> bool {
    item.name.to_lowercase().contains(word)
        || item.category.contains(word)
        || item.tags.iter().any(|t| t.to_lowercase().starts_with(word))
}

/// Every clip-art a design names must be one of the library's.
pub fn check_known(design: &Design) -> Result<(), Failure> {
    for source in design.drawn_images() {
        if let ImageSource::Clipart(c) = source
            && item(c.id()).is_none()
        {
            return Err(StudioError::UnknownClipArt(c.id().to_string()).into());
        }
    }
    Ok(())
}

/// Loads the clip-arts `design` uses into `renderer`.
pub fn provide(renderer: &mut Renderer, design: &Design) -> Result<(), StudioError> {
    for source in design.drawn_images() {
        if let ImageSource::Clipart(c) = source
            && !renderer.has_clipart(c.id())
        {
            let item =
                item(c.id()).ok_or_else(|| StudioError::UnknownClipArt(c.id().to_string()))?;
            renderer.add_clipart(c.id(), &item.svg)?;
        }
    }
    Ok(())
}
