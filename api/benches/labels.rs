//! `cargo bench -p api --bench labels`: the time to draw the shipping labels
//! of 50 orders booked by hand as one PDF, as the server does for a bulk
//! download (four A6 labels to an A4 sheet: 13 pages, each label with its
//! QR code). `LABELS_PDF_OUT=dir` also writes the PDF there, to look at.
//! First it prints the most heap drawing 1 and 100 labels holds, which
//! `LABELS_PDF_BYTES` (routes/orders/shipment.rs) declares.

use std::hint::black_box;

use api::core::documents::label::{LabelData, render};
use api::domain::address::ShippingAddress;
use criterion::{Criterion, criterion_group, criterion_main};

#[path = "common/peak.rs"]
mod peak;

#[global_allocator]
static HEAP: peak::Counting = peak::Counting;

fn orders(n: usize) -> Vec<LabelData> {
    (0..n)
        .map(|i| LabelData {
            order_number: format!("LT-20261126-{i:06}"),
            to: ShippingAddress {
                email: format!("buyer{i}@example.com"),
                full_name: format!("Asha Rao {i}"),
                phone: "9876543210".into(),
                address_line1: format!("{} MG Road", i + 1),
                address_line2: Some("Near the metro station, Shivajinagar".into()),
                street: format!("{} MG Road, Near the metro station, Shivajinagar", i + 1),
                city: "Bengaluru Urban".into(),
                state: "Karnataka".into(),
                zip_code: "560001".into(),
                country: "India".into(),
            },
            pieces: 25 + i as i64,
            courier: "Delhivery Surface".into(),
            awb: format!("19041424{i:06}"),
            sender_name: "Legacy Threads".into(),
            sender_address: "12 MG Road, Bengaluru, Karnataka 560001, India".into(),
            sender_phone: "+91 80 0000 0000".into(),
        })
        .collect()
}

fn labels_pdf(c: &mut Criterion) {
    for n in [1, 100] {
        let labels = orders(n);
        peak::report(&format!("{n} labels"), || render(&labels).unwrap());
    }
    let labels = orders(50);
    if let Ok(dir) = std::env::var("LABELS_PDF_OUT") {
        let path = std::path::Path::new(&dir).join("labels-50.pdf");
        std::fs::write(path, render(&labels).unwrap()).unwrap();
    }
    c.bench_function("shipping labels PDF, 50 orders (13 A4 pages)", |b| {
        b.iter(|| render(black_box(&labels)).unwrap())
    });
}

criterion_group!(benches, labels_pdf);
criterion_main!(benches);
