//! The committed assets/catalogue is what the generator makes, and every file is sound.

use std::path::{Path, PathBuf};

use catalogue_assets::{default_dir, generate, list_files, write_all};
use serde_json::Value;

/// A directory removed when the test ends.
struct TempDir(PathBuf);

impl Drop for TempDir {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.0);
    }
}

#[test]
fn the_committed_assets_are_current_and_sound() {
    let fresh =
        TempDir(std::env::temp_dir().join(format!("catalogue-assets-{}", std::process::id())));
    let _ = std::fs::remove_dir_all(&fresh.0);
    write_all(&fresh.0, &generate()).unwrap();

    let committed = default_dir();
    let made = list_files(&fresh.0).unwrap();
    let have = list_files(&committed).unwrap();
    let stale: Vec<_> = made
        .symmetric_difference(&have)
        .cloned()
        .chain(
            made.intersection(&have)
                .filter(|p| {
                    std::fs::read(fresh.0.join(p)).unwrap()
                        != std::fs::read(committed.join(p)).unwrap()
                })
                .cloned(),
        )
        .collect();
    assert!(
        stale.is_empty(),
        "assets/catalogue is stale ({} files, e.g. {:?}): run `just assets` and commit the result",
        stale.len(),
        &stale[..stale.len().min(5)]
    );

    let (mut pictures, mut models) = (0, 0);
    for path in &made {
        let file = fresh.0.join(path);
        if path.ends_with(".png") {
            check_png(&file);
            pictures += 1;
        } else if path.ends_with(".glb") {
            check_glb(&file);
            models += 1;
        }
    }
    // Shirts in 4 colours, t-shirts in 5, front and back; one model per garment.
    assert_eq!((pictures, models), (2 * (2 * 4 + 3 * 5), 5));
}

fn check_png(path: &Path) {
    let bytes = std::fs::read(path).unwrap();
    assert!(
        bytes.len() < 60 * 1024,
        "{}: {} bytes",
        path.display(),
        bytes.len()
    );
    let decoder = png::Decoder::new(std::io::Cursor::new(bytes));
    let reader = decoder.read_info().expect("a PNG");
    let info = reader.info();
    assert_eq!((info.width, info.height), (600, 720), "{}", path.display());
}

fn u32_at(b: &[u8], at: usize) -> usize {
    u32::from_le_bytes(b[at..at + 4].try_into().unwrap()) as usize
}

/// Reads the GLB container and checks what a viewer relies on: the chunks, the
/// accessors inside the buffer, indices inside the vertices, and the anchors.
fn check_glb(path: &Path) {
    let name = path.display();
    let b = std::fs::read(path).unwrap();
    assert_eq!(&b[0..4], b"glTF", "{name}");
    assert_eq!(u32_at(&b, 4), 2, "{name}: glTF 2");
    assert_eq!(u32_at(&b, 8), b.len(), "{name}: length");
    let json_len = u32_at(&b, 12);
    assert_eq!(&b[16..20], b"JSON");
    let json: Value = serde_json::from_slice(&b[20..20 + json_len]).expect("the JSON chunk");
    let bin_at = 20 + json_len;
    let bin_len = u32_at(&b, bin_at);
    assert_eq!(&b[bin_at + 4..bin_at + 8], b"BIN\0");
    let bin = &b[bin_at + 8..bin_at + 8 + bin_len];
    assert_eq!(bin_at + 8 + bin_len, b.len());
    assert_eq!(json["asset"]["version"], "2.0");
    assert!(json["buffers"][0]["byteLength"].as_u64().unwrap() as usize <= bin.len());

    // Accessors lie inside their views, and views inside the buffer.
    let views = json["bufferViews"].as_array().unwrap();
    for v in views {
        let end = v["byteOffset"].as_u64().unwrap() + v["byteLength"].as_u64().unwrap();
        assert!(end as usize <= bin.len(), "{name}: view past the buffer");
    }
    let accessors = json["accessors"].as_array().unwrap();
    for a in accessors {
        let size = match a["componentType"].as_u64().unwrap() {
            5126 | 5125 => 4,
            5123 => 2,
            other => panic!("{name}: component type {other}"),
        };
        let per = match a["type"].as_str().unwrap() {
            "SCALAR" => 1,
            "VEC2" => 2,
            "VEC3" => 3,
            other => panic!("{name}: type {other}"),
        };
        let view = &views[a["bufferView"].as_u64().unwrap() as usize];
        assert_eq!(
            view["byteLength"].as_u64().unwrap(),
            a["count"].as_u64().unwrap() * size * per,
            "{name}: accessor size"
        );
    }
    let primitive = &json["meshes"][0]["primitives"][0];
    let vertices =
        accessors[primitive["attributes"]["POSITION"].as_u64().unwrap() as usize]["count"]
            .as_u64()
            .unwrap();
    for attr in ["NORMAL", "TEXCOORD_0"] {
        let a = &accessors[primitive["attributes"][attr].as_u64().unwrap() as usize];
        assert_eq!(a["count"].as_u64().unwrap(), vertices, "{name}: {attr}");
    }
    let idx = &accessors[primitive["indices"].as_u64().unwrap() as usize];
    let view = &views[idx["bufferView"].as_u64().unwrap() as usize];
    let start = view["byteOffset"].as_u64().unwrap() as usize;
    let count = idx["count"].as_u64().unwrap() as usize;
    assert_eq!(count % 3, 0, "{name}: whole triangles");
    let max_index = (0..count)
        .map(|i| match idx["componentType"].as_u64().unwrap() {
            5123 => u64::from(u16::from_le_bytes([
                bin[start + 2 * i],
                bin[start + 2 * i + 1],
            ])),
            _ => u32_at(bin, start + 4 * i) as u64,
        })
        .max()
        .unwrap();
    assert!(max_index < vertices, "{name}: indices inside the vertices");

    // One white material; the anchors are children of the garment's node.
    assert_eq!(
        json["materials"][0]["pbrMetallicRoughness"]["baseColorFactor"],
        serde_json::json!([1.0, 1.0, 1.0, 1.0])
    );
    let nodes = json["nodes"].as_array().unwrap();
    let root = &nodes[json["scenes"][0]["nodes"][0].as_u64().unwrap() as usize];
    let children: Vec<&str> = root["children"]
        .as_array()
        .unwrap()
        .iter()
        .map(|c| {
            nodes[c.as_u64().unwrap() as usize]["name"]
                .as_str()
                .unwrap()
        })
        .collect();
    assert_eq!(
        children,
        ["left_chest", "back", "left_sleeve", "right_sleeve"],
        "{name}"
    );
    let extras = |n: &str| &nodes.iter().find(|x| x["name"] == n).unwrap()["extras"];
    assert_eq!(extras("left_chest")["printArea"], "Left Chest");
    assert_eq!(extras("left_chest")["widthInches"], 4.0);
    assert_eq!(extras("back")["heightInches"], 14.0);
}
