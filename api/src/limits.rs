//! Rate limits on the doors an attacker knocks on (sign-in, sign-up, codes,
//! password reset), kept in memory per instance: one GCRA bucket per client
//! address and per account or target, so guessing and flooding stop while one
//! shopper's typos never lock out another. Also the client address itself,
//! which is the socket's unless a trusted proxy forwarded it.

use std::net::IpAddr;
use std::num::NonZeroU32;
use std::time::Duration;

use governor::clock::{Clock, DefaultClock};
use governor::{DefaultKeyedRateLimiter, Quota};
use poem::Request;

use crate::config::Config;
use crate::envelope::ApiError;

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
        }
    }

    const ALL: [Door; 10] = [
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
    ];
}

pub struct Limits {
    doors: Vec<(Door, DefaultKeyedRateLimiter<String>)>,
}

impl Default for Limits {
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
        Limits { doors }
    }
}

impl Limits {
    /// Limits so high they never answer 429: for tests that measure another
    /// guard (the attempt counter of a code) without these in the way.
    pub fn unlimited() -> Limits {
        let quota = Quota::per_second(NonZeroU32::MAX);
        Limits {
            doors: Door::ALL
                .into_iter()
                .map(|d| (d, DefaultKeyedRateLimiter::keyed(quota)))
                .collect(),
        }
    }

    /// Takes one try at `door` for `key`, or says when to come back (429, `Retry-After`).
    pub fn check(&self, door: Door, key: &str) -> Result<(), ApiError> {
        let (_, limiter) = self
            .doors
            .iter()
            .find(|(d, _)| *d == door)
            .expect("every door has a limiter");
        limiter.check_key(&key.to_string()).map_err(|not_until| {
            let wait = not_until.wait_time_from(DefaultClock::default().now());
            tracing::warn!(?door, "rate limited");
            ApiError::too_many(
                "Too many attempts. Please wait a little and try again.",
                wait.as_secs() + 1,
            )
        })
    }

    /// Forgets buckets that are full again, so memory follows the recent callers only.
    pub fn forget_idle(&self) {
        for (_, limiter) in &self.doors {
            limiter.retain_recent();
            limiter.shrink_to_fit();
        }
    }
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

/// The client address as a key ("unknown" for a non-IP transport).
pub fn client_key(req: &Request, config: &Config) -> String {
    client_ip(req, config)
        .map(|ip| ip.to_string())
        .unwrap_or_else(|| "unknown".into())
}
