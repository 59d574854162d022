//! What group orders tell people, one function per message: the e-mails
//! (a subject and a body), the refusals whose words are built from the
//! group's figures, and the answers a request's outcome chooses.

use super::Letter;
use crate::db::group_orders::{Group, Row};
use crate::error::Failure;

/// "M", "M ASHA 7": a row as a member reads it.
pub fn piece(row: &Row) -> String {
    let mut words = vec![row.size.clone()];
    words.extend(
        [row.name.as_deref(), row.number.as_deref()]
            .into_iter()
            .flatten()
            .map(str::to_string),
    );
    words.join(" ")
}

/// To a member, once they joined or added a piece: `piece` as they typed it
/// (checked), `added` when they already held one.
pub fn joined(group: &Group, name: &str, piece: &str, added: bool) -> Letter {
    Letter {
        subject: if added {
            format!("Piece added to {}", group.title)
        } else {
            format!("You have joined {}", group.title)
        },
        body: format!(
            "Hello {name},\n\nYou have joined \"{}\", {}'s group order. Your piece: {piece}.\nYou can change or withdraw it until the deadline.\n",
            group.title, group.organiser_name,
        ),
    }
}

/// Whether a member who leaves gets money back, in words.
pub fn money_back(refunded: bool) -> &'static str {
    if refunded {
        "Your payment is being refunded to the card you paid with."
    } else {
        "Nothing was charged."
    }
}

/// To a member whose piece the organiser removed.
pub fn removed(group: &Group, row: &Row, refunded: bool) -> Letter {
    Letter {
        subject: format!("Your piece was removed from {}", group.title),
        body: format!(
            "Hello {},\n\n{} has removed your piece ({}) from the group order \"{}\". {}\n",
            row.member_name,
            group.organiser_name,
            piece(row),
            group.title,
            money_back(refunded)
        ),
    }
}

/// The reason a piece's refund gives (and so its credit note).
pub fn piece_refund_reason(reason: &str, row: &Row) -> String {
    format!("{reason}: 1 piece ({})", piece(row))
}

/// To a member, when the organiser closes a group they pay for.
pub fn closed_to_print(group: &Group, row: &Row) -> Letter {
    Letter {
        subject: format!("{} is closed: your piece goes to print", group.title),
        body: format!(
            "Hello {},\n\n{} has closed the group order \"{}\". Your piece ({}) goes to print with the team's order.\n",
            row.member_name,
            group.organiser_name,
            group.title,
            piece(row)
        ),
    }
}

/// To a member whose piece was still unpaid when a members-pay group closed.
pub fn closed_without_piece(group: &Group, row: &Row) -> Letter {
    Letter {
        subject: format!("{} is closed without your piece", group.title),
        body: format!(
            "Hello {},\n\n{} has closed the group order \"{}\" before your piece ({}) was paid for, so it is not in the order and nothing was charged.\n",
            row.member_name,
            group.organiser_name,
            group.title,
            piece(row)
        ),
    }
}

/// The reason an unpaid member's order is cancelled at the close.
pub const CLOSED_UNPAID: &str = "The group order closed before this piece was paid for";

/// To everyone, when a members-pay group closes with its paid pieces.
pub fn ordered_with_paid_pieces(group: &Group, paid_pieces: usize) -> Letter {
    Letter {
        subject: format!("{} has been ordered", group.title),
        body: format!(
            "The group order \"{}\" is closed with {paid_pieces} paid pieces and goes to print together; you will hear when it ships.\n",
            group.title,
        ),
    }
}

/// To everyone, when the organiser's line for the group is paid for and placed.
pub fn placed(title: &str, order_number: &str) -> Letter {
    Letter {
        subject: format!("{title} has been ordered"),
        body: format!(
            "The group order \"{title}\" has been paid for and placed as order {order_number}. Every piece is printed together; you will hear when it ships.\n"
        ),
    }
}

/// To everyone, when the group's order (or every member's) has shipped.
pub fn shipped(title: &str) -> Letter {
    Letter {
        subject: format!("{title} has shipped"),
        body: format!(
            "The group order \"{title}\" has shipped to its organiser, who will hand out the pieces.\n"
        ),
    }
}

/// Why a group was cancelled: its organiser cancelled it.
pub fn cancelled_by_organiser(group: &Group) -> String {
    format!("{} has cancelled the group order", group.organiser_name)
}

/// Why a group was cancelled: the clock, a members-pay group left below the
/// minimum past its deadline and `grace_hours`.
pub fn cancelled_by_clock(group: &Group, grace_hours: i64) -> String {
    format!(
        "The group order missed its deadline without enough paid pieces, and {} did not extend it within {grace_hours} hours, so it was cancelled",
        group.organiser_name
    )
}

/// The reason each member's order gives when its group is cancelled.
pub const CANCELLED: &str = "The group order was cancelled";

/// To the organiser, when the clock cancelled their group (`why`).
pub fn cancelled_to_organiser(group: &Group, why: &str) -> Letter {
    Letter {
        subject: format!("{} was cancelled", group.title),
        body: format!(
            "Hello {},\n\n{why}: \"{}\". Every member who paid is being refunded.\n",
            group.organiser_name, group.title
        ),
    }
}

