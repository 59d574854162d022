//! The sleeve: a tapered tube leaving the shoulder, its root hidden inside the
//! torso, with a cuff on a long sleeve.

use std::f64::consts::TAU;

use super::vector::{V3, add, scale};
use crate::garment::{Cut, Neck, Sleeves};

/// The sleeve: a tube from a joint inside the shoulder, down and out.
pub(super) struct Sleeve {
    joint: V3,
    /// Degrees below horizontal.
    fall: f64,
    pub(super) length: f64,
    root_radius: f64,
    end_radius: f64,
    /// A buttoned cuff this long at the end (0 for none).
    cuff: f64,
}

pub(super) const SLEEVE_AROUND: usize = 16;

impl Sleeve {
    pub(super) fn of(cut: Cut) -> Sleeve {
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
    pub(super) fn axes(&self) -> (V3, V3) {
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
    pub(super) fn surface(&self, d: f64, phi: f64, extra: f64) -> (V3, V3) {
        let (down, out) = self.axes();
        let front = [0.0, 0.0, 1.0];
        let dir = add(scale(out, phi.cos()), scale(front, phi.sin()));
        let centre = add(self.joint, scale(down, d));
        (add(centre, scale(dir, self.radius(d) + extra)), dir)
    }

    pub(super) fn rows(&self) -> Vec<Vec<V3>> {
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
