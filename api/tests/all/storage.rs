//! The storage layer on both backends, driven directly (no routes): local
//! files, and S3 against a real S3-compatible server (moto, started by
//! helpers::s3 when `S3_TEST_SERVER` is set; required in CI). Every test runs
//! the same steps on each backend and must see the same answers.
//!
//! Upload URLs are used as a browser would use them. S3's are absolute
//! presigned URLs, PUT with reqwest. The local backend's are relative
//! (`/api/storage/...`) and served by the API: here they are checked exactly as
//! that route must check them (`signer().verify` on the URL's own path and
//! query) and the body stored with `LocalStorage::write_upload`.

use crate::helpers;
use std::path::PathBuf;
use std::time::Duration;

use crate::helpers::{Backend, backends};
use api::storage::signing::{Refusal, Target, UPLOAD_PATH};
use api::storage::{Bucket, Key, Part, STALE_UPLOAD_AGE, Source, Storage, StorageError};
use bytes::Bytes;
use futures_util::StreamExt;

const MIB: usize = 1024 * 1024;
/// The most a local upload URL accepts in these tests.
const MAX_UPLOAD: u64 = 16 * MIB as u64;

/// One backend, opened for one test: a new data directory (removed at the
/// end) and, for S3, three new buckets.
struct Fixture {
    backend: Backend,
    storage: Storage,
    dir: PathBuf,
    /// S3 only: a client of the test server and the bucket names (models, images, artwork).
    s3: Option<(aws_sdk_s3::Client, [String; 3])>,
}

impl Drop for Fixture {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.dir);
    }
}

impl Fixture {
    async fn open(backend: Backend) -> Fixture {
        let storage = backend.storage_config().await;
        let dir =
            std::env::temp_dir().join(format!("store-storage-test-{}", api::ids::random_hex(6)));
        std::fs::create_dir_all(&dir).unwrap();
        let mut config = helpers::test_config(&dir, String::new());
        config.storage = storage;
        let s3 = match &config.storage {
            api::storage::config::StorageConfig::S3(s3) => {
                Some((helpers::s3::client().unwrap(), s3.buckets.clone()))
            }
            api::storage::config::StorageConfig::Local => None,
        };
        let storage = Storage::open(&config.storage, &config.data_dir, &config.jwt_secret)
            .await
            .expect("storage opens");
        let kind = match backend {
            Backend::Local => "local",
            Backend::S3 => "s3",
        };
        assert_eq!(storage.kind(), kind);
        Fixture {
            backend,
            storage,
            dir,
            s3,
        }
    }

    fn bucket_name(&self, bucket: Bucket) -> &str {
        let (_, names) = self.s3.as_ref().expect("an S3 fixture");
        &names[Bucket::ALL.iter().position(|b| *b == bucket).unwrap()]
    }

    /// The file's size and all its bytes, read back through the stream.
    async fn read(&self, bucket: Bucket, key: &Key) -> Result<(u64, Vec<u8>), StorageError> {
        let (size, mut stream) = self.storage.get(bucket, key).await?;
        let mut out = Vec::new();
        while let Some(chunk) = stream.next().await {
            out.extend_from_slice(&chunk.expect("the stream reads"));
        }
        Ok((size, out))
    }

    /// PUTs `body` to an upload URL as a browser would; the answer's ETag, or why it was refused.
    async fn put_url(
        &self,
        url: &str,
        content_type: Option<&str>,
        body: Vec<u8>,
    ) -> Result<String, String> {
        match &self.storage {
            Storage::Local(local) => {
                let (bucket, key, target, expires, signature) = parse_local_url(url)?;
                let target = target.as_target();
                local
                    .signer()
                    .verify(bucket, &key, target, expires, &signature, now_secs())
                    .map_err(|r| format!("{r:?}"))?;
                let body = futures_util::stream::once(async move {
                    Ok::<_, std::io::Error>(Bytes::from(body))
                });
                local
                    .write_upload(bucket, &key, target, body, MAX_UPLOAD)
                    .await
                    .map_err(|e| format!("{e:?}"))
            }
            Storage::S3(_) => {
                assert!(
                    url.starts_with("http://127.0.0.1:"),
                    "an absolute URL to the test server: {url}"
                );
                let mut req = reqwest::Client::new().put(url).body(body);
                if let Some(ct) = content_type {
                    req = req.header(reqwest::header::CONTENT_TYPE, ct);
                }
                let res = req.send().await.expect("the S3 server answers");
                let status = res.status();
                let etag = res
                    .headers()
                    .get(reqwest::header::ETAG)
                    .map(|v| v.to_str().unwrap().to_string());
                let text = res.text().await.unwrap_or_default();
                match etag {
                    Some(etag) if status.is_success() => Ok(etag),
                    _ => Err(format!("HTTP {status}: {text}")),
                }
            }
        }
    }

