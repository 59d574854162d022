use std::sync::Arc;

use crate::config::Config;
use crate::db::Db;

/// What every handler shares: configuration and the database pool.
#[derive(Clone)]
pub struct AppState {
    pub config: Arc<Config>,
    pub db: Db,
}
