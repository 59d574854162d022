//! A shirt's details: the turned-down collar and the buttons down the placket.

use std::f64::consts::{FRAC_PI_2, TAU};

use super::mesh::{Mesh, UV_COLLAR, UV_SMALL};
use super::torso::{Body, row_at};
use super::vector::{V3, add, cross, normalize, scale};

/// The turned-down collar: a band from the top of the stand, out and down over
/// it, open at the front where its points fall on the chest.
pub(super) fn collar(mesh: &mut Mesh, body: &Body) {
    const STEPS: usize = 24;
    // From the front-left round the back to the front-right, leaving a gap in front.
    let (start, end) = (FRAC_PI_2 - 0.2, FRAC_PI_2 - TAU + 0.2);
    let (a, b) = (body.neck_half_width, body.neck_half_depth);
    let rows: Vec<Vec<V3>> = [(0.036, 0.002, 0.0), (0.03, 0.012, 0.0), (-0.004, 0.03, 1.0)]
        .iter()
        .map(|&(lift, grow, point)| {
            (0..=STEPS)
                .map(|k| {
                    let theta = start + (end - start) * k as f64 / STEPS as f64;
                    let (s, c) = theta.sin_cos();
                    let drop = if s > 0.0 {
                        body.front_drop * s * s
                    } else {
                        body.back_drop * s * s
                    };
                    // The collar points reach further down the chest.
                    let reach = point * 0.045 * s.max(0.0).powi(6);
                    [
                        (a + grow + reach * 0.3) * c,
                        body.neck_y - drop + lift - reach,
                        (b + grow + reach * 0.4) * s,
                    ]
                })
                .collect()
        })
        .collect();
    mesh.grid(&rows, false, UV_COLLAR);
}

/// Buttons down the placket of a shirt.
pub(super) fn buttons(mesh: &mut Mesh, body: &Body, on_torso: &dyn Fn(f64, f64) -> (V3, V3)) {
    const RIM: usize = 8;
    let mut y = 0.21;
    while y > body.rings[0].0 + 0.05 {
        let (p, n) = on_torso(row_at(body, y), FRAC_PI_2);
        let x = normalize(cross([0.0, 1.0, 0.0], n));
        let up = cross(n, x);
        let rim = |lift: f64, r: f64| -> Vec<V3> {
            (0..RIM)
                .map(|k| {
                    let a = TAU * k as f64 / RIM as f64;
                    add(
                        add(p, scale(n, lift)),
                        add(scale(x, r * a.cos()), scale(up, r * a.sin())),
                    )
                })
                .collect()
        };
        let top = rim(0.003, 0.0065);
        mesh.grid(&[rim(-0.001, 0.0072), top.clone()], true, UV_SMALL);
        mesh.fan(add(p, scale(n, 0.0035)), &top, n, UV_SMALL);
        y -= 0.095;
    }
}
