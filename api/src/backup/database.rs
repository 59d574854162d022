//! The database's side of a backup: SQLite's consistent copy (`VACUUM
//! INTO`), PostgreSQL's `pg_dump` and `pg_restore`, and what a copy holds
//! (its schema version, counts and numbering series).

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};
use std::process::Command;
use std::str::FromStr;

use anyhow::Context;
use sqlx::AnyConnection;

use crate::db::{Db, is_sqlite, redact};

/// The rows counted into the manifest: (name in the manifest, table).
const COUNTED: [(&str, &str); 12] = [
    ("users", "users"),
    ("products", "products"),
    ("orders", "orders"),
    ("orderItems", "order_items"),
    ("designs", "saved_designs"),
    ("artwork", "artwork"),
    ("storedFiles", "stored_files"),
    ("taxInvoices", "tax_invoices"),
    ("creditNotes", "credit_notes"),
    ("groupOrders", "group_orders"),
    ("tickets", "support_tickets"),
    ("claims", "order_claims"),
];

/// The numbering series' counters (`db::series`).
const SERIES_TABLES: [&str; 2] = ["document_series", "ticket_series"];

pub const SQLITE_FILE: &str = "store.db";
pub const PG_DUMP_FILE: &str = "store.pgdump";

pub fn kind(url: &str) -> &'static str {
    if is_sqlite(url) { "sqlite" } else { "postgres" }
}

/// The file of a SQLite `DATABASE_URL` (an in-memory one has none).
pub fn sqlite_file(url: &str) -> anyhow::Result<PathBuf> {
    let options = sqlx::sqlite::SqliteConnectOptions::from_str(url)
        .with_context(|| format!("DATABASE_URL {} is not a SQLite URL", redact(url)))?;
    let file = options.get_filename().to_path_buf();
    anyhow::ensure!(
        file.as_os_str() != ":memory:" && !file.as_os_str().is_empty(),
        "DATABASE_URL names an in-memory SQLite database: there is no file to back up or restore"
    );
    Ok(file)
}

/// A consistent copy of the live SQLite database into `to`, taken in one
/// read transaction while writers go on (WAL).
pub async fn sqlite_snapshot(db: &Db, to: &Path) -> anyhow::Result<()> {
    let target = to.to_str().context("the backup's path is not UTF-8")?;
    // A string literal: its quotes doubled.
    let sql = format!("VACUUM INTO '{}'", target.replace('\'', "''"));
    sqlx::raw_sql(&sql)
        .execute(db)
        .await
        .context("copying the SQLite database (VACUUM INTO)")?;
    #[cfg(unix)]
    {
        use std::os::unix::fs::PermissionsExt;
        std::fs::set_permissions(to, std::fs::Permissions::from_mode(0o600))?;
    }
    Ok(())
}

/// Opens a SQLite copy read-only, changing nothing in or beside it.
pub async fn open_copy(file: &Path) -> anyhow::Result<AnyConnection> {
    sqlx::any::install_default_drivers();
    let url = format!("sqlite://{}?mode=ro&immutable=true", file.display());
    <AnyConnection as sqlx::Connection>::connect(&url)
        .await
        .with_context(|| format!("opening the copy {}", file.display()))
}

/// What a database holds: its schema version, counts and series.
pub struct Contents {
    pub schema_version: i64,
    pub counts: BTreeMap<String, i64>,
    pub series: BTreeMap<String, i64>,
}

/// Reads [`Contents`] through `conn` (a SQLite copy, or a PostgreSQL
/// transaction on the dumped snapshot). Tables an older schema lacks are
/// left out rather than failing (a failed statement would end PostgreSQL's
/// transaction).
pub async fn contents(conn: &mut AnyConnection, sqlite: bool) -> anyhow::Result<Contents> {
    let tables: Vec<String> = sqlx::query_scalar(if sqlite {
        "SELECT name FROM sqlite_master WHERE type = 'table'"
    } else {
        "SELECT table_name::text FROM information_schema.tables WHERE table_schema = current_schema()"
    })
    .fetch_all(&mut *conn)
    .await?;
    anyhow::ensure!(
        tables.iter().any(|t| t == "_sqlx_migrations"),
        "the database has no schema (no _sqlx_migrations): has the store ever started on it?"
    );
    let schema_version: Option<i64> =
        sqlx::query_scalar("SELECT MAX(version) FROM _sqlx_migrations WHERE success = TRUE")
            .fetch_one(&mut *conn)
            .await?;
    let mut counts = BTreeMap::new();
    for (name, table) in COUNTED {
        if tables.iter().any(|t| t == table) {
            let n: i64 = sqlx::query_scalar(&format!("SELECT COUNT(*) FROM {table}"))
                .fetch_one(&mut *conn)
                .await?;
            counts.insert(name.to_string(), n);
        }
    }
    let mut series = BTreeMap::new();
    for table in SERIES_TABLES {
        if tables.iter().any(|t| t == table) {
            let rows: Vec<(String, i64)> =
                sqlx::query_as(&format!("SELECT series, last_number FROM {table}"))
                    .fetch_all(&mut *conn)
                    .await?;
            series.extend(rows);
        }
    }
    Ok(Contents {
        schema_version: schema_version.context("the database has no migration applied")?,
        counts,
        series,
    })
}

