//! The states and union territories of India by their GST state codes, and
//! finding one by the name an address gives.

use serde::{Deserialize, Serialize};

/// A state or union territory by its GST state code (the first two digits of a GSTIN).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct GstState {
    pub code: u8,
    pub name: &'static str,
}

/// Every state and union territory with its GST code, as India Post names
/// them (so a pincode's state is found), plus 97 Other Territory.
pub const STATES: [GstState; 38] = [
    GstState {
        code: 1,
        name: "Jammu and Kashmir",
    },
    GstState {
        code: 2,
        name: "Himachal Pradesh",
    },
    GstState {
        code: 3,
        name: "Punjab",
    },
    GstState {
        code: 4,
        name: "Chandigarh",
    },
    GstState {
        code: 5,
        name: "Uttarakhand",
    },
    GstState {
        code: 6,
        name: "Haryana",
    },
    GstState {
        code: 7,
        name: "Delhi",
    },
    GstState {
        code: 8,
        name: "Rajasthan",
    },
    GstState {
        code: 9,
        name: "Uttar Pradesh",
    },
    GstState {
        code: 10,
        name: "Bihar",
    },
    GstState {
        code: 11,
        name: "Sikkim",
    },
    GstState {
        code: 12,
        name: "Arunachal Pradesh",
    },
    GstState {
        code: 13,
        name: "Nagaland",
    },
    GstState {
        code: 14,
        name: "Manipur",
    },
    GstState {
        code: 15,
        name: "Mizoram",
    },
    GstState {
        code: 16,
        name: "Tripura",
    },
    GstState {
        code: 17,
        name: "Meghalaya",
    },
    GstState {
        code: 18,
        name: "Assam",
    },
    GstState {
        code: 19,
        name: "West Bengal",
    },
    GstState {
        code: 20,
        name: "Jharkhand",
    },
    GstState {
        code: 21,
        name: "Odisha",
    },
    GstState {
        code: 22,
        name: "Chhattisgarh",
    },
    GstState {
        code: 23,
        name: "Madhya Pradesh",
    },
    GstState {
        code: 24,
        name: "Gujarat",
    },
    GstState {
        code: 26,
        name: "The Dadra and Nagar Haveli and Daman and Diu",
    },
    GstState {
        code: 27,
        name: "Maharashtra",
    },
    GstState {
        code: 29,
        name: "Karnataka",
    },
    GstState {
        code: 30,
        name: "Goa",
    },
    GstState {
        code: 31,
        name: "Lakshadweep",
    },
    GstState {
        code: 32,
        name: "Kerala",
    },
    GstState {
        code: 33,
        name: "Tamil Nadu",
    },
    GstState {
        code: 34,
        name: "Puducherry",
    },
    GstState {
        code: 35,
        name: "Andaman and Nicobar Islands",
    },
    GstState {
        code: 36,
        name: "Telangana",
    },
    GstState {
        code: 37,
        name: "Andhra Pradesh",
    },
    GstState {
        code: 38,
        name: "Ladakh",
    },
    GstState {
        code: 97,
        name: "Other Territory",
    },
    // Old names still typed in addresses.
    GstState {
        code: 21,
        name: "Orissa",
    },
];

/// Lower case, letters and digits only, "&" as "and", without a leading "the".
pub(super) fn normalise(name: &str) -> String {
    let words: Vec<String> = name
        .replace('&', " and ")
        .split(|c: char| !c.is_alphanumeric())
        .filter(|w| !w.is_empty())
        .map(str::to_lowercase)
        .collect();
    let words = match words.first().map(String::as_str) {
        Some("the") => &words[1..],
        _ => &words[..],
    };
    words.join(" ")
}

impl GstState {
    pub fn by_code(code: u8) -> Option<GstState> {
        STATES.iter().copied().find(|s| s.code == code)
    }

    /// The state an address names (any case, "&" for "and", with or without
    /// "The"; "Pondicherry", "Orissa" and the former Daman and Diu or Dadra
    /// and Nagar Haveli are known too).
    pub fn by_name(name: &str) -> Option<GstState> {
        let wanted = normalise(name);
        let alias = match wanted.as_str() {
            "pondicherry" => Some(34),
            "daman and diu" | "dadra and nagar haveli" | "dnh and dd" => Some(26),
            "new delhi" | "nct of delhi" => Some(7),
            _ => None,
        };
        alias
            .and_then(GstState::by_code)
            .or_else(|| STATES.iter().copied().find(|s| normalise(s.name) == wanted))
    }

    /// The code as written on documents: two digits.
    pub fn code_str(self) -> String {
        format!("{:02}", self.code)
    }
}
