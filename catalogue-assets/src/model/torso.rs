//! The torso: rounded rings from the hem to the shoulders, then in to the neck
//! opening; and where a point lies on it (row by height, column by angle).

use std::f64::consts::TAU;

use super::vector::{V3, lerp};
use crate::garment::{Cut, Neck};

/// The torso's shape: rings (height, half width, half depth) from the hem to
/// the shoulders, then the neck.
pub(super) struct Body {
    pub(super) rings: &'static [(f64, f64, f64)],
    pub(super) neck_half_width: f64,
    pub(super) neck_half_depth: f64,
    pub(super) neck_y: f64,
    pub(super) front_drop: f64,
    pub(super) back_drop: f64,
}

const TEE_RINGS: &[(f64, f64, f64)] = &[
    (-0.37, 0.228, 0.128),
    (-0.26, 0.224, 0.124),
    (-0.13, 0.217, 0.121),
    (0.0, 0.219, 0.126),
    (0.09, 0.226, 0.131),
    (0.15, 0.227, 0.130),
    (0.2, 0.216, 0.121),
];

const SHIRT_RINGS: &[(f64, f64, f64)] = &[
    (-0.4, 0.236, 0.132),
    (-0.28, 0.232, 0.128),
    (-0.14, 0.225, 0.125),
    (0.0, 0.228, 0.13),
    (0.09, 0.235, 0.135),
    (0.15, 0.235, 0.134),
    (0.2, 0.222, 0.124),
];

/// Points around the torso.
const AROUND: usize = 32;
/// How square the torso's cross-section is (2 is an ellipse).
const SQUARENESS: f64 = 2.6;
/// Steps from the shoulder ring up to the neck: (share of the way in, share of the way up).
pub(super) const SHOULDER_STEPS: [(f64, f64); 4] =
    [(0.22, 0.5), (0.46, 0.8), (0.72, 0.94), (1.0, 1.0)];

/// The angle of column `j`: 0 is the wearer's left side (+X), π/2 the front (+Z).
fn angle(j: usize) -> f64 {
    TAU * j as f64 / AROUND as f64
}

/// A rounded-rectangle ring of half width `a` and half depth `b` at height `y`.
fn ring(y: f64, a: f64, b: f64) -> Vec<V3> {
    let e = 2.0 / SQUARENESS;
    (0..AROUND)
        .map(|j| {
            let (s, c) = angle(j).sin_cos();
            [
                a * c.signum() * c.abs().powf(e),
                y,
                b * s.signum() * s.abs().powf(e),
            ]
        })
        .collect()
}

impl Body {
    pub(super) fn of(cut: Cut) -> Body {
        match cut.neck {
            Neck::Crew => Body {
                rings: TEE_RINGS,
                neck_half_width: 0.088,
                neck_half_depth: 0.078,
                neck_y: 0.31,
                front_drop: 0.065,
                back_drop: 0.018,
            },
            Neck::Collar => Body {
                rings: SHIRT_RINGS,
                neck_half_width: 0.074,
                neck_half_depth: 0.07,
                neck_y: 0.305,
                front_drop: 0.04,
                back_drop: 0.01,
            },
        }
    }

    /// The neck opening: an ellipse, lower at the front (and a little at the back).
    pub(super) fn neck(&self, lift: f64, grow: f64) -> Vec<V3> {
        (0..AROUND)
            .map(|j| {
                let (s, c) = angle(j).sin_cos();
                let drop = if s > 0.0 {
                    self.front_drop * s * s
                } else {
                    self.back_drop * s * s
                };
                [
                    (self.neck_half_width + grow) * c,
                    self.neck_y - drop + lift,
                    (self.neck_half_depth + grow) * s,
                ]
            })
            .collect()
    }

    /// The torso's rings from the hem up to the neck opening.
    pub(super) fn rows(&self) -> Vec<Vec<V3>> {
        let mut rows: Vec<Vec<V3>> = self.rings.iter().map(|&(y, a, b)| ring(y, a, b)).collect();
        let shoulder = rows.last().expect("rings").clone();
        let neck = self.neck(0.0, 0.0);
        for (inward, up) in SHOULDER_STEPS {
            rows.push(
                shoulder
                    .iter()
                    .zip(&neck)
                    .map(|(&s, &n)| {
                        let mut p = lerp(s, n, inward);
                        p[1] = s[1] + (n[1] - s[1]) * up;
                        p
                    })
                    .collect(),
            );
        }
        rows
    }
}

/// The fractional column of an angle (radians).
pub(super) fn column(theta: f64) -> f64 {
    theta / TAU * AROUND as f64
}

/// The fractional row of the torso at height `y` (within its body rings).
pub(super) fn row_at(body: &Body, y: f64) -> f64 {
    let r = body.rings;
    let k = r
        .windows(2)
        .position(|w| y <= w[1].0)
        .unwrap_or(r.len() - 2);
    k as f64 + ((y - r[k].0) / (r[k + 1].0 - r[k].0)).clamp(0.0, 1.0)
}
