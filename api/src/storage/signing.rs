//! Upload URLs the API signs itself (the local backend's answer to S3's
//! presigned URLs): HMAC-SHA256 over the method, bucket, key, upload id, part
//! number and expiry, so a URL works for exactly one file (or part) until it
//! expires, and any change to it is refused.

use hmac::{Hmac, Mac};
use sha2::Sha256;

use super::{Bucket, Key};

type HmacSha256 = Hmac<Sha256>;

/// Where the local backend's upload URLs point (served by routes::storage).
pub const UPLOAD_PATH: &str = "/api/storage";

/// Which upload a URL is for: a whole file, or one part of a multipart upload.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Target<'a> {
    Whole,
    Part { upload_id: &'a str, number: u32 },
}

#[derive(Debug, PartialEq, Eq)]
pub enum Refusal {
    Expired,
    BadSignature,
}

pub struct UrlSigner {
    key: Vec<u8>,
}

impl UrlSigner {
    /// A signer keyed from the server's secret, separated from its other uses by a label.
    pub fn new(secret: &[u8]) -> UrlSigner {
        let mut mac = HmacSha256::new_from_slice(secret).expect("HMAC takes any key length");
        mac.update(b"store upload URLs v1");
        UrlSigner {
            key: mac.finalize().into_bytes().to_vec(),
        }
    }

    fn mac(&self, bucket: Bucket, key: &Key, target: Target<'_>, expires: i64) -> HmacSha256 {
        let (upload_id, number) = match target {
            Target::Whole => ("", 0),
            Target::Part { upload_id, number } => (upload_id, number),
        };
        let mut mac = HmacSha256::new_from_slice(&self.key).expect("HMAC takes any key length");
        mac.update(format!("PUT\n{bucket}\n{key}\n{upload_id}\n{number}\n{expires}").as_bytes());
        mac
    }

    /// A relative URL that accepts one PUT until `expires` (Unix seconds).
    pub fn url(&self, bucket: Bucket, key: &Key, target: Target<'_>, expires: i64) -> String {
        let signature = hex::encode(
            self.mac(bucket, key, target, expires)
                .finalize()
                .into_bytes(),
        );
        let upload = match target {
            Target::Whole => String::new(),
            Target::Part { upload_id, number } => {
                format!("&uploadId={upload_id}&partNumber={number}")
            }
        };
        format!("{UPLOAD_PATH}/{bucket}/{key}?expires={expires}{upload}&signature={signature}")
    }

    /// Checks a URL's signature (in constant time) and its expiry against `now` (Unix seconds).
    pub fn verify(
        &self,
        bucket: Bucket,
        key: &Key,
        target: Target<'_>,
        expires: i64,
        signature: &str,
        now: i64,
    ) -> Result<(), Refusal> {
        let given = hex::decode(signature).map_err(|_| Refusal::BadSignature)?;
        self.mac(bucket, key, target, expires)
            .verify_slice(&given)
            .map_err(|_| Refusal::BadSignature)?;
        if now > expires {
            return Err(Refusal::Expired);
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn parts(url: &str) -> (i64, String) {
        let q = url.split_once('?').unwrap().1;
        let get = |name: &str| {
            q.split('&')
                .find_map(|kv| kv.strip_prefix(&format!("{name}=")))
                .unwrap()
                .to_string()
        };
        (get("expires").parse().unwrap(), get("signature"))
    }

    #[test]
    fn a_url_works_for_its_own_file_and_part_until_it_expires() {
        let signer = UrlSigner::new(b"0123456789abcdef0123456789abcdef");
        let key = Key::parse("red/1-ab.glb").unwrap();
        let other = Key::parse("red/2-ab.glb").unwrap();
        let part = Target::Part {
            upload_id: "u1",
            number: 2,
        };
        let url = signer.url(Bucket::Models, &key, part, 1000);
        assert!(url.starts_with(
            "/api/storage/models/red/1-ab.glb?expires=1000&uploadId=u1&partNumber=2&signature="
        ));
        let (expires, sig) = parts(&url);
        assert_eq!(
            signer.verify(Bucket::Models, &key, part, expires, &sig, 999),
            Ok(())
        );
        assert_eq!(
            signer.verify(Bucket::Models, &key, part, expires, &sig, 1001),
            Err(Refusal::Expired)
        );
        for (b, k, t, e) in [
            (Bucket::Images, &key, part, expires),
            (Bucket::Models, &other, part, expires),
            (
                Bucket::Models,
                &key,
                Target::Part {
                    upload_id: "u1",
                    number: 3,
                },
                expires,
            ),
            (
                Bucket::Models,
                &key,
                Target::Part {
                    upload_id: "u2",
                    number: 2,
                },
                expires,
            ),
            (Bucket::Models, &key, Target::Whole, expires),
            (Bucket::Models, &key, part, expires + 3600),
        ] {
            assert_eq!(
                signer.verify(b, k, t, e, &sig, 0),
                Err(Refusal::BadSignature)
            );
        }
        assert_eq!(
            signer.verify(Bucket::Models, &key, part, expires, "zz", 0),
            Err(Refusal::BadSignature)
        );
        let another = UrlSigner::new(b"another secret, also 32 bytes long");
        assert_eq!(
            another.verify(Bucket::Models, &key, part, expires, &sig, 0),
            Err(Refusal::BadSignature)
        );
    }
}
