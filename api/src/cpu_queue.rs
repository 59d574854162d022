//! CPU-heavy work on blocking threads, a few at a time so requests cannot
//! starve the server, with a bounded number waiting their turn: beyond that
//! the answer is a quick 503 with `Retry-After` instead of a queue (and the
//! memory it holds) that grows without end.
//!
//! A queue also has a memory budget: each job says how many bytes it may hold
//! at its peak (the engine estimates a picture's decoding from its header), and
//! jobs run only while their sum fits. The process has one such queue for all
//! its heavy work (`AppState::work`: artwork, thumbnails, print files,
//! invoices, background removal), so one budget bounds them together; password
//! hashing keeps a line of its own, so a flood of pictures never holds up a
//! sign-in. Queues are per process: each bounds its own machine's memory.
//!
//! Once a job runs, its slot and memory belong to the job, not to the request
//! that queued it: a client that hangs up drops the request's future, but the
//! blocking work runs on, so the permits move into the blocking closure and
//! are given back only when the work ends.
//!
//! Work whose answer streams (the print files' zip) is admitted before the
//! response starts and runs after: `reserve` waits for its turn (or answers
//! 503), and the `Ticket` it gives is moved into the work by `Ticket::spawn`.

use std::sync::Arc;
use std::sync::atomic::{AtomicU64, AtomicUsize, Ordering};

use tokio::sync::{OwnedSemaphorePermit, Semaphore};

use crate::error::Failure;

const MIB: u64 = 1024 * 1024;

pub struct CpuQueue {
    /// Named in the log when it is full.
    name: &'static str,
    slots: Arc<Semaphore>,
    /// The memory budget in MiB permits.
    memory: Arc<Semaphore>,
    budget_mib: u32,
    /// Running and waiting.
    queued: Arc<AtomicUsize>,
    running: usize,
    waiting: usize,
    /// Jobs refused because the line was full, since the process started.
    refused: AtomicU64,
}

/// A queue's state at one moment (`/metrics`).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct QueueStats {
    pub running: u64,
    pub waiting: u64,
    /// Memory the admitted jobs declared (whole MiB each).
    pub memory_held_bytes: u64,
    pub refused: u64,
}

/// Leaves the queue when the work is done, or when its request is dropped
/// before the work started.
struct Queued(Arc<AtomicUsize>);

impl Drop for Queued {
    fn drop(&mut self) {
        self.0.fetch_sub(1, Ordering::AcqRel);
    }
}

/// A job's turn: its place in the line, its memory and a slot, held until
/// the work it is moved into ends (or, unused, until it is dropped).
pub struct Ticket {
    _queued: Queued,
    _memory: OwnedSemaphorePermit,
    _slot: OwnedSemaphorePermit,
}

impl Ticket {
    /// Starts `f` on a blocking thread now; the ticket goes with it.
    pub fn spawn<T: Send + 'static>(
        self,
        f: impl FnOnce() -> T + Send + 'static,
    ) -> tokio::task::JoinHandle<T> {
        // Held by the work itself: a caller that leaves frees nothing while it runs.
        tokio::task::spawn_blocking(move || {
            let _held = self;
            f()
        })
    }
}

impl CpuQueue {
    /// `running` at once, at most `waiting` more in line, and together at
    /// most `budget_mib` MiB of declared memory.
    pub fn new(name: &'static str, running: usize, waiting: usize, budget_mib: u32) -> CpuQueue {
        CpuQueue {
            name,
            slots: Arc::new(Semaphore::new(running)),
            memory: Arc::new(Semaphore::new(budget_mib as usize)),
            budget_mib,
            queued: Arc::new(AtomicUsize::new(0)),
            running,
            waiting,
            refused: AtomicU64::new(0),
        }
    }

    /// The process's queue for heavy work: one job per core, 32 in line, 256 MiB.
    pub fn for_heavy_work() -> CpuQueue {
        let cores = std::thread::available_parallelism().map_or(2, |n| n.get());
        CpuQueue::new("heavy work", cores, 32, 256)
    }

