//! The most heap a piece of work holds at once, counted by a global
//! allocator: what a job declares to the heavy-work queue (`run_holding`) is
//! checked against it. A bench that includes this module counts every
//! allocation (one atomic add each: its timings barely move).

use std::alloc::{GlobalAlloc, Layout, System};
use std::sync::atomic::{AtomicUsize, Ordering};

pub struct Counting;

static LIVE: AtomicUsize = AtomicUsize::new(0);
static PEAK: AtomicUsize = AtomicUsize::new(0);

fn grew(by: usize) {
    let now = LIVE.fetch_add(by, Ordering::Relaxed) + by;
    PEAK.fetch_max(now, Ordering::Relaxed);
}

// SAFETY: every call is forwarded to the system allocator unchanged; only the
// sizes are counted.
unsafe impl GlobalAlloc for Counting {
    unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
        let p = unsafe { System.alloc(layout) };
        if !p.is_null() {
            grew(layout.size());
        }
        p
    }

    unsafe fn alloc_zeroed(&self, layout: Layout) -> *mut u8 {
        let p = unsafe { System.alloc_zeroed(layout) };
        if !p.is_null() {
            grew(layout.size());
        }
        p
    }

    unsafe fn dealloc(&self, p: *mut u8, layout: Layout) {
        unsafe { System.dealloc(p, layout) };
        LIVE.fetch_sub(layout.size(), Ordering::Relaxed);
    }

    unsafe fn realloc(&self, p: *mut u8, layout: Layout, size: usize) -> *mut u8 {
        // The old and the new block may both be held while the bytes move.
        grew(size);
        let q = unsafe { System.realloc(p, layout, size) };
        if q.is_null() {
            LIVE.fetch_sub(size, Ordering::Relaxed);
        } else {
            LIVE.fetch_sub(layout.size(), Ordering::Relaxed);
        }
        q
    }
}

/// The most heap `f` held above what was held before it, in bytes.
pub fn peak_of<T>(f: impl FnOnce() -> T) -> (T, usize) {
    let base = LIVE.load(Ordering::Relaxed);
    PEAK.store(base, Ordering::Relaxed);
    let out = f();
    (out, PEAK.load(Ordering::Relaxed).saturating_sub(base))
}

/// Prints `f`'s peak in MiB, the first time (which loads what the process
/// keeps, such as fonts) and again, and returns what it made and the larger.
pub fn report<T>(what: &str, mut f: impl FnMut() -> T) -> (T, f64) {
    let mib = |b: usize| b as f64 / (1 << 20) as f64;
    let (_, cold) = peak_of(&mut f);
    let (out, warm) = peak_of(&mut f);
    eprintln!(
        "peak heap, {what}: {:.1} MiB (first call), {:.1} MiB (again)",
        mib(cold),
        mib(warm)
    );
    (out, mib(cold.max(warm)))
}
