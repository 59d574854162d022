//! A short text kept inline (`Copy`, no allocation), for the labels and keys
//! a product names its sizes and print areas with. At the bottom: it imports
//! nothing of the crate.

/// At most `N` bytes of UTF-8, stored in place.
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub struct ShortLabel<const N: usize> {
    len: u8,
    bytes: [u8; N],
}

impl<const N: usize> ShortLabel<N> {
    /// `text` when it fits in `N` bytes; usable in constants.
    pub const fn new(text: &str) -> Option<Self> {
        let src = text.as_bytes();
        if src.len() > N || src.len() > u8::MAX as usize {
            return None;
        }
        let mut bytes = [0u8; N];
        let mut i = 0;
        while i < src.len() {
            bytes[i] = src[i];
            i += 1;
        }
        Some(ShortLabel {
            len: src.len() as u8,
            bytes,
        })
    }

    /// A constant's text, which must fit (checked when the constant is built).
    pub const fn fixed(text: &'static str) -> Self {
        match ShortLabel::new(text) {
            Some(l) => l,
            None => panic!("a built-in label fits its length"),
        }
    }

    pub fn as_str(&self) -> &str {
        // Only whole `&str`s are ever copied in, so the bytes are UTF-8.
        std::str::from_utf8(&self.bytes[..usize::from(self.len)]).unwrap_or_default()
    }
}

impl<const N: usize> std::ops::Deref for ShortLabel<N> {
    type Target = str;
    fn deref(&self) -> &str {
        self.as_str()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn keeps_what_fits_and_refuses_the_rest() {
        assert_eq!(ShortLabel::<4>::new("3XL").unwrap().as_str(), "3XL");
        assert_eq!(ShortLabel::<4>::new("").unwrap().as_str(), "");
        assert!(ShortLabel::<4>::new("Free5").is_none());
        assert_eq!(ShortLabel::<6>::new("आस").unwrap().as_str(), "आस");
    }
}
