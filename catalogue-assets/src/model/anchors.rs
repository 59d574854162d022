//! The print-area anchors: named points on the surface with their +Z axis
//! along its normal.

use std::f64::consts::FRAC_PI_2;

use super::sleeve::Sleeve;
use super::torso::{Body, row_at};
use super::vector::{V3, cross, mirror_x, normalize, scale};
use crate::garment::{Cut, Sleeves};

/// A print-area anchor: a named point with its axes (+Z out of the surface).
pub struct Anchor {
    pub name: &'static str,
    pub position: V3,
    /// Unit quaternion (x, y, z, w) turning the node's axes into place.
    pub rotation: [f64; 4],
}

/// A rotation whose +Z is `normal` and whose +Y leans towards `up`.
fn orientation(normal: V3, up: V3) -> [f64; 4] {
    let z = normalize(normal);
    let x = normalize(cross(up, z));
    let y = cross(z, x);
    // The matrix [x y z] (columns) as a quaternion.
    let (m00, m11, m22) = (x[0], y[1], z[2]);
    let trace = m00 + m11 + m22;
    let q = if trace > 0.0 {
        let s = (trace + 1.0).sqrt() * 2.0;
        [
            (y[2] - z[1]) / s,
            (z[0] - x[2]) / s,
            (x[1] - y[0]) / s,
            s / 4.0,
        ]
    } else if m00 > m11 && m00 > m22 {
        let s = (1.0 + m00 - m11 - m22).sqrt() * 2.0;
        [
            s / 4.0,
            (y[0] + x[1]) / s,
            (z[0] + x[2]) / s,
            (y[2] - z[1]) / s,
        ]
    } else if m11 > m22 {
        let s = (1.0 + m11 - m00 - m22).sqrt() * 2.0;
        [
            (y[0] + x[1]) / s,
            s / 4.0,
            (z[1] + y[2]) / s,
            (z[0] - x[2]) / s,
        ]
    } else {
        let s = (1.0 + m22 - m00 - m11).sqrt() * 2.0;
        [
            (z[0] + x[2]) / s,
            (z[1] + y[2]) / s,
            s / 4.0,
            (x[1] - y[0]) / s,
        ]
    };
    // One sign for the same rotation, so output never flips between q and -q.
    if q[3] < 0.0 {
        [-q[0], -q[1], -q[2], -q[3]]
    } else {
        q
    }
}

/// The four anchors of a garment whose torso surface is `on_torso` (row, angle).
pub(super) fn place(
    cut: Cut,
    body: &Body,
    sleeve: &Sleeve,
    on_torso: &dyn Fn(f64, f64) -> (V3, V3),
) -> Vec<Anchor> {
    let up = [0.0, 1.0, 0.0];
    let chest_row = row_at(body, 0.13);
    // Left chest: 9.5 cm to the wearer's left of the centre line.
    let chest_theta = {
        let (mut lo, mut hi) = (0.0, FRAC_PI_2);
        for _ in 0..40 {
            let mid = (lo + hi) / 2.0;
            if on_torso(chest_row, mid).0[0] > 0.095 {
                lo = mid;
            } else {
                hi = mid;
            }
        }
        (lo + hi) / 2.0
    };
    let (chest, chest_n) = on_torso(chest_row, chest_theta);
    let (back, back_n) = on_torso(row_at(body, 0.06), -FRAC_PI_2);
    // Sleeves: on the outer side of the upper arm, "up" pointing to the shoulder.
    let (down, _) = sleeve.axes();
    let visible = 0.06;
    let along = match cut.sleeves {
        Sleeves::Long => visible + 0.12,
        Sleeves::Short => visible + (sleeve.length - visible) * 0.45,
    };
    let (arm, arm_n) = sleeve.surface(along, 0.0, 0.0);
    vec![
        Anchor {
            name: "left_chest",
            position: chest,
            rotation: orientation(chest_n, up),
        },
        Anchor {
            name: "back",
            position: back,
            rotation: orientation(back_n, up),
        },
        Anchor {
            name: "left_sleeve",
            position: arm,
            rotation: orientation(arm_n, scale(down, -1.0)),
        },
        Anchor {
            name: "right_sleeve",
            position: mirror_x(arm),
            rotation: orientation(mirror_x(arm_n), scale(mirror_x(down), -1.0)),
        },
    ]
}
