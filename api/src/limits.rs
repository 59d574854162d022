//! Rate limits and failure budgets on the doors an attacker knocks on
//! (sign-in, sign-up, codes, password reset, uploads, design saves, orders,
//! complaints):
//! one GCRA bucket per door and key (a client address, an account, a target),
//! so guessing and flooding stop while one shopper's typos never lock out
//! another. Also the client address itself, which is the socket's unless a
//! trusted proxy forwarded it.
//!
//! Where the buckets live follows the database: with PostgreSQL they are rows
//! of `rate_limits`, so several API processes on one database enforce one
//! budget, timed by the database's clock (`db::clock`) so that processes
//! whose clocks differ still agree; with SQLite (one process) they stay in
//! memory, on the process's clock.

use std::net::{IpAddr, Ipv6Addr};
use std::num::NonZeroU32;
use std::sync::atomic::{AtomicU64, Ordering};
use std::time::Duration;

use governor::clock::{Clock, DefaultClock};
use governor::{DefaultKeyedRateLimiter, Quota};
use poem::Request;
use sha2::{Digest, Sha256};

use crate::config::Config;
use crate::db::Db;
use crate::db::clock::PG_NOW_MS;
use crate::error::Failure;

/// What is being limited; each has its own buckets and quota.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Door {
    /// Password sign-in from one client address.
    LoginClient,
    /// Password sign-in to one account from one client address (typos).
    LoginAccountClient,
    /// Password sign-in to one account from anywhere (distributed guessing).
    LoginAccount,
    Register,
    /// Code and link checks (e-mail and phone codes, verify-email, reset) from one client.
    VerifyClient,
    /// Code checks for one address from anywhere.
    VerifyTarget,
    /// Reset links requested from one client.
    ForgotClient,
    /// Reset links sent to one address (an inbox is not to be flooded).
    ForgotTarget,
    /// New pictures stored for one shopper (each up to 5 MB, kept a day even
    /// unused): storage is not to be flooded.
    ArtworkUser,
    /// Background removals for one client address (each keeps a core busy).
    BackgroundClient,
    /// Designs saved or changed by one shopper (each draws a thumbnail).
    DesignUser,
    /// Orders created by one shopper (each asks the payment provider for an order).
    CreateOrderUser,
    /// Newsletter sign-ups and confirmations from one client address.
    NewsletterClient,
    /// Newsletter confirmation e-mails sent to one address (an inbox is not to be flooded).
    NewsletterAddress,
    /// Second-factor codes (TOTP or recovery) for one account, from anywhere.
    SecondFactorAccount,
    /// Public order tracking (order number and e-mail) from one client address.
    TrackClient,
    /// Public order tracking of one order number from anywhere (guessing its e-mail).
    TrackOrder,
    /// Delivery estimates from one client address (each may ask the courier).
    EstimateClient,
    /// Complaints filed from one client address.
    TicketClient,
    /// Complaints filed with one e-mail address (each e-mails it an acknowledgement).
    TicketAddress,
    /// Complaint lookups (number and e-mail) from one client address.
    TicketLookupClient,
    /// Lookups of one complaint number from anywhere (guessing its e-mail).
    TicketLookupNumber,
    /// Replies to their complaints by one customer.
    TicketReplyUser,
    /// Coupon codes tried on one shopper's cart (guessing codes).
    CouponUser,
    /// Quotes accepted (or tried) by one customer (each writes a cart line).
    QuoteAcceptUser,
}

