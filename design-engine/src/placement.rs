//! Where an element sits: its centre, in percent of the print area, always 0..100.

use serde::{Deserialize, Serialize};

/// The centre of an element in percent of its print area. The fields are
/// private: every way to make one clamps, so an element never leaves its area.
#[cfg_attr(feature = "wasm", derive(tsify::Tsify))]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[derive(Debug, Clone, Copy, PartialEq, Serialize, Deserialize)]
#[serde(from = "RawPosition")]
pub struct Position {
    x: f64,
    y: f64,
}

#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[derive(Deserialize)]
#[cfg_attr(feature = "schema", schemars(rename = "Position"))]
struct RawPosition {
    x: f64,
    y: f64,
}

impl From<RawPosition> for Position {
    fn from(raw: RawPosition) -> Self {
        Position::clamped(raw.x, raw.y)
    }
}

impl Default for Position {
    fn default() -> Self {
        Position::CENTRE
    }
}

impl Position {
    pub const CENTRE: Position = Position { x: 50.0, y: 50.0 };

    /// Clamps each coordinate to 0..100. A coordinate that is not a number
    /// (a broken pointer event) becomes the centre rather than poisoning the design.
    pub fn clamped(x: f64, y: f64) -> Position {
        Position {
            x: clamp_percent(x),
            y: clamp_percent(y),
        }
    }

    pub fn x(self) -> f64 {
        self.x
    }

    pub fn y(self) -> f64 {
        self.y
    }

    /// The position moved by a delta (percent), clamped.
    pub fn moved_by(self, dx: f64, dy: f64) -> Position {
        Position::clamped(self.x + dx, self.y + dy)
    }
}

fn clamp_percent(v: f64) -> f64 {
    if v.is_nan() {
        50.0
    } else {
        v.clamp(0.0, 100.0)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    #[test]
    fn clamps_each_axis() {
        let p = Position::clamped(-20.0, 140.0);
        assert_eq!((p.x(), p.y()), (0.0, 100.0));
        let p = Position::clamped(f64::NAN, f64::INFINITY);
        assert_eq!((p.x(), p.y()), (50.0, 100.0));
    }

    #[test]
    fn deserialising_clamps_too() {
        let p: Position = serde_json::from_str(r#"{"x": 250, "y": -3.5}"#).unwrap();
        assert_eq!((p.x(), p.y()), (100.0, 0.0));
    }

    proptest! {
        #[test]
        fn every_move_stays_inside(x in any::<f64>(), y in any::<f64>(), moves in prop::collection::vec((any::<f64>(), any::<f64>()), 0..20)) {
            let mut p = Position::clamped(x, y);
            for (dx, dy) in moves {
                p = p.moved_by(dx, dy);
                prop_assert!((0.0..=100.0).contains(&p.x()) && (0.0..=100.0).contains(&p.y()));
            }
        }

        #[test]
        fn values_inside_are_kept(x in 0.0f64..=100.0, y in 0.0f64..=100.0) {
            let p = Position::clamped(x, y);
            prop_assert_eq!((p.x(), p.y()), (x, y));
        }
    }
}
