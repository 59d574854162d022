use std::sync::atomic::Ordering;
use std::time::Duration;

use poem_openapi::payload::Json;
use poem_openapi::{ApiResponse, Object, OpenApi};

use super::Tag;
use crate::http::envelope::Envelope;
use crate::http::error::ApiResult;
use crate::http::fails::Fails;
use crate::http::fails::status::*;
use poem::web::Data;

use crate::state::AppState;

#[derive(Object)]
pub struct Health {
    /// `ok` when the database answers.
    pub status: String,
    /// `sqlite` or `postgres`.
    pub database: String,
    pub version: String,
}

/// Whether the database answers; shared by `/health` and `/cart/health`.
pub async fn check(state: &AppState) -> ApiResult<Health> {
    sqlx::query("SELECT 1").execute(&state.db).await?;
    Ok(Health {
        status: "ok".into(),
        database: if crate::db::is_sqlite(&state.config.database_url) {
            "sqlite"
        } else {
            "postgres"
        }
        .into(),
        version: env!("CARGO_PKG_VERSION").into(),
    })
}

/// Whether this server should be sent requests, and each thing that decides it.
#[derive(Object)]
pub struct Readiness {
    pub ready: bool,
    /// The database answers.
    pub database: bool,
    /// Every migration this server knows is applied.
    pub migrations: bool,
    /// Local files can be written, or S3's buckets answer.
    pub storage: bool,
    /// A graceful shutdown has begun: the server finishes what it has and stops.
    pub draining: bool,
}

#[derive(ApiResponse)]
pub enum ReadyResponse {
    /// Ready for requests.
    #[oai(status = 200)]
    Ready(Json<Envelope<Readiness>>),
    /// Not ready: the data says what is wrong (the log says why).
    #[oai(status = 503)]
    NotReady(Json<Envelope<Readiness>>),
}

/// Each check gets this long: a load balancer's probe must not hang.
const CHECK_TIMEOUT: Duration = Duration::from_secs(3);

/// Runs one readiness check within [`CHECK_TIMEOUT`], logging why it failed.
async fn passes<E: std::fmt::Display>(
    what: &str,
    check: impl std::future::Future<Output = Result<bool, E>>,
) -> bool {
    match tokio::time::timeout(CHECK_TIMEOUT, check).await {
        Ok(Ok(ok)) => ok,
        Ok(Err(e)) => {
            tracing::warn!(error = %e, "readiness: {what} failed");
            false
        }
        Err(_) => {
            tracing::warn!("readiness: {what} took over {CHECK_TIMEOUT:?}");
            false
        }
    }
}

pub async fn readiness(state: &AppState) -> Readiness {
    let draining = state.draining.load(Ordering::Acquire);
    let database = passes("the database", async {
        sqlx::query("SELECT 1")
            .execute(&state.db)
            .await
            .map(|_| true)
    })
    .await;
    let migrations = database
        && passes("the migrations", async {
            crate::db::pending_migrations(&state.db)
                .await
                .map(|n| n == 0)
        })
        .await;
    let storage = passes("the storage", async {
        state.storage.ready().await.map(|()| true)
    })
    .await;
    Readiness {
        ready: database && migrations && storage && !draining,
        database,
        migrations,
        storage,
        draining,
    }
}

pub struct HealthApi;

#[OpenApi(tag = "Tag::Health")]
impl HealthApi {
    /// Availability check (the client gives it 3 s).
    #[oai(path = "/health", method = "get")]
    async fn health(
        &self,
        state: Data<&AppState>,
    ) -> Result<Json<Envelope<Health>>, Fails<{ ANY }>> {
        Ok(Envelope::ok("OK", check(&state).await?))
    }

    /// Readiness for a load balancer: 200 only when the database answers, its
    /// migrations are current, storage is writable (or S3 answers) and no
    /// graceful shutdown has begun (then 503 first, while requests in flight finish).
    #[oai(path = "/health/ready", method = "get")]
    async fn ready(&self, state: Data<&AppState>) -> ReadyResponse {
        let readiness = readiness(&state).await;
        if readiness.ready {
            ReadyResponse::Ready(Envelope::ok("Ready", readiness))
        } else {
            ReadyResponse::NotReady(Json(Envelope {
                success: false,
                message: "Not ready".into(),
                data: readiness,
            }))
        }
    }

    /// The cart service's availability check (the cart lives in the same database).
    #[oai(path = "/cart/health", method = "get")]
    async fn cart_health(
        &self,
        state: Data<&AppState>,
    ) -> Result<Json<Envelope<Health>>, Fails<{ ANY }>> {
        Ok(Envelope::ok(
            "Cart service is available",
            check(&state).await?,
        ))
    }
}