    /// Starts a multipart upload and sends `parts` (numbered from 1) through presigned
    /// part URLs, last part first; returns the upload id and the parts as completed in order.
    async fn upload_parts(
        &self,
        bucket: Bucket,
        key: &Key,
        parts: &[&[u8]],
    ) -> (String, Vec<Part>) {
        let id = self
            .storage
            .create_multipart(bucket, key, "model/gltf-binary")
            .await
            .unwrap();
        let mut done = Vec::new();
        for (i, bytes) in parts.iter().enumerate().rev() {
            let number = i as u32 + 1;
            let url = self
                .storage
                .presign_part(bucket, key, &id, number)
                .await
                .unwrap();
            assert!(!url.to_ascii_lowercase().contains("checksum"), "{url}");
            let etag = self
                .put_url(&url, None, bytes.to_vec())
                .await
                .unwrap_or_else(|e| panic!("{:?}: part {number} refused: {e}", self.backend));
            done.push(Part { number, etag });
        }
        done.reverse();
        (id, done)
    }

    /// Whether the upload is still open, with its parts (S3: listed by the
    /// server; moto 5.2.5's ListParts answer does not parse, so ListMultipartUploads).
    async fn upload_exists(&self, bucket: Bucket, key: &Key, upload_id: &str) -> bool {
        match &self.s3 {
            None => self.dir.join("files/.uploads").join(upload_id).exists(),
            Some((client, _)) => {
                let listed = client
                    .list_multipart_uploads()
                    .bucket(self.bucket_name(bucket))
                    .send()
                    .await
                    .unwrap();
                listed
                    .uploads()
                    .iter()
                    .any(|u| u.upload_id() == Some(upload_id) && u.key() == Some(key.as_str()))
            }
        }
    }

    /// S3 only: the stored object's content type.
    async fn content_type(&self, bucket: Bucket, key: &Key) -> Option<String> {
        let (client, _) = self.s3.as_ref()?;
        let head = client
            .head_object()
            .bucket(self.bucket_name(bucket))
            .key(key.as_str())
            .send()
            .await
            .unwrap();
        head.content_type().map(str::to_string)
    }
}

/// What a local upload URL names, parsed from its path and query as the route must.
#[derive(Debug)]
enum UrlTarget {
    Whole,
    Part(String, u32),
}

impl UrlTarget {
    fn as_target(&self) -> Target<'_> {
        match self {
            UrlTarget::Whole => Target::Whole,
            UrlTarget::Part(upload_id, number) => Target::Part {
                upload_id,
                number: *number,
            },
        }
    }
}

fn parse_local_url(url: &str) -> Result<(Bucket, Key, UrlTarget, i64, String), String> {
    let (path, query) = url.split_once('?').ok_or("no query")?;
    let rest = path
        .strip_prefix(UPLOAD_PATH)
        .and_then(|p| p.strip_prefix('/'))
        .ok_or_else(|| format!("not an upload URL: {url}"))?;
    let (bucket, key) = rest.split_once('/').ok_or("no key")?;
    let bucket = Bucket::parse(bucket).ok_or("no such bucket")?;
    let key = Key::parse(key).map_err(|e| e.to_string())?;
    let param = |name: &str| {
        query
            .split('&')
            .find_map(|kv| kv.strip_prefix(&format!("{name}=")[..]))
    };
    let expires = param("expires")
        .and_then(|e| e.parse().ok())
        .ok_or("no expires")?;
    let signature = param("signature").ok_or("no signature")?.to_string();
    let target = match (param("uploadId"), param("partNumber")) {
        (None, None) => UrlTarget::Whole,
        (Some(id), Some(n)) => {
            UrlTarget::Part(id.to_string(), n.parse().map_err(|_| "bad partNumber")?)
        }
        _ => return Err("half a part".into()),
    };
    Ok((bucket, key, target, expires, signature))
}

