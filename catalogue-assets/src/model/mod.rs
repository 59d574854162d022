//! Low-poly 3D models of the garments, in metres: Y up, the front facing +Z,
//! the wearer's left towards +X, centred at the origin, about 0.7 m tall.
//!
//! The torso is a stack of rounded rings from the hem to the neck, the sleeves
//! are tapered tubes leaving the shoulders (their roots hidden inside the
//! torso), a shirt has a collar stand, turned-down collar and buttons, and
//! piping or the inverted seam are thin cords on the surface. The print-area
//! anchors are points on the surface with their +Z axis along its normal.
//!
//! - `vector`: the arithmetic on points and directions;
//! - `mesh`: the mesh and its parts (grids, fans, cords), with their texture areas;
//! - `torso`, `sleeve`: the shapes of the body and the sleeves;
//! - `shirt`: a shirt's collar and buttons; `trim`: piping and the inverted seam;
//! - `anchors`: where the print areas sit.

mod anchors;
mod mesh;
mod shirt;
mod sleeve;
mod torso;
mod trim;
mod vector;

pub use anchors::Anchor;
pub use mesh::Mesh;
pub use vector::V3;

use crate::garment::{Cut, Neck};
use mesh::{UV_LEFT_SLEEVE, UV_RIGHT_SLEEVE, UV_TORSO, faces_outward, grid_normals, on_grid};
use sleeve::Sleeve;
use torso::{Body, column};
use vector::{add, mirror_x, scale};

/// A garment's model: the mesh and its print-area anchors.
pub struct Model {
    pub mesh: Mesh,
    pub anchors: Vec<Anchor>,
}

pub fn build(cut: Cut) -> Model {
    let body = Body::of(cut);
    let sleeve = Sleeve::of(cut);
    let mut mesh = Mesh::default();

    // The torso, with a lip of ribbing or a collar stand round the neck.
    let mut torso = body.rows();
    match cut.neck {
        Neck::Crew => torso.push(body.neck(0.008, -0.002)),
        Neck::Collar => {
            torso.push(body.neck(0.018, -0.002));
            torso.push(body.neck(0.034, -0.004));
        }
    }
    let torso_normals = {
        let n = grid_normals(&torso, true);
        if faces_outward(&torso, &n) {
            n
        } else {
            n.into_iter()
                .map(|r| r.into_iter().map(|v| scale(v, -1.0)).collect())
                .collect()
        }
    };
    mesh.grid(&torso, true, UV_TORSO);
    let on_torso = |r: f64, theta: f64| on_grid(&torso, &torso_normals, r, column(theta));

    // The sleeves: the wearer's left (+X) and its mirror image.
    let left = sleeve.rows();
    let right: Vec<Vec<V3>> = left
        .iter()
        .map(|r| r.iter().map(|&p| mirror_x(p)).collect())
        .collect();
    mesh.grid(&left, true, UV_LEFT_SLEEVE);
    mesh.grid(&right, true, UV_RIGHT_SLEEVE);

    if cut.neck == Neck::Collar {
        shirt::collar(&mut mesh, &body);
        shirt::buttons(&mut mesh, &body, &on_torso);
    }

    // Trim: cords along the shoulders and round the sleeves (piping), or along the V (inverted).
    for c in &trim::cords(cut, &body, &sleeve, &on_torso) {
        mesh.cord(c, 0.003);
    }

    let anchors = anchors::place(cut, &body, &sleeve, &on_torso);
    let mut model = Model { mesh, anchors };
    model.centre();
    model
}

impl Model {
    /// Moves the model so that its bounding box is centred on the origin.
    fn centre(&mut self) {
        let (lo, hi) = self.bounds();
        let shift = scale(add(lo, hi), -0.5);
        for p in &mut self.mesh.positions {
            *p = add(*p, shift);
        }
        for a in &mut self.anchors {
            a.position = add(a.position, shift);
        }
    }

    /// The smallest and largest coordinates of the mesh.
    pub fn bounds(&self) -> (V3, V3) {
        let mut lo = [f64::MAX; 3];
        let mut hi = [f64::MIN; 3];
        for p in &self.mesh.positions {
            for k in 0..3 {
                lo[k] = lo[k].min(p[k]);
                hi[k] = hi[k].max(p[k]);
            }
        }
        (lo, hi)
    }
}

#[cfg(test)]
mod tests;
