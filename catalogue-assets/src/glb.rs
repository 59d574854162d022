//! Binary glTF 2.0 (`.glb`): a JSON chunk describing one mesh, its material and
//! the anchor nodes, and a BIN chunk holding the vertex and index arrays.

use design_engine::PrintArea;
use serde::Serialize;

use crate::model::Model;

#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
struct Gltf {
    asset: Asset,
    scene: u32,
    scenes: Vec<Scene>,
    nodes: Vec<Node>,
    meshes: Vec<MeshJson>,
    materials: Vec<Material>,
    accessors: Vec<Accessor>,
    buffer_views: Vec<BufferView>,
    buffers: Vec<Buffer>,
}

#[derive(Serialize)]
struct Asset {
    version: &'static str,
    generator: &'static str,
}

#[derive(Serialize)]
struct Scene {
    name: &'static str,
    nodes: Vec<u32>,
}

#[derive(Serialize)]
struct Node {
    name: String,
    #[serde(skip_serializing_if = "Option::is_none")]
    mesh: Option<u32>,
    #[serde(skip_serializing_if = "Vec::is_empty")]
    children: Vec<u32>,
    #[serde(skip_serializing_if = "Option::is_none")]
    translation: Option<[f32; 3]>,
    #[serde(skip_serializing_if = "Option::is_none")]
    rotation: Option<[f32; 4]>,
    #[serde(skip_serializing_if = "Option::is_none")]
    extras: Option<PrintAreaExtras>,
}

/// What an anchor node says about its print area (Left Chest and Back).
#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
struct PrintAreaExtras {
    print_area: String,
    width_inches: f64,
    height_inches: f64,
    width_metres: f64,
    height_metres: f64,
}

#[derive(Serialize)]
struct MeshJson {
    name: String,
    primitives: Vec<Primitive>,
}

#[derive(Serialize)]
struct Primitive {
    attributes: Attributes,
    indices: u32,
    material: u32,
    mode: u32,
}

#[derive(Serialize)]
struct Attributes {
    #[serde(rename = "POSITION")]
    position: u32,
    #[serde(rename = "NORMAL")]
    normal: u32,
    #[serde(rename = "TEXCOORD_0")]
    texcoord: u32,
}

#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
struct Material {
    name: &'static str,
    pbr_metallic_roughness: Pbr,
    double_sided: bool,
}

#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
struct Pbr {
    base_color_factor: [f32; 4],
    metallic_factor: f32,
    roughness_factor: f32,
}

#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
struct Accessor {
    buffer_view: u32,
    component_type: u32,
    count: usize,
    #[serde(rename = "type")]
    kind: &'static str,
    #[serde(skip_serializing_if = "Option::is_none")]
    min: Option<Vec<f32>>,
    #[serde(skip_serializing_if = "Option::is_none")]
    max: Option<Vec<f32>>,
}

#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
struct BufferView {
    buffer: u32,
    byte_offset: usize,
    byte_length: usize,
    target: u32,
}

#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
struct Buffer {
    byte_length: usize,
}

const FLOAT: u32 = 5126;
const UNSIGNED_SHORT: u32 = 5123;
const UNSIGNED_INT: u32 = 5125;
const ARRAY_BUFFER: u32 = 34962;
const ELEMENT_ARRAY_BUFFER: u32 = 34963;
const TRIANGLES: u32 = 4;
const METRES_PER_INCH: f64 = 0.0254;

/// Rounds to a hundredth of a millimetre (or a millionth for unit vectors), so
/// that the last bit of a sine never changes the file.
fn fixed(v: f64, step: f64) -> f32 {
    ((v / step).round() * step) as f32
}

