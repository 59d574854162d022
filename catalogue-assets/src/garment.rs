//! How each built-in garment is cut: what its pictures draw and its model shapes.

/// Sleeve length.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Sleeves {
    /// To the wrist, with a buttoned cuff.
    Long,
    /// To the upper arm.
    Short,
}

/// The neck and front.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Neck {
    /// A shirt: turned-down point collar and a button placket down the front.
    Collar,
    /// A t-shirt: ribbed round neck.
    Crew,
}

/// Contrast details in a second colour.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Trim {
    Plain,
    /// A contrast yoke over the shoulders whose lower edge is a V (front and back).
    Inverted,
    /// Contrast piping from the neck over the shoulders to the underarm, and round the sleeve hems.
    Piping,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Cut {
    pub sleeves: Sleeves,
    pub neck: Neck,
    pub trim: Trim,
}

/// The cut of a built-in product, by slug. A new built-in product needs a line
/// here (the generator refuses to guess).
pub fn cut_of(slug: &str) -> Option<Cut> {
    let (sleeves, neck, trim) = match slug {
        "shirt-full-sleeve" => (Sleeves::Long, Neck::Collar, Trim::Plain),
        "shirt-half-sleeve" => (Sleeves::Short, Neck::Collar, Trim::Plain),
        "tshirt-inverted" => (Sleeves::Short, Neck::Crew, Trim::Inverted),
        "tshirt-piping" => (Sleeves::Short, Neck::Crew, Trim::Piping),
        "tshirt-normal" => (Sleeves::Short, Neck::Crew, Trim::Plain),
        _ => return None,
    };
    Some(Cut {
        sleeves,
        neck,
        trim,
    })
}