    /// Runs `f` on a blocking thread once a slot is free; 503 when the line is full.
    pub async fn run<T: Send + 'static>(
        &self,
        f: impl FnOnce() -> T + Send + 'static,
    ) -> Result<T, Failure> {
        self.run_holding(0, f).await
    }

    /// Runs `f`, which may hold up to `bytes` at its peak, once a slot and
    /// that much of the budget are free (a job larger than the whole budget
    /// waits for all of it, and so runs alone); 503 when the line is full.
    pub async fn run_holding<T: Send + 'static>(
        &self,
        bytes: u64,
        f: impl FnOnce() -> T + Send + 'static,
    ) -> Result<T, Failure> {
        let ticket = self.reserve(bytes).await?;
        ticket.spawn(f).await.map_err(Failure::internal)
    }

    /// Waits for a turn for work that may hold up to `bytes` (as
    /// `run_holding`), without starting it: 503 at once when the line is
    /// full. The ticket leaves the line when dropped.
    pub async fn reserve(&self, bytes: u64) -> Result<Ticket, Failure> {
        if self.queued.fetch_add(1, Ordering::AcqRel) >= self.running + self.waiting {
            self.queued.fetch_sub(1, Ordering::AcqRel);
            self.refused.fetch_add(1, Ordering::Relaxed);
            tracing::warn!(queue = self.name, "queue full");
            return Err(Failure::busy(2));
        }
        let queued = Queued(self.queued.clone());
        let mib = bytes.div_ceil(MIB).min(u64::from(self.budget_mib)) as u32;
        let memory = self
            .memory
            .clone()
            .acquire_many_owned(mib)
            .await
            .map_err(Failure::internal)?;
        let slot = self
            .slots
            .clone()
            .acquire_owned()
            .await
            .map_err(Failure::internal)?;
        Ok(Ticket {
            _queued: queued,
            _memory: memory,
            _slot: slot,
        })
    }

    /// Jobs running and waiting (a test sees the line empty again).
    pub fn queued(&self) -> usize {
        self.queued.load(Ordering::Acquire)
    }

    /// Running, waiting, memory held and refusals so far.
    pub fn stats(&self) -> QueueStats {
        let running = self.running - self.slots.available_permits();
        let queued = self.queued.load(Ordering::Acquire);
        let free_mib = self.memory.available_permits() as u64;
        QueueStats {
            running: running as u64,
            waiting: queued.saturating_sub(running) as u64,
            memory_held_bytes: (u64::from(self.budget_mib) - free_mib) * MIB,
            refused: self.refused.load(Ordering::Relaxed),
        }
    }

    /// How many jobs the line takes, running and waiting, before it answers 503.
    pub fn capacity(&self) -> usize {
        self.running + self.waiting
    }
}

#[cfg(test)]
mod tests {
    use super::{CpuQueue, MIB};
    use std::sync::mpsc;
    use std::time::Duration;

    async fn until_queued(queue: &CpuQueue, n: usize) {
        while queue.queued.load(std::sync::atomic::Ordering::Acquire) < n {
            tokio::time::sleep(Duration::from_millis(5)).await;
        }
    }

    /// One running and one waiting: a third is refused at once with 503 and
    /// `Retry-After`, and the line takes work again once it has room.
    #[tokio::test(flavor = "multi_thread", worker_threads = 2)]
    async fn a_full_line_answers_503_at_once() {
        let queue: &'static CpuQueue = Box::leak(Box::new(CpuQueue::new("test", 1, 1, 64)));
        let (release, held) = mpsc::channel::<()>();
        let first = tokio::spawn(queue.run(move || held.recv().is_ok()));
        let second = tokio::spawn(queue.run(|| 2));
        until_queued(queue, 2).await;
        let refused = tokio::time::timeout(Duration::from_secs(1), queue.run(|| 3))
            .await
            .expect("refused at once, not queued")
            .expect_err("the line is full");
        assert!(
            refused.kind == crate::error::Kind::Unavailable && refused.retry_after.is_some(),
            "{refused:?}"
        );
        // The first may still be on its way to its slot: two are in line either way.
        let stats = queue.stats();
        assert_eq!((stats.running + stats.waiting, stats.refused), (2, 1));
        release.send(()).unwrap();
        assert!(first.await.unwrap().unwrap());
        assert_eq!(second.await.unwrap().unwrap(), 2);
        assert_eq!(queue.run(|| 4).await.unwrap(), 4);
    }

