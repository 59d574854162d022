use super::csv::{field, percent, rupees};
use super::*;
use crate::core::documents::tax_document::{
    AdjustedInvoice, DocumentBuyer, DocumentLine, DocumentSeller, DocumentTotals, StateRef,
    TaxDocument, UNIT,
};
use crate::domain::address::ShippingAddress;

/// 2026-11-10 12:00 IST.
const NOV: i64 = 1_794_294_000_000;

fn line(hsn: &str, quantity: i64, rate_bps: i64, taxable: i64, inter: bool) -> DocumentLine {
    let tax = taxable * rate_bps / 10_000;
    let (igst, half) = if inter { (tax, 0) } else { (0, tax / 2) };
    DocumentLine {
        hsn: hsn.into(),
        description: "Tee".into(),
        quantity,
        unit: UNIT.into(),
        rate_bps,
        gross: None,
        discount: None,
        taxable_value: taxable,
        cgst: half,
        sgst: half,
        igst,
        amount: taxable + igst + 2 * half,
    }
}

fn doc(
    number: &str,
    gstin: Option<&str>,
    state: (&str, &str),
    lines: Vec<DocumentLine>,
) -> TaxDocument {
    let sum = |f: fn(&DocumentLine) -> i64| lines.iter().map(f).sum::<i64>();
    let address = ShippingAddress {
        email: "b@example.com".into(),
        full_name: "A Buyer".into(),
        phone: "9876543210".into(),
        address_line1: "1 Road".into(),
        address_line2: None,
        street: "Road".into(),
        city: "City".into(),
        state: state.1.into(),
        zip_code: "560001".into(),
        country: "India".into(),
    };
    let inter = state.0 != "29";
    TaxDocument {
        title: "TAX INVOICE".into(),
        number: number.into(),
        date: "10/11/2026".into(),
        issued_at: NOV,
        order_id: "o".into(),
        order_number: "ORD-1".into(),
        adjusts: None,
        reason: None,
        seller: DocumentSeller {
            name: "Seller".into(),
            address: "Bengaluru".into(),
            gstin: "29AAAAA0000A1Z5".into(),
            state: StateRef {
                name: "Karnataka".into(),
                code: "29".into(),
            },
            phone: "1".into(),
            email: "s@example.com".into(),
        },
        buyer: DocumentBuyer {
            name: "=Buyer, \"Ltd\"".into(),
            gstin: gstin.map(str::to_string),
            billing_address: address.clone(),
            shipping_address: address,
            state: StateRef {
                name: state.1.into(),
                code: state.0.into(),
            },
        },
        place_of_supply: StateRef {
            name: state.1.into(),
            code: state.0.into(),
        },
        supply: if inter { "interState" } else { "intraState" }.into(),
        coupon_code: None,
        discount: None,
        gateway_fee: 0,
        totals: DocumentTotals {
            taxable_value: sum(|l| l.taxable_value),
            cgst: sum(|l| l.cgst),
            sgst: sum(|l| l.sgst),
            igst: sum(|l| l.igst),
            total: sum(|l| l.amount),
            total_in_words: String::new(),
        },
        lines,
        reverse_charge: String::new(),
        signatory: String::new(),
    }
}

fn note(number: &str, of: &TaxDocument, lines: Vec<DocumentLine>) -> TaxDocument {
    let mut n = doc(
        number,
        of.buyer.gstin.as_deref(),
        (&of.place_of_supply.code, &of.place_of_supply.name),
        lines,
    );
    n.adjusts = Some(AdjustedInvoice {
        number: of.number.clone(),
        date: of.date.clone(),
    });
    n
}

fn summary(docs: &[TaxDocument], payments: i64, refunds: i64) -> Gstr1 {
    let mut b = Builder::default();
    for d in docs {
        b.add(d);
    }
    let net = b.net_total();
    b.finish(
        "2026-11-01".into(),
        "2026-11-30".into(),
        Reconciliation::new(payments, refunds, net),
    )
}

