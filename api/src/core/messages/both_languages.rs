//! Every customer letter says its message in both languages: the Hindi is
//! Devanagari, keeps every detail the English gives (numbers, amounts, links)
//! and is not the English; the English keeps no Hindi.

use chrono::NaiveDate;
use design_engine::money::Paise;

use super::Letter;
use crate::domain::claim::ClaimReason;
use crate::domain::company::Company;
use crate::domain::contact::Channel;
use crate::domain::{Language, OrderStatus};

fn hindi(text: &str) -> bool {
    text.chars().any(|c| ('\u{0900}'..='\u{097F}').contains(&c))
}

/// The letter `make` writes in each language, checked; `details` must be in both.
fn both(name: &str, make: impl Fn(Language) -> Letter, details: &[&str]) {
    let en = make(Language::En);
    let hi = make(Language::Hi);
    assert!(
        !hindi(&en.subject) && !hindi(&en.body),
        "{name}: Hindi in the English {en:?}"
    );
    assert!(
        hindi(&hi.subject) && hindi(&hi.body),
        "{name}: the Hindi is not Hindi: {hi:?}"
    );
    for detail in details {
        assert!(
            en.body.contains(detail) || en.subject.contains(detail),
            "{name}: {detail} not in {en:?}"
        );
        assert!(
            hi.body.contains(detail) || hi.subject.contains(detail),
            "{name}: {detail} not in {hi:?}"
        );
    }
}

#[test]
fn every_customer_letter_has_both_languages() {
    let seller = Company::default();
    let day = NaiveDate::from_ymd_opt(2026, 3, 5).unwrap();
    let n = "LT-20260305-0001";
    both(
        "order_confirmed",
        |l| super::orders::order_confirmed(n, Paise(766188), 25, true, &seller, l),
        &[n, "₹7,661.88", "25"],
    );
    for to in [
        OrderStatus::Shipped,
        OrderStatus::Delivered,
        OrderStatus::Cancelled,
        OrderStatus::Refunded,
    ] {
        both(
            "status_changed",
            |l| super::orders::status_changed(n, "Asha", to, Some("AWB 123"), &seller, l),
            &[n, "Asha", "AWB 123"],
        );
    }
    let courier = super::orders::courier_line("Delhivery", "AWB9", "https://t/9", Language::Hi);
    assert!(hindi(&courier) && courier.contains("AWB9") && courier.contains("https://t/9"));
    both(
        "proof_ready",
        |l| super::orders::proof_ready(n, "Asha", 2, &seller, l),
        &[n, "Asha", "2"],
    );
    both(
        "advance_received",
        |l| {
            super::payment_plans::advance_received(
                n,
                Paise(200000),
                Paise(566188),
                25,
                true,
                &seller,
                l,
            )
        },
        &[n, "₹2,000.00", "₹5,661.88"],
    );
    both(
        "balance_received",
        |l| {
            super::payment_plans::balance_received(
                n,
                Paise(566188),
                Paise(766188),
                true,
                &seller,
                l,
            )
        },
        &[n, "₹5,661.88", "₹7,661.88"],
    );
    both(
        "balance_due",
        |l| super::payment_plans::balance_due(n, Paise(566188), "https://x/o", &seller, l),
        &[n, "₹5,661.88", "https://x/o"],
    );
    both(
        "verify_email",
        |l| super::accounts::verify_email("https://x/v", l),
        &["https://x/v"],
    );
    both(
        "reset_password",
        |l| super::accounts::reset_password("https://x/r", l),
        &["https://x/r"],
    );
    for channel in [Channel::Email, Channel::Phone] {
        both(
            "sign_in_code",
            |l| super::accounts::sign_in_code(channel, "123456", l),
            &["123456", "10"],
        );
        both(
            "code_sign_in_paused_notice",
            |l| super::accounts::code_sign_in_paused_notice(channel, 10, l),
            &["10"],
        );
    }
    both(
        "password_reset",
        |l| super::accounts::password_reset(&seller, l),
        &[],
    );
    both(
        "password_changed",
        |l| super::accounts::password_changed(&seller, l),
        &[],
    );
    let pieces = |l| super::claims::pieces_text(&[("M".into(), 2)], l);
    both(
        "claims::filed",
        |l| {
            super::claims::filed(
                n,
                "Asha",
                "GRV/26-27/000001",
                &pieces(l),
                ClaimReason::Misprint,
                &seller,
                l,
            )
        },
        &[n, "GRV/26-27/000001", "M × 2"],
    );
    both(
        "claims::reprinted",
        |l| {
            super::claims::reprinted(
                n,
                "Asha",
                "T1",
                &pieces(l),
                "LT-2",
                Some("note"),
                &seller,
                l,
            )
        },
        &[n, "T1", "LT-2", "note"],
    );
    both(
        "claims::refunded",
        |l| super::claims::refunded(n, "Asha", "T1", &pieces(l), Paise(59800), None, &seller, l),
        &[n, "T1", "₹598.00"],
    );
    both(
        "claims::rejected",
        |l| super::claims::rejected(n, "Asha", "T1", &pieces(l), "a note", &seller, l),
        &[n, "T1", "a note"],
    );
    both(
        "support::acknowledgement",
        |l| super::support::acknowledgement("GRV/1", "Late", day, day, "https://x/s", &seller, l),
        &["GRV/1", "Late", "2026", "https://x/s"],
    );
    both(
        "support::staff_reply",
        |l| super::support::staff_reply("GRV/1", "Ravi", "Sorry", "https://x/s", &seller, l),
        &["GRV/1", "Ravi", "Sorry", "https://x/s"],
    );
    both(
        "support::resolved",
        |l| super::support::resolved("GRV/1", "Done", "https://x/s", &seller, l),
        &["GRV/1", "Done", "https://x/s"],
    );
    both(
        "confirm_subscription",
        |l| super::newsletter::confirm_subscription("https://x/n", l),
        &["https://x/n", "48"],
    );
    both("welcome", super::newsletter::welcome, &[]);
    let quoted = super::quotes::Quoted {
        quantity: 100,
        product: "Tee",
        colour: "navy",
        has_design: true,
    };
    both(
        "quote_made",
        |l| {
            super::quotes::quote_made(
                "QT/1",
                &quoted,
                Paise(25000),
                day,
                "https://x/q",
                &seller,
                l,
            )
        },
        &["QT/1", "100", "Tee", "₹250.00", "https://x/q"],
    );
}

