//! `cargo run -p catalogue-assets [DIR]`: writes the catalogue's pictures and
//! 3D models into DIR (default: the repository's assets/catalogue).

use std::path::PathBuf;

fn main() -> std::io::Result<()> {
    let dir = std::env::args_os()
        .nth(1)
        .map(PathBuf::from)
        .unwrap_or_else(catalogue_assets::default_dir);
    let assets = catalogue_assets::generate();
    let written = catalogue_assets::write_all(&dir, &assets)?;
    let size = |ext: &str| {
        let files: Vec<_> = assets.iter().filter(|a| a.path.ends_with(ext)).collect();
        let bytes: usize = files.iter().map(|a| a.bytes.len()).sum();
        let largest = files.iter().map(|a| a.bytes.len()).max().unwrap_or(0);
        format!(
            "{} {ext} files, {} KB (largest {} KB)",
            files.len(),
            bytes / 1024,
            largest / 1024
        )
    };
    println!("{}: {}; {}", dir.display(), size(".png"), size(".glb"));
    for path in &written.changed {
        println!("  wrote {path}");
    }
    for path in &written.removed {
        println!("  removed {path}");
    }
    if written.changed.is_empty() && written.removed.is_empty() {
        println!("  already up to date");
    }
    Ok(())
}
