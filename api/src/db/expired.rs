//! Rows that only guard a short window, removed once it has passed (the
//! sweeper, hourly): sign-in codes and their send counts after a day, wrong-code
//! budgets whose hour ended, second-factor challenges a day after they expired,
//! unlocked second-factor counts whose day ended, and past days' code budgets.

use super::{Db, now_ms};

const DAY_MS: i64 = 24 * 60 * 60 * 1000;

/// Deletes what has expired (code guards once `guard_window_ms` has passed);
/// how many rows went.
pub async fn forget(db: &Db, guard_window_ms: i64) -> Result<u64, sqlx::Error> {
    let now = now_ms();
    let mut gone = 0;
    for (sql, before) in [
        // Codes live 10 minutes; the sends per address and client count over 10.
        (
            "DELETE FROM one_time_codes WHERE created_at < $1",
            now - DAY_MS,
        ),
        (
            "DELETE FROM code_guards WHERE window_start < $1",
            now - guard_window_ms,
        ),
        (
            "DELETE FROM second_factor_challenges WHERE expires_at < $1",
            now - DAY_MS,
        ),
        (
            "DELETE FROM second_factor_guards WHERE locked_at IS NULL AND window_start < $1",
            now - DAY_MS,
        ),
        // Days since 1970: the day before yesterday's budgets and older.
        ("DELETE FROM code_budgets WHERE day < $1", now / DAY_MS - 2),
    ] {
        gone += sqlx::query(sql)
            .bind(before)
            .execute(db)
            .await?
            .rows_affected();
    }
    Ok(gone)
}
