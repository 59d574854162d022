//! The store's API server: poem + poem-openapi over sqlx (SQLite or
//! PostgreSQL), with every studio rule delegated to `design-engine`.

pub mod backup;
pub mod catalogue_cache;
pub mod config;
pub mod core;
pub mod cpu_queue;
pub mod db;
pub mod domain;
pub mod env;
pub mod error;
pub mod http;
pub mod ids;
pub mod limits;
pub mod log_mask;
pub mod mail;
pub mod metrics;
pub mod passwords;
pub mod payments;
pub mod shipping;
pub mod sms;
pub mod state;
pub mod storage;
pub mod sweeper;
pub mod whatsapp;

use std::sync::Arc;

use anyhow::Context;

/// Connects, migrates, seeds the built-in catalogue into an empty store.
pub async fn prepare(config: config::Config) -> anyhow::Result<state::AppState> {
    let db = db::connect(&config.database_url, config.database_connections).await?;
    db::migrate(&db).await?;
    let seeded = db::products::seed_builtin(&db)
        .await
        .map_err(|e| anyhow::anyhow!("{e:?}"))
        .context("seeding the catalogue")?;
    if seeded > 0 {
        tracing::info!(seeded, "seeded the built-in catalogue");
    }
    if config.test_providers {
        tracing::warn!(
            "TEST_PROVIDERS=on: DEV MODE. Sign-in codes are readable at /api/dev/outbox (loopback only) \
             and the test payment provider takes no real money. Never expose this server."
        );
    }
    let storage = Arc::new(
        storage::Storage::open(&config.storage, &config.data_dir, &config.jwt_secret).await?,
    );
    Ok(state::AppState {
        storage,
        payments: Arc::new(payments::PaymentProvider::from_config(&config.payments)),
        shipping: Arc::new(shipping::Shipping::from_config(config.shipping.clone())),
        mailer: mail::Mailer::new(
            db.clone(),
            config.test_providers,
            config.smtp.as_ref(),
            &config.sms,
        )?,
        limits: Arc::new(limits::Limits::for_database(&db)),
        hasher: Arc::new(passwords::Hasher::default()),
        work: Arc::new(cpu_queue::CpuQueue::for_heavy_work()),
        catalogue: Arc::default(),
        metrics: Arc::default(),
        draining: Arc::default(),
        notify: whatsapp::notifier::Notifier::new(
            &config.whatsapp,
            &config.sms,
            config.test_providers,
        ),
        config: Arc::new(config),
        db,
    })
}

/// Promotes or creates an admin account (the `create-admin` subcommand); the
/// outcome says how the admin signs in, second factor included.
pub async fn create_admin(
    state: &state::AppState,
    email: &str,
    name: &str,
) -> anyhow::Result<String> {
    let fail = |e: error::Failure| anyhow::anyhow!("{e:?}");
    let email = domain::Email::parse(email).map_err(fail)?.into_string();
    let second_factor = if state.config.admin_totp {
        "\nAdmins sign in with a second factor. On the first sign-in the store shows a QR code to scan \
         with an authenticator app (any TOTP app: Google Authenticator, Microsoft Authenticator, \
         1Password, Aegis...), its secret as text for typing in by hand, and ten one-time recovery \
         codes to keep somewhere safe; entering the app's first 6-digit code finishes the set-up. \
         Every later sign-in asks for the app's current code, or one of the recovery codes. \
         If the app and the codes are lost: `api reset-second-factor --email ...`, then set it up again."
    } else {
        "\nSecond factors are off here (ADMIN_TOTP=off, or TEST_PROVIDERS=on): admins sign in without one."
    };
    if let Some(user) = db::users::by_email(&state.db, &email).await? {
        // Whoever registered an unproven address may not be its owner.
        anyhow::ensure!(
            user.is_verified != 0,
            "{email} has not been verified: its owner must first sign in with a code sent to it"
        );
        db::users::set_role(&state.db, &user.id, domain::Role::Admin).await?;
        return Ok(format!("{email} is now an admin{second_factor}"));
    }
    let new = db::users::NewUser {
        name: name.trim(),
        email: &email,
        phone: None,
        phone_verified: false,
        password_hash: None,
        role: domain::Role::Admin,
        verified: true,
        language: domain::Language::En,
    };
    db::users::create(&state.db, new).await?;
    Ok(format!(
        "created admin {email}; sign in with a code sent to that address{second_factor}"
    ))
}