/// moto 5.2.5 answers a CompleteMultipartUpload or UploadPart for an upload
/// it does not know with a 500 (a KeyError), where S3 answers 404 NoSuchUpload.
/// Abort and ListMultipartUploads are right; so is the storage layer's mapping
/// of NoSuchUpload, which the local backend and abort check.
fn moto_no_such_upload(error: &str) -> bool {
    error.contains("500 Internal Server Error") || error.contains("StatusCode(500)")
}

fn now_secs() -> i64 {
    api::db::now_ms() / 1000
}

/// `len` bytes that differ with `seed` (so that swapped parts show).
fn pattern(len: usize, seed: u32) -> Vec<u8> {
    let mut x = seed.wrapping_mul(2_654_435_761).wrapping_add(1);
    (0..len)
        .map(|_| {
            x ^= x << 13;
            x ^= x >> 17;
            x ^= x << 5;
            x as u8
        })
        .collect()
}

#[tokio::test]
async fn put_get_size_and_delete() {
    for backend in backends() {
        let f = Fixture::open(backend).await;
        let key = Key::generate("Navy Blue", "glb");
        let b = Bucket::Models;
        assert!(
            matches!(f.storage.size(b, &key).await, Ok(None)),
            "{backend:?}"
        );
        assert!(
            matches!(f.read(b, &key).await, Err(StorageError::NotFound)),
            "{backend:?}"
        );
        assert!(
            matches!(
                f.storage.read_prefix(b, &key, 4).await,
                Err(StorageError::NotFound)
            ),
            "{backend:?}"
        );

        // From memory.
        let small = pattern(1000, 1);
        f.storage
            .put(
                b,
                &key,
                "model/gltf-binary",
                Source::Bytes(Bytes::from(small.clone())),
            )
            .await
            .unwrap();
        assert_eq!(
            f.storage.size(b, &key).await.unwrap(),
            Some(1000),
            "{backend:?}"
        );
        assert_eq!(
            f.read(b, &key).await.unwrap(),
            (1000, small.clone()),
            "{backend:?}"
        );
        assert_eq!(
            f.storage.read_prefix(b, &key, 4).await.unwrap(),
            (1000, small[..4].to_vec()),
            "{backend:?}"
        );
        assert_eq!(
            f.content_type(b, &key)
                .await
                .as_deref()
                .unwrap_or("model/gltf-binary"),
            "model/gltf-binary"
        );
        // The same key in another bucket is another file.
        assert!(
            matches!(
                f.read(Bucket::Images, &key).await,
                Err(StorageError::NotFound)
            ),
            "{backend:?}"
        );

        // From a spooled file, replacing the first (large enough to arrive in several chunks).
        let big = pattern(3 * MIB + 17, 2);
        let spooled = f.dir.join("spooled.bin");
        std::fs::write(&spooled, &big).unwrap();
        f.storage
            .put(b, &key, "model/gltf-binary", Source::File(spooled.clone()))
            .await
            .unwrap();
        assert_eq!(
            f.storage.size(b, &key).await.unwrap(),
            Some(big.len() as u64),
            "{backend:?}"
        );
        let (size, back) = f.read(b, &key).await.unwrap();
        assert_eq!(size, big.len() as u64, "{backend:?}");
        assert!(back == big, "{backend:?}: the file read back differs");
        assert!(
            spooled.exists(),
            "{backend:?}: the source file is the caller's to remove"
        );

        // A missing source file is a failure of the backend, not a missing stored file.
        let other = Key::generate("red", "png");
        let missing = Source::File(f.dir.join("no-such-file"));
        assert!(
            matches!(
                f.storage.put(b, &other, "image/png", missing).await,
                Err(StorageError::Backend(_))
            ),
            "{backend:?}"
        );
        assert!(
            matches!(f.storage.size(b, &other).await, Ok(None)),
            "{backend:?}"
        );

        // Delete, and delete again: both fine.
        f.storage.delete(b, &key).await.unwrap();
        assert!(
            matches!(f.storage.size(b, &key).await, Ok(None)),
            "{backend:?}"
        );
        assert!(
            matches!(f.read(b, &key).await, Err(StorageError::NotFound)),
            "{backend:?}"
        );
        f.storage.delete(b, &key).await.unwrap();
        f.storage
            .delete(b, &Key::generate("never", "glb"))
            .await
            .unwrap();

        // An artwork key (a SHA-256) in the artwork bucket.
        let art = Key::artwork(&"ab".repeat(32)).unwrap();
        f.storage
            .put(
                Bucket::Artwork,
                &art,
                "image/png",
                Source::Bytes(Bytes::from_static(b"\x89PNG")),
            )
            .await
            .unwrap();
        assert_eq!(
            f.read(Bucket::Artwork, &art).await.unwrap(),
            (4, b"\x89PNG".to_vec()),
            "{backend:?}"
        );
    }
}