impl Door {
    /// (burst, one more every) for each door.
    fn quota(self) -> (u32, Duration) {
        let s = Duration::from_secs;
        match self {
            Door::LoginClient => (20, s(15)),
            Door::LoginAccountClient => (10, s(60)),
            Door::LoginAccount => (50, s(20)),
            Door::Register => (10, s(60)),
            Door::VerifyClient => (30, s(10)),
            Door::VerifyTarget => (20, s(30)),
            Door::ForgotClient => (5, s(60)),
            Door::ForgotTarget => (3, s(300)),
            Door::ArtworkUser => (60, s(30)),
            Door::BackgroundClient => (20, s(3)),
            Door::DesignUser => (30, s(4)),
            Door::CreateOrderUser => (20, s(30)),
            Door::NewsletterClient => (10, s(60)),
            Door::NewsletterAddress => (3, s(600)),
            Door::SecondFactorAccount => (5, s(300)),
            Door::TrackClient => (20, s(30)),
            Door::TrackOrder => (10, s(60)),
            Door::EstimateClient => (30, s(2)),
            Door::TicketClient => (10, s(60)),
            Door::TicketAddress => (5, s(600)),
            Door::TicketLookupClient => (20, s(30)),
            Door::TicketLookupNumber => (10, s(60)),
            Door::TicketReplyUser => (20, s(30)),
            Door::CouponUser => (10, s(30)),
            Door::QuoteAcceptUser => (10, s(30)),
        }
    }

    const ALL: [Door; 25] = [
        Door::LoginClient,
        Door::LoginAccountClient,
        Door::LoginAccount,
        Door::Register,
        Door::VerifyClient,
        Door::VerifyTarget,
        Door::ArtworkUser,
        Door::BackgroundClient,
        Door::ForgotClient,
        Door::ForgotTarget,
        Door::DesignUser,
        Door::CreateOrderUser,
        Door::NewsletterClient,
        Door::NewsletterAddress,
        Door::SecondFactorAccount,
        Door::TrackClient,
        Door::TrackOrder,
        Door::EstimateClient,
        Door::TicketClient,
        Door::TicketAddress,
        Door::TicketLookupClient,
        Door::TicketLookupNumber,
        Door::TicketReplyUser,
        Door::CouponUser,
        Door::QuoteAcceptUser,
    ];

    /// The door's name in the database.
    fn name(self) -> String {
        format!("{self:?}")
    }

    /// The door's name in `/metrics`.
    fn label(self) -> &'static str {
        match self {
            Door::LoginClient => "login_client",
            Door::LoginAccountClient => "login_account_client",
            Door::LoginAccount => "login_account",
            Door::Register => "register",
            Door::VerifyClient => "verify_client",
            Door::VerifyTarget => "verify_target",
            Door::ForgotClient => "forgot_client",
            Door::ForgotTarget => "forgot_target",
            Door::ArtworkUser => "artwork_user",
            Door::BackgroundClient => "background_client",
            Door::DesignUser => "design_user",
            Door::CreateOrderUser => "create_order_user",
            Door::NewsletterClient => "newsletter_client",
            Door::NewsletterAddress => "newsletter_address",
            Door::SecondFactorAccount => "second_factor_account",
            Door::TrackClient => "track_client",
            Door::TrackOrder => "track_order",
            Door::EstimateClient => "estimate_client",
            Door::TicketClient => "ticket_client",
            Door::TicketAddress => "ticket_address",
            Door::TicketLookupClient => "ticket_lookup_client",
            Door::TicketLookupNumber => "ticket_lookup_number",
            Door::TicketReplyUser => "ticket_reply_user",
            Door::CouponUser => "coupon_user",
            Door::QuoteAcceptUser => "quote_accept_user",
        }
    }
}

/// Where the buckets are kept.
enum Buckets {
    Memory(Vec<(Door, DefaultKeyedRateLimiter<String>)>),
    /// PostgreSQL's `rate_limits`: shared by every process on the database.
    Database(Db),
    /// Never limits (tests that measure another guard).
    Unlimited,
}

pub struct Limits {
    buckets: Buckets,
    /// Refusals per door (in `Door::ALL`'s order) since the process started.
    refused: [AtomicU64; Door::ALL.len()],
}

impl Default for Limits {
    /// In memory, for one process.
    fn default() -> Limits {
        let doors = Door::ALL
            .into_iter()
            .map(|d| {
                let (burst, every) = d.quota();
                let quota = Quota::with_period(every)
                    .expect("non-zero period")
                    .allow_burst(NonZeroU32::new(burst).expect("non-zero burst"));
                (d, DefaultKeyedRateLimiter::keyed(quota))
            })
            .collect();
        Limits::over(Buckets::Memory(doors))
    }
}

