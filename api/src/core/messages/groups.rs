//! What group orders tell people, one function per message: the e-mails
//! (a subject and a body, in the recipient's language), the refusals whose
//! words are built from the group's figures (in English: `translate` gives
//! a Hindi reader theirs), and the answers a request's outcome chooses.

use super::Letter;
use crate::db::group_orders::{Group, Row};
use crate::domain::Language;
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
pub fn joined(group: &Group, name: &str, piece: &str, added: bool, language: Language) -> Letter {
    let (title, organiser) = (&group.title, &group.organiser_name);
    match language {
        Language::En => Letter {
            subject: if added {
                format!("Piece added to {title}")
            } else {
                format!("You have joined {title}")
            },
            body: format!(
                "Hello {name},\n\nYou have joined \"{title}\", {organiser}'s group order. Your piece: {piece}.\nYou can change or withdraw it until the deadline.\n"
            ),
        },
        Language::Hi => Letter {
            subject: if added {
                format!("{title} में आपका पीस जुड़ गया")
            } else {
                format!("आप {title} में शामिल हो गए हैं")
            },
            body: format!(
                "नमस्ते {name},\n\nआप {organiser} के ग्रुप ऑर्डर \"{title}\" में शामिल हो गए हैं। आपका पीस: {piece}।\nअंतिम तिथि तक आप इसे बदल सकते हैं या वापस ले सकते हैं।\n"
            ),
        },
    }
}

/// Whether a member who leaves gets money back, in words.
fn money_back(refunded: bool, language: Language) -> &'static str {
    match (language, refunded) {
        (Language::En, true) => "Your payment is being refunded to the card you paid with.",
        (Language::En, false) => "Nothing was charged.",
        (Language::Hi, true) => "आपका भुगतान उसी कार्ड में वापस किया जा रहा है जिससे आपने भुगतान किया था।",
        (Language::Hi, false) => "आपसे कोई पैसा नहीं लिया गया।",
    }
}

/// To a member whose piece the organiser removed.
pub fn removed(group: &Group, row: &Row, refunded: bool, language: Language) -> Letter {
    let (title, organiser, member) = (&group.title, &group.organiser_name, &row.member_name);
    let (piece, money) = (piece(row), money_back(refunded, language));
    match language {
        Language::En => Letter {
            subject: format!("Your piece was removed from {title}"),
            body: format!(
                "Hello {member},\n\n{organiser} has removed your piece ({piece}) from the group order \"{title}\". {money}\n"
            ),
        },
        Language::Hi => Letter {
            subject: format!("{title} से आपका पीस हटा दिया गया"),
            body: format!(
                "नमस्ते {member},\n\n{organiser} ने ग्रुप ऑर्डर \"{title}\" से आपका पीस ({piece}) हटा दिया है। {money}\n"
            ),
        },
    }
}

/// The reason a piece's refund gives (and so its credit note).
pub fn piece_refund_reason(reason: &str, row: &Row) -> String {
    format!("{reason}: 1 piece ({})", piece(row))
}

/// To a member, when the organiser closes a group they pay for.
pub fn closed_to_print(group: &Group, row: &Row, language: Language) -> Letter {
    let (title, organiser, member) = (&group.title, &group.organiser_name, &row.member_name);
    let piece = piece(row);
    match language {
        Language::En => Letter {
            subject: format!("{title} is closed: your piece goes to print"),
            body: format!(
                "Hello {member},\n\n{organiser} has closed the group order \"{title}\". Your piece ({piece}) goes to print with the team's order.\n"
            ),
        },
        Language::Hi => Letter {
            subject: format!("{title} बंद हो गया: आपका पीस प्रिंट के लिए जा रहा है"),
            body: format!(
                "नमस्ते {member},\n\n{organiser} ने ग्रुप ऑर्डर \"{title}\" बंद कर दिया है। आपका पीस ({piece}) टीम के ऑर्डर के साथ प्रिंट के लिए जा रहा है।\n"
            ),
        },
    }
}