#[tokio::test]
async fn a_presigned_put_stores_the_file() {
    for backend in backends() {
        let f = Fixture::open(backend).await;
        let key = Key::generate("White", "png");
        let url = f
            .storage
            .presign_put(Bucket::Images, &key, "image/png")
            .await
            .unwrap();
        match backend {
            Backend::Local => assert!(
                url.starts_with(&format!("{UPLOAD_PATH}/images/{key}?")),
                "{url}"
            ),
            Backend::S3 => {
                assert!(
                    url.contains(&format!("/{}/{key}?", f.bucket_name(Bucket::Images))),
                    "{url}"
                );
                // moto does not check signatures, so check what S3 would: the content type
                // is signed, and no checksum (of an empty body) is baked into the URL.
                assert!(
                    url.contains("X-Amz-SignedHeaders=content-type%3Bhost"),
                    "{url}"
                );
                assert!(!url.to_ascii_lowercase().contains("checksum"), "{url}");
            }
        }
        let bytes = pattern(200_000, 3);
        let etag = f
            .put_url(&url, Some("image/png"), bytes.clone())
            .await
            .unwrap();
        assert!(!etag.is_empty());
        assert_eq!(
            f.read(Bucket::Images, &key).await.unwrap(),
            (200_000, bytes),
            "{backend:?}"
        );
        if backend == Backend::S3 {
            assert_eq!(
                f.content_type(Bucket::Images, &key).await.as_deref(),
                Some("image/png")
            );
        }
    }
}