fn too_many(door: Door, wait: Duration) -> Failure {
    tracing::warn!(?door, "rate limited");
    Failure::too_many(
        "Too many attempts. Please wait a little and try again.",
        wait.as_secs() + 1,
    )
}

impl Limits {
    fn over(buckets: Buckets) -> Limits {
        Limits {
            buckets,
            refused: std::array::from_fn(|_| AtomicU64::new(0)),
        }
    }

    /// Each door's name and how many tries it refused since the process started (`/metrics`).
    pub fn refusals(&self) -> Vec<(&'static str, u64)> {
        Door::ALL
            .iter()
            .zip(&self.refused)
            .map(|(door, n)| (door.label(), n.load(Ordering::Relaxed)))
            .collect()
    }

    /// The limits for a store on `db`: in the database when it is PostgreSQL
    /// (several processes share it), in memory for SQLite (one process).
    pub fn for_database(db: &Db) -> Limits {
        if db.connect_options().database_url.scheme() == "sqlite" {
            Limits::default()
        } else {
            Limits::over(Buckets::Database(db.clone()))
        }
    }

    /// Limits that never answer 429: for tests that measure another guard
    /// (the attempt counter of a code) without these in the way.
    pub fn unlimited() -> Limits {
        Limits::over(Buckets::Unlimited)
    }

    /// Takes one try at `door` for `key`, or says when to come back (429, `Retry-After`).
    pub async fn check(&self, door: Door, key: &str) -> Result<(), Failure> {
        let checked = self.check_bucket(door, key).await;
        if checked
            .as_ref()
            .is_err_and(|e| e.kind == crate::error::Kind::TooMany)
            && let Some(i) = Door::ALL.iter().position(|d| *d == door)
        {
            self.refused[i].fetch_add(1, Ordering::Relaxed);
        }
        checked
    }

    async fn check_bucket(&self, door: Door, key: &str) -> Result<(), Failure> {
        match &self.buckets {
            Buckets::Unlimited => Ok(()),
            Buckets::Memory(doors) => {
                let (_, limiter) = doors
                    .iter()
                    .find(|(d, _)| *d == door)
                    .expect("every door has a limiter");
                limiter.check_key(&key.to_string()).map_err(|not_until| {
                    too_many(
                        door,
                        not_until.wait_time_from(DefaultClock::default().now()),
                    )
                })
            }
            Buckets::Database(db) => check_in_database(db, door, key).await,
        }
    }

    /// Forgets buckets that are full again, so memory (or the table) follows
    /// the recent callers only.
    pub async fn forget_idle(&self) {
        match &self.buckets {
            Buckets::Unlimited => {}
            Buckets::Memory(doors) => {
                for (_, limiter) in doors {
                    limiter.retain_recent();
                    limiter.shrink_to_fit();
                }
            }
            Buckets::Database(db) => {
                // A bucket whose arrival time has passed is full again: the same as no row.
                let sql = format!("DELETE FROM rate_limits WHERE tat < {PG_NOW_MS}");
                if let Err(e) = sqlx::query(&sql).execute(db).await {
                    tracing::warn!(error = %e, "forgetting idle rate limits failed");
                }
            }
        }
    }
}