/// To a member whose piece was still unpaid when a members-pay group closed.
pub fn closed_without_piece(group: &Group, row: &Row, language: Language) -> Letter {
    let (title, organiser, member) = (&group.title, &group.organiser_name, &row.member_name);
    let piece = piece(row);
    match language {
        Language::En => Letter {
            subject: format!("{title} is closed without your piece"),
            body: format!(
                "Hello {member},\n\n{organiser} has closed the group order \"{title}\" before your piece ({piece}) was paid for, so it is not in the order and nothing was charged.\n"
            ),
        },
        Language::Hi => Letter {
            subject: format!("{title} आपके पीस के बिना बंद हो गया"),
            body: format!(
                "नमस्ते {member},\n\n{organiser} ने ग्रुप ऑर्डर \"{title}\" आपके पीस ({piece}) का भुगतान होने से पहले ही बंद कर दिया, इसलिए यह पीस ऑर्डर में शामिल नहीं है और आपसे कोई पैसा नहीं लिया गया।\n"
            ),
        },
    }
}

/// The reason an unpaid member's order is cancelled at the close.
pub const CLOSED_UNPAID: &str = "The group order closed before this piece was paid for";

/// "… has been ordered": the subject when a group goes to print.
fn ordered(title: &str, language: Language) -> String {
    match language {
        Language::En => format!("{title} has been ordered"),
        Language::Hi => format!("{title} का ऑर्डर प्लेस हो गया"),
    }
}

/// To everyone, when a members-pay group closes with its paid pieces.
pub fn ordered_with_paid_pieces(group: &Group, paid_pieces: usize, language: Language) -> Letter {
    let title = &group.title;
    Letter {
        subject: ordered(title, language),
        body: match language {
            Language::En => format!(
                "The group order \"{title}\" is closed with {paid_pieces} paid pieces and goes to print together; you will hear when it ships.\n"
            ),
            Language::Hi => format!(
                "ग्रुप ऑर्डर \"{title}\" भुगतान किए गए {paid_pieces} पीस के साथ बंद हो गया है और ये सब एक साथ प्रिंट होंगे; भेजे जाने पर हम आपको बताएँगे।\n"
            ),
        },
    }
}

/// To everyone, when the organiser's line for the group is paid for and placed.
pub fn placed(title: &str, order_number: &str, language: Language) -> Letter {
    Letter {
        subject: ordered(title, language),
        body: match language {
            Language::En => format!(
                "The group order \"{title}\" has been paid for and placed as order {order_number}. Every piece is printed together; you will hear when it ships.\n"
            ),
            Language::Hi => format!(
                "ग्रुप ऑर्डर \"{title}\" का भुगतान हो गया है और इसे ऑर्डर {order_number} के रूप में प्लेस कर दिया गया है। सभी पीस एक साथ प्रिंट होंगे; भेजे जाने पर हम आपको बताएँगे।\n"
            ),
        },
    }
}

/// To everyone, when the group's order (or every member's) has shipped.
pub fn shipped(title: &str, language: Language) -> Letter {
    match language {
        Language::En => Letter {
            subject: format!("{title} has shipped"),
            body: format!(
                "The group order \"{title}\" has shipped to its organiser, who will hand out the pieces.\n"
            ),
        },
        Language::Hi => Letter {
            subject: format!("{title} भेज दिया गया है"),
            body: format!("ग्रुप ऑर्डर \"{title}\" आयोजक को भेज दिया गया है, जो सबको उनके पीस बाँटेंगे।\n"),
        },
    }
}

/// Why a group was cancelled: its organiser cancelled it, or the clock did
/// (a members-pay group left below the minimum past its deadline and
/// `grace_hours`). The letters say it in their reader's language.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Cancelled {
    ByOrganiser,
    ByClock { grace_hours: i64 },
}