/// Removes an admin's second factor and recovery codes, its lock and count of
/// wrong codes, and ends their sessions (the `reset-second-factor` subcommand,
/// for a lost phone): the next sign-in sets up an authenticator app again.
pub async fn reset_second_factor(state: &state::AppState, email: &str) -> anyhow::Result<String> {
    let fail = |e: error::Failure| anyhow::anyhow!("{e:?}");
    let email = domain::Email::parse(email).map_err(fail)?.into_string();
    let user = db::users::by_email(&state.db, &email)
        .await?
        .ok_or_else(|| anyhow::anyhow!("no account for {email}"))?;
    db::second_factor::remove(&state.db, &user.id).await?;
    Ok(format!(
        "{email}: second factor, recovery codes and any lock removed, sessions ended; the next sign-in sets up an authenticator app again"
    ))
}

/// Unlocks an admin's second factor locked after wrong codes and clears its
/// count, keeping the authenticator app (`reset-second-factor --unlock`).
pub async fn unlock_second_factor(state: &state::AppState, email: &str) -> anyhow::Result<String> {
    let fail = |e: error::Failure| anyhow::anyhow!("{e:?}");
    let email = domain::Email::parse(email).map_err(fail)?.into_string();
    let user = db::users::by_email(&state.db, &email)
        .await?
        .ok_or_else(|| anyhow::anyhow!("no account for {email}"))?;
    let was_locked = db::second_factor::unlock(&state.db, &user.id).await?;
    Ok(if was_locked {
        format!(
            "{email}: second factor unlocked and its count of wrong codes cleared; the authenticator app is kept"
        )
    } else {
        format!("{email}: second factor was not locked; its count of wrong codes is cleared")
    })
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
    let db = state.db.clone();
    tokio::spawn(mail::run_outbox_worker(state.mailer.clone(), move |a| {
        crate::core::documents::tax_pdf::attachment(db.clone(), a)
    }));
    tokio::spawn(sweeper::run(state.clone()));
    tokio::spawn(crate::core::notify::worker::run(state.clone()));
    tokio::spawn(crate::core::groups::run(state.clone()));
    tokio::spawn(crate::core::support::digest::run(state.clone()));
    tokio::spawn(crate::core::backups::run(state.clone()));
    tokio::spawn(crate::core::checkout::refunds::run(state.clone()));
    tokio::spawn(crate::core::fulfilment::courier_updates::run(state.clone()));
    tokio::spawn(db::checkpoint_wal(state.db.clone()));
    tokio::spawn(db::stock::keep(state.db.clone()));
    tokio::spawn(state.catalogue.clone().watch(state.db.clone()));
    let limits = state.limits.clone();
    tokio::spawn(async move {
        loop {
            tokio::time::sleep(std::time::Duration::from_secs(60)).await;
            limits.forget_idle().await;
        }
    });
    let draining = state.draining.clone();
    let drain = std::time::Duration::from_secs(state.config.drain_seconds);
    let stopping = async move {
        shutdown_signal().await;
        // Readiness answers 503 from now on; requests are still served while a
        // load balancer notices, then the server stops taking connections.
        draining.store(true, std::sync::atomic::Ordering::Release);
        if !drain.is_zero() {
            tracing::info!(
                seconds = drain.as_secs(),
                "draining before the server stops"
            );
            tokio::time::sleep(drain).await;
        }
    };
    let server = async move {
        // Connections that go quiet are closed (a slow client cannot hold one for ever).
        poem::Server::new_with_acceptor(acceptor)
            .idle_timeout(std::time::Duration::from_secs(30))
            .run_with_graceful_shutdown(
                http::app::build(state),
                stopping,
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
