//! CPU-heavy work (password hashes, a logo's background removal) on blocking
//! threads, a few at a time so requests cannot starve the server, with a
//! bounded number waiting their turn: beyond that the answer is a quick 503
//! instead of a queue (and the memory it holds) that grows without end.

use std::sync::atomic::{AtomicUsize, Ordering};

use tokio::sync::Semaphore;

use crate::envelope::ApiError;

pub struct CpuQueue {
    /// Named in the log when it is full.
    name: &'static str,
    slots: Semaphore,
    /// Running and waiting.
    queued: AtomicUsize,
    running: usize,
    waiting: usize,
}

/// Leaves the queue when the work is done or its request is dropped.
struct Queued<'a>(&'a AtomicUsize);

impl Drop for Queued<'_> {
    fn drop(&mut self) {
        self.0.fetch_sub(1, Ordering::AcqRel);
    }
}

impl CpuQueue {
    /// `running` at once, at most `waiting` more in line.
    pub const fn new(name: &'static str, running: usize, waiting: usize) -> CpuQueue {
        CpuQueue {
            name,
            slots: Semaphore::const_new(running),
            queued: AtomicUsize::new(0),
            running,
            waiting,
        }
    }

    /// Runs `f` on a blocking thread once a slot is free; 503 when the line is full.
    pub async fn run<T: Send + 'static>(
        &self,
        f: impl FnOnce() -> T + Send + 'static,
    ) -> Result<T, ApiError> {
        if self.queued.fetch_add(1, Ordering::AcqRel) >= self.running + self.waiting {
            self.queued.fetch_sub(1, Ordering::AcqRel);
            tracing::warn!(queue = self.name, "queue full");
            return Err(ApiError::unavailable(
                "The server is busy. Please try again in a moment.",
            ));
        }
        let _queued = Queued(&self.queued);
        let _slot = self.slots.acquire().await.map_err(ApiError::internal)?;
        tokio::task::spawn_blocking(f)
            .await
            .map_err(ApiError::internal)
    }
}

#[cfg(test)]
mod tests {
    use super::CpuQueue;
    use std::sync::mpsc;
    use std::time::Duration;

    /// One running and one waiting: a third is refused at once with 503, and
    /// the line takes work again once it has room.
    #[tokio::test(flavor = "multi_thread", worker_threads = 2)]
    async fn a_full_line_answers_503_at_once() {
        static QUEUE: CpuQueue = CpuQueue::new("test", 1, 1);
        let (release, held) = mpsc::channel::<()>();
        let first = tokio::spawn(QUEUE.run(move || held.recv().is_ok()));
        let second = tokio::spawn(QUEUE.run(|| 2));
        // Both in line before the third comes.
        while QUEUE.queued.load(std::sync::atomic::Ordering::Acquire) < 2 {
            tokio::time::sleep(Duration::from_millis(5)).await;
        }
        let refused = tokio::time::timeout(Duration::from_secs(1), QUEUE.run(|| 3))
            .await
            .expect("refused at once, not queued")
            .expect_err("the line is full");
        assert!(
            matches!(refused, crate::envelope::ApiError::ServiceUnavailable(_)),
            "{refused:?}"
        );
        release.send(()).unwrap();
        assert!(first.await.unwrap().unwrap());
        assert_eq!(second.await.unwrap().unwrap(), 2);
        assert_eq!(QUEUE.run(|| 4).await.unwrap(), 4);
    }
}
