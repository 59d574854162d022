//! The numbers an operator watches, in Prometheus' text format (OpenMetrics,
//! `GET /metrics`): every metric's name and meaning is here, once.
//!
//! Two kinds. Events are counted as they happen, in [`Metrics`]: requests by
//! route template and status with their latency, payments by outcome. Levels
//! are read when Prometheus asks ([`Levels`]): the heavy-work queues, the
//! rate limits' refusals, the outbox, the refunds owed, the database pool.
//! Each server keeps its own registry (no global one), so each process, and
//! each test's server, counts for itself.

use prometheus_client::encoding::EncodeLabelSet;
use prometheus_client::encoding::text::{encode_eof, encode_registry};
use prometheus_client::metrics::counter::Counter;
use prometheus_client::metrics::family::Family;
use prometheus_client::metrics::gauge::Gauge;
use prometheus_client::metrics::histogram::Histogram;
use prometheus_client::metrics::info::Info;
use prometheus_client::registry::{Registry, Unit};

use crate::cpu_queue::QueueStats;

/// The content type of [`Metrics::render`]'s text.
pub const CONTENT_TYPE: &str = "application/openmetrics-text; version=1.0.0; charset=utf-8";

/// Request latency buckets, in seconds: from a cached read to a print file.
const LATENCY_BUCKETS: [f64; 12] = [
    0.002, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1.0, 2.5, 5.0, 10.0,
];

/// The route a request matched is a template (`/api/orders/{id}`), never the
/// path itself: one series per route, whatever a client sends.
#[derive(Clone, Debug, Hash, PartialEq, Eq, EncodeLabelSet)]
struct RouteLabels {
    method: &'static str,
    route: String,
}

#[derive(Clone, Debug, Hash, PartialEq, Eq, EncodeLabelSet)]
struct RequestLabels {
    method: &'static str,
    route: String,
    status: u16,
}

#[derive(Clone, Debug, Hash, PartialEq, Eq, EncodeLabelSet)]
struct PaymentLabels {
    via: &'static str,
    outcome: &'static str,
}

/// Where a payment was reported from.
#[derive(Clone, Copy, Debug)]
pub enum PaymentVia {
    /// The shopper's browser, after the provider's checkout.
    Browser,
    /// The provider's webhook.
    Webhook,
}

/// What became of a reported payment (`db::orders::Payment`, and refusals before it).
#[derive(Clone, Copy, Debug)]
pub enum PaymentOutcome {
    /// The order is paid and confirmed by this report.
    Confirmed,
    /// Paid before: nothing changed.
    AlreadyPaid,
    /// The order had been cancelled: the payment is refunded.
    PaidWhileCancelled,
    /// A second payment for one order: refunded.
    SecondPayment,
    /// A webhook event seen before.
    Duplicate,
    /// The provider's signature (or the amount) did not match: refused.
    Refused,
}

impl PaymentOutcome {
    fn label(self) -> &'static str {
        match self {
            PaymentOutcome::Confirmed => "confirmed",
            PaymentOutcome::AlreadyPaid => "already_paid",
            PaymentOutcome::PaidWhileCancelled => "paid_while_cancelled",
            PaymentOutcome::SecondPayment => "second_payment",
            PaymentOutcome::Duplicate => "duplicate",
            PaymentOutcome::Refused => "refused",
        }
    }
}

/// What is counted as it happens, kept for the process's life.
pub struct Metrics {
    registry: Registry,
    requests: Family<RequestLabels, Counter>,
    latency: Family<RouteLabels, Histogram, fn() -> Histogram>,
    payments: Family<PaymentLabels, Counter>,
}

impl Default for Metrics {
    fn default() -> Metrics {
        let mut registry = Registry::with_prefix("store");
        let requests = Family::<RequestLabels, Counter>::default();
        registry.register(
            "http_requests",
            "HTTP requests answered, by method, route template and status",
            requests.clone(),
        );
        let latency: Family<RouteLabels, Histogram, fn() -> Histogram> =
            Family::new_with_constructor(|| Histogram::new(LATENCY_BUCKETS));
        registry.register_with_unit(
            "http_request_duration",
            "Time to each response's head, by method and route template",
            Unit::Seconds,
            latency.clone(),
        );
        let payments = Family::<PaymentLabels, Counter>::default();
        registry.register(
            "payments",
            "Payments reported by the browser or the provider's webhook, by outcome",
            payments.clone(),
        );
        registry.register(
            "build",
            "The server's version",
            Info::new(vec![("version", env!("CARGO_PKG_VERSION"))]),
        );
        Metrics {
            registry,
            requests,
            latency,
            payments,
        }
    }
}