/// `why`, in words.
fn why(group: &Group, why: Cancelled, language: Language) -> String {
    let organiser = &group.organiser_name;
    match (language, why) {
        (Language::En, Cancelled::ByOrganiser) => {
            format!("{organiser} has cancelled the group order")
        }
        (Language::En, Cancelled::ByClock { grace_hours }) => format!(
            "The group order missed its deadline without enough paid pieces, and {organiser} did not extend it within {grace_hours} hours, so it was cancelled"
        ),
        (Language::Hi, Cancelled::ByOrganiser) => {
            format!("{organiser} ने ग्रुप ऑर्डर रद्द कर दिया है")
        }
        (Language::Hi, Cancelled::ByClock { grace_hours }) => format!(
            "अंतिम तिथि तक ग्रुप ऑर्डर के पर्याप्त पीस का भुगतान नहीं हुआ, और {organiser} ने {grace_hours} घंटे के भीतर अंतिम तिथि नहीं बढ़ाई, इसलिए इसे रद्द कर दिया गया"
        ),
    }
}

/// The reason each member's order gives when its group is cancelled.
pub const CANCELLED: &str = "The group order was cancelled";

/// "… was cancelled": the subject of a cancelled group's letters.
fn cancelled_subject(title: &str, language: Language) -> String {
    match language {
        Language::En => format!("{title} was cancelled"),
        Language::Hi => format!("{title} रद्द कर दिया गया"),
    }
}

/// To the organiser, when the clock cancelled their group (`cancelled`).
pub fn cancelled_to_organiser(group: &Group, cancelled: Cancelled, language: Language) -> Letter {
    let (title, organiser) = (&group.title, &group.organiser_name);
    let why = why(group, cancelled, language);
    Letter {
        subject: cancelled_subject(title, language),
        body: match language {
            Language::En => format!(
                "Hello {organiser},\n\n{why}: \"{title}\". Every member who paid is being refunded.\n"
            ),
            Language::Hi => format!(
                "नमस्ते {organiser},\n\n{why}: \"{title}\"। जिन सदस्यों ने भुगतान किया था, उन सबका पैसा लौटाया जा रहा है।\n"
            ),
        },
    }
}

/// To a member, when their group was cancelled (`cancelled`).
pub fn cancelled_to_member(
    group: &Group,
    row: &Row,
    cancelled: Cancelled,
    language: Language,
) -> Letter {
    let (title, member) = (&group.title, &row.member_name);
    let why = why(group, cancelled, language);
    let money = money_back(row.paid != 0, language);
    Letter {
        subject: cancelled_subject(title, language),
        body: match language {
            Language::En => format!(
                "Hello {member},\n\n{why}: \"{title}\". Nothing will be printed for you. {money}\n"
            ),
            Language::Hi => format!(
                "नमस्ते {member},\n\n{why}: \"{title}\"। आपके लिए कुछ भी प्रिंट नहीं होगा। {money}\n"
            ),
        },
    }
}

/// To the organiser, once, when the group has the minimum: `pieces` joined
/// (the organiser paying) or paid for (members paying).
pub fn minimum_reached(
    group: &Group,
    pieces: i64,
    members_pay: bool,
    language: Language,
) -> Letter {
    let (title, organiser) = (&group.title, &group.organiser_name);
    match language {
        Language::En => {
            let next = if members_pay {
                "paid pieces: the minimum is reached. Close the group order when everyone has paid, and the paid pieces go to print."
            } else {
                "pieces: the minimum is reached. Close the group order when everyone is in, and pay for it from your cart."
            };
            Letter {
                subject: format!("{title} has reached the minimum"),
                body: format!("Hello {organiser},\n\n\"{title}\" has {pieces} {next}\n"),
            }
        }
        Language::Hi => {
            let has = if members_pay {
                format!(
                    "\"{title}\" के {pieces} पीस का भुगतान हो चुका है: न्यूनतम संख्या पूरी हो गई है। सबका भुगतान हो जाने पर ग्रुप ऑर्डर बंद करें, और भुगतान किए गए पीस प्रिंट के लिए चले जाएँगे।"
                )
            } else {
                format!(
                    "\"{title}\" में {pieces} पीस हो गए हैं: न्यूनतम संख्या पूरी हो गई है। सब जुड़ जाएँ तो ग्रुप ऑर्डर बंद करें, और अपने कार्ट से इसका भुगतान करें।"
                )
            };
            Letter {
                subject: format!("{title} ने न्यूनतम संख्या पूरी कर ली"),
                body: format!("नमस्ते {organiser},\n\n{has}\n"),
            }
        }
    }
}