#[tokio::test]
async fn multipart_uploads_join_their_parts_and_refuse_wrong_lists() {
    for backend in backends() {
        let f = Fixture::open(backend).await;
        let key = Key::generate("Black", "glb");
        let b = Bucket::Models;
        // S3's minimum: every part but the last at least 5 MiB.
        let data = [
            pattern(5 * MIB, 11),
            pattern(5 * MIB, 12),
            pattern(1024, 13),
        ];
        let (id, parts) = f
            .upload_parts(b, &key, &[&data[0], &data[1], &data[2]])
            .await;
        assert!(
            matches!(f.storage.size(b, &key).await, Ok(None)),
            "{backend:?}: nothing before complete"
        );

        let with = |i: usize, p: Part| {
            let mut v = parts.clone();
            v[i] = p;
            v
        };
        let bad_lists = [
            (
                "a wrong ETag",
                with(
                    1,
                    Part {
                        number: 2,
                        etag: format!("\"{}\"", "0".repeat(32)),
                    },
                ),
            ),
            (
                "another part's ETag",
                with(
                    1,
                    Part {
                        number: 2,
                        etag: parts[0].etag.clone(),
                    },
                ),
            ),
            (
                "a part never sent",
                with(
                    2,
                    Part {
                        number: 4,
                        etag: parts[2].etag.clone(),
                    },
                ),
            ),
            // 1, 3, 2: refused by every S3 (moto 5.2.5 does not check the order, but
            // refuses the 1 KiB part 3 when it is not last).
            (
                "the wrong order",
                vec![parts[0].clone(), parts[2].clone(), parts[1].clone()],
            ),
        ];
        for (what, list) in bad_lists {
            let got = f.storage.complete_multipart(b, &key, &id, &list).await;
            assert!(
                matches!(got, Err(StorageError::BadParts)),
                "{backend:?}: {what}: {got:?}"
            );
        }
        assert!(
            f.upload_exists(b, &key, &id).await,
            "{backend:?}: a refused list leaves the upload open"
        );
        assert!(
            matches!(f.storage.size(b, &key).await, Ok(None)),
            "{backend:?}"
        );

        // ETags with or without their quotes.
        let mut listed = parts.clone();
        listed[0].etag = listed[0].etag.trim_matches('"').to_string();
        f.storage
            .complete_multipart(b, &key, &id, &listed)
            .await
            .unwrap();
        let (size, back) = f.read(b, &key).await.unwrap();
        assert_eq!(size, (10 * MIB + 1024) as u64, "{backend:?}");
        assert!(
            back == data.concat(),
            "{backend:?}: the joined file differs"
        );
        assert!(
            !f.upload_exists(b, &key, &id).await,
            "{backend:?}: a completed upload is closed"
        );
        if backend == Backend::S3 {
            assert_eq!(
                f.content_type(b, &key).await.as_deref(),
                Some("model/gltf-binary")
            );
        }
    }
}

#[tokio::test]
async fn a_part_sent_again_replaces_the_earlier_one() {
    for backend in backends() {
        let f = Fixture::open(backend).await;
        let key = Key::generate("Red", "glb");
        let b = Bucket::Models;
        let (id, first) = f.upload_parts(b, &key, &[b"first version"]).await;
        let url = f.storage.presign_part(b, &key, &id, 1).await.unwrap();
        let etag = f.put_url(&url, None, b"second".to_vec()).await.unwrap();
        assert_ne!(etag, first[0].etag);
        let stale = f.storage.complete_multipart(b, &key, &id, &first).await;
        assert!(
            matches!(stale, Err(StorageError::BadParts)),
            "{backend:?}: {stale:?}"
        );
        f.storage
            .complete_multipart(b, &key, &id, &[Part { number: 1, etag }])
            .await
            .unwrap();
        assert_eq!(
            f.read(b, &key).await.unwrap(),
            (6, b"second".to_vec()),
            "{backend:?}"
        );
    }
}

#[tokio::test]
async fn an_aborted_upload_is_gone() {
    for backend in backends() {
        let f = Fixture::open(backend).await;
        let key = Key::generate("Grey", "glb");
        let b = Bucket::Models;
        let (id, parts) = f.upload_parts(b, &key, &[&pattern(1024, 21)]).await;
        assert!(f.upload_exists(b, &key, &id).await, "{backend:?}");
        f.storage.abort_multipart(b, &key, &id).await.unwrap();
        assert!(
            !f.upload_exists(b, &key, &id).await,
            "{backend:?}: parts left after abort"
        );

        let got = f.storage.complete_multipart(b, &key, &id, &parts).await;
        match (&got, backend) {
            (Err(StorageError::NoSuchUpload), _) => {}
            (Err(StorageError::Backend(e)), Backend::S3)
                if moto_no_such_upload(&format!("{e:#}")) => {}
            _ => panic!("{backend:?}: complete after abort: {got:?}"),
        }
        let again = f.storage.abort_multipart(b, &key, &id).await;
        assert!(
            matches!(again, Err(StorageError::NoSuchUpload)),
            "{backend:?}: abort again: {again:?}"
        );
        // No part can be added any more: the local backend refuses to sign the URL;
        // S3Storage::presign_part signs without asking the server, which then refuses the PUT.
        match f.storage.presign_part(b, &key, &id, 2).await {
            Err(StorageError::NoSuchUpload) => {}
            Ok(url) if backend == Backend::S3 => {
                let refused = f.put_url(&url, None, b"late".to_vec()).await.unwrap_err();
                assert!(
                    refused.contains("NoSuchUpload") || moto_no_such_upload(&refused),
                    "{backend:?}: {refused}"
                );
            }
            other => panic!("{backend:?}: presign_part after abort: {other:?}"),
        }
        assert!(
            matches!(f.storage.size(b, &key).await, Ok(None)),
            "{backend:?}"
        );
        assert!(
            f.storage
                .stale_uploads(Duration::ZERO)
                .await
                .unwrap()
                .is_empty(),
            "{backend:?}"
        );
    }
}

