//! Low-poly 3D models of the garments, in metres: Y up, the front facing +Z,
//! the wearer's left towards +X, centred at the origin, about 0.7 m tall.
//!
//! The torso is a stack of rounded rings from the hem to the neck, the sleeves
//! are tapered tubes leaving the shoulders (their roots hidden inside the
//! torso), a shirt has a collar stand, turned-down collar and buttons, and
//! piping or the inverted seam are thin cords on the surface. The print-area
//! anchors are points on the surface with their +Z axis along its normal.

use std::f64::consts::{FRAC_PI_2, PI, TAU};

use crate::garment::{Cut, Neck, Sleeves, Trim};

pub type V3 = [f64; 3];

fn add(a: V3, b: V3) -> V3 {
    [a[0] + b[0], a[1] + b[1], a[2] + b[2]]
}
fn sub(a: V3, b: V3) -> V3 {
    [a[0] - b[0], a[1] - b[1], a[2] - b[2]]
}
fn scale(a: V3, k: f64) -> V3 {
    [a[0] * k, a[1] * k, a[2] * k]
}
fn lerp(a: V3, b: V3, t: f64) -> V3 {
    add(a, scale(sub(b, a), t))
}
fn dot(a: V3, b: V3) -> f64 {
    a[0] * b[0] + a[1] * b[1] + a[2] * b[2]
}
fn cross(a: V3, b: V3) -> V3 {
    [
        a[1] * b[2] - a[2] * b[1],
        a[2] * b[0] - a[0] * b[2],
        a[0] * b[1] - a[1] * b[0],
    ]
}
fn normalize(a: V3) -> V3 {
    let len = dot(a, a).sqrt();
    if len < 1e-12 {
        [0.0, 1.0, 0.0]
    } else {
        scale(a, 1.0 / len)
    }
}
fn mirror_x(a: V3) -> V3 {
    [-a[0], a[1], a[2]]
}

/// Triangles with per-vertex normals and texture coordinates.
#[derive(Default)]
pub struct Mesh {
    pub positions: Vec<V3>,
    pub normals: Vec<V3>,
    pub uvs: Vec<[f64; 2]>,
    pub indices: Vec<u32>,
}

/// A rectangle of the texture: u0, v0, u1, v1.
type UvRect = [f64; 4];

/// Where each part lies in the texture, so a baked or painted texture has room for every part.
const UV_TORSO: UvRect = [0.0, 0.0, 1.0, 0.56];
const UV_COLLAR: UvRect = [0.0, 0.58, 1.0, 0.64];
const UV_LEFT_SLEEVE: UvRect = [0.0, 0.66, 0.49, 1.0];
const UV_RIGHT_SLEEVE: UvRect = [0.51, 0.66, 1.0, 1.0];
const UV_SMALL: UvRect = [0.0, 0.64, 0.02, 0.66];