/// The binary glTF of a garment: one node with the mesh, the anchors as its children.
pub fn glb(name: &str, model: &Model) -> Vec<u8> {
    let m = &model.mesh;
    let mut bin = Vec::new();
    let mut views = Vec::new();
    let mut view = |bin: &mut Vec<u8>, bytes: Vec<u8>, target: u32| {
        let offset = bin.len();
        bin.extend_from_slice(&bytes);
        while !bin.len().is_multiple_of(4) {
            bin.push(0);
        }
        views.push(BufferView {
            buffer: 0,
            byte_offset: offset,
            byte_length: bytes.len(),
            target,
        });
        views.len() as u32 - 1
    };

    let positions: Vec<[f32; 3]> = m
        .positions
        .iter()
        .map(|p| p.map(|v| fixed(v, 1e-5)))
        .collect();
    let (mut lo, mut hi) = ([f32::MAX; 3], [f32::MIN; 3]);
    for p in &positions {
        for k in 0..3 {
            lo[k] = lo[k].min(p[k]);
            hi[k] = hi[k].max(p[k]);
        }
    }
    let floats =
        |v: &mut dyn Iterator<Item = f32>| -> Vec<u8> { v.flat_map(f32::to_le_bytes).collect() };
    let pos_view = view(
        &mut bin,
        floats(&mut positions.iter().flatten().copied()),
        ARRAY_BUFFER,
    );
    let nrm_view = view(
        &mut bin,
        floats(&mut m.normals.iter().flatten().map(|&v| fixed(v, 1e-6))),
        ARRAY_BUFFER,
    );
    let uv_view = view(
        &mut bin,
        floats(&mut m.uvs.iter().flatten().map(|&v| fixed(v, 1e-6))),
        ARRAY_BUFFER,
    );
    let small = m.positions.len() <= usize::from(u16::MAX);
    let index_bytes: Vec<u8> = if small {
        m.indices
            .iter()
            .flat_map(|&i| (i as u16).to_le_bytes())
            .collect()
    } else {
        m.indices.iter().flat_map(|&i| i.to_le_bytes()).collect()
    };
    let idx_view = view(&mut bin, index_bytes, ELEMENT_ARRAY_BUFFER);

    let vertices = m.positions.len();
    let accessor = |view: u32, kind: &'static str| Accessor {
        buffer_view: view,
        component_type: FLOAT,
        count: vertices,
        kind,
        min: None,
        max: None,
    };
    let accessors = vec![
        Accessor {
            min: Some(lo.to_vec()),
            max: Some(hi.to_vec()),
            ..accessor(pos_view, "VEC3")
        },
        accessor(nrm_view, "VEC3"),
        accessor(uv_view, "VEC2"),
        Accessor {
            buffer_view: idx_view,
            component_type: if small { UNSIGNED_SHORT } else { UNSIGNED_INT },
            count: m.indices.len(),
            kind: "SCALAR",
            min: None,
            max: None,
        },
    ];

    let mut nodes = vec![Node {
        name: name.to_string(),
        mesh: Some(0),
        children: (1..=model.anchors.len() as u32).collect(),
        translation: None,
        rotation: None,
        extras: None,
    }];
    for a in &model.anchors {
        let area = PrintArea::ALL.into_iter().find(|p| p.node_name() == a.name);
        nodes.push(Node {
            name: a.name.to_string(),
            mesh: None,
            children: Vec::new(),
            translation: Some(a.position.map(|v| fixed(v, 1e-5))),
            rotation: Some(a.rotation.map(|v| fixed(v, 1e-6))),
            extras: area.map(|p| {
                let (w, h) = p.print_size_inches();
                PrintAreaExtras {
                    print_area: p.label().to_string(),
                    width_inches: w,
                    height_inches: h,
                    width_metres: (w * METRES_PER_INCH * 1e4).round() / 1e4,
                    height_metres: (h * METRES_PER_INCH * 1e4).round() / 1e4,
                }
            }),
        });
    }

    let gltf = Gltf {
        asset: Asset {
            version: "2.0",
            generator: "Legacy Threads catalogue-assets",
        },
        scene: 0,
        scenes: vec![Scene {
            name: "garment",
            nodes: vec![0],
        }],
        nodes,
        meshes: vec![MeshJson {
            name: name.to_string(),
            primitives: vec![Primitive {
                attributes: Attributes {
                    position: 0,
                    normal: 1,
                    texcoord: 2,
                },
                indices: 3,
                material: 0,
                mode: TRIANGLES,
            }],
        }],
        // White, so that the web app's tint is the garment's colour.
        materials: vec![Material {
            name: "fabric",
            pbr_metallic_roughness: Pbr {
                base_color_factor: [1.0, 1.0, 1.0, 1.0],
                metallic_factor: 0.0,
                roughness_factor: 0.9,
            },
            double_sided: true,
        }],
        accessors,
        buffer_views: views,
        buffers: vec![Buffer {
            byte_length: bin.len(),
        }],
    };
    let mut json = serde_json::to_vec(&gltf).expect("glTF JSON");
    while !json.len().is_multiple_of(4) {
        json.push(b' ');
    }

    let total = 12 + 8 + json.len() + 8 + bin.len();
    let mut out = Vec::with_capacity(total);
    out.extend_from_slice(b"glTF");
    out.extend_from_slice(&2u32.to_le_bytes());
    out.extend_from_slice(&(total as u32).to_le_bytes());
    out.extend_from_slice(&(json.len() as u32).to_le_bytes());
    out.extend_from_slice(b"JSON");
    out.extend_from_slice(&json);
    out.extend_from_slice(&(bin.len() as u32).to_le_bytes());
    out.extend_from_slice(b"BIN\0");
    out.extend_from_slice(&bin);
    out
}
