//! PostgreSQL databases for tests: each test gets its own, named after this
//! process so that databases left by finished test processes can be dropped.
//!
//! A new database is a copy of a template that already holds every migration
//! (`CREATE DATABASE … TEMPLATE`, a fraction of a second) rather than running
//! the migrations again per test (about 2.5 s of commits each, most of a
//! PostgreSQL test's time). The template is named after a hash of the
//! migrations, so a changed migration makes a new one. Tests commit without
//! waiting for the disk (`synchronous_commit = off`): only a crash of the
//! PostgreSQL server itself, not of the app, could lose their last commits.

use std::hash::{Hash, Hasher};

use sqlx::{Connection, Executor, PgConnection};

/// A new, migrated database; its URL.
pub async fn fresh_postgres() -> String {
    let template = migrated_template().await;
    new_database(Some(&template)).await
}

/// A new database without any table (a restore's target).
pub async fn empty_postgres() -> String {
    new_database(None).await
}

fn base_url() -> String {
    std::env::var("TEST_DATABASE_URL").expect("TEST_DATABASE_URL")
}

fn url_of(name: &str) -> String {
    let base = base_url();
    let (prefix, _) = base.rsplit_once('/').unwrap();
    format!("{prefix}/{name}")
}

async fn admin() -> PgConnection {
    PgConnection::connect(&base_url())
        .await
        .expect("TEST_DATABASE_URL reachable")
}

async fn new_database(template: Option<&str>) -> String {
    let name = format!(
        "store_test_{}_{}",
        std::process::id(),
        api::ids::random_hex(6)
    );
    let mut conn = admin().await;
    drop_left_over(&mut conn).await;
    let from = template.map_or(String::new(), |t| format!(" TEMPLATE {t}"));
    conn.execute(format!("CREATE DATABASE {name}{from}").as_str())
        .await
        .unwrap();
    conn.execute(format!("ALTER DATABASE {name} SET synchronous_commit = off").as_str())
        .await
        .unwrap();
    url_of(&name)
}

/// Drops the databases of test processes that are gone.
async fn drop_left_over(conn: &mut PgConnection) {
    let old: Vec<String> =
        sqlx::query_scalar("SELECT datname FROM pg_database WHERE datname LIKE 'store\\_test\\_%'")
            .fetch_all(&mut *conn)
            .await
            .unwrap();
    for db in old {
        let pid = db.split('_').nth(2).unwrap_or_default();
        if !std::path::Path::new(&format!("/proc/{pid}")).exists() {
            let _ = conn
                .execute(format!("DROP DATABASE IF EXISTS {db} WITH (FORCE)").as_str())
                .await;
        }
    }
}

/// The template holding this build's migrations, made once by whichever
/// test gets there first (the others wait on an advisory lock), under a
/// temporary name and then renamed: a process killed half-way leaves no
/// half-migrated template behind.
async fn migrated_template() -> String {
    let mut hasher = std::hash::DefaultHasher::new();
    for m in api::db::MIGRATOR.iter() {
        (m.version, &m.checksum[..]).hash(&mut hasher);
    }
    let template = format!("store_template_{:016x}", hasher.finish());
    let mut conn = admin().await;
    // Any fixed key: it only orders the makers of templates.
    conn.execute("SELECT pg_advisory_lock(7263540118)")
        .await
        .unwrap();
    let exists: bool =
        sqlx::query_scalar("SELECT EXISTS (SELECT 1 FROM pg_database WHERE datname = $1)")
            .bind(&template)
            .fetch_one(&mut conn)
            .await
            .unwrap();
    if !exists {
        // Under the lock, a template still being built is one whose maker died.
        let stale: Vec<String> = sqlx::query_scalar(
            "SELECT datname FROM pg_database WHERE datname LIKE 'store\\_building\\_%'",
        )
        .fetch_all(&mut conn)
        .await
        .unwrap();
        for db in stale {
            let _ = conn
                .execute(format!("DROP DATABASE IF EXISTS {db} WITH (FORCE)").as_str())
                .await;
        }
        let building = format!("store_building_{}", api::ids::random_hex(6));
        conn.execute(format!("CREATE DATABASE {building}").as_str())
            .await
            .unwrap();
        let db = api::db::connect(&url_of(&building), Some(1)).await.unwrap();
        api::db::migrate(&db).await.unwrap();
        db.close().await;
        conn.execute(format!("ALTER DATABASE {building} RENAME TO {template}").as_str())
            .await
            .unwrap();
    }
    conn.execute("SELECT pg_advisory_unlock(7263540118)")
        .await
        .unwrap();
    template
}
