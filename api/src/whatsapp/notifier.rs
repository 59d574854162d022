//! What `core::notify` sends updates through, shared by every handler in
//! the app's state: the WhatsApp and SMS providers, dev mode, and the clock
//! updates are due by (here, below `core`, so the state needs no `core`).

use std::sync::Arc;
use std::sync::atomic::{AtomicI64, Ordering};

use super::WhatsAppSender;
use crate::sms::SmsSender;

/// The providers and the clock the updates go by; shared by every handler.
#[derive(Clone)]
pub struct Notifier {
    pub whatsapp: Option<Arc<dyn WhatsAppSender>>,
    pub sms: Option<Arc<dyn SmsSender>>,
    /// Dev mode: each message is also kept in the outbox (channel
    /// `whatsapp` or `sms`), and an SMS needs no provider.
    pub dev: bool,
    pub clock: Clock,
}

impl Notifier {
    /// `dev`: `TEST_PROVIDERS=on`.
    pub fn new(
        whatsapp: &super::WhatsAppConfig,
        sms: &crate::sms::SmsConfig,
        dev: bool,
    ) -> Notifier {
        Notifier {
            whatsapp: whatsapp.sender(),
            sms: sms.sender(),
            dev,
            clock: Clock::default(),
        }
    }
}

/// The time updates are due and quiet hours are read by: the process's
/// clock, shifted by an offset tests set (`set_offset_ms`) to stand at 22:00
/// India time or ten minutes later without waiting.
#[derive(Clone, Default)]
pub struct Clock(Arc<AtomicI64>);

impl Clock {
    pub fn now(&self) -> i64 {
        crate::db::now_ms() + self.0.load(Ordering::Relaxed)
    }

    pub fn set_offset_ms(&self, ms: i64) {
        self.0.store(ms, Ordering::Relaxed);
    }
}