/// To the organiser, when the clock closed the group at its deadline with
/// `pieces` (members paying: paid pieces).
pub fn closed_at_deadline(
    group: &Group,
    pieces: u32,
    members_pay: bool,
    language: Language,
) -> Letter {
    let (title, organiser) = (&group.title, &group.organiser_name);
    match language {
        Language::En => Letter {
            subject: format!("{title} closed at its deadline"),
            body: format!(
                "Hello {organiser},\n\n\"{title}\" reached its deadline with {pieces} {} and is closed: {}\n",
                if members_pay { "paid pieces" } else { "pieces" },
                if members_pay {
                    "its pieces go to print together."
                } else {
                    "its line is in your cart. Pay for it there to send it to print."
                }
            ),
        },
        Language::Hi => Letter {
            subject: format!("{title} अंतिम तिथि पर बंद हो गया"),
            body: format!(
                "नमस्ते {organiser},\n\n\"{title}\" की अंतिम तिथि आ गई और यह {pieces} {} के साथ बंद हो गया है: {}\n",
                if members_pay {
                    "भुगतान किए गए पीस"
                } else {
                    "पीस"
                },
                if members_pay {
                    "इसके पीस एक साथ प्रिंट होंगे।"
                } else {
                    "इसकी लाइन आपके कार्ट में है। इसे प्रिंट के लिए भेजने को वहीं भुगतान करें।"
                }
            ),
        },
    }
}

/// To the organiser, when the group reached its deadline and did not close:
/// `need` pieces short of the minimum; members paying, cancelled after
/// `grace_hours` unless extended.
pub fn deadline_reached(
    group: &Group,
    pieces: u32,
    need: u32,
    grace_hours: Option<i64>,
    language: Language,
) -> Letter {
    let (title, organiser) = (&group.title, &group.organiser_name);
    match language {
        Language::En => Letter {
            subject: format!("{title} reached its deadline"),
            body: format!(
                "Hello {organiser},\n\n\"{title}\" reached its deadline with {pieces} pieces{}. You can extend the deadline, top up the missing pieces yourself and close it, or cancel it.{}\n",
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
        },
        Language::Hi => Letter {
            subject: format!("{title} की अंतिम तिथि आ गई"),
            body: format!(
                "नमस्ते {organiser},\n\n\"{title}\" की अंतिम तिथि आ गई है और इसमें {pieces} पीस हैं{}। आप अंतिम तिथि बढ़ा सकते हैं, कम पड़ रहे पीस खुद टॉप-अप करके इसे बंद कर सकते हैं, या इसे रद्द कर सकते हैं।{}\n",
                if need > 0 {
                    format!(", न्यूनतम संख्या से {need} कम")
                } else {
                    String::new()
                },
                match grace_hours {
                    Some(hours) => format!(
                        " अगर आपने {hours} घंटे के भीतर अंतिम तिथि नहीं बढ़ाई, तो इसे रद्द कर दिया जाएगा और भुगतान करने वाले हर सदस्य का पैसा लौटा दिया जाएगा।"
                    ),
                    None => String::new(),
                }
            ),
        },
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
