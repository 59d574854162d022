//! The catalogue as the store serves it, kept in memory: `GET /products`
//! answers from encoded bytes with an ETag, and the database is read again
//! only after a product changes.
//!
//! Every write to the products table (an admin's edit, a paid order's stock)
//! bumps `catalogue_version` in the same transaction
//! (`db::products::bump_version`). An admin's edit is forgotten by its own
//! instance as soon as it commits; anything else, and every other instance
//! sharing the database, sees the new version within [`POLL_EVERY`].

use std::collections::HashMap;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, RwLock};
use std::time::Duration;

use bytes::Bytes;
use sha2::{Digest, Sha256};

use crate::db;
use crate::db::Db;

/// How often an instance looks for writes made by the others.
pub const POLL_EVERY: Duration = Duration::from_secs(1);

/// At most this many distinct queries are kept (the search text is the
/// caller's): beyond it the cache starts afresh rather than grow.
const MAX_ENTRIES: usize = 256;

/// One encoded answer.
#[derive(Debug)]
pub struct Cached {
    pub body: Bytes,
    /// A strong validator: the body's SHA-256, quoted.
    pub etag: String,
}

impl Cached {
    fn new(body: Vec<u8>) -> Cached {
        let digest = Sha256::digest(&body);
        Cached {
            etag: format!("\"{}\"", hex::encode(&digest[..16])),
            body: Bytes::from(body),
        }
    }

    /// Whether an `If-None-Match` header names this answer.
    pub fn matches(&self, if_none_match: &str) -> bool {
        if_none_match.trim() == "*"
            || if_none_match
                .split(',')
                .map(|t| t.trim().trim_start_matches("W/"))
                .any(|t| t == self.etag)
    }
}

#[derive(Default)]
pub struct CatalogueCache {
    /// Bumped by every invalidation: an answer read from the database before
    /// a bump is not kept after it.
    generation: AtomicU64,
    /// The database's `catalogue_version` last seen by [`CatalogueCache::watch`].
    seen_version: AtomicU64,
    entries: RwLock<HashMap<String, Arc<Cached>>>,
}

impl CatalogueCache {
    /// The answer for `key`, from memory or from `load` (whose bytes are kept
    /// unless the catalogue changed meanwhile).
    pub async fn get_or_load<E, F>(&self, key: &str, load: F) -> Result<Arc<Cached>, E>
    where
        F: Future<Output = Result<Vec<u8>, E>>,
    {
        if let Some(hit) = self.read().get(key) {
            return Ok(hit.clone());
        }
        let generation = self.generation.load(Ordering::Acquire);
        let cached = Arc::new(Cached::new(load.await?));
        let mut entries = self.entries.write().unwrap_or_else(|e| e.into_inner());
        if self.generation.load(Ordering::Acquire) == generation {
            if entries.len() >= MAX_ENTRIES {
                entries.clear();
            }
            entries.insert(key.to_string(), cached.clone());
        }
        Ok(cached)
    }

    /// Forgets every answer (a product changed).
    pub fn invalidate(&self) {
        let mut entries = self.entries.write().unwrap_or_else(|e| e.into_inner());
        self.generation.fetch_add(1, Ordering::AcqRel);
        entries.clear();
    }

    fn read(&self) -> std::sync::RwLockReadGuard<'_, HashMap<String, Arc<Cached>>> {
        self.entries.read().unwrap_or_else(|e| e.into_inner())
    }

    /// Forgets the answers whenever the database's catalogue version moves
    /// (a write by any instance). Runs for the life of the server.
    pub async fn watch(self: Arc<Self>, db: Db) {
        loop {
            match db::products::version(&db).await {
                Ok(version) => {
                    let version = version as u64;
                    if self.seen_version.swap(version, Ordering::AcqRel) != version {
                        self.invalidate();
                    }
                }
                Err(e) => tracing::warn!(error = %e, "reading the catalogue version failed"),
            }
            tokio::time::sleep(POLL_EVERY).await;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    async fn load(body: &str) -> Result<Vec<u8>, ()> {
        Ok(body.as_bytes().to_vec())
    }

    #[tokio::test]
    async fn keeps_answers_until_invalidated() {
        let cache = CatalogueCache::default();
        let first = cache.get_or_load("all", load("one")).await.unwrap();
        let again = cache.get_or_load("all", load("two")).await.unwrap();
        assert_eq!(again.body, "one", "served from memory");
        assert_eq!(first.etag, again.etag);
        cache.invalidate();
        let fresh = cache.get_or_load("all", load("two")).await.unwrap();
        assert_eq!(fresh.body, "two");
        assert_ne!(fresh.etag, first.etag);
    }

    #[tokio::test]
    async fn an_answer_read_before_a_write_is_not_kept() {
        let cache = CatalogueCache::default();
        let stale = cache
            .get_or_load("all", async {
                cache.invalidate(); // a write commits while the read runs
                load("old").await
            })
            .await
            .unwrap();
        assert_eq!(stale.body, "old", "the caller still gets its answer");
        let next = cache.get_or_load("all", load("new")).await.unwrap();
        assert_eq!(next.body, "new", "but it was not kept");
    }

    #[tokio::test]
    async fn the_number_of_queries_kept_is_bounded() {
        let cache = CatalogueCache::default();
        for i in 0..MAX_ENTRIES * 3 {
            cache
                .get_or_load(&format!("search={i}"), load("x"))
                .await
                .unwrap();
        }
        assert!(cache.read().len() <= MAX_ENTRIES);
    }

    #[test]
    fn if_none_match_lists_and_weak_tags() {
        let c = Cached::new(b"body".to_vec());
        assert!(c.matches(&c.etag));
        assert!(c.matches(&format!("\"x\", W/{}", c.etag)));
        assert!(c.matches("*"));
        assert!(!c.matches("\"other\""));
    }
}
