//! Write transactions sent as one script.
//!
//! On SQLite every statement is a round trip to the connection's own thread
//! (sqlx runs each SQLite connection on a thread of its own): about 130 µs
//! under load (`just bench-api`, perf), spent while the one writer holds the
//! write lock, so a transaction of six statements capped checkout near 1,600
//! payments a second. A script crosses once: BEGIN IMMEDIATE, its statements
//! and COMMIT go as one multi-statement command. PostgreSQL's protocol binds
//! one statement at a time, so there it runs statement by statement in a
//! transaction, as before.
//!
//! Each statement numbers its own binds from `$1`; on SQLite they are
//! renumbered into the script's one argument list.

use sqlx::any::{AnyArguments, AnyRow};
use sqlx::pool::PoolConnection;
use sqlx::{Any, Arguments, Encode, Executor, Type};

use super::{Db, sqlite_writer};

pub struct Script {
    kind: Kind,
    /// The first bind that failed to encode, returned by `run`.
    error: Option<sqlx::error::BoxDynError>,
}

enum Kind {
    /// One command: the statements joined, their binds in one list.
    Sqlite {
        writer: sqlx::AnyPool,
        sql: String,
        args: AnyArguments<'static>,
    },
    /// Each statement with its own binds.
    Postgres {
        db: Db,
        statements: Vec<(String, AnyArguments<'static>)>,
    },
}

impl Script {
    pub fn new(db: &Db) -> Self {
        let kind = if let Some(writer) = sqlite_writer(db) {
            Kind::Sqlite {
                writer,
                sql: String::from("BEGIN IMMEDIATE;\n"),
                args: AnyArguments::default(),
            }
        } else {
            Kind::Postgres {
                db: db.clone(),
                statements: Vec::new(),
            }
        };
        Script { kind, error: None }
    }

    /// Adds a statement (one, without a trailing `;`); the binds that follow are its own.
    pub fn push(&mut self, statement: &str) -> &mut Self {
        debug_assert!(!statement.contains(';'), "one statement at a time");
        match &mut self.kind {
            Kind::Sqlite { sql, args, .. } => {
                renumber(statement, args.len(), sql);
                sql.push_str(";\n");
            }
            Kind::Postgres { statements, .. } => {
                statements.push((statement.to_owned(), AnyArguments::default()));
            }
        }
        self
    }

    /// Binds the next `$n` of the last statement pushed.
    pub fn bind<T>(&mut self, value: T) -> &mut Self
    where
        T: 'static + Send + Encode<'static, Any> + Type<Any>,
    {
        let args = match &mut self.kind {
            Kind::Sqlite { args, .. } => args,
            Kind::Postgres { statements, .. } => {
                &mut statements
                    .last_mut()
                    .expect("a statement is pushed before its binds")
                    .1
            }
        };
        if let Err(e) = args.add(value) {
            self.error.get_or_insert(e);
        }
        self
    }

    /// Runs the script in one write transaction: all of it or, on any error,
    /// none of it. Returns the rows every statement returned, in order.
    pub async fn run(self) -> Result<Vec<AnyRow>, sqlx::Error> {
        if let Some(e) = self.error {
            return Err(sqlx::Error::Encode(e));
        }
        match self.kind {
            Kind::Sqlite {
                writer,
                mut sql,
                args,
            } => {
                sql.push_str("COMMIT");
                let mut conn = Writer(Some(writer.acquire().await?));
                let ran = sqlx::query_with(&sql, args).fetch_all(conn.get()).await;
                // The statement that failed left the transaction open (or
                // BEGIN itself failed, and there is none to end): a connection
                // that cannot be rolled back is closed, not handed on.
                if ran.is_ok() || conn.get().execute("ROLLBACK").await.is_ok() {
                    conn.release();
                }
                ran
            }
            Kind::Postgres { db, statements } => {
                let mut tx = db.begin().await?;
                let mut rows = Vec::new();
                for (sql, args) in statements {
                    rows.extend(sqlx::query_with(&sql, args).fetch_all(&mut *tx).await?);
                }
                tx.commit().await?;
                Ok(rows)
            }
        }
    }
}

/// The writer's connection while a script runs. A request dropped mid-script
/// (the client went away) may leave its transaction open on the connection:
/// that connection is closed, not handed to the next writer.
struct Writer(Option<PoolConnection<Any>>);

impl Writer {
    fn get(&mut self) -> &mut sqlx::AnyConnection {
        self.0.as_mut().expect("held until released")
    }

    fn release(mut self) {
        self.0.take();
    }
}

impl Drop for Writer {
    fn drop(&mut self) {
        if let Some(conn) = &mut self.0 {
            conn.close_on_drop();
        }
    }
}

/// Appends `statement` with each `$n` made `$(n + offset)`.
fn renumber(statement: &str, offset: usize, out: &mut String) {
    let mut rest = statement;
    while let Some(at) = rest.find('$') {
        out.push_str(&rest[..=at]);
        rest = &rest[at + 1..];
        let digits = rest.bytes().take_while(u8::is_ascii_digit).count();
        match rest[..digits].parse::<usize>() {
            Ok(n) => out.push_str(&(n + offset).to_string()),
            Err(_) => out.push_str(&rest[..digits]),
        }
        rest = &rest[digits..];
    }
    out.push_str(rest);
}

#[cfg(test)]
mod tests {
    use super::renumber;

    #[test]
    fn binds_are_renumbered_after_the_earlier_statements() {
        let mut out = String::new();
        renumber(
            "UPDATE t SET a = $1, b = $12 WHERE c = $2 AND d = '$'",
            14,
            &mut out,
        );
        assert_eq!(
            out,
            "UPDATE t SET a = $15, b = $26 WHERE c = $16 AND d = '$'"
        );
        let mut same = String::new();
        renumber("SELECT $1", 0, &mut same);
        assert_eq!(same, "SELECT $1");
    }
}
