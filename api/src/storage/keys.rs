//! Buckets and keys. A key is made by the server and is a plain relative
//! name: segments of `[a-z0-9._-]` joined by `/`, none empty, `.` or `..`, at
//! most 200 bytes. So it can be joined to a directory or put in a URL path
//! without escaping, and cannot leave its bucket however it is decoded.

use std::fmt;

use rand::Rng;

use super::StorageError;

const MAX_KEY_BYTES: usize = 200;

/// The three places files go (the specification's models and colour-images
/// buckets, and the shoppers' artwork).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Bucket {
    Models,
    Images,
    Artwork,
}

impl Bucket {
    pub const ALL: [Bucket; 3] = [Bucket::Models, Bucket::Images, Bucket::Artwork];

    /// The bucket's name in URLs and directory names.
    pub fn as_str(self) -> &'static str {
        match self {
            Bucket::Models => "models",
            Bucket::Images => "images",
            Bucket::Artwork => "artwork",
        }
    }

    pub fn parse(s: &str) -> Option<Bucket> {
        Bucket::ALL.into_iter().find(|b| b.as_str() == s)
    }
}

impl fmt::Display for Bucket {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

/// A checked object key (see the module's rules).
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct Key(String);

impl Key {
    /// Accepts only a plain key: no `..`, no absolute path, no `%`, `\` or
    /// other characters that a decoder could turn into a separator.
    pub fn parse(s: &str) -> Result<Key, StorageError> {
        let plain = !s.is_empty()
            && s.len() <= MAX_KEY_BYTES
            && s.split('/').all(|seg| {
                !seg.is_empty()
                    && seg != "."
                    && seg != ".."
                    && seg.bytes().all(|b| {
                        b.is_ascii_lowercase()
                            || b.is_ascii_digit()
                            || matches!(b, b'.' | b'_' | b'-')
                    })
            });
        if plain {
            Ok(Key(s.to_string()))
        } else {
            Err(StorageError::InvalidKey)
        }
    }

    /// A new key for an uploaded file: `{colour}/{unix ms}-{random}.{extension}`,
    /// the specification's colour, timestamp and extension, made unique.
    pub fn generate(colour: &str, extension: &str) -> Key {
        let mut slug: String = colour
            .trim()
            .to_ascii_lowercase()
            .chars()
            .map(|c| if c.is_ascii_alphanumeric() { c } else { '-' })
            .collect::<String>()
            .split('-')
            .filter(|s| !s.is_empty())
            .collect::<Vec<_>>()
            .join("-");
        slug.truncate(40);
        if slug.is_empty() {
            slug.push_str("file");
        }
        let random: u64 = rand::rng().random();
        let ext: String = extension
            .to_ascii_lowercase()
            .chars()
            .filter(char::is_ascii_alphanumeric)
            .take(8)
            .collect();
        let ext = if ext.is_empty() {
            "bin".to_string()
        } else {
            ext
        };
        Key(format!(
            "{slug}/{}-{random:016x}.{ext}",
            crate::db::now_ms()
        ))
    }

    /// An artwork's key: the SHA-256 of its bytes, 64 lowercase hex digits.
    pub fn artwork(sha256: &str) -> Result<Key, StorageError> {
        if sha256.len() == 64
            && sha256
                .bytes()
                .all(|b| matches!(b, b'0'..=b'9' | b'a'..=b'f'))
        {
            Ok(Key(sha256.to_string()))
        } else {
            Err(StorageError::InvalidKey)
        }
    }

    pub fn as_str(&self) -> &str {
        &self.0
    }

    /// The file name extension, lowercase (`glb`, `png`), if any.
    pub fn extension(&self) -> Option<&str> {
        let last = self.0.rsplit('/').next()?;
        last.rsplit_once('.').map(|(_, ext)| ext)
    }
}

impl fmt::Display for Key {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn refuses_keys_that_could_leave_the_bucket() {
        for bad in [
            "",
            "/etc/passwd",
            "../x.glb",
            "a/../../x",
            "a//b",
            "./a",
            "a/.",
            "a%2f..%2fb",
            "a\\b",
            "A.glb",
            "a b",
            "a/\0",
            "é.png",
        ] {
            assert!(Key::parse(bad).is_err(), "{bad:?}");
        }
        assert!(Key::parse(&"a".repeat(201)).is_err());
        assert_eq!(
            Key::parse("red/1-00ff.glb").unwrap().as_str(),
            "red/1-00ff.glb"
        );
    }

    #[test]
    fn generated_keys_parse_and_keep_colour_and_extension() {
        let k = Key::generate(" Navy Blue/../", "GLB");
        assert!(k.as_str().starts_with("navy-blue/"), "{k}");
        assert_eq!(k.extension(), Some("glb"));
        assert_eq!(Key::parse(k.as_str()).unwrap(), k);
        assert_ne!(Key::generate("red", "png"), Key::generate("red", "png"));
        assert!(Key::generate("", "").as_str().starts_with("file/"));
        assert!(Key::artwork(&"ab".repeat(32)).is_ok());
        assert!(Key::artwork(&"AB".repeat(32)).is_err());
        assert!(Key::artwork("../x").is_err());
    }
}
