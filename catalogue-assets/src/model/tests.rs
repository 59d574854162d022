use super::vector::{V3, add, cross, dot, scale, sub};
use super::*;
use crate::garment::{Sleeves, cut_of};

const SLUGS: [&str; 5] = [
    "shirt-full-sleeve",
    "shirt-half-sleeve",
    "tshirt-inverted",
    "tshirt-piping",
    "tshirt-normal",
];

fn rotate(q: [f64; 4], v: V3) -> V3 {
    let u = [q[0], q[1], q[2]];
    let t = scale(cross(u, v), 2.0);
    add(add(v, scale(t, q[3])), cross(u, t))
}

#[test]
fn triangles_wind_the_way_their_normals_point() {
    for slug in SLUGS {
        let m = build(cut_of(slug).unwrap()).mesh;
        assert_eq!(m.positions.len(), m.normals.len());
        assert_eq!(m.positions.len(), m.uvs.len());
        for n in &m.normals {
            assert!((dot(*n, *n) - 1.0).abs() < 1e-9, "{slug}: unit normals");
        }
        for t in m.indices.chunks_exact(3) {
            let [a, b, c] = [0, 1, 2].map(|k| t[k] as usize);
            let (pa, pb, pc) = (m.positions[a], m.positions[b], m.positions[c]);
            let face = cross(sub(pb, pa), sub(pc, pa));
            if dot(face, face) < 1e-14 {
                continue;
            }
            let vertex = add(add(m.normals[a], m.normals[b]), m.normals[c]);
            assert!(
                dot(face, vertex) > 0.0,
                "{slug}: triangle {t:?} faces against its normals"
            );
        }
    }
}

#[test]
fn about_seventy_centimetres_tall_centred_and_sleeved_to_length() {
    for slug in SLUGS {
        let cut = cut_of(slug).unwrap();
        let model = build(cut);
        let (lo, hi) = model.bounds();
        let height = hi[1] - lo[1];
        assert!((0.65..0.8).contains(&height), "{slug}: {height} m tall");
        for k in 0..3 {
            assert!((lo[k] + hi[k]).abs() < 1e-9, "{slug}: centred on axis {k}");
        }
        // Long sleeves reach the hips; short ones end above the waist.
        let wrist = model
            .mesh
            .positions
            .iter()
            .filter(|p| p[0].abs() > 0.3)
            .map(|p| p[1])
            .fold(f64::MAX, f64::min);
        let above_hem = wrist - lo[1];
        match cut.sleeves {
            Sleeves::Long => assert!(above_hem < 0.2, "{slug}: long sleeves, {above_hem}"),
            Sleeves::Short => assert!(above_hem > 0.3, "{slug}: short sleeves, {above_hem}"),
        }
    }
}

#[test]
fn anchors_sit_on_the_surface_facing_out() {
    for slug in SLUGS {
        let model = build(cut_of(slug).unwrap());
        let names: Vec<_> = model.anchors.iter().map(|a| a.name).collect();
        assert_eq!(names, ["left_chest", "back", "left_sleeve", "right_sleeve"]);
        let out = |name: &str| {
            let a = model.anchors.iter().find(|a| a.name == name).unwrap();
            let q = a.rotation;
            assert!((q.iter().map(|v| v * v).sum::<f64>() - 1.0).abs() < 1e-9);
            // Close to a vertex of the mesh (on the surface, not floating).
            let nearest = model
                .mesh
                .positions
                .iter()
                .map(|p| dot(sub(*p, a.position), sub(*p, a.position)).sqrt())
                .fold(f64::MAX, f64::min);
            assert!(nearest < 0.05, "{slug} {name}: {nearest} m from the mesh");
            (
                a.position,
                rotate(q, [0.0, 0.0, 1.0]),
                rotate(q, [0.0, 1.0, 0.0]),
            )
        };
        let (p, z, y) = out("left_chest");
        assert!(
            p[0] > 0.05 && p[2] > 0.0,
            "{slug}: the wearer's left, in front"
        );
        assert!(z[2] > 0.9 && y[1] > 0.9, "{slug}: faces forward, upright");
        let (p, z, y) = out("back");
        assert!(p[0].abs() < 1e-6 && p[2] < 0.0, "{slug}: centre back");
        assert!(z[2] < -0.9 && y[1] > 0.9, "{slug}: faces backward, upright");
        let (p, z, _) = out("left_sleeve");
        assert!(
            p[0] > 0.2 && z[0] > 0.4,
            "{slug}: outer side of the left sleeve"
        );
        let (p, z, _) = out("right_sleeve");
        assert!(
            p[0] < -0.2 && z[0] < -0.4,
            "{slug}: outer side of the right sleeve"
        );
    }
}