/// Normals of a grid of points (rows of equal length), from its neighbours;
/// `closed` rows wrap around. They point along (down the rows) × (along a row).
fn grid_normals(rows: &[Vec<V3>], closed: bool) -> Vec<Vec<V3>> {
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
fn faces_outward(rows: &[Vec<V3>], normals: &[Vec<V3>]) -> bool {
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
    fn grid(&mut self, rows: &[Vec<V3>], closed: bool, uv: UvRect) {
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
    fn fan(&mut self, centre: V3, rim: &[V3], normal: V3, uv: UvRect) {
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
    fn cord(&mut self, path: &[(V3, V3)], r: f64) {
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

/// The torso's shape: rings (height, half width, half depth) from the hem to
/// the shoulders, then the neck.
struct Body {
    rings: &'static [(f64, f64, f64)],
    neck_half_width: f64,
    neck_half_depth: f64,
    neck_y: f64,
    front_drop: f64,
    back_drop: f64,
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
const SHOULDER_STEPS: [(f64, f64); 4] = [(0.22, 0.5), (0.46, 0.8), (0.72, 0.94), (1.0, 1.0)];

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
    fn of(cut: Cut) -> Body {
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
    fn neck(&self, lift: f64, grow: f64) -> Vec<V3> {
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
    fn rows(&self) -> Vec<Vec<V3>> {
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

/// The sleeve: a tube from a joint inside the shoulder, down and out.
struct Sleeve {
    joint: V3,
    /// Degrees below horizontal.
    fall: f64,
    length: f64,
    root_radius: f64,
    end_radius: f64,
    /// A buttoned cuff this long at the end (0 for none).
    cuff: f64,
}

const SLEEVE_AROUND: usize = 16;

impl Sleeve {
    fn of(cut: Cut) -> Sleeve {
        let joint = [0.168, 0.178, 0.0];
        match (cut.sleeves, cut.neck) {
            (Sleeves::Long, _) => Sleeve {
                joint,
                fall: 62.0,
                length: 0.66,
                root_radius: 0.088,
                end_radius: 0.042,
                cuff: 0.065,
            },
            (Sleeves::Short, Neck::Collar) => Sleeve {
                joint,
                fall: 42.0,
                length: 0.31,
                root_radius: 0.088,
                end_radius: 0.066,
                cuff: 0.0,
            },
            (Sleeves::Short, Neck::Crew) => Sleeve {
                joint,
                fall: 40.0,
                length: 0.26,
                root_radius: 0.086,
                end_radius: 0.062,
                cuff: 0.0,
            },
        }
    }

    /// Down the (left) sleeve, and the direction of its outer side.
    fn axes(&self) -> (V3, V3) {
        let (s, c) = self.fall.to_radians().sin_cos();
        ([c, -s, 0.0], [s, c, 0.0])
    }

    fn radius(&self, d: f64) -> f64 {
        if d < 0.0 {
            // The root narrows inside the torso, so its open end never shows.
            return self.root_radius + d;
        }
        let taper_end = self.length - self.cuff;
        let t = (d / taper_end).min(1.0);
        let r = self.root_radius + (self.end_radius - self.root_radius) * t;
        if self.cuff > 0.0 && d > taper_end {
            r + 0.004
        } else {
            r
        }
    }

    /// Distances along the sleeve where it has a ring.
    fn stations(&self) -> Vec<f64> {
        let mut d: Vec<f64> = if self.cuff > 0.0 {
            let taper_end = self.length - self.cuff;
            (0..=6)
                .map(|k| taper_end * f64::from(k) / 6.0)
                .chain([taper_end + 0.001, self.length])
                .collect()
        } else {
            (0..=4).map(|k| self.length * f64::from(k) / 4.0).collect()
        };
        d.insert(0, -0.035);
        d
    }

    /// A point on the left sleeve's surface `d` along it, `phi` round from its outer side
    /// (towards the front for positive angles), with the outward direction there.
    fn surface(&self, d: f64, phi: f64, extra: f64) -> (V3, V3) {
        let (down, out) = self.axes();
        let front = [0.0, 0.0, 1.0];
        let dir = add(scale(out, phi.cos()), scale(front, phi.sin()));
        let centre = add(self.joint, scale(down, d));
        (add(centre, scale(dir, self.radius(d) + extra)), dir)
    }

    fn rows(&self) -> Vec<Vec<V3>> {
        self.stations()
            .into_iter()
            .map(|d| {
                (0..SLEEVE_AROUND)
                    .map(|k| {
                        self.surface(d, TAU * k as f64 / SLEEVE_AROUND as f64, 0.0)
                            .0
                    })
                    .collect()
            })
            .collect()
    }
}

/// A point on a grid at fractional row and column (columns wrap), with its normal.
fn on_grid(rows: &[Vec<V3>], normals: &[Vec<V3>], r: f64, c: f64) -> (V3, V3) {
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

/// The fractional column of an angle (radians).
fn column(theta: f64) -> f64 {
    theta / TAU * AROUND as f64
}

/// The fractional row of the torso at height `y` (within its body rings).
fn row_at(body: &Body, y: f64) -> f64 {
    let r = body.rings;
    let k = r
        .windows(2)
        .position(|w| y <= w[1].0)
        .unwrap_or(r.len() - 2);
    k as f64 + ((y - r[k].0) / (r[k + 1].0 - r[k].0)).clamp(0.0, 1.0)
}

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
        collar(&mut mesh, &body);
        buttons(&mut mesh, &body, &on_torso);
    }

    // Trim: cords along the shoulders and round the sleeves (piping), or along the V (inverted).
    let neck_row = (body.rings.len() + SHOULDER_STEPS.len() - 1) as f64;
    let cords: Vec<Vec<(V3, V3)>> = match cut.trim {
        Trim::Plain => Vec::new(),
        Trim::Piping => {
            let armpit = row_at(&body, 0.15);
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
                        on_torso(row_at(&body, y), theta)
                    })
                    .collect()
            })
            .collect(),
    };
    for c in &cords {
        mesh.cord(c, 0.003);
    }

    // The print-area anchors.
    let up = [0.0, 1.0, 0.0];
    let chest_row = row_at(&body, 0.13);
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
    let (back, back_n) = on_torso(row_at(&body, 0.06), -FRAC_PI_2);
    // Sleeves: on the outer side of the upper arm, "up" pointing to the shoulder.
    let (down, _) = sleeve.axes();
    let visible = 0.06;
    let along = match cut.sleeves {
        Sleeves::Long => visible + 0.12,
        Sleeves::Short => visible + (sleeve.length - visible) * 0.45,
    };
    let (arm, arm_n) = sleeve.surface(along, 0.0, 0.0);
    let anchors = vec![
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
    ];
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

/// The turned-down collar: a band from the top of the stand, out and down over
/// it, open at the front where its points fall on the chest.
fn collar(mesh: &mut Mesh, body: &Body) {
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
fn buttons(mesh: &mut Mesh, body: &Body, on_torso: &dyn Fn(f64, f64) -> (V3, V3)) {
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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::garment::cut_of;

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
}
