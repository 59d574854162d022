//! Write transactions sent as one script.
//!
//! On SQLite every statement is a round trip to the connection's own thread
//! (sqlx runs each SQLite connection on a thread of its own): about 130 µs
//! under load (`just bench-api`, perf), spent while the one writer holds the
//! write lock, so a transaction of six statements capped checkout near 1,600
//! payments a second. A script crosses once: BEGIN IMMEDIATE, its statements
//! and COMMIT go as one multi-statement command.
//!
//! PostgreSQL's protocol binds one statement at a time, so a script made with
//! [`Script::new`] runs there statement by statement in a transaction: a round
//! trip each, plus BEGIN and COMMIT. A script whose statements do not read one
//! another's writes ([`Script::independent`]) runs there as one statement
//! instead, its statements joined by a data-modifying WITH: one round trip,
//! and one implicit transaction. (A payment's six round trips were about half
//! of PostgreSQL's time under checkout: perf showed it sending and receiving.)
//! The one thing a later statement may read is the rows of the statement
//! pushed with [`Script::push_result`], by the name given there.
//!
//! Each statement numbers its own binds from `$1`; when the statements go as
//! one command they are renumbered into its one argument list.

use sqlx::any::{AnyArguments, AnyRow};
use sqlx::pool::PoolConnection;
use sqlx::{Any, Arguments, Encode, Executor, Type};

use super::{Db, sqlite_writer};

pub struct Script {
    kind: Kind,
    /// The name later statements read the result statement's rows by, and the
    /// table they are rows of: `(name, table)`.
    result: Option<(&'static str, &'static str)>,
    /// The same for the named statements ([`Script::push_named`]).
    named: Vec<(&'static str, &'static str)>,
    /// Whether the statements may read one another's writes.
    independent: bool,
    /// The first bind that failed to encode, returned by `run`.
    error: Option<sqlx::error::BoxDynError>,
}

enum Kind {
    /// SQLite: one command, the statements joined by `;`, their binds in one list.
    Sqlite {
        writer: sqlx::AnyPool,
        sql: String,
        args: AnyArguments<'static>,
    },
    /// PostgreSQL, independent statements: one statement, a WITH of them all.
    With {
        db: Db,
        sql: String,
        args: AnyArguments<'static>,
        statements: usize,
    },
    /// PostgreSQL: each statement with its own binds, in a transaction.
    Postgres {
        db: Db,
        statements: Vec<(String, AnyArguments<'static>)>,
    },
}

impl Script {
    /// A script whose statements may read what the ones before them wrote.
    pub fn new(db: &Db) -> Self {
        Self::make(db, false)
    }

    /// A script whose statements read nothing another of them writes, except
    /// the result statement's rows ([`Script::push_result`]); on PostgreSQL it
    /// runs as one statement. Its other statements write and return nothing.
    pub fn independent(db: &Db) -> Self {
        Self::make(db, true)
    }

    fn make(db: &Db, independent: bool) -> Self {
        let kind = if let Some(writer) = sqlite_writer(db) {
            Kind::Sqlite {
                writer,
                sql: String::from("BEGIN IMMEDIATE;\n"),
                args: AnyArguments::default(),
            }
        } else if independent {
            Kind::With {
                db: db.clone(),
                sql: String::new(),
                args: AnyArguments::default(),
                statements: 0,
            }
        } else {
            Kind::Postgres {
                db: db.clone(),
                statements: Vec::new(),
            }
        };
        Script {
            kind,
            result: None,
            named: Vec::new(),
            independent,
            error: None,
        }
    }

    /// Adds a statement (one, without a trailing `;`); the binds that follow are its own.
    pub fn push(&mut self, statement: &str) -> &mut Self {
        debug_assert!(
            !self.independent || writes_only(statement),
            "an independent script's other statements write and return nothing: {statement}"
        );
        self.add(None, statement)
    }

    /// Adds the statement (an INSERT, UPDATE or DELETE with RETURNING) whose
    /// rows `run` returns, and which later statements read as `name`. On
    /// PostgreSQL `name` is the rows it returned; on SQLite, where statements
    /// run one after another, it is `table` as the statement left it. So a
    /// later statement picks the rows out by what this one wrote (a claim it
    /// stamped, say), and both read the same rows.
    pub fn push_result(
        &mut self,
        name: &'static str,
        table: &'static str,
        statement: &str,
    ) -> &mut Self {
        debug_assert!(
            self.independent,
            "a result statement is for independent scripts"
        );
        debug_assert!(self.result.is_none(), "one result statement per script");
        self.add(Some(name), statement);
        self.result = Some((name, table));
        self
    }

    /// Adds an INSERT or UPDATE (without RETURNING) whose rows later
    /// statements read as `name`, like the result statement's, but which `run`
    /// does not return: on PostgreSQL the rows it wrote, on SQLite `table` as
    /// it left it (so a reader also picks its rows out by what it wrote).
    pub fn push_named(
        &mut self,
        name: &'static str,
        table: &'static str,
        statement: &str,
    ) -> &mut Self {
        debug_assert!(
            self.independent,
            "a named statement is for independent scripts"
        );
        debug_assert!(
            writes_only(statement),
            "RETURNING is added where it is read"
        );
        let statement = match self.kind {
            Kind::With { .. } => format!("{statement} RETURNING *"),
            _ => statement.to_string(),
        };
        self.add(Some(name), &statement);
        self.named.push((name, table));
        self
    }

    fn add(&mut self, name: Option<&str>, statement: &str) -> &mut Self {
        debug_assert!(!statement.contains(';'), "one statement at a time");
        match &mut self.kind {
            Kind::Sqlite { sql, args, .. } => {
                // Statements run one after another here: a name read is its table.
                let reads: Vec<String> = self
                    .result
                    .iter()
                    .chain(&self.named)
                    .filter(|(name, _)| statement.contains(name))
                    .map(|(name, table)| format!("{name} AS (SELECT * FROM {table})"))
                    .collect();
                if !reads.is_empty() {
                    sql.push_str(&format!("WITH {} ", reads.join(", ")));
                }
                renumber(statement, args.len(), sql);
                sql.push_str(";\n");
            }
            Kind::With {
                sql,
                args,
                statements,
                ..
            } => {
                sql.push_str(if *statements == 0 { "WITH " } else { ",\n" });
                match name {
                    Some(name) => sql.push_str(name),
                    None => sql.push_str(&format!("s{statements}")),
                }
                sql.push_str(" AS (");
                renumber(statement, args.len(), sql);
                sql.push(')');
                *statements += 1;
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
            Kind::Sqlite { args, .. } | Kind::With { args, .. } => args,
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
    /// none of it. Returns the rows every statement returned, in order (of an
    /// independent script, the result statement's).
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
            Kind::With { statements: 0, .. } => Ok(Vec::new()),
            Kind::With {
                db, mut sql, args, ..
            } => {
                match self.result {
                    Some((name, _)) => sql.push_str(&format!("\nSELECT * FROM {name}")),
                    None => sql.push_str("\nSELECT 1 WHERE false"),
                }
                sqlx::query_with(&sql, args).fetch_all(&db).await
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

/// Whether a statement only writes: an INSERT, UPDATE or DELETE without RETURNING.
fn writes_only(statement: &str) -> bool {
    let s = statement.trim_start().to_ascii_uppercase();
    ["INSERT ", "UPDATE ", "DELETE "]
        .iter()
        .any(|verb| s.starts_with(verb))
        && !s.contains("RETURNING")
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