/// To a member, when their group was cancelled (`why`).
pub fn cancelled_to_member(group: &Group, row: &Row, why: &str) -> Letter {
    Letter {
        subject: format!("{} was cancelled", group.title),
        body: format!(
            "Hello {},\n\n{why}: \"{}\". Nothing will be printed for you. {}\n",
            row.member_name,
            group.title,
            money_back(row.paid != 0)
        ),
    }
}

/// To the organiser, once, when the group has the minimum: `pieces` joined
/// (the organiser paying) or paid for (members paying).
pub fn minimum_reached(group: &Group, pieces: i64, members_pay: bool) -> Letter {
    let next = if members_pay {
        "paid pieces: the minimum is reached. Close the group order when everyone has paid, and the paid pieces go to print."
    } else {
        "pieces: the minimum is reached. Close the group order when everyone is in, and pay for it from your cart."
    };
    Letter {
        subject: format!("{} has reached the minimum", group.title),
        body: format!(
            "Hello {},\n\n\"{}\" has {pieces} {next}\n",
            group.organiser_name, group.title
        ),
    }
}

/// To the organiser, when the clock closed the group at its deadline with
/// `pieces` (members paying: paid pieces).
pub fn closed_at_deadline(group: &Group, pieces: u32, members_pay: bool) -> Letter {
    Letter {
        subject: format!("{} closed at its deadline", group.title),
        body: format!(
            "Hello {},\n\n\"{}\" reached its deadline with {pieces} {} and is closed: {}\n",
            group.organiser_name,
            group.title,
            if members_pay { "paid pieces" } else { "pieces" },
            if members_pay {
                "its pieces go to print together."
            } else {
                "its line is in your cart. Pay for it there to send it to print."
            }
        ),
    }
}

/// To the organiser, when the group reached its deadline and did not close:
/// `need` pieces short of the minimum; members paying, cancelled after
/// `grace_hours` unless extended.
pub fn deadline_reached(group: &Group, pieces: u32, need: u32, grace_hours: Option<i64>) -> Letter {
    Letter {
        subject: format!("{} reached its deadline", group.title),
        body: format!(
            "Hello {},\n\n\"{}\" reached its deadline with {pieces} pieces{}. You can extend the deadline, top up the missing pieces yourself and close it, or cancel it.{}\n",
            group.organiser_name,
            group.title,
            if need > 0 {
                format!(", {need} short of the minimum")
            } else {
                String::new()
            },
            match grace_hours {
                Some(hours) => format!(
                    " If you have not extended it within {hours} hours, it is cancelled and every member who paid is refunded."
                ),
                None => String::new(),
            }
        ),
    }
}

/// A title too long, empty or on more than one line.
pub fn bad_title(max_chars: usize) -> Failure {
    Failure::bad_request_code(
        format!("Please give the group order a title of 1 to {max_chars} characters on one line."),
        "GROUP_TITLE",
    )
}

/// Pieces per member out of range.
pub fn bad_pieces_per_member(max: u32) -> Failure {
    Failure::bad_request_code(
        format!("Please allow each member 1 to {max} pieces."),
        "GROUP_PIECES_PER_MEMBER",
    )
}

/// The organiser runs as many open groups as they may.
pub fn too_many_open(max: usize) -> Failure {
    Failure::conflict_code(
        format!("You have {max} open group orders: close or cancel one first."),
        "GROUP_LIMIT",
    )
}

/// A member holds `pieces_per_member` already.
pub fn holds_enough(pieces_per_member: i64) -> Failure {
    match pieces_per_member {
        1 => Failure::conflict_code(
            "You have already joined this group order: change or withdraw your row instead.",
            "GROUP_ALREADY_JOINED",
        ),
        n => Failure::conflict_code(
            format!("You hold {n} pieces, the most this group order allows each member."),
            "GROUP_PIECES_PER_MEMBER",
        ),
    }
}

/// A member's order waits for its group (titled `group`) to be placed.
pub fn not_placed_yet(order_number: &str, group: &str) -> Failure {
    Failure::conflict_code(
        format!(
            "Order {order_number} pays for a piece of the group order \"{group}\", which is not placed yet: it goes into production with the group"
        ),
        "GROUP_NOT_PLACED",
    )
}

/// A member's order makes other pieces than its rows pay for.
pub fn pieces_changed(order_number: &str, pieces: i64, rows: i64) -> Failure {
    Failure::conflict_code(
        format!(
            "Order {order_number} makes {pieces} pieces but its group order's rows pay for {rows}: it cannot be made until they agree"
        ),
        "GROUP_PIECES_CHANGED",
    )
}

/// The answer to the organiser's close.
pub fn closed(group: &Group) -> &'static str {
    if group.payment == crate::db::group_orders::MEMBERS_PAY {
        "Group order closed: its pieces go to print"
    } else {
        "Group order closed: its line is in your cart"
    }
}

/// The answer to a join: the first piece joins, a further one is added.
pub fn joined_answer(pieces_held: usize) -> &'static str {
    if pieces_held > 1 {
        "Piece added"
    } else {
        "You have joined the group order"
    }
}

/// The answer to a withdrawal: from the group (`none_left`) or one piece of
/// several; refunded or not.
pub fn withdrawn(none_left: bool, refunded: bool) -> &'static str {
    match (none_left, refunded) {
        (true, true) => "You have withdrawn from the group order: your payment is being refunded",
        (true, false) => "You have withdrawn from the group order",
        (false, true) => "Your piece was withdrawn: its payment is being refunded",
        (false, false) => "Your piece was withdrawn",
    }
}
