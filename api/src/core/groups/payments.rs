//! Members paying for their own pieces: what they owe (one line, the
//! group's design with their pieces at the engine's share), when a group
//! takes a payment, the rows linked to the order that pays for them, and
//! when a member's order may be made.
//!
//! The order itself is opened by checkout (`open_order`), between `bill`
//! and `link`.

use design_engine::pricing::quote_order;

use super::holds::{by_token, hold_for_rows, refuse_rows};
use super::rows::{assemble, design_of};
use crate::core::checkout::quote::{CheckedCart, LineOf, order_line};
use crate::core::messages::groups as messages;
use crate::db::group_orders as groups;
use crate::db::group_orders::{Group, Row};
use crate::db::{Db, orders, products};
use crate::domain::address::{AddressInput, ShippingAddress};
use crate::error::Failure;
use crate::state::AppState;

/// What a member pays for their unpaid rows, as an order's lines: one line,
/// the group's design with these pieces (and their names and numbers), at the
/// engine's share (`Design::quote_share`), the pictures still held.
pub async fn member_lines(
    state: &AppState,
    group: &Group,
    rows: &[Row],
) -> Result<CheckedCart, Failure> {
    let product = products::get(&state.db, &group.product_id)
        .await?
        .ok_or_else(|| Failure::not_found("Product not found in database."))?;
    let pricing = product
        .pricing()
        .with_personalisation(state.config.personalisation);
    let base = design_of(group)?;
    let design = assemble(&base, rows)?;
    crate::core::designs::check_kept(&state.db, &design).await?;
    let quote = design.quote_share(&pricing)?;
    let line = order_line(
        LineOf {
            product_id: product.id,
            name: product.name,
            color: design.color.clone(),
            artwork_hash: design_engine::hash::artwork_hash(&base),
            design: design.to_json(),
            quote_id: None,
        },
        &design,
        &quote,
    )?;
    Ok(CheckedCart {
        quote: quote_order(vec![quote], state.config.gateway_fee_bps)?,
        items: vec![line],
        coupon: None,
    })
}

/// The group a link names, while a member may pay into it: their members
/// pay, and it is open with its deadline ahead (refused before any provider
/// order is made).
pub async fn payable(db: &Db, token: &str) -> Result<Group, Failure> {
    let group = by_token(db, token).await?;
    if group.payment != groups::MEMBERS_PAY {
        return Err(Failure::conflict_code(
            "The organiser pays for this group order: there is nothing for you to pay.",
            "GROUP_ORGANISER_PAYS",
        ));
    }
    refuse_rows(&group)?;
    Ok(group)
}

/// What a member's checkout is for: their unpaid rows, priced; the address
/// the piece ships to (the group's, with the member's e-mail) and the
/// order's notes.
pub struct MemberBill {
    pub rows: Vec<Row>,
    pub lines: CheckedCart,
    pub shipping: AddressInput,
    pub notes: String,
}

/// The member's bill for their unpaid pieces, `billing` (their name,
/// contact and billing address) checked first with the form's messages.
pub async fn bill(
    state: &AppState,
    group: &Group,
    user_id: &str,
    billing: &AddressInput,
) -> Result<MemberBill, Failure> {
    // Checked before anything is stored, with the form's messages.
    let billing = billing.shipping()?;
    let mut conn = state.db.acquire().await?;
    let rows = groups::unpaid_of(&mut conn, &group.id, user_id).await?;
    drop(conn);
    if rows.is_empty() {
        return Err(Failure::conflict_code(
            "You have no unpaid piece in this group order.",
            "GROUP_NOTHING_TO_PAY",
        ));
    }
    let ship_to: ShippingAddress = serde_json::from_str(
        group
            .ship_to
            .as_deref()
            .ok_or_else(|| Failure::internal("a members-pay group without an address"))?,
    )?;
    // The piece goes to the organiser's address; its e-mails go to the member.
    let shipping = AddressInput {
        email: Some(billing.email.clone()),
        ..AddressInput::from(&ship_to)
    };
    let lines = member_lines(state, group, &rows).await?;
    Ok(MemberBill {
        rows,
        lines,
        shipping,
        notes: serde_json::json!({ "groupOrder": group.title }).to_string(),
    })
}

/// Links the rows priced to the order opened for them while the group is
/// open and its deadline ahead; when the member's unpaid rows changed
/// meanwhile, nobody can pay for the order now: it is let go (a payment
/// landing anyway is refunded) and the change refused.
pub async fn link(
    db: &Db,
    group: &Group,
    user_id: &str,
    priced: &[Row],
    order: &orders::Order,
) -> Result<(), Failure> {
    if let Err(e) = link_rows(db, group, user_id, priced, order).await {
        orders::cancel(
            db,
            &order.id,
            user_id,
            "The group order changed while paying",
        )
        .await?;
        return Err(e);
    }
    Ok(())
}

async fn link_rows(
    db: &Db,
    group: &Group,
    user_id: &str,
    priced: &[Row],
    order: &orders::Order,
) -> Result<(), Failure> {
    let mut tx = hold_for_rows(db, group).await?;
    let now = groups::unpaid_of(&mut tx, &group.id, user_id).await?;
    let ids = |rows: &[Row]| rows.iter().map(|r| r.id.clone()).collect::<Vec<_>>();
    if ids(&now) != ids(priced) || order.items_count != priced.len() as i64 {
        return Err(Failure::conflict_code(
            "Your pieces changed while you were paying: please pay again.",
            "GROUP_ROWS_CHANGED",
        ));
    }
    if !groups::link_order(&mut tx, &now, &order.id).await? {
        return Err(Failure::conflict_code(
            "Your pieces were paid for meanwhile: there is nothing more to pay.",
            "GROUP_NOTHING_TO_PAY",
        ));
    }
    tx.commit().await?;
    Ok(())
}

/// A group member's order may go into production or ship only once its
/// group is placed, and only while its line makes exactly the pieces the
/// group's rows still pay for.
pub async fn may_make(db: &Db, order: &orders::Order) -> Result<(), Failure> {
    if let Some(group) = groups::waiting_for(db, &order.id).await? {
        return Err(messages::not_placed_yet(&order.order_number, &group));
    }
    match groups::pieces_and_rows(db, &order.id).await? {
        Some((pieces, rows)) if pieces != rows => {
            Err(messages::pieces_changed(&order.order_number, pieces, rows))
        }
        _ => Ok(()),
    }
}
