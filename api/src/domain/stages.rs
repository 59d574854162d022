//! Production stages: a finer layer inside the 'processing' status (the
//! specification's seven statuses stay as they are). The merchant names them
//! with `PRODUCTION_STAGES`; an order moves forward through them (skipping is
//! allowed, e.g. a bulk move of orders at different stages to 'Packed'), or
//! back exactly one stage to undo a mistaken move.

/// The stages when `PRODUCTION_STAGES` is not set.
pub const DEFAULT: [&str; 3] = ["Printing", "Quality check", "Packed"];
pub const MAX_STAGES: usize = 10;
pub const MAX_NAME_CHARS: usize = 40;

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Stages(Vec<String>);

impl Default for Stages {
    fn default() -> Stages {
        Stages(DEFAULT.iter().map(|s| s.to_string()).collect())
    }
}

/// Why a move is refused (409).
#[derive(Debug, PartialEq, Eq)]
pub enum Refusal {
    AlreadyThere,
    TooFarBack { current: String },
}

impl Stages {
    /// A comma-separated list: 1 to 10 names of 1 to 40 characters, unique
    /// regardless of case.
    pub fn parse(value: &str) -> Result<Stages, String> {
        let names: Vec<String> = value.split(',').map(|s| s.trim().to_string()).collect();
        if names.len() > MAX_STAGES {
            return Err(format!(
                "PRODUCTION_STAGES lists {} stages; at most {MAX_STAGES} are allowed",
                names.len()
            ));
        }
        for (i, name) in names.iter().enumerate() {
            let chars = name.chars().count();
            if chars == 0 || chars > MAX_NAME_CHARS {
                return Err(format!(
                    "PRODUCTION_STAGES: stage {} must be 1 to {MAX_NAME_CHARS} characters, not {name:?}",
                    i + 1
                ));
            }
            if names[..i].iter().any(|n| n.eq_ignore_ascii_case(name)) {
                return Err(format!("PRODUCTION_STAGES lists {name:?} twice"));
            }
        }
        Ok(Stages(names))
    }

    pub fn names(&self) -> &[String] {
        &self.0
    }

    /// The configured name matching `name` regardless of case.
    pub fn find(&self, name: &str) -> Option<&str> {
        let name = name.trim();
        self.0
            .iter()
            .find(|s| s.eq_ignore_ascii_case(name))
            .map(String::as_str)
    }

    fn position(&self, name: &str) -> Option<usize> {
        self.0.iter().position(|s| s == name)
    }

    /// Whether an order at `current` (none yet, or a stage since removed
    /// from the list: both count as before the first) may move to `to`.
    pub fn check_move(&self, current: Option<&str>, to: &str) -> Result<(), Refusal> {
        let to = self.position(to).expect("a configured stage");
        let Some((at, name)) = current.and_then(|c| self.position(c).map(|p| (p, c))) else {
            return Ok(());
        };
        if to == at {
            Err(Refusal::AlreadyThere)
        } else if to > at || to + 1 == at {
            Ok(())
        } else {
            Err(Refusal::TooFarBack {
                current: name.to_string(),
            })
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn forward_any_distance_back_only_one() {
        let s = Stages::default();
        assert_eq!(s.check_move(None, "Packed"), Ok(()));
        assert_eq!(s.check_move(Some("Printing"), "Packed"), Ok(()));
        assert_eq!(s.check_move(Some("Packed"), "Quality check"), Ok(()));
        assert_eq!(
            s.check_move(Some("Packed"), "Packed"),
            Err(Refusal::AlreadyThere)
        );
        assert_eq!(
            s.check_move(Some("Packed"), "Printing"),
            Err(Refusal::TooFarBack {
                current: "Packed".into()
            })
        );
        assert_eq!(s.check_move(Some("Dyeing"), "Printing"), Ok(()));
        assert_eq!(s.find(" quality CHECK "), Some("Quality check"));
    }

    #[test]
    fn bad_lists_are_refused() {
        assert!(Stages::parse("Cut, Sew ,Press").is_ok());
        assert!(Stages::parse("").is_err());
        assert!(Stages::parse("Cut,,Press").is_err());
        assert!(Stages::parse("Cut,cut").is_err());
        assert!(Stages::parse(&"x".repeat(41)).is_err());
        let eleven: Vec<String> = (1..=11).map(|i| i.to_string()).collect();
        assert!(Stages::parse(&eleven.join(",")).is_err());
        assert!(Stages::parse(&eleven[..10].join(",")).is_ok());
    }
}
