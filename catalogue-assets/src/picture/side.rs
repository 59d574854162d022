//! Which side of the garment a picture shows.

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Side {
    Front,
    Back,
}

impl Side {
    pub const BOTH: [Side; 2] = [Side::Front, Side::Back];

    pub fn name(self) -> &'static str {
        match self {
            Side::Front => "front",
            Side::Back => "back",
        }
    }
}