    /// Two slots but a budget for one large job: the second large job waits
    /// until the first is done (in turn: the budget is handed out first come,
    /// first served, so a large job is never starved by small ones).
    #[tokio::test(flavor = "multi_thread", worker_threads = 2)]
    async fn jobs_run_together_only_within_the_memory_budget() {
        let queue: &'static CpuQueue = Box::leak(Box::new(CpuQueue::new("test", 2, 8, 100)));
        let (release, held) = mpsc::channel::<()>();
        let (started_tx, started) = mpsc::channel::<&'static str>();
        let tx = started_tx.clone();
        let big = tokio::spawn(queue.run_holding(80 * MIB, move || {
            tx.send("big").unwrap();
            held.recv().unwrap();
        }));
        assert_eq!(started.recv_timeout(Duration::from_secs(5)), Ok("big"));
        let tx = started_tx.clone();
        let second_big = tokio::spawn(queue.run_holding(80 * MIB, move || {
            tx.send("second big").unwrap();
        }));
        until_queued(queue, 2).await;
        assert!(
            started.recv_timeout(Duration::from_millis(300)).is_err(),
            "the second large job waits for the budget"
        );
        release.send(()).unwrap();
        big.await.unwrap().unwrap();
        second_big.await.unwrap().unwrap();
        assert_eq!(
            started.recv_timeout(Duration::from_secs(5)),
            Ok("second big")
        );
        // Larger than the whole budget: it runs, alone.
        assert_eq!(queue.run_holding(500 * MIB, || 5).await.unwrap(), 5);
    }

    /// The work goes on after its caller hung up (its future dropped), and
    /// keeps its slot and memory until it ends: the next job waits for it.
    #[tokio::test(flavor = "multi_thread", worker_threads = 2)]
    async fn a_caller_that_leaves_frees_nothing_while_its_work_runs() {
        let queue: &'static CpuQueue = Box::leak(Box::new(CpuQueue::new("test", 2, 4, 64)));
        let (release, held) = mpsc::channel::<()>();
        let (started_tx, started) = mpsc::channel::<()>();
        let caller = tokio::spawn(queue.run_holding(64 * MIB, move || {
            started_tx.send(()).unwrap();
            held.recv().ok();
        }));
        started.recv_timeout(Duration::from_secs(5)).unwrap();
        caller.abort();
        assert!(caller.await.unwrap_err().is_cancelled());
        let (next_tx, next_started) = mpsc::channel::<()>();
        let next = tokio::spawn(queue.run_holding(64 * MIB, move || next_tx.send(()).unwrap()));
        assert!(
            next_started
                .recv_timeout(Duration::from_millis(300))
                .is_err(),
            "the budget is still the first job's"
        );
        release.send(()).unwrap();
        next.await.unwrap().unwrap();
        assert!(next_started.recv_timeout(Duration::from_secs(5)).is_ok());
    }

    /// A ticket is a turn taken before the work starts: while it is held the
    /// line counts it (a full line refuses more), its memory is not another
    /// job's, and the work it is moved into keeps it until it ends; dropped
    /// unused, it gives everything back.
    #[tokio::test(flavor = "multi_thread", worker_threads = 2)]
    async fn a_ticket_holds_its_turn_until_its_work_ends() {
        let queue: &'static CpuQueue = Box::leak(Box::new(CpuQueue::new("test", 1, 1, 64)));
        let ticket = queue.reserve(64 * MIB).await.unwrap();
        assert_eq!(queue.queued(), 1);
        let (next_tx, next_started) = mpsc::channel::<()>();
        let next = tokio::spawn(queue.run_holding(MIB, move || next_tx.send(()).unwrap()));
        until_queued(queue, 2).await;
        let refused = queue.reserve(0).await.err().expect("the line is full");
        assert!(
            refused.kind == crate::error::Kind::Unavailable && refused.retry_after.is_some(),
            "{refused:?}"
        );
        assert!(
            next_started
                .recv_timeout(Duration::from_millis(300))
                .is_err(),
            "the budget and the slot are the ticket's"
        );
        let (release, held) = mpsc::channel::<()>();
        let (started_tx, started) = mpsc::channel::<()>();
        let work = ticket.spawn(move || {
            started_tx.send(()).unwrap();
            held.recv().ok();
        });
        started.recv_timeout(Duration::from_secs(5)).unwrap();
        assert!(
            next_started
                .recv_timeout(Duration::from_millis(300))
                .is_err(),
            "the work holds the ticket"
        );
        release.send(()).unwrap();
        work.await.unwrap();
        next.await.unwrap().unwrap();
        assert!(next_started.recv_timeout(Duration::from_secs(5)).is_ok());
        // Dropped unused: the line and the budget are free again.
        drop(queue.reserve(64 * MIB).await.unwrap());
        assert_eq!(queue.queued(), 0);
        assert_eq!(queue.run_holding(64 * MIB, || 6).await.unwrap(), 6);
    }
}