/// GCRA in one statement: the bucket's theoretical arrival time moves on by
/// one period per try, and a try that would move it further than the burst
/// allows changes nothing and returns no row. Atomic across processes, and
/// timed by the database's clock (`now` below), which they all share.
async fn check_in_database(db: &Db, door: Door, key: &str) -> Result<(), Failure> {
    let (burst, every) = door.quota();
    let period = every.as_millis() as i64;
    let name = door.name();
    let key = hex::encode(Sha256::digest(key.as_bytes()));
    // A new row's `tat` is now + period, so `excluded.tat - $3` is the database's now.
    let sql = format!(
        "INSERT INTO rate_limits (door, key, tat) VALUES ($1, $2, {PG_NOW_MS} + $3) \
         ON CONFLICT (door, key) DO UPDATE SET tat = GREATEST(rate_limits.tat, excluded.tat - $3) + $3 \
         WHERE GREATEST(rate_limits.tat, excluded.tat - $3) + $3 - (excluded.tat - $3) <= $4 \
         RETURNING tat"
    );
    let taken = sqlx::query(&sql)
        .bind(&name)
        .bind(&key)
        .bind(period)
        .bind(i64::from(burst) * period)
        .fetch_optional(db)
        .await
        .map_err(Failure::internal)?;
    if taken.is_some() {
        return Ok(());
    }
    let sql =
        format!("SELECT {PG_NOW_MS}, (SELECT tat FROM rate_limits WHERE door = $1 AND key = $2)");
    let (now, tat): (i64, Option<i64>) = sqlx::query_as(&sql)
        .bind(&name)
        .bind(&key)
        .fetch_one(db)
        .await
        .map_err(Failure::internal)?;
    let wait = tat.unwrap_or(now) - now - i64::from(burst - 1) * period;
    Err(too_many(door, Duration::from_millis(wait.max(0) as u64)))
}

/// The client's address: the socket's, or, when the socket is a trusted proxy,
/// the last address in `X-Forwarded-For` that is not itself a trusted proxy.
pub fn client_ip(req: &Request, config: &Config) -> Option<IpAddr> {
    let peer = req.remote_addr().as_socket_addr().map(|a| a.ip())?;
    if !config.trusted_proxies.contains(&peer) {
        return Some(peer);
    }
    let forwarded = req
        .headers()
        .get_all("x-forwarded-for")
        .iter()
        .filter_map(|v| v.to_str().ok())
        .flat_map(|v| v.split(','))
        .filter_map(|a| a.trim().parse::<IpAddr>().ok())
        .collect::<Vec<_>>();
    Some(
        forwarded
            .into_iter()
            .rev()
            .find(|a| !config.trusted_proxies.contains(a))
            .unwrap_or(peer),
    )
}

/// The client as a key ("unknown" for a non-IP transport). An IPv6 client
/// counts by its /64: one subscriber is usually given a whole /64, and would
/// otherwise have 2^64 fresh buckets to rotate through.
pub fn client_key(req: &Request, config: &Config) -> String {
    client_ip(req, config)
        .map(ip_key)
        .unwrap_or_else(|| "unknown".into())
}

fn ip_key(ip: IpAddr) -> String {
    match ip {
        IpAddr::V6(v6) => match v6.to_ipv4_mapped() {
            Some(v4) => v4.to_string(),
            None => {
                let s = v6.segments();
                format!("{}/64", Ipv6Addr::new(s[0], s[1], s[2], s[3], 0, 0, 0, 0))
            }
        },
        IpAddr::V4(v4) => v4.to_string(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ipv6_clients_count_by_their_64() {
        let a: IpAddr = "2001:db8:1:2:aaaa::1".parse().unwrap();
        let b: IpAddr = "2001:db8:1:2:ffff:1:2:3".parse().unwrap();
        let other: IpAddr = "2001:db8:1:3::1".parse().unwrap();
        assert_eq!(ip_key(a), "2001:db8:1:2::/64");
        assert_eq!(ip_key(a), ip_key(b));
        assert_ne!(ip_key(a), ip_key(other));
        assert_eq!(ip_key("::ffff:10.1.2.3".parse().unwrap()), "10.1.2.3");
        assert_eq!(ip_key("10.1.2.3".parse().unwrap()), "10.1.2.3");
    }

    #[tokio::test]
    async fn memory_buckets_refuse_after_the_burst() {
        let limits = Limits::default();
        for _ in 0..3 {
            limits.check(Door::ForgotTarget, "a").await.unwrap();
        }
        let refused = limits.check(Door::ForgotTarget, "a").await.unwrap_err();
        assert!(
            refused.kind == crate::error::Kind::TooMany
                && refused.retry_after.is_some_and(|wait| wait > 1)
        );
        limits.check(Door::ForgotTarget, "b").await.unwrap();
        let refusals = limits.refusals();
        assert!(refusals.contains(&("forgot_target", 1)), "{refusals:?}");
        assert!(refusals.contains(&("login_client", 0)), "{refusals:?}");
    }
}
