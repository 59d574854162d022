//! Removes what nothing needs any more, once an hour: multipart uploads left
//! unfinished for a day (aborted), admin uploads no product claimed within a
//! day, and artwork no cart or order line has used for a day. Each removal
//! is decided in the database first (a file a product or line took meanwhile
//! is kept), then the file goes. Before that, pending orders not paid within
//! `PENDING_ORDER_HOURS` are cancelled, which lets go of their artwork, and
//! sign-in guards whose window has passed are forgotten.

use std::time::Duration;

use crate::db::{artwork, expired, files, now_ms, order_expiry};
use crate::state::AppState;
use crate::storage::{Bucket, Key, STALE_UPLOAD_AGE, StorageError};

const EVERY: Duration = Duration::from_secs(60 * 60);

/// What one sweep removed.
#[derive(Debug, Default, PartialEq, Eq)]
pub struct Swept {
    pub expired_orders: usize,
    pub aborted_uploads: usize,
    pub unclaimed_files: usize,
    pub artwork: usize,
    /// Expired codes, wrong-code budgets and second-factor challenges.
    pub expired_guards: u64,
}

pub async fn run(state: AppState) {
    loop {
        match sweep(&state, STALE_UPLOAD_AGE).await {
            Ok(swept) if swept != Swept::default() => tracing::info!(?swept, "swept unused files"),
            Ok(_) => {}
            Err(e) => tracing::warn!(error = %e, "sweeping unused files failed"),
        }
        tokio::time::sleep(EVERY).await;
    }
}

/// One sweep, removing what has been unused for longer than `age`.
pub async fn sweep(state: &AppState, age: Duration) -> anyhow::Result<Swept> {
    let mut swept = Swept::default();
    let unpaid_since = now_ms() - state.config.pending_order_hours * 60 * 60 * 1000;
    loop {
        let expired = order_expiry::expire_unpaid(&state.db, unpaid_since, 500).await?;
        swept.expired_orders += expired;
        if expired < 500 {
            break;
        }
    }
    swept.expired_guards =
        expired::forget(&state.db, crate::core::accounts::codes::GUARD_WINDOW_MS).await?;
    let before = now_ms() - age.as_millis() as i64;
    for upload in state.storage.stale_uploads(age).await? {
        match state
            .storage
            .abort_multipart(upload.bucket, &upload.key, &upload.upload_id)
            .await
        {
            // Completed or aborted meanwhile: nothing left to do.
            Ok(()) | Err(StorageError::NoSuchUpload) => {}
            Err(e) => return Err(e.into()),
        }
        files::forget(&state.db, upload.bucket.as_str(), upload.key.as_str()).await?;
        swept.aborted_uploads += 1;
    }
    for (bucket, key) in files::unclaimed_since(&state.db, before).await? {
        if files::forget_unclaimed(&state.db, &bucket, &key).await? {
            if let (Some(bucket), Ok(key)) = (Bucket::parse(&bucket), Key::parse(&key)) {
                state.storage.delete(bucket, &key).await?;
            }
            swept.unclaimed_files += 1;
        }
    }
    for sha256 in artwork::unused_since(&state.db, before).await? {
        if artwork::forget(&state.db, &sha256, before).await? {
            if let Ok(key) = Key::artwork(&sha256) {
                state.storage.delete(Bucket::Artwork, &key).await?;
            }
            swept.artwork += 1;
        }
    }
    Ok(swept)
}
