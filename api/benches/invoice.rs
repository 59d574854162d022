//! `just bench`: the time to draw an order's pro-forma invoice as a PDF
//! (layout, shaping, font subsetting, compression), for a typical order of
//! three lines and a large one of forty lines over several pages.
//! `INVOICE_PDF_OUT=dir` also writes both PDFs there, to look at. First it
//! prints the most heap each PDF holds while drawn, which `INVOICE_PDF_BYTES`
//! (routes/orders/invoice.rs) and `PDF_BYTES` (tax_documents.rs) declare.

use std::hint::black_box;

use api::core::documents::tax_document::{InvoicedLine, TaxDocument};
use api::core::documents::{Invoice, pdf, tax_pdf};
use api::db::orders::{Item, NewItem, Order};
use api::domain::company::Company;
use criterion::{Criterion, criterion_group, criterion_main};

#[path = "common/peak.rs"]
mod peak;

#[global_allocator]
static HEAP: peak::Counting = peak::Counting;
use design_engine::money::Paise;

fn address() -> String {
    serde_json::json!({
        "email": "asha@example.com", "fullName": "Asha Rao", "phone": "9876543210",
        "addressLine1": "Flat 4B, Sunrise Apartments", "addressLine2": "221 Outer Ring Road, Marathahalli",
        "street": "Flat 4B, Sunrise Apartments, 221 Outer Ring Road, Marathahalli",
        "city": "Bengaluru", "state": "Karnataka", "zipCode": "560037", "country": "India"
    })
    .to_string()
}

/// An order of `lines` lines, each 40 garments with two design elements.
fn order(lines: usize) -> (Order, Vec<Item>) {
    let products = [
        ("T-Shirt Normal", "navyblue", 2_500),
        ("Oversized Drop-Shoulder T-Shirt", "black", 39_900),
        ("Formal Shirt Full Sleeves", "skyblue", 54_900),
    ];
    let items: Vec<Item> = (0..lines)
        .map(|i| {
            let (name, color, unit) = products[i % products.len()];
            Item {
                id: format!("{i:024x}"),
                order_id: "0123456789abcdef01234567".into(),
                line: NewItem {
                    product_id: "64f1a2b3c4d5e6f708190a05".into(),
                    name: name.into(),
                    color: color.into(),
                    artwork_hash: String::new(),
                    design: "{}".into(),
                    sizes: r#"{"s":5,"m":10,"l":10,"xl":10,"xxl":5}"#.into(),
                    artwork: Vec::new(),
                    unit_price: unit,
                    base_unit_price: Some(unit),
                    tier_discount_bps: 0,
                    quantity: 40,
                    elements: 2,
                    design_fee: 5_000,
                    name_charge: 0,
                    number_charge: 0,
                    discount: 0,
                    line_total: unit * 40 + 5_000,
                    quote_id: None,
                },
            }
        })
        .collect();
    let items_price = items.iter().map(|i| i.line.line_total).sum();
    let order = Order {
        id: "0123456789abcdef01234567".into(),
        user_id: "89abcdef0123456789abcdef".into(),
        order_number: "LT-20261122-7KQ3M9".into(),
        status: api::domain::OrderStatus::Confirmed,
        is_paid: 1,
        paid_at: Some(1_795_287_600_000),
        receipt: "rcpt_bench".into(),
        provider: "test".into(),
        provider_order_id: None,
        payment_id: Some("pay_1".into()),
        payment_method: "card".into(),
        currency: "INR".into(),
        items_count: 40 * lines as i64,
        items_price,
        shipping_price: 14_999,
        gateway_charge: 0,
        gateway_fee_bps: 250,
        discount_amount: 0,
        total_price: 0,
        refunded_amount: 0,
        shipping_address: address(),
        billing_address: address(),
        cancel_reason: None,
        tracking_number: None,
        created_at: 1_795_287_600_000,
        updated_at: 1_795_287_600_000,
        payment_claim: None,
        buyer_gstin: None,
        proof_state: Some("approved".into()),
        group_id: None,
        coupon_id: None,
        coupon_code: None,
        advance_amount: 0,
        balance_due: 0,
        balance_provider_order_id: None,
        balance_payment_id: None,
        balance_paid_at: None,
        user_name: "Asha Rao".into(),
        user_email: "asha@example.com".into(),
        user_language: api::domain::Language::En,
    };
    (order, items)
}

fn invoice(lines: usize) -> Invoice {
    let (order, items) = order(lines);
    Invoice::new(&order, &items, &Company::default(), 1_795_287_600_000).unwrap()
}

/// What the paying transaction's tax invoice is made from, for `lines` lines.
fn tax_inputs(lines: usize) -> (Order, Vec<InvoicedLine>, Company) {
    let (order, items) = order(lines);
    let invoiced: Vec<InvoicedLine> = items
        .iter()
        .map(|i| InvoicedLine {
            amount: Paise(i.line.line_total),
            discount: Paise(0),
            quantity: i.line.quantity as u32,
            hsn: "6109".into(),
            description: format!("{}, {} (custom printed)", i.line.name, i.line.color),
        })
        .collect();
    (order, invoiced, Company::default())
}

fn tax_invoice((order, invoiced, seller): &(Order, Vec<InvoicedLine>, Company)) -> TaxDocument {
    let state = seller.state().unwrap();
    TaxDocument::invoice(order, None, invoiced, seller, state, 1_795_287_600_000).unwrap()
}

fn invoice_pdf(c: &mut Criterion) {
    let typical = invoice(3);
    let large = invoice(40);
    for lines in [3, 40, 200] {
        let inv = invoice(lines);
        peak::report(&format!("invoice PDF, {lines} lines"), || {
            pdf::render(&inv).unwrap()
        });
        let doc = tax_invoice(&tax_inputs(lines));
        peak::report(&format!("tax invoice PDF, {lines} lines"), || {
            tax_pdf::render(&doc).unwrap()
        });
    }
    if let Ok(dir) = std::env::var("INVOICE_PDF_OUT") {
        for (name, inv) in [("typical", &typical), ("large", &large)] {
            let path = std::path::Path::new(&dir).join(format!("invoice-{name}.pdf"));
            std::fs::write(&path, pdf::render(inv).unwrap()).unwrap();
        }
    }
    c.bench_function("invoice PDF, 3 lines (1 page)", |b| {
        b.iter(|| pdf::render(black_box(&typical)).unwrap())
    });
    c.bench_function("invoice PDF, 40 lines (3 pages)", |b| {
        b.iter(|| pdf::render(black_box(&large)).unwrap())
    });
}

/// What paying adds in the server's own time before its one database trip:
/// the tax invoice's figures (the engine's tax per line) and its stored JSON.
fn tax_invoice_issue(c: &mut Criterion) {
    let inputs = tax_inputs(3);
    c.bench_function("tax invoice: figures and snapshot, 3 lines", |b| {
        b.iter(|| tax_invoice(black_box(&inputs)).to_snapshot())
    });
    let doc = tax_invoice(&inputs);
    c.bench_function("tax invoice PDF, 3 lines (1 page)", |b| {
        b.iter(|| tax_pdf::render(black_box(&doc)).unwrap())
    });
}

criterion_group!(benches, invoice_pdf, tax_invoice_issue);
criterion_main!(benches);
