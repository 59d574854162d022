//! `GET /metrics`: the server's numbers in Prometheus' text format, for a
//! scraper on this machine, or elsewhere with `METRICS_TOKEN` as a bearer
//! token; anyone else gets 403. Not part of the OpenAPI contract (it is not JSON).

use poem::http::StatusCode;
use poem::http::header::{AUTHORIZATION, CACHE_CONTROL, CONTENT_TYPE};
use poem::web::Data;
use poem::{IntoResponse, Request, Response, handler};
use subtle::ConstantTimeEq;

use crate::db::{now_ms, outbox, refunds_owed};
use crate::http::guards;
use crate::metrics::{Levels, OutboxLevels, PoolLevels, RefundsOwed};
use crate::state::AppState;

#[handler]
pub async fn scrape(req: &Request, state: Data<&AppState>) -> Response {
    if !allowed(req, &state) {
        tracing::warn!("metrics asked without the token from another machine: refused");
        return (
            StatusCode::FORBIDDEN,
            "Metrics are served to this machine, or with the metrics token",
        )
            .into_response();
    }
    let text = match levels(&state).await {
        Ok(levels) => state.metrics.render(&levels),
        Err(e) => {
            tracing::error!(error = %e, "reading the metrics' levels failed");
            return StatusCode::SERVICE_UNAVAILABLE.into_response();
        }
    };
    match text {
        Ok(text) => Response::builder()
            .header(CONTENT_TYPE, crate::metrics::CONTENT_TYPE)
            .header(CACHE_CONTROL, "no-store")
            .body(text),
        Err(_) => StatusCode::INTERNAL_SERVER_ERROR.into_response(),
    }
}

/// This machine, or the configured token (compared in constant time).
fn allowed(req: &Request, state: &AppState) -> bool {
    if guards::from_this_machine(req) {
        return true;
    }
    let Some(token) = &state.config.metrics_token else {
        return false;
    };
    req.headers()
        .get(AUTHORIZATION)
        .and_then(|v| v.to_str().ok())
        .and_then(|v| v.strip_prefix("Bearer "))
        .is_some_and(|given| bool::from(given.as_bytes().ct_eq(token.expose().as_bytes())))
}

/// What is read at each scrape: the queues, the limits, the outbox, the refunds owed, the pool.
async fn levels(state: &AppState) -> anyhow::Result<Levels> {
    let now = now_ms();
    let age = |oldest: Option<i64>| oldest.map_or(0.0, |t| (now - t).max(0) as f64 / 1000.0);
    let (waiting, oldest) = outbox::waiting(&state.db).await?;
    let (transient_failures, undeliverable) = state.mailer.failures();
    let (owed, oldest_owed) = refunds_owed::waiting(&state.db).await?;
    Ok(Levels {
        queues: vec![
            ("heavy_work", state.work.stats()),
            ("password_hashing", state.hasher.stats()),
        ],
        rate_limited: state.limits.refusals(),
        outbox: OutboxLevels {
            waiting,
            oldest_age_seconds: age(oldest),
            transient_failures,
            undeliverable,
        },
        refunds_owed: RefundsOwed {
            waiting: owed,
            oldest_age_seconds: age(oldest_owed),
        },
        pool: PoolLevels {
            open: state.db.size(),
            idle: state.db.num_idle() as u32,
            max: state.db.options().get_max_connections(),
        },
    })
}
