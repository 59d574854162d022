//! What every handler and background job shares: the configuration, the
//! database pool, the providers, the rate limits and the heavy-work queue.

use std::sync::Arc;
use std::sync::atomic::AtomicBool;

use crate::catalogue_cache::CatalogueCache;
use crate::config::Config;
use crate::cpu_queue::CpuQueue;
use crate::db::Db;
use crate::limits::Limits;
use crate::mail::Mailer;
use crate::metrics::Metrics;
use crate::passwords::Hasher;
use crate::payments::PaymentProvider;
use crate::shipping::Shipping;
use crate::storage::Storage;

/// What every handler shares: configuration, the database pool, the payment
/// provider, message delivery and the rate limits.
#[derive(Clone)]
pub struct AppState {
    pub config: Arc<Config>,
    pub db: Db,
    pub payments: Arc<PaymentProvider>,
    /// The courier provider (`SHIPPING_PROVIDER`).
    pub shipping: Arc<Shipping>,
    pub mailer: Mailer,
    pub limits: Arc<Limits>,
    /// The password hashing queue.
    pub hasher: Arc<Hasher>,
    /// The one queue and memory budget of this process's heavy work:
    /// decoding artwork, thumbnails, print files, invoice PDFs, background removal.
    pub work: Arc<CpuQueue>,
    /// Models, colour images and artwork (local or S3).
    pub storage: Arc<Storage>,
    /// `GET /products` answers, kept until a product changes.
    pub catalogue: Arc<CatalogueCache>,
    /// Requests and payments counted for `/metrics`.
    pub metrics: Arc<Metrics>,
    /// Order updates by WhatsApp, SMS and e-mail (`core::notify`).
    pub notify: crate::whatsapp::notifier::Notifier,
    /// Set when a graceful shutdown begins: readiness answers 503 from then on.
    pub draining: Arc<AtomicBool>,
}
