//! A parcel's weight and size from what is in it: each garment type weighs
//! and folds to a configured size (`SHIPPING_GARMENTS`); a parcel stacks its
//! pieces, so its height adds up and its length and breadth are the largest.

use std::fmt;

/// The garment types, told apart by HSN chapter (the engine's default HSN
/// codes: knitted t-shirts 6109, knitted polo shirts 6105, woven shirts 6205).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Garment {
    TShirt,
    Polo,
    Shirt,
}

impl Garment {
    pub const ALL: [Garment; 3] = [Garment::TShirt, Garment::Polo, Garment::Shirt];

    pub fn as_str(self) -> &'static str {
        match self {
            Garment::TShirt => "tshirt",
            Garment::Polo => "polo",
            Garment::Shirt => "shirt",
        }
    }

    pub fn from_hsn(hsn: &str) -> Garment {
        if hsn.starts_with("6109") {
            Garment::TShirt
        } else if hsn.starts_with("6105") {
            Garment::Polo
        } else {
            Garment::Shirt
        }
    }
}

/// One folded piece: grams and centimetres.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Piece {
    pub grams: u32,
    pub length_cm: u32,
    pub breadth_cm: u32,
    pub height_cm: u32,
}

/// What each garment type weighs and folds to.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Pieces {
    pub tshirt: Piece,
    pub polo: Piece,
    pub shirt: Piece,
}

impl Default for Pieces {
    fn default() -> Pieces {
        let piece = |grams, length_cm, breadth_cm, height_cm| Piece {
            grams,
            length_cm,
            breadth_cm,
            height_cm,
        };
        Pieces {
            tshirt: piece(180, 30, 25, 2),
            polo: piece(230, 30, 25, 3),
            shirt: piece(260, 35, 28, 3),
        }
    }
}

impl Pieces {
    pub fn of(&self, g: Garment) -> Piece {
        match g {
            Garment::TShirt => self.tshirt,
            Garment::Polo => self.polo,
            Garment::Shirt => self.shirt,
        }
    }

    /// `tshirt=180g:30x25x2,polo=...,shirt=...`: any of the three, the others
    /// keep their defaults.
    pub fn parse(value: &str) -> Result<Pieces, String> {
        let mut pieces = Pieces::default();
        for entry in value.split(',').map(str::trim).filter(|e| !e.is_empty()) {
            let bad = || {
                format!(
                    "SHIPPING_GARMENTS: {entry:?} is not like tshirt=180g:30x25x2 (grams, then length x breadth x height in cm)"
                )
            };
            let (name, spec) = entry.split_once('=').ok_or_else(bad)?;
            let (grams, size) = spec.split_once(':').ok_or_else(bad)?;
            let grams: u32 = grams
                .trim()
                .trim_end_matches('g')
                .parse()
                .map_err(|_| bad())?;
            let dims: Vec<u32> = size
                .split('x')
                .map(|d| d.trim().parse::<u32>())
                .collect::<Result<_, _>>()
                .map_err(|_| bad())?;
            let [length_cm, breadth_cm, height_cm] = dims[..] else {
                return Err(bad());
            };
            let sane = (1..=5_000).contains(&grams)
                && [length_cm, breadth_cm, height_cm]
                    .iter()
                    .all(|d| (1..=200).contains(d));
            if !sane {
                return Err(format!(
                    "SHIPPING_GARMENTS: {entry:?} must weigh 1 to 5000 g and measure 1 to 200 cm each way"
                ));
            }
            let piece = Piece {
                grams,
                length_cm,
                breadth_cm,
                height_cm,
            };
            match name.trim().to_ascii_lowercase().as_str() {
                "tshirt" | "t-shirt" => pieces.tshirt = piece,
                "polo" => pieces.polo = piece,
                "shirt" => pieces.shirt = piece,
                other => {
                    return Err(format!(
                        "SHIPPING_GARMENTS: unknown garment {other:?}; the garments are tshirt, polo and shirt"
                    ));
                }
            }
        }
        Ok(pieces)
    }
}

/// A parcel for the courier.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Parcel {
    pub grams: u32,
    pub length_cm: u32,
    pub breadth_cm: u32,
    pub height_cm: u32,
}

impl Parcel {
    /// The parcel holding `count` pieces of each garment, with 5% for the packing.
    pub fn of(pieces: &Pieces, contents: &[(Garment, u32)]) -> Parcel {
        let mut p = Parcel {
            grams: 0,
            length_cm: 1,
            breadth_cm: 1,
            height_cm: 0,
        };
        for &(g, count) in contents {
            let piece = pieces.of(g);
            p.grams = p.grams.saturating_add(piece.grams.saturating_mul(count));
            p.length_cm = p.length_cm.max(piece.length_cm);
            p.breadth_cm = p.breadth_cm.max(piece.breadth_cm);
            p.height_cm = p
                .height_cm
                .saturating_add(piece.height_cm.saturating_mul(count));
        }
        p.grams = p.grams.saturating_add(p.grams / 20).max(100);
        p.height_cm = p.height_cm.max(1);
        p
    }

    /// Kilograms, as Shiprocket takes them ("4.725").
    pub fn kilograms(&self) -> String {
        format!("{}.{:03}", self.grams / 1000, self.grams % 1000)
    }
}

impl fmt::Display for Parcel {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "{} kg, {} x {} x {} cm",
            self.kilograms(),
            self.length_cm,
            self.breadth_cm,
            self.height_cm
        )
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn parcels_stack_their_pieces() {
        let pieces = Pieces::default();
        let p = Parcel::of(&pieces, &[(Garment::TShirt, 25), (Garment::Shirt, 2)]);
        // 25 x 180 + 2 x 260 = 5,020 g, plus 5% packing.
        assert_eq!(p.grams, 5_271);
        assert_eq!((p.length_cm, p.breadth_cm, p.height_cm), (35, 28, 56));
        assert_eq!(p.kilograms(), "5.271");
        assert_eq!(Garment::from_hsn("61091000"), Garment::TShirt);
        assert_eq!(Garment::from_hsn("6105"), Garment::Polo);
        assert_eq!(Garment::from_hsn("6205"), Garment::Shirt);
    }

    #[test]
    fn the_setting_is_read_and_checked() {
        let p = Pieces::parse("polo=200g:31x26x4, shirt = 300:40x30x3").unwrap();
        assert_eq!(p.polo.grams, 200);
        assert_eq!(p.shirt.length_cm, 40);
        assert_eq!(p.tshirt, Pieces::default().tshirt);
        assert!(Pieces::parse("hoodie=500g:30x30x5").is_err());
        assert!(Pieces::parse("polo=200g:31x26").is_err());
        assert!(Pieces::parse("polo=0g:31x26x1").is_err());
        assert!(Pieces::parse("polo").is_err());
    }
}
