use std::sync::Arc;

use crate::config::Config;
use crate::db::Db;
use crate::payments::PaymentProvider;

/// What every handler shares: configuration, the database pool and the
/// payment provider.
#[derive(Clone)]
pub struct AppState {
    pub config: Arc<Config>,
    pub db: Db,
    pub payments: Arc<PaymentProvider>,
}