#[tokio::test]
async fn stale_uploads_lists_open_uploads() {
    for backend in backends() {
        let f = Fixture::open(backend).await;
        let model = Key::generate("Navy", "glb");
        let image = Key::generate("Navy", "png");
        let model_id = f
            .storage
            .create_multipart(Bucket::Models, &model, "model/gltf-binary")
            .await
            .unwrap();
        let image_id = f
            .storage
            .create_multipart(Bucket::Images, &image, "image/png")
            .await
            .unwrap();

        let listed = |v: Vec<api::storage::PendingUpload>| {
            let mut v: Vec<_> = v
                .into_iter()
                .map(|p| (p.bucket, p.key, p.upload_id))
                .collect();
            v.sort_by(|a, b| a.0.as_str().cmp(b.0.as_str()));
            v
        };
        let all = listed(f.storage.stale_uploads(Duration::ZERO).await.unwrap());
        assert_eq!(
            all,
            vec![
                (Bucket::Images, image.clone(), image_id.clone()),
                (Bucket::Models, model.clone(), model_id.clone())
            ],
            "{backend:?}"
        );
        if backend == Backend::Local {
            // moto reports a fixed start time (2010) for every upload, so only the local backend can show this.
            assert!(
                f.storage
                    .stale_uploads(STALE_UPLOAD_AGE)
                    .await
                    .unwrap()
                    .is_empty()
            );
        }
        f.storage
            .abort_multipart(Bucket::Images, &image, &image_id)
            .await
            .unwrap();
        let left = listed(f.storage.stale_uploads(Duration::ZERO).await.unwrap());
        assert_eq!(left, vec![(Bucket::Models, model, model_id)], "{backend:?}");
    }
}

/// The local backend's upload URLs work only as signed: for their own bucket,
/// key, upload and part, until they expire.
#[tokio::test]
async fn local_upload_urls_do_not_verify_when_altered() {
    let f = Fixture::open(Backend::Local).await;
    let Storage::Local(local) = &f.storage else {
        unreachable!()
    };
    let key = Key::generate("Olive", "png");
    let url = f
        .storage
        .presign_put(Bucket::Images, &key, "image/png")
        .await
        .unwrap();
    let other = Key::generate("Olive", "png");

    let altered = [
        ("another key", url.replacen(key.as_str(), other.as_str(), 1)),
        ("another bucket", url.replacen("/images/", "/models/", 1)),
        (
            "a key leaving its bucket",
            url.replacen("/images/", "/images/../models/", 1),
        ),
        (
            "an encoded separator",
            url.replacen(key.as_str(), &key.as_str().replace('/', "%2f"), 1),
        ),
        ("a later expiry", {
            let (_, _, _, expires, _) = parse_local_url(&url).unwrap();
            url.replacen(
                &format!("expires={expires}"),
                &format!("expires={}", expires + 3600),
                1,
            )
        }),
        (
            "a part of an upload",
            url.replacen(
                "&signature=",
                &format!("&uploadId={}&partNumber=1&signature=", "a".repeat(32)),
                1,
            ),
        ),
        ("another signature", {
            let (head, sig) = url.split_once("signature=").unwrap();
            let flipped = if sig.starts_with('0') { "1" } else { "0" };
            format!("{head}signature={flipped}{}", &sig[1..])
        }),
    ];
    for (what, bad) in altered {
        assert_ne!(bad, url, "{what}: the URL was not altered");
        let refused = f.put_url(&bad, Some("image/png"), b"evil".to_vec()).await;
        assert!(refused.is_err(), "{what}: {bad} was accepted");
    }
    assert!(matches!(
        f.storage.size(Bucket::Images, &key).await,
        Ok(None)
    ));
    assert!(matches!(
        f.storage.size(Bucket::Images, &other).await,
        Ok(None)
    ));
    assert!(matches!(
        f.storage.size(Bucket::Models, &key).await,
        Ok(None)
    ));

    // The part URL of an upload: another part number or upload id does not verify.
    let id = f
        .storage
        .create_multipart(Bucket::Models, &key, "model/gltf-binary")
        .await
        .unwrap();
    let part_url = f
        .storage
        .presign_part(Bucket::Models, &key, &id, 1)
        .await
        .unwrap();
    for bad in [
        part_url.replacen("partNumber=1", "partNumber=2", 1),
        part_url.replacen(
            &format!("uploadId={id}"),
            &format!("uploadId={}", "b".repeat(32)),
            1,
        ),
    ] {
        assert_eq!(
            f.put_url(&bad, None, b"evil".to_vec()).await,
            Err(format!("{:?}", Refusal::BadSignature))
        );
    }
    // An expired URL is refused even with its own signature.
    let expired = local
        .signer()
        .url(Bucket::Images, &key, Target::Whole, now_secs() - 1);
    assert_eq!(
        f.put_url(&expired, Some("image/png"), b"late".to_vec())
            .await,
        Err(format!("{:?}", Refusal::Expired))
    );

    // The URLs as signed still work.
    f.put_url(&url, Some("image/png"), b"good".to_vec())
        .await
        .unwrap();
    assert_eq!(
        f.read(Bucket::Images, &key).await.unwrap(),
        (4, b"good".to_vec())
    );
    f.put_url(&part_url, None, b"part".to_vec()).await.unwrap();
}

