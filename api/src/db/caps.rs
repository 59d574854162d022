//! How much one account may hold at a time, kept exactly on both databases
//! where the rows are added:
//! - cart lines and addresses: in a write transaction that first takes the
//!   account's lock ([`lock_account`]), the INSERT adds its row only while the
//!   account holds fewer (`INSERT ... SELECT ... WHERE (SELECT COUNT(*) ...) < cap`);
//! - orders waiting for payment: each holds one of its customer's numbered
//!   slots (`orders.open_slot`, unique per customer), taken by the INSERT that
//!   places it (the lowest free one, none past the cap) and released by every
//!   change that ends the wait; two orders placed at once cannot take one
//!   slot, and placing an order stays one statement.

use sqlx::AnyConnection;

/// A cap an account reached; nothing was added.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Cap {
    /// Lines in the cart (the same design again merges into its line).
    CartLines,
    /// Saved addresses.
    Addresses,
    /// Orders placed and not yet paid or cancelled.
    OpenOrders,
}

impl Cap {
    /// How many the account may hold.
    pub const fn limit(self) -> i64 {
        match self {
            Cap::CartLines => 50,
            Cap::Addresses => 20,
            Cap::OpenOrders => 5,
        }
    }

    /// The stable code of its refusal (the words are `core::messages::accounts::at_cap`).
    pub fn code(self) -> &'static str {
        match self {
            Cap::CartLines => "CART_FULL",
            Cap::Addresses => "TOO_MANY_ADDRESSES",
            Cap::OpenOrders => "TOO_MANY_OPEN_ORDERS",
        }
    }
}

/// Makes the rest of a write transaction the only one of this account, so
/// counting what it holds and adding to it cannot interleave with another of
/// its requests. SQLite's write transaction holds the database's one write
/// lock already; PostgreSQL locks the user's row, and the statements after
/// this one see what the request before committed.
pub async fn lock_account(conn: &mut AnyConnection, user_id: &str) -> Result<(), sqlx::Error> {
    if conn.backend_name() != "SQLite" {
        sqlx::query("SELECT id FROM users WHERE id = $1 FOR UPDATE")
            .bind(user_id)
            .fetch_optional(conn)
            .await?;
    }
    Ok(())
}

/// `SELECT 1 AS n UNION ALL ... SELECT cap`: the slot numbers of a cap, as a
/// table both databases read.
pub(super) fn slot_numbers(cap: Cap) -> String {
    (1..=cap.limit())
        .map(|n| format!("SELECT {n} AS n"))
        .collect::<Vec<_>>()
        .join(" UNION ALL ")
}