#[test]
fn sales_are_grouped_as_gstr1_asks() {
    let ka = ("29", "Karnataka");
    let mh = ("27", "Maharashtra");
    let docs = vec![
        // B2B, two rates on one invoice: two rows.
        doc(
            "INV/26-27/000002",
            Some("27AAPFU0939F1ZV"),
            mh,
            vec![
                line("6109", 10, 500, 10_000_00, true),
                line("6105", 2, 1800, 6_000_00, true),
            ],
        ),
        doc(
            "INV/26-27/000001",
            Some("27AAPFU0939F1ZV"),
            mh,
            vec![line("6109", 1, 500, 1_000_00, true)],
        ),
        // Inter-state, unregistered, above ₹1,00,000: B2C large.
        doc(
            "INV/26-27/000003",
            None,
            mh,
            vec![line("6109", 100, 500, 1_00_000_00, true)],
        ),
        // Exactly ₹1,00,000 is not above it: B2C small; intra-state never is large.
        doc(
            "INV/26-27/000004",
            None,
            mh,
            vec![line("6109", 50, 500, 95_238_10, true)],
        ),
        doc(
            "INV/26-27/000005",
            None,
            ka,
            vec![line("6109", 300, 500, 3_00_000_00, false)],
        ),
        doc(
            "INV/26-27/000006",
            None,
            ka,
            vec![line("6109", 3, 500, 3_000_00, false)],
        ),
    ];
    // ₹95,238.10 at 5% is ₹1,00,000.00 and 5 paise: make it exactly the threshold.
    let mut docs = docs;
    docs[3].totals.total = 1_00_000_00;
    let g = summary(&docs, 0, 0);

    assert_eq!(
        g.b2b
            .iter()
            .map(|r| (r.invoice_number.as_str(), r.rate_bps))
            .collect::<Vec<_>>(),
        [
            ("INV/26-27/000001", 500),
            ("INV/26-27/000002", 500),
            ("INV/26-27/000002", 1800)
        ]
    );
    assert_eq!(g.b2b[1].invoice_value, 10_500_00 + 7_080_00);
    assert_eq!(g.b2b[2].place_of_supply, "27-Maharashtra");
    assert_eq!(g.b2b[2].igst, 1_080_00);

    assert_eq!(g.b2cl.len(), 1);
    assert_eq!(g.b2cl[0].invoice_number, "INV/26-27/000003");
    assert_eq!(g.b2cl[0].igst, 5_000_00);

    assert_eq!(g.b2cs.len(), 2);
    let ka_row = g
        .b2cs
        .iter()
        .find(|r| r.place_of_supply == "29-Karnataka")
        .unwrap();
    assert_eq!(
        (
            ka_row.supply.as_str(),
            ka_row.taxable_value,
            ka_row.cgst,
            ka_row.sgst,
            ka_row.igst
        ),
        ("intraState", 3_03_000_00, 7_575_00, 7_575_00, 0)
    );
    let mh_row = g
        .b2cs
        .iter()
        .find(|r| r.place_of_supply == "27-Maharashtra")
        .unwrap();
    assert_eq!((mh_row.taxable_value, mh_row.igst), (95_238_10, 4_761_90));

    let h6109 = g
        .hsn
        .iter()
        .find(|h| h.hsn == "6109" && h.rate_bps == 500)
        .unwrap();
    assert_eq!(h6109.quantity, 10 + 1 + 100 + 50 + 300 + 3);
    assert_eq!(h6109.uqc, "PCS");
    assert_eq!(g.totals.invoices.count, 6);
    assert_eq!(g.documents.len(), 1);
    assert_eq!(
        (
            g.documents[0].from_number.as_str(),
            g.documents[0].to_number.as_str(),
            g.documents[0].total
        ),
        ("INV/26-27/000001", "INV/26-27/000006", 6)
    );
    assert_eq!(g.totals.net.total, g.totals.invoices.total);
    assert!(g.credit_notes.is_empty());
}