impl Metrics {
    /// Counts one answered request; `route` is the matched template.
    pub fn request(&self, method: &str, route: &str, status: u16, seconds: f64) {
        let method = known_method(method);
        let route = route.to_owned();
        self.latency
            .get_or_create(&RouteLabels {
                method,
                route: route.clone(),
            })
            .observe(seconds);
        self.requests
            .get_or_create(&RequestLabels {
                method,
                route,
                status,
            })
            .inc();
    }

    pub fn payment(&self, via: PaymentVia, outcome: PaymentOutcome) {
        let via = match via {
            PaymentVia::Browser => "browser",
            PaymentVia::Webhook => "webhook",
        };
        self.payments
            .get_or_create(&PaymentLabels {
                via,
                outcome: outcome.label(),
            })
            .inc();
    }

    /// The whole text Prometheus reads: these counts, then `levels`.
    pub fn render(&self, levels: &Levels) -> Result<String, std::fmt::Error> {
        let mut out = String::with_capacity(16 * 1024);
        encode_registry(&mut out, &self.registry)?;
        encode_registry(&mut out, &levels.registry())?;
        encode_eof(&mut out)?;
        Ok(out)
    }
}

/// A method as a label: the standard ones by name, anything else as `OTHER`
/// (a client may send any token).
fn known_method(method: &str) -> &'static str {
    const KNOWN: [&str; 7] = ["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS"];
    KNOWN.into_iter().find(|m| *m == method).unwrap_or("OTHER")
}

