//! `cargo run -p catalogue-assets --bin clipart [FILE]`: writes the clip-art
//! library (default: the repository's assets/clipart/index.json).

use std::path::PathBuf;

fn main() -> Result<(), String> {
    let path = std::env::args_os()
        .nth(1)
        .map(PathBuf::from)
        .unwrap_or_else(catalogue_assets::clipart::default_path);
    let library = catalogue_assets::clipart::library()?;
    let json = catalogue_assets::clipart::index_json(&library);
    if let Some(dir) = path.parent() {
        std::fs::create_dir_all(dir).map_err(|e| e.to_string())?;
    }
    std::fs::write(&path, &json).map_err(|e| e.to_string())?;
    let largest = library.items.iter().map(|i| i.svg.len()).max().unwrap_or(0);
    println!(
        "{}: {} clip-arts in {} categories, {} KB (largest SVG {} KB)",
        path.display(),
        library.items.len(),
        library.categories.len(),
        json.len() / 1024,
        largest / 1024
    );
    Ok(())
}