#[test]
fn every_group_letter_has_both_languages() {
    use super::groups::{self, Cancelled};
    use crate::db::group_orders::{Group, Row};
    let group = Group {
        id: "g1".into(),
        token: "t".into(),
        organiser_id: "u1".into(),
        organiser_name: "Asha".into(),
        product_id: "p".into(),
        design: "{}".into(),
        title: "Chess Club 2026".into(),
        deadline: 0,
        payment: "members".into(),
        personalisation: 1,
        status: "open".into(),
        ship_to: None,
        pieces_per_member: 1,
        minimum_mailed: 0,
        created_at: 0,
        updated_at: 0,
    };
    let row = Row {
        id: "r1".into(),
        group_id: "g1".into(),
        user_id: "u2".into(),
        top_up: 0,
        size: "M".into(),
        name: Some("RAVI".into()),
        number: Some("7".into()),
        member_name: "Ravi".into(),
        member_email: "ravi@example.com".into(),
        member_language: Language::Hi,
        created_at: 0,
        order_id: None,
        paid: 1,
    };
    let (title, piece) = ("Chess Club 2026", "M RAVI 7");
    for added in [false, true] {
        both(
            "groups::joined",
            |l| groups::joined(&group, "Ravi", piece, added, l),
            &[title, "Asha", "Ravi", piece],
        );
    }
    for refunded in [false, true] {
        both(
            "groups::removed",
            |l| groups::removed(&group, &row, refunded, l),
            &[title, "Asha", "Ravi", piece],
        );
    }
    both(
        "groups::closed_to_print",
        |l| groups::closed_to_print(&group, &row, l),
        &[title, "Asha", "Ravi", piece],
    );
    both(
        "groups::closed_without_piece",
        |l| groups::closed_without_piece(&group, &row, l),
        &[title, "Asha", "Ravi", piece],
    );
    both(
        "groups::ordered_with_paid_pieces",
        |l| groups::ordered_with_paid_pieces(&group, 26, l),
        &[title, "26"],
    );
    both(
        "groups::placed",
        |l| groups::placed(title, "LT-20260305-0001", l),
        &[title, "LT-20260305-0001"],
    );
    both("groups::shipped", |l| groups::shipped(title, l), &[title]);
    for why in [
        Cancelled::ByOrganiser,
        Cancelled::ByClock { grace_hours: 48 },
    ] {
        both(
            "groups::cancelled_to_organiser",
            |l| groups::cancelled_to_organiser(&group, why, l),
            &[title, "Asha"],
        );
        both(
            "groups::cancelled_to_member",
            |l| groups::cancelled_to_member(&group, &row, why, l),
            &[title, "Asha", "Ravi"],
        );
    }
    both(
        "groups::cancelled_to_member",
        |l| groups::cancelled_to_member(&group, &row, Cancelled::ByClock { grace_hours: 48 }, l),
        &["48"],
    );
    for members_pay in [false, true] {
        both(
            "groups::minimum_reached",
            |l| groups::minimum_reached(&group, 25, members_pay, l),
            &[title, "Asha", "25"],
        );
        both(
            "groups::closed_at_deadline",
            |l| groups::closed_at_deadline(&group, 27, members_pay, l),
            &[title, "Asha", "27"],
        );
    }
    both(
        "groups::deadline_reached",
        |l| groups::deadline_reached(&group, 20, 5, Some(48), l),
        &[title, "Asha", "20", "5", "48"],
    );
    both(
        "groups::deadline_reached",
        |l| groups::deadline_reached(&group, 25, 0, None, l),
        &[title, "Asha", "25"],
    );
}
