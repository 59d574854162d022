//! Trim as thin cords on the surface: piping along the shoulders and round the
//! sleeve hems, or the inverted seam along the V.

use std::f64::consts::{PI, TAU};

use super::sleeve::{SLEEVE_AROUND, Sleeve};
use super::torso::{Body, SHOULDER_STEPS, row_at};
use super::vector::{V3, mirror_x};
use crate::garment::{Cut, Trim};

/// The paths of a garment's cords, points with the surface normal there;
/// `on_torso` gives the torso's surface at a (row, angle).
pub(super) fn cords(
    cut: Cut,
    body: &Body,
    sleeve: &Sleeve,
    on_torso: &dyn Fn(f64, f64) -> (V3, V3),
) -> Vec<Vec<(V3, V3)>> {
    let neck_row = (body.rings.len() + SHOULDER_STEPS.len() - 1) as f64;
    match cut.trim {
        Trim::Plain => Vec::new(),
        Trim::Piping => {
            let armpit = row_at(body, 0.15);
            let mut c = Vec::new();
            for (from, to) in [
                (1.08, 0.14),
                (-1.08, -0.14),
                (PI - 1.08, PI - 0.14),
                (1.08 - PI, 0.14 - PI),
            ] {
                c.push(
                    (0..=12)
                        .map(|k| {
                            let t = f64::from(k) / 12.0;
                            on_torso(
                                neck_row - 0.05 + (armpit - neck_row) * t,
                                from + (to - from) * t,
                            )
                        })
                        .collect(),
                );
            }
            let hem = sleeve.length - 0.025;
            let around: Vec<(V3, V3)> = (0..=SLEEVE_AROUND)
                .map(|k| sleeve.surface(hem, TAU * k as f64 / SLEEVE_AROUND as f64, 0.0))
                .collect();
            c.push(
                around
                    .iter()
                    .map(|&(p, n)| (mirror_x(p), mirror_x(n)))
                    .collect(),
            );
            c.push(around);
            c
        }
        Trim::Inverted => [(0.16, 0.06), (0.16, 0.1)]
            .iter()
            .zip([1.0, -1.0])
            .map(|(&(side_y, centre_y), sign)| {
                (0..=16)
                    .map(|k| {
                        let t = f64::from(k) / 16.0;
                        let theta = sign * (0.2 + (PI - 0.4) * t);
                        let y = side_y + (centre_y - side_y) * (1.0 - (2.0 * t - 1.0).abs());
                        on_torso(row_at(body, y), theta)
                    })
                    .collect()
            })
            .collect(),
    }
}