/// What is read when Prometheus asks.
#[derive(Debug, Default)]
pub struct Levels {
    /// Each heavy-work line by name: the shared one and password hashing's.
    pub queues: Vec<(&'static str, QueueStats)>,
    /// Requests refused by each rate limit (door) since the process started.
    pub rate_limited: Vec<(&'static str, u64)>,
    pub outbox: OutboxLevels,
    pub refunds_owed: RefundsOwed,
    pub pool: PoolLevels,
}

/// E-mails waiting for the relay, and the worker's failures.
#[derive(Debug, Default)]
pub struct OutboxLevels {
    pub waiting: i64,
    /// How long the oldest waiting e-mail has waited (0 when none).
    pub oldest_age_seconds: f64,
    /// Sends that failed for now and were put back (the relay was down, say).
    pub transient_failures: u64,
    /// Messages the relay refused for good (a malformed address), given up.
    pub undeliverable: u64,
}

/// Refunds decided but not yet made (the refunds worker takes them).
#[derive(Debug, Default)]
pub struct RefundsOwed {
    pub waiting: i64,
    pub oldest_age_seconds: f64,
}

/// The database pool: connections open, idle, and at most.
#[derive(Debug, Default)]
pub struct PoolLevels {
    pub open: u32,
    pub idle: u32,
    pub max: u32,
}

#[derive(Clone, Debug, Hash, PartialEq, Eq, EncodeLabelSet)]
struct QueueLabels {
    queue: &'static str,
}

#[derive(Clone, Debug, Hash, PartialEq, Eq, EncodeLabelSet)]
struct DoorLabels {
    door: &'static str,
}

#[derive(Clone, Debug, Hash, PartialEq, Eq, EncodeLabelSet)]
struct KindLabels {
    kind: &'static str,
}

#[derive(Clone, Debug, Hash, PartialEq, Eq, EncodeLabelSet)]
struct StateLabels {
    state: &'static str,
}

impl Levels {
    /// These levels as a registry of their own, made for one scrape.
    fn registry(&self) -> Registry {
        let mut registry = Registry::with_prefix("store");
        let queue_gauge =
            |registry: &mut Registry, name: &str, help: &str, value: fn(&QueueStats) -> i64| {
                let family = Family::<QueueLabels, Gauge>::default();
                for (queue, stats) in &self.queues {
                    family
                        .get_or_create(&QueueLabels { queue })
                        .set(value(stats));
                }
                registry.register(name, help, family);
            };
        queue_gauge(
            &mut registry,
            "work_running",
            "Heavy jobs running, by queue",
            |s| s.running as i64,
        );
        queue_gauge(
            &mut registry,
            "work_waiting",
            "Heavy jobs waiting their turn, by queue",
            |s| s.waiting as i64,
        );
        queue_gauge(
            &mut registry,
            "work_memory_held_bytes",
            "Memory the running and admitted jobs declared, by queue",
            |s| s.memory_held_bytes as i64,
        );
        let refused = Family::<QueueLabels, Counter>::default();
        for (queue, stats) in &self.queues {
            refused
                .get_or_create(&QueueLabels { queue })
                .inc_by(stats.refused);
        }
        registry.register(
            "work_refused",
            "Heavy jobs refused with 503 because their queue was full",
            refused,
        );
        let doors = Family::<DoorLabels, Counter>::default();
        for (door, n) in &self.rate_limited {
            doors.get_or_create(&DoorLabels { door }).inc_by(*n);
        }
        registry.register(
            "rate_limited",
            "Requests refused with 429, by rate limit",
            doors,
        );
        registry.register(
            "outbox_waiting",
            "E-mails waiting for the relay",
            int_gauge(self.outbox.waiting),
        );
        registry.register_with_unit(
            "outbox_oldest_age",
            "How long the oldest waiting e-mail has waited",
            Unit::Seconds,
            float_gauge(self.outbox.oldest_age_seconds),
        );
        let failures = Family::<KindLabels, Counter>::default();
        failures
            .get_or_create(&KindLabels { kind: "transient" })
            .inc_by(self.outbox.transient_failures);
        failures
            .get_or_create(&KindLabels {
                kind: "undeliverable",
            })
            .inc_by(self.outbox.undeliverable);
        registry.register(
            "outbox_failures",
            "E-mail sends that failed: for now (retried) or for good",
            failures,
        );
        registry.register(
            "refunds_owed",
            "Refunds decided and not yet made",
            int_gauge(self.refunds_owed.waiting),
        );
        registry.register_with_unit(
            "refunds_owed_oldest_age",
            "How long the oldest refund owed has waited",
            Unit::Seconds,
            float_gauge(self.refunds_owed.oldest_age_seconds),
        );
        let pool = Family::<StateLabels, Gauge>::default();
        let p = &self.pool;
        pool.get_or_create(&StateLabels { state: "idle" })
            .set(i64::from(p.idle));
        pool.get_or_create(&StateLabels { state: "in_use" })
            .set(i64::from(p.open.saturating_sub(p.idle)));
        registry.register(
            "db_connections",
            "The database pool's open connections, idle or in use",
            pool,
        );
        registry.register(
            "db_connections_max",
            "The most connections the pool opens",
            int_gauge(i64::from(p.max)),
        );
        registry
    }
}

fn float_gauge(value: f64) -> Gauge<f64, std::sync::atomic::AtomicU64> {
    let gauge = Gauge::<f64, std::sync::atomic::AtomicU64>::default();
    gauge.set(value);
    gauge
}

fn int_gauge(value: i64) -> Gauge {
    let gauge = Gauge::default();
    gauge.set(value);
    gauge
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn renders_openmetrics_with_templates_not_paths() {
        let metrics = Metrics::default();
        metrics.request("GET", "/api/orders/{id}", 200, 0.003);
        metrics.request("BREW", "/api/orders/{id}", 404, 0.001);
        metrics.payment(PaymentVia::Browser, PaymentOutcome::Confirmed);
        let levels = Levels {
            queues: vec![(
                "heavy_work",
                QueueStats {
                    running: 1,
                    waiting: 2,
                    memory_held_bytes: 3 << 20,
                    refused: 4,
                },
            )],
            rate_limited: vec![("LoginClient", 5)],
            ..Levels::default()
        };
        let text = metrics.render(&levels).unwrap();
        for line in [
            r#"store_http_requests_total{method="GET",route="/api/orders/{id}",status="200"} 1"#,
            r#"store_http_requests_total{method="OTHER",route="/api/orders/{id}",status="404"} 1"#,
            r#"store_http_request_duration_seconds_bucket{le="0.005",method="GET",route="/api/orders/{id}"} 1"#,
            r#"store_payments_total{via="browser",outcome="confirmed"} 1"#,
            r#"store_work_waiting{queue="heavy_work"} 2"#,
            r#"store_work_refused_total{queue="heavy_work"} 4"#,
            r#"store_rate_limited_total{door="LoginClient"} 5"#,
            "store_outbox_waiting 0",
        ] {
            assert!(text.contains(line), "{line} in:\n{text}");
        }
        assert!(text.ends_with("# EOF\n"), "{text}");
        assert_eq!(text.matches("# EOF").count(), 1);
    }
}
