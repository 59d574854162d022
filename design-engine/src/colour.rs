//! Garment colours: the names the store knows with their swatches, and how a
//! colour's name is kept. At the bottom: it imports nothing of the crate.

/// Colour names the store knows, with their hex values (no '#').
pub const COLOUR_HEX: [(&str, &str); 7] = [
    ("white", "FFFFFF"),
    ("black", "000000"),
    ("blue", "3B82F6"),
    ("red", "EF4444"),
    ("grey", "6B7280"),
    ("skyblue", "87CEEB"),
    ("navyblue", "000080"),
];

/// A garment colour's name as the store keeps it: trimmed, lower case.
pub fn colour_name(name: &str) -> String {
    name.trim().to_lowercase()
}

/// `#RRGGBB` for a colour name (any case), or `None` for a name the store does not know.
pub fn colour_hex(name: &str) -> Option<String> {
    COLOUR_HEX
        .iter()
        .find(|(n, _)| n.eq_ignore_ascii_case(name.trim()))
        .map(|(_, hex)| format!("#{hex}"))
}
