//! The mesh and how parts are added to it: grids of quads facing outward, flat
//! fans and thin cords, each in its own rectangle of the texture.

use std::f64::consts::TAU;

use super::vector::{V3, add, cross, dot, lerp, normalize, scale, sub};

/// Triangles with per-vertex normals and texture coordinates.
#[derive(Default)]
pub struct Mesh {
    pub positions: Vec<V3>,
    pub normals: Vec<V3>,
    pub uvs: Vec<[f64; 2]>,
    pub indices: Vec<u32>,
}

/// A rectangle of the texture: u0, v0, u1, v1.
pub(super) type UvRect = [f64; 4];

/// Where each part lies in the texture, so a baked or painted texture has room for every part.
pub(super) const UV_TORSO: UvRect = [0.0, 0.0, 1.0, 0.56];
pub(super) const UV_COLLAR: UvRect = [0.0, 0.58, 1.0, 0.64];
pub(super) const UV_LEFT_SLEEVE: UvRect = [0.0, 0.66, 0.49, 1.0];
pub(super) const UV_RIGHT_SLEEVE: UvRect = [0.51, 0.66, 1.0, 1.0];
pub(super) const UV_SMALL: UvRect = [0.0, 0.64, 0.02, 0.66];

/// Normals of a grid of points (rows of equal length), from its neighbours;
/// `closed` rows wrap around. They point along (down the rows) × (along a row).
pub(super) fn grid_normals(rows: &[Vec<V3>], closed: bool) -> Vec<Vec<V3>> {
    let (n, m) = (rows.len(), rows[0].len());
    (0..n)
        .map(|i| {
            (0..m)
                .map(|j| {
                    let (i0, i1) = (i.saturating_sub(1), (i + 1).min(n - 1));
                    let (j0, j1) = if closed {
                        ((j + m - 1) % m, (j + 1) % m)
                    } else {
                        (j.saturating_sub(1), (j + 1).min(m - 1))
                    };
                    normalize(cross(
                        sub(rows[i1][j], rows[i0][j]),
                        sub(rows[i][j1], rows[i][j0]),
                    ))
                })
                .collect()
        })
        .collect()
}

/// Does the grid's natural orientation face away from each row's centre?
pub(super) fn faces_outward(rows: &[Vec<V3>], normals: &[Vec<V3>]) -> bool {
    let mut sum = 0.0;
    for (row, ns) in rows.iter().zip(normals) {
        let c = scale(
            row.iter().fold([0.0; 3], |a, &p| add(a, p)),
            1.0 / row.len() as f64,
        );
        sum += row
            .iter()
            .zip(ns)
            .map(|(&p, &n)| dot(n, sub(p, c)))
            .sum::<f64>();
    }
    sum >= 0.0
}

impl Mesh {
    /// Adds a grid of quads facing away from its rows' centres. A `closed`
    /// grid wraps around; its seam gets a second column of vertices for the texture.
    pub(super) fn grid(&mut self, rows: &[Vec<V3>], closed: bool, uv: UvRect) {
        let mut normals = grid_normals(rows, closed);
        let outward = faces_outward(rows, &normals);
        if !outward {
            for n in normals.iter_mut().flatten() {
                *n = scale(*n, -1.0);
            }
        }
        let (n, m) = (rows.len(), rows[0].len());
        let cols = if closed { m + 1 } else { m };
        let base = self.positions.len() as u32;
        for (i, (row, ns)) in rows.iter().zip(&normals).enumerate() {
            for j in 0..cols {
                self.positions.push(row[j % m]);
                self.normals.push(ns[j % m]);
                let u = j as f64 / (cols - 1) as f64;
                let v = i as f64 / (n - 1) as f64;
                self.uvs
                    .push([uv[0] + (uv[2] - uv[0]) * u, uv[1] + (uv[3] - uv[1]) * v]);
            }
        }
        let at = |i: usize, j: usize| base + (i * cols + j) as u32;
        for i in 0..n - 1 {
            for j in 0..cols - 1 {
                let (a, b, c, d) = (at(i, j), at(i + 1, j), at(i, j + 1), at(i + 1, j + 1));
                if outward {
                    self.indices.extend_from_slice(&[a, b, c, c, b, d]);
                } else {
                    self.indices.extend_from_slice(&[a, c, b, c, d, b]);
                }
            }
        }
    }

    /// Adds a flat disc (a fan) facing `normal`.
    pub(super) fn fan(&mut self, centre: V3, rim: &[V3], normal: V3, uv: UvRect) {
        let base = self.positions.len() as u32;
        for &p in std::iter::once(&centre).chain(rim) {
            self.positions.push(p);
            self.normals.push(normal);
            self.uvs.push([uv[0], uv[1]]);
        }
        let k = rim.len() as u32;
        for j in 0..k {
            let (b, c) = (base + 1 + j, base + 1 + (j + 1) % k);
            let face = cross(
                sub(self.positions[b as usize], centre),
                sub(self.positions[c as usize], centre),
            );
            if dot(face, normal) >= 0.0 {
                self.indices.extend_from_slice(&[base, b, c]);
            } else {
                self.indices.extend_from_slice(&[base, c, b]);
            }
        }
    }

    /// A thin tube of radius `r` along `path`, lying on a surface with the given normals.
    pub(super) fn cord(&mut self, path: &[(V3, V3)], r: f64) {
        const SIDES: usize = 6;
        let rows: Vec<Vec<V3>> = path
            .iter()
            .enumerate()
            .map(|(k, &(p, n))| {
                let prev = path[k.saturating_sub(1)].0;
                let next = path[(k + 1).min(path.len() - 1)].0;
                let along = normalize(sub(next, prev));
                let side = normalize(cross(along, n));
                let up = cross(side, along);
                let centre = add(p, scale(up, r * 0.4));
                (0..SIDES)
                    .map(|s| {
                        let a = TAU * s as f64 / SIDES as f64;
                        add(
                            centre,
                            add(scale(up, r * a.cos()), scale(side, r * a.sin())),
                        )
                    })
                    .collect()
            })
            .collect();
        self.grid(&rows, true, UV_SMALL);
    }
}

/// A point on a grid at fractional row and column (columns wrap), with its normal.
pub(super) fn on_grid(rows: &[Vec<V3>], normals: &[Vec<V3>], r: f64, c: f64) -> (V3, V3) {
    let m = rows[0].len();
    let i = (r.floor() as usize).min(rows.len() - 2);
    let fi = r - i as f64;
    let c = c.rem_euclid(m as f64);
    let j = (c.floor() as usize) % m;
    let fj = c - c.floor();
    let j1 = (j + 1) % m;
    let bilerp = |g: &[Vec<V3>]| {
        lerp(
            lerp(g[i][j], g[i][j1], fj),
            lerp(g[i + 1][j], g[i + 1][j1], fj),
            fi,
        )
    };
    (bilerp(rows), normalize(bilerp(normals)))
}