/// A local upload over its limit keeps nothing: no file, no temporary file.
#[tokio::test]
async fn local_uploads_over_the_limit_keep_nothing() {
    let f = Fixture::open(Backend::Local).await;
    let Storage::Local(local) = &f.storage else {
        unreachable!()
    };
    let key = Key::generate("Blue", "glb");
    let chunks = (0..4).map(|i| Ok::<_, std::io::Error>(Bytes::from(pattern(MIB, i))));
    let got = local
        .write_upload(
            Bucket::Models,
            &key,
            Target::Whole,
            futures_util::stream::iter(chunks),
            3 * MIB as u64,
        )
        .await;
    assert!(
        matches!(got, Err(api::storage::local::WriteError::TooLarge)),
        "{got:?}"
    );
    assert!(matches!(
        f.storage.size(Bucket::Models, &key).await,
        Ok(None)
    ));
    assert_eq!(
        std::fs::read_dir(f.dir.join("files/.tmp")).unwrap().count(),
        0,
        "a temporary file was left"
    );
}

/// The whole app starts on each backend (TestApp::spawn_on), on each database engine.
#[tokio::test]
async fn the_app_starts_on_every_backend() {
    for engine in helpers::engines() {
        for backend in backends() {
            let app = helpers::TestApp::spawn_on(engine, backend).await;
            let (status, body) = app.get("/api/health").await;
            assert_eq!(status, 200, "{engine:?} {backend:?}: {body}");
        }
    }
}

/// S3: a missing bucket stops the start, rather than the first upload.
#[tokio::test]
async fn s3_refuses_to_open_without_its_buckets() {
    let Some(api::storage::config::StorageConfig::S3(mut s3)) = helpers::s3::storage_config().await
    else {
        println!("{}", helpers::s3::SKIP_MESSAGE);
        return;
    };
    s3.buckets[2] = format!("artwork-missing-{}", api::ids::random_hex(6));
    let mut config = helpers::test_config(&std::env::temp_dir(), String::new());
    config.storage = api::storage::config::StorageConfig::S3(s3.clone());
    let err = Storage::open(&config.storage, &config.data_dir, &config.jwt_secret)
        .await
        .err()
        .expect("a missing bucket is refused");
    assert!(format!("{err:#}").contains(&s3.buckets[2]), "{err:#}");
}
