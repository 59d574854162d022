//! The store's API server: poem + poem-openapi over sqlx (SQLite or
//! PostgreSQL), with every studio rule delegated to `design-engine`.

pub mod app;
pub mod auth;
pub mod config;
pub mod db;
pub mod envelope;
pub mod ids;
pub mod models;
pub mod payments;
pub mod pincodes;
pub mod routes;
pub mod state;

use std::sync::Arc;

use anyhow::Context;

/// Connects, migrates, seeds the built-in catalogue into an empty store.
pub async fn prepare(config: config::Config) -> anyhow::Result<state::AppState> {
    let db = db::connect(&config.database_url).await?;
    db::migrate(&db).await?;
    let seeded = db::products::seed_builtin(&db)
        .await
        .map_err(|e| anyhow::anyhow!("{e:?}"))
        .context("seeding the catalogue")?;
    if seeded > 0 {
        tracing::info!(seeded, "seeded the built-in catalogue");
    }
    Ok(state::AppState {
        payments: Arc::new(payments::PaymentProvider::from_config(&config.payments)),
        config: Arc::new(config),
        db,
    })
}

/// Promotes or creates an admin account (the `create-admin` subcommand).
pub async fn create_admin(
    state: &state::AppState,
    email: &str,
    name: &str,
) -> anyhow::Result<String> {
    let fail = |e: envelope::ApiError| anyhow::anyhow!("{e:?}");
    let email = routes::auth::normalise_email(email).map_err(fail)?;
    if let Some(user) = db::users::by_email(&state.db, &email).await.map_err(fail)? {
        db::users::set_role(&state.db, &user.id, "admin")
            .await
            .map_err(fail)?;
        return Ok(format!("{email} is now an admin"));
    }
    let new = db::users::NewUser {
        name: name.trim(),
        email: &email,
        phone: None,
        password_hash: None,
        role: "admin",
        verified: true,
    };
    db::users::create(&state.db, new).await.map_err(fail)?;
    Ok(format!(
        "created admin {email}; sign in with a code sent to that address"
    ))
}

/// Serves until SIGTERM or Ctrl-C, then finishes the requests in flight.
pub async fn serve(state: state::AppState) -> anyhow::Result<()> {
    let (addr, server) = start(state).await?;
    tracing::info!(%addr, "store listening on http://{addr}");
    server.await
}

/// Binds (port 0 picks a free port) and returns the bound address and the
/// running server, which stops gracefully on SIGTERM or Ctrl-C.
pub async fn start(
    state: state::AppState,
) -> anyhow::Result<(
    std::net::SocketAddr,
    impl std::future::Future<Output = anyhow::Result<()>>,
)> {
    use poem::listener::{Acceptor, Listener};
    let acceptor = poem::listener::TcpListener::bind(state.config.listen_addr)
        .into_acceptor()
        .await
        .with_context(|| format!("binding {}", state.config.listen_addr))?;
    let addr = acceptor
        .local_addr()
        .first()
        .and_then(|a| a.as_socket_addr().copied())
        .context("no local address")?;
    let server = async move {
        poem::Server::new_with_acceptor(acceptor)
            .run_with_graceful_shutdown(
                app::build(state),
                shutdown_signal(),
                Some(std::time::Duration::from_secs(10)),
            )
            .await
            .context("server")
    };
    Ok((addr, server))
}

async fn shutdown_signal() {
    let ctrl_c = async {
        let _ = tokio::signal::ctrl_c().await;
    };
    #[cfg(unix)]
    let term = async {
        if let Ok(mut s) = tokio::signal::unix::signal(tokio::signal::unix::SignalKind::terminate())
        {
            s.recv().await;
        }
    };
    #[cfg(not(unix))]
    let term = std::future::pending::<()>();
    tokio::select! { _ = ctrl_c => {}, _ = term => {} }
    tracing::info!("shutting down");
}