#[test]
fn credit_notes_are_listed_and_netted() {
    let inv = doc(
        "INV/26-27/000001",
        Some("27AAPFU0939F1ZV"),
        ("27", "Maharashtra"),
        vec![line("6109", 10, 500, 10_000_00, true)],
    );
    let cn = note(
        "CN/26-27/000001",
        &inv,
        vec![line("6109", 10, 500, 2_000_00, true)],
    );
    let paid = inv.totals.total;
    let g = summary(&[inv, cn], paid, 2_100_00);

    assert_eq!(g.credit_notes.len(), 1);
    let c = &g.credit_notes[0];
    assert_eq!(
        (
            c.invoice_number.as_str(),
            c.gstin.as_deref(),
            c.taxable_value,
            c.igst,
            c.note_value
        ),
        (
            "INV/26-27/000001",
            Some("27AAPFU0939F1ZV"),
            2_000_00,
            100_00,
            2_100_00
        )
    );
    // The note lowers the HSN values, not the pieces.
    assert_eq!(
        (g.hsn[0].quantity, g.hsn[0].taxable_value, g.hsn[0].igst),
        (10, 8_000_00, 400_00)
    );
    assert_eq!(g.totals.net.total, 10_500_00 - 2_100_00);
    assert_eq!(g.totals.net.count, 2);
    assert!(g.reconciliation.reconciled);
    assert_eq!(g.reconciliation.received, 8_400_00);
    assert_eq!(
        g.documents
            .iter()
            .map(|d| (
                d.nature.as_str(),
                d.series.as_str(),
                d.from_number.as_str(),
                d.to_number.as_str(),
                d.total
            ))
            .collect::<Vec<_>>(),
        [
            (
                "Invoices for outward supply",
                "INV/26-27",
                "INV/26-27/000001",
                "INV/26-27/000001",
                1
            ),
            (
                "Credit notes",
                "CN/26-27",
                "CN/26-27/000001",
                "CN/26-27/000001",
                1
            ),
        ]
    );
    // A refund with no credit note shows.
    let g = summary(&[], 0, 1);
    assert!(!g.reconciliation.reconciled);
}

#[test]
fn csv_has_a_section_per_table_and_escapes_fields() {
    let inv = doc(
        "INV/26-27/000001",
        Some("27AAPFU0939F1ZV"),
        ("27", "Maharashtra"),
        vec![line("6109", 10, 500, 10_000_00, true)],
    );
    let csv = summary(&[inv], 10_500_00, 0).to_csv();
    let lines: Vec<&str> = csv.split("\r\n").collect();
    for title in [
        "B2B",
        "B2C large",
        "B2C small",
        "HSN summary",
        "Credit notes",
        "Totals",
        "Reconciliation",
    ] {
        assert!(lines.contains(&title), "{title} section in {csv}");
    }
    assert_eq!(
        lines[2],
        "27AAPFU0939F1ZV,\"'=Buyer, \"\"Ltd\"\"\",INV/26-27/000001,10/11/2026,10500.00,27-Maharashtra,5,10000.00,500.00,0.00,0.00"
    );
    assert!(csv.contains("\r\nNet,1,10000.00,500.00,0.00,0.00,10500.00\r\n"));
    assert!(csv.ends_with("10500.00,0.00,10500.00,10500.00,yes\r\n"));
    assert_eq!(rupees(-1_05), "-1.05");
    // Numbers stay numbers; formulas and text that only starts like one are defused.
    assert_eq!(field("-1.05"), "-1.05");
    assert_eq!(field("-3"), "-3");
    for (text, written) in [
        ("-1+2", "'-1+2"),
        ("-", "'-"),
        ("-.5", "'-.5"),
        ("-1.", "'-1."),
        ("-2,5", "\"'-2,5\""),
        ("=1", "'=1"),
    ] {
        assert_eq!(field(text), written, "{text}");
    }
    assert_eq!(percent(250), "2.5");
    assert_eq!(percent(1800), "18");
}
