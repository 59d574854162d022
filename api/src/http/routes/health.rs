use poem_openapi::payload::Json;
use poem_openapi::{Object, OpenApi};

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