/// Whether a program answers `--version` (is on the PATH).
pub fn on_path(program: &str) -> bool {
    Command::new(program)
        .arg("--version")
        .output()
        .is_ok_and(|o| o.status.success())
}

/// `pg_dump` or `pg_restore` for `url`: the URL goes without its password,
/// which libpq reads from `PGPASSWORD` (a command line is visible to every
/// user of the machine).
fn libpq_command(program: &str, url: &str) -> anyhow::Result<Command> {
    let mut parsed = sqlx::any::AnyConnectOptions::from_str(url)
        .with_context(|| format!("DATABASE_URL {} is not a URL", redact(url)))?
        .database_url;
    let mut command = Command::new(program);
    if let Some(password) = parsed.password() {
        let decoded = percent_encoding::percent_decode_str(password).decode_utf8_lossy();
        command.env("PGPASSWORD", decoded.as_ref());
        let _ = parsed.set_password(None);
    }
    command.arg(format!("--dbname={parsed}"));
    Ok(command)
}

/// Runs a libpq tool to its end (off the async threads), failing with what it said.
async fn run(mut command: Command, what: &'static str) -> anyhow::Result<()> {
    let output = tokio::task::spawn_blocking(move || command.output())
        .await?
        .with_context(|| format!("starting {what}"))?;
    anyhow::ensure!(
        output.status.success(),
        "{what} failed ({}): {}",
        output.status,
        String::from_utf8_lossy(&output.stderr).trim()
    );
    Ok(())
}

/// `pg_dump --format=custom` of the exported `snapshot` into `to`.
pub async fn pg_dump(url: &str, snapshot: &str, to: &Path) -> anyhow::Result<()> {
    let mut command = libpq_command("pg_dump", url)?;
    command
        .arg("--format=custom")
        .arg(format!("--snapshot={snapshot}"))
        .arg("--file")
        .arg(to);
    run(command, "pg_dump").await?;
    #[cfg(unix)]
    {
        use std::os::unix::fs::PermissionsExt;
        std::fs::set_permissions(to, std::fs::Permissions::from_mode(0o600))?;
    }
    Ok(())
}

/// `pg_restore` of `dump` into `url`'s database, in one transaction (all or
/// nothing); `clean` drops what the dump holds first (`--force`).
pub async fn pg_restore(url: &str, dump: &Path, clean: bool) -> anyhow::Result<()> {
    let mut command = libpq_command("pg_restore", url)?;
    command.args(["--single-transaction", "--no-owner", "--no-privileges"]);
    if clean {
        command.args(["--clean", "--if-exists"]);
    }
    command.arg(dump);
    run(command, "pg_restore").await
}

/// The tables in the configured PostgreSQL database's schema.
pub async fn pg_tables(db: &Db) -> anyhow::Result<i64> {
    Ok(sqlx::query_scalar(
        "SELECT COUNT(*) FROM information_schema.tables WHERE table_schema = current_schema()",
    )
    .fetch_one(db)
    .await?)
}

/// How to take the dump by hand (no `pg_dump` on the PATH).
pub fn pg_dump_hint(dir: &Path) -> String {
    format!(
        "pg_dump is not on the PATH: the database is not in this backup. Take it with\n  \
         pg_dump --format=custom --file {} \"$DATABASE_URL\"\n\
         (PostgreSQL's client tools, the server's major version or newer), and keep it with this directory.",
        dir.join(PG_DUMP_FILE).display()
    )
}

/// How to restore the dump by hand (no `pg_restore` on the PATH).
pub fn pg_restore_hint(dump: &Path) -> String {
    format!(
        "pg_restore is not on the PATH: the database was not restored. Restore it into an empty database with\n  \
         pg_restore --single-transaction --no-owner --no-privileges --dbname \"$DATABASE_URL\" {}",
        dump.display()
    )
}
