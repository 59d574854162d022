//! HSN codes: the one a product carries by its category, and the forms an
//! invoice accepts.

use super::states::normalise;

/// The HSN code a product of `category` carries unless the admin sets one:
/// knitted t-shirts 6109, knitted polo shirts 6105, woven shirts 6205.
pub fn default_hsn(category: &str) -> &'static str {
    let c = normalise(category);
    let words: Vec<&str> = c.split(' ').collect();
    let is = |w: &[&str]| w.iter().any(|x| words.contains(x));
    let t_shirt = words
        .windows(2)
        .any(|p| p[0] == "t" && p[1].starts_with("shirt"));
    if is(&["polo", "polos"]) {
        "6105"
    } else if t_shirt || is(&["tshirt", "tshirts", "tee", "tees"]) {
        "6109"
    } else {
        "6205"
    }
}

/// Why an HSN code was refused.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("An HSN code has 4, 6 or 8 digits")]
pub struct HsnError;

/// An HSN code as written on invoices: 4, 6 or 8 digits (4 for sellers up to
/// ₹5 crore turnover, 6 above; 8 is the full tariff line).
pub fn check_hsn(raw: &str) -> Result<String, HsnError> {
    let s = raw.trim();
    if matches!(s.len(), 4 | 6 | 8) && s.bytes().all(|b| b.is_ascii_digit()) {
        Ok(s.to_string())
    } else {
        Err(HsnError)
    }
}
