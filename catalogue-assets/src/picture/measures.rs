//! A garment's measurements and the outlines drawn from them: the body and the
//! left sleeve.

use super::path::{Pt, Seg, neck_curve, symmetric};
use super::side::Side;
use crate::garment::{Cut, Neck, Sleeves};

/// A garment's measurements in centimetres (size M, laid flat).
pub(super) struct Measures {
    /// Half the neck opening's width.
    pub(super) neck: f64,
    /// Depth of the neckline at the centre, front and back.
    pub(super) front_drop: f64,
    pub(super) back_drop: f64,
    /// Centre to the shoulder point, and how far the shoulder falls.
    pub(super) shoulder: f64,
    pub(super) slope: f64,
    /// Half the chest width, and the armpit's depth below the shoulder line.
    pub(super) chest: f64,
    pub(super) armhole: f64,
    /// Shoulder line to hem at the centre, and how much higher the hem is at the sides.
    pub(super) length: f64,
    pub(super) tail: f64,
    /// Sleeve length along its top edge, its fall below horizontal (degrees), its opening.
    pub(super) sleeve: f64,
    pub(super) angle: f64,
    pub(super) opening: f64,
}

impl Measures {
    pub(super) fn of(cut: Cut) -> Measures {
        match (cut.neck, cut.sleeves) {
            (Neck::Crew, _) => Measures {
                neck: 9.5,
                front_drop: 9.0,
                back_drop: 2.5,
                shoulder: 23.0,
                slope: 4.0,
                chest: 26.0,
                armhole: 23.5,
                length: 72.0,
                tail: 0.0,
                sleeve: 20.0,
                angle: 36.0,
                opening: 17.0,
            },
            (Neck::Collar, sleeves) => Measures {
                neck: 8.0,
                front_drop: 7.0,
                back_drop: 1.5,
                shoulder: 23.5,
                slope: 4.0,
                chest: 27.5,
                armhole: 25.0,
                length: 78.0,
                tail: 7.0,
                sleeve: if sleeves == Sleeves::Long { 62.0 } else { 26.0 },
                angle: if sleeves == Sleeves::Long { 66.0 } else { 40.0 },
                opening: if sleeves == Sleeves::Long { 12.5 } else { 19.0 },
            },
        }
    }

    pub(super) fn shoulder_point(&self) -> Pt {
        Pt(-self.shoulder, self.slope)
    }
    pub(super) fn armpit(&self) -> Pt {
        Pt(-self.chest, self.armhole)
    }
    pub(super) fn hem_side(&self) -> Pt {
        Pt(-self.chest - 0.5, self.length - self.tail)
    }
    /// Down the sleeve, and across it towards its underside.
    pub(super) fn sleeve_axes(&self) -> (Pt, Pt) {
        let (s, c) = self.angle.to_radians().sin_cos();
        (Pt(-c, s), Pt(s, c))
    }
    /// The left sleeve's corners: top at the shoulder, top at the hem, under at the hem, armpit.
    pub(super) fn sleeve_corners(&self) -> [Pt; 4] {
        let (down, across) = self.sleeve_axes();
        let top = self.shoulder_point();
        let hem_top = top.add(down, self.sleeve);
        [
            top,
            hem_top,
            hem_top.add(across, self.opening),
            self.armpit(),
        ]
    }
    /// A point on the left sleeve: `t` from the shoulder (0) to the hem (1), `u` from the top edge (0) to the underside (1).
    pub(super) fn on_sleeve(&self, t: f64, u: f64) -> Pt {
        let [a, b, c, d] = self.sleeve_corners();
        a.lerp(b, t).lerp(d.lerp(c, t), u)
    }
    /// The garment's extent: (half width, top, bottom).
    pub(super) fn extent(&self, cut: Cut) -> (f64, f64, f64) {
        let [_, b, c, _] = self.sleeve_corners();
        let half = (-b.0).max(-c.0).max(self.chest + 0.5);
        let top = if cut.neck == Neck::Collar { -3.0 } else { -0.5 };
        (half, top, self.length)
    }

    /// The body's outline (without sleeves).
    pub(super) fn body(&self, cut: Cut, side: Side) -> String {
        let (arm, sh, hem) = (self.armpit(), self.shoulder_point(), self.hem_side());
        let drop = match side {
            Side::Front => self.front_drop,
            Side::Back => self.back_drop,
        };
        let hem_curve = match cut.neck {
            Neck::Crew => Seg::C(Pt(-12.0, self.length), Pt(hem.0 + 4.0, hem.1 - 0.2), hem),
            // A shirt tail: low in the middle, rising to the side seams.
            Neck::Collar => Seg::C(
                Pt(-12.0, self.length),
                Pt(hem.0 + 4.0, hem.1 + self.tail * 0.45),
                hem,
            ),
        };
        let side_len = hem.1 - arm.1;
        symmetric(
            Pt(0.0, self.length),
            &[
                hem_curve,
                Seg::C(
                    Pt(hem.0 + 1.2, hem.1 - side_len * 0.35),
                    Pt(arm.0 + 0.6, arm.1 + side_len * 0.35),
                    arm,
                ),
                Seg::C(Pt(arm.0 + 0.9, arm.1 - 9.0), Pt(sh.0 + 1.2, sh.1 + 7.0), sh),
                Seg::C(
                    Pt(sh.0 + 4.5, sh.1 - 1.4),
                    Pt(-self.neck - 4.5, 1.0),
                    Pt(-self.neck, 0.0),
                ),
                neck_curve(self.neck, drop),
            ],
        )
    }

    /// The left sleeve's outline; it reaches in under the body, which hides the join.
    pub(super) fn sleeve(&self) -> String {
        let [top, hem_top, hem_under, arm] = self.sleeve_corners();
        let (down, across) = self.sleeve_axes();
        // The top edge bows out a little, the underside in.
        let bow = self.sleeve * 0.03;
        format!(
            "M{top} C{} {} {hem_top} L{hem_under} C{} {} {arm} L{} L{}Z",
            top.lerp(hem_top, 0.33).add(across, -bow),
            top.lerp(hem_top, 0.7).add(across, -bow * 0.5),
            hem_under.lerp(arm, 0.3).add(across, -0.3),
            hem_under.lerp(arm, 0.7).add(down, -0.5),
            arm.add(Pt(1.0, 0.0), 6.0),
            top.add(Pt(1.0, 0.5), 6.0),
        )
    }
}
