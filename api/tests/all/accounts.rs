//! The accountant's view through the real server on both databases: the
//! documents of a range listed and paged, the GSTR-1 summary (JSON and CSV)
//! grouping B2B, B2C and credit notes and reconciling with the payments and
//! refunds recorded, the zip of their PDFs, bad ranges, and admins only.

use std::io::Read;

use serde_json::{Value, json};

use crate::helpers::checkout::{TOTAL, address, paid_order};
use crate::helpers::{TestApp, engines};
use crate::tax_invoices::paid_to;

const B2B_GSTIN: &str = "27AAPFU0939F1ZV";

/// Today in India, as the routes take it.
fn today() -> String {
    let now = chrono::Utc::now().timestamp_millis();
    let d = api::core::documents::tax_document::india_date(now);
    format!("{:04}-{:02}-{:02}", d.year, d.month, d.day)
}

/// The order's invoice number, from its JSON.
async fn invoice_number(app: &TestApp, id: &str, token: &str) -> String {
    let (_, body) = app
        .get_auth(&format!("/api/orders/{id}/tax-invoice"), token)
        .await;
    body["data"]["number"].as_str().unwrap().to_string()
}

/// Makes an issued invoice a B2B one, as checkout with a GSTIN would have.
async fn give_gstin(app: &TestApp, order_id: &str) {
    let (snapshot,): (String,) =
        sqlx::query_as("SELECT snapshot FROM tax_invoices WHERE order_id = $1")
            .bind(order_id)
            .fetch_one(&app.db)
            .await
            .unwrap();
    let mut doc: Value = serde_json::from_str(&snapshot).unwrap();
    doc["buyer"]["gstin"] = json!(B2B_GSTIN);
    sqlx::query("UPDATE tax_invoices SET snapshot = $1 WHERE order_id = $2")
        .bind(doc.to_string())
        .bind(order_id)
        .execute(&app.db)
        .await
        .unwrap();
}

fn karnataka() -> Value {
    json!({
        "email": "ravi@example.com", "fullName": "Ravi Kumar", "phone": "+91 98450 12345",
        "addressLine1": "4 MG Road", "city": "Bengaluru", "state": "Karnataka", "zipCode": "560001"
    })
}

#[tokio::test]
async fn the_months_export_reconciles_with_the_money() {
    for engine in engines() {
        let app = TestApp::spawn(engine).await;
        let admin = app.admin_token().await;
        let day = today();
        let range = format!("from={day}&to={day}");

        // Three paid orders: two to Delhi (one of them B2B), one within Karnataka.
        let (asha_order, asha) = paid_order(&app, "asha@example.com").await;
        let (b2b_order, b2b) = paid_to(&app, "firm@example.com", address()).await;
        let (ka_order, ka) = paid_to(&app, "ravi@example.com", karnataka()).await;
        give_gstin(&app, &b2b_order).await;
        // ₹1,000 of Asha's order given back.
        let (status, body) = app
            .post_auth(
                "/api/payments/refund",
                &admin,
                json!({"orderId": asha_order, "amount": 1000_00}),
            )
            .await;
        assert_eq!(status, 200, "{engine:?} {body}");
        let asha_invoice = invoice_number(&app, &asha_order, &asha).await;
        let b2b_invoice = invoice_number(&app, &b2b_order, &b2b).await;
        let ka_invoice = invoice_number(&app, &ka_order, &ka).await;

        let (status, body) = app
            .get_auth(&format!("/api/admin/tax-documents/gstr1?{range}"), &admin)
            .await;
        assert_eq!(status, 200, "{engine:?} {body}");
        let g = &body["data"];
        assert_eq!(
            g["reconciliation"],
            json!({"payments": 3 * TOTAL, "refunds": 1000_00, "received": 3 * TOTAL - 1000_00,
                   "documents": 3 * TOTAL - 1000_00, "reconciled": true}),
            "{engine:?}"
        );
        assert_eq!(g["totals"]["invoices"]["count"], 3);
        assert_eq!(g["totals"]["invoices"]["total"], 3 * TOTAL);
        assert_eq!(g["totals"]["creditNotes"]["total"], 1000_00);
        // B2B: the firm's invoice, one rate.
        let b2b_rows = g["b2b"].as_array().unwrap();
        assert_eq!(b2b_rows.len(), 1, "{engine:?} {g}");
        assert_eq!(b2b_rows[0]["gstin"], B2B_GSTIN);
        assert_eq!(b2b_rows[0]["invoiceNumber"], b2b_invoice);
        assert_eq!(b2b_rows[0]["invoiceValue"], TOTAL);
        assert_eq!(b2b_rows[0]["placeOfSupply"], "07-Delhi");
        // B2C small: Delhi (IGST) and Karnataka (CGST + SGST), at 5%; none large.
        assert_eq!(g["b2cl"], json!([]));
        let b2cs = g["b2cs"].as_array().unwrap();
        let places: Vec<(&str, &str, i64)> = b2cs
            .iter()
            .map(|r| {
                (
                    r["placeOfSupply"].as_str().unwrap(),
                    r["supply"].as_str().unwrap(),
                    r["rateBps"].as_i64().unwrap(),
                )
            })
            .collect();
        assert_eq!(
            places,
            [
                ("07-Delhi", "interState", 500),
                ("29-Karnataka", "intraState", 500)
            ]
        );
        assert_eq!(b2cs[1]["igst"], 0);
        assert!(b2cs[1]["cgst"].as_i64().unwrap() > 0);
        // HSN: 75 tees, their value net of the credit note.
        assert_eq!(g["hsn"].as_array().unwrap().len(), 1);
        assert_eq!(
            (
                &g["hsn"][0]["hsn"],
                &g["hsn"][0]["uqc"],
                &g["hsn"][0]["quantity"]
            ),
            (&json!("6109"), &json!("PCS"), &json!(75))
        );
        assert_eq!(g["hsn"][0]["totalValue"], 3 * TOTAL - 1000_00);
        // Documents issued: the three invoices in one series, the note in another.
        let mut numbers = [
            asha_invoice.clone(),
            b2b_invoice.clone(),
            ka_invoice.clone(),
        ];
        numbers.sort();
        assert_eq!(g["documents"][0]["fromNumber"], json!(numbers[0]));
        assert_eq!(g["documents"][0]["toNumber"], json!(numbers[2]));
        assert_eq!(g["documents"][0]["total"], 3);
        assert_eq!(g["documents"][1]["nature"], "Credit notes");
        let notes = g["creditNotes"].as_array().unwrap();
        assert_eq!(notes.len(), 1);
        assert_eq!(notes[0]["invoiceNumber"], asha_invoice);
        assert_eq!(notes[0]["noteValue"], 1000_00);
        assert_eq!(notes[0]["igst"], 47_62);

        // The CSV: one file, a section per table.
        let (status, kind, csv) = app
            .get_bytes(
                &format!("/api/admin/tax-documents/gstr1.csv?{range}"),
                Some(&admin),
            )
            .await;
        assert_eq!((status, kind.as_str()), (200, "text/csv; charset=utf-8"));
        let csv = String::from_utf8(csv).unwrap();
        let lines: Vec<&str> = csv.split("\r\n").collect();
        for title in [
            "B2B",
            "B2C large",
            "B2C small",
            "HSN summary",
            "Credit notes",
            "Documents issued",
            "Totals",
            "Reconciliation",
        ] {
            assert!(lines.contains(&title), "{title} in {csv}");
        }
        for number in [&asha_invoice, &b2b_invoice, &ka_invoice] {
            assert!(csv.contains(number.as_str()), "{number} in {csv}");
        }
        assert!(
            lines
                .iter()
                .any(|l| l.starts_with(&format!("{B2B_GSTIN},Asha Rao,{b2b_invoice},"))),
            "{csv}"
        );
        assert!(csv.contains("\r\n6109,PCS,75,"), "{csv}");
        assert!(csv.ends_with(",yes\r\n"), "{csv}");

        // The list: four documents, newest first (the credit note), paged.
        let (status, body) = app
            .get_auth(&format!("/api/admin/tax-documents?{range}&limit=3"), &admin)
            .await;
        assert_eq!(status, 200, "{body}");
        assert_eq!(
            body["pagination"],
            json!({"page": 1, "limit": 3, "total": 4, "pages": 2})
        );
        let first = &body["data"][0];
        assert_eq!(
            (&first["kind"], &first["adjusts"], &first["total"]),
            (&json!("creditNote"), &json!(asha_invoice), &json!(1000_00))
        );
        let (_, body) = app
            .get_auth(
                &format!("/api/admin/tax-documents?{range}&limit=3&page=2"),
                &admin,
            )
            .await;
        let last = &body["data"][0];
        assert_eq!(
            (&last["kind"], &last["number"], &last["buyerName"]),
            (&json!("invoice"), &json!(asha_invoice), &json!("Asha Rao"))
        );
        let (_, body) = app
            .get_auth(&format!("/api/admin/tax-documents?{range}"), &admin)
            .await;
        let b2b_listed = body["data"]
            .as_array()
            .unwrap()
            .iter()
            .find(|d| d["number"] == json!(b2b_invoice))
            .unwrap();
        assert_eq!(b2b_listed["gstin"], B2B_GSTIN);

        // The zip: every document's PDF, drawn and kept.
        let (status, kind, zip) = app
            .get_bytes(
                &format!("/api/admin/tax-documents/pdfs.zip?{range}"),
                Some(&admin),
            )
            .await;
        assert_eq!((status, kind.as_str()), (200, "application/zip"));
        let mut zip = zip::ZipArchive::new(std::io::Cursor::new(zip)).unwrap();
        let mut names: Vec<String> = (0..zip.len())
            .map(|i| zip.by_index(i).unwrap().name().unwrap().to_string())
            .collect();
        names.sort();
        let file = |kind: &str, n: &str| format!("{kind}-{}.pdf", n.replace('/', "-"));
        let mut expected = vec![
            file("credit-note", notes[0]["number"].as_str().unwrap()),
            file("tax-invoice", &asha_invoice),
            file("tax-invoice", &b2b_invoice),
            file("tax-invoice", &ka_invoice),
        ];
        expected.sort();
        assert_eq!(names, expected, "{engine:?}");
        for name in &names {
            let mut bytes = Vec::new();
            zip.by_name(name).unwrap().read_to_end(&mut bytes).unwrap();
            assert!(bytes.starts_with(b"%PDF-"), "{name}");
        }
        let (kept,): (i64,) =
            sqlx::query_as("SELECT COUNT(*) FROM tax_invoices WHERE pdf IS NOT NULL")
                .fetch_one(&app.db)
                .await
                .unwrap();
        assert_eq!(kept, 3);

        // A refund with no credit note (recorded behind the documents' back) shows.
        sqlx::query(
            "INSERT INTO refunds (id, order_id, payment_id, amount, reason, created_by, created_at) \
             SELECT 'rfnd_stray', id, payment_id, 500, 'stray', 'test', paid_at FROM orders WHERE id = $1",
        )
        .bind(&ka_order)
        .execute(&app.db)
        .await
        .unwrap();
        let (_, body) = app
            .get_auth(&format!("/api/admin/tax-documents/gstr1?{range}"), &admin)
            .await;
        assert_eq!(body["data"]["reconciliation"]["reconciled"], false);
        assert_eq!(body["data"]["reconciliation"]["refunds"], 1000_00 + 500);

        // Another month has nothing, and reconciles.
        let (_, body) = app
            .get_auth(
                "/api/admin/tax-documents/gstr1?from=2025-01-01&to=2025-01-31",
                &admin,
            )
            .await;
        assert_eq!(body["data"]["totals"]["net"]["count"], 0);
        assert_eq!(body["data"]["reconciliation"]["reconciled"], true);
    }
}

/// A month with a credit note for an earlier month's invoice has negative
/// figures; the CSV writes them as numbers (`-1000.00`), not as text that a
/// formula guard's `'` would make of them.
#[tokio::test]
async fn negative_figures_stay_numbers_in_the_csv() {
    for engine in engines() {
        let app = TestApp::spawn(engine).await;
        let admin = app.admin_token().await;
        let (order, _) = paid_order(&app, "asha@example.com").await;
        // The invoice and the payment 40 days ago: only the refund falls today.
        let earlier = 40 * 24 * 3600 * 1000_i64;
        for sql in [
            "UPDATE tax_invoices SET issued_at = issued_at - $1 WHERE order_id = $2",
            "UPDATE orders SET paid_at = paid_at - $1 WHERE id = $2",
        ] {
            sqlx::query(sql)
                .bind(earlier)
                .bind(&order)
                .execute(&app.db)
                .await
                .unwrap();
        }
        let (status, body) = app
            .post_auth(
                "/api/payments/refund",
                &admin,
                json!({"orderId": order, "amount": 1000_00}),
            )
            .await;
        assert_eq!(status, 200, "{engine:?} {body}");
        let day = today();
        let (status, _, csv) = app
            .get_bytes(
                &format!("/api/admin/tax-documents/gstr1.csv?from={day}&to={day}"),
                Some(&admin),
            )
            .await;
        assert_eq!(status, 200);
        let csv = String::from_utf8(csv).unwrap();
        assert!(!csv.contains("'-"), "{engine:?} {csv}");
        let lines: Vec<&str> = csv.split("\r\n").collect();
        for line in [
            "6109,PCS,0,-1000.00,5,-952.38,-47.62,0.00,0.00",
            "Net,1,-952.38,-47.62,0.00,0.00,-1000.00",
            "0.00,1000.00,-1000.00,-1000.00,yes",
        ] {
            assert!(lines.contains(&line), "{engine:?} {line} in {csv}");
        }
    }
}

#[tokio::test]
async fn bad_ranges_are_refused_and_only_admins_export() {
    for engine in engines() {
        let app = TestApp::spawn(engine).await;
        let admin = app.admin_token().await;
        let (shopper, _) = app.sign_up("asha@example.com").await;
        let routes = [
            "/api/admin/tax-documents",
            "/api/admin/tax-documents/gstr1",
            "/api/admin/tax-documents/gstr1.csv",
            "/api/admin/tax-documents/pdfs.zip",
        ];
        for route in routes {
            let ok = format!("{route}?from=2026-11-01&to=2026-11-30");
            assert_eq!(app.get_bytes(&ok, Some(&admin)).await.0, 200, "{route}");
            assert_eq!(app.get_bytes(&ok, Some(&shopper)).await.0, 403, "{route}");
            assert_eq!(app.get_bytes(&ok, None).await.0, 401, "{route}");
            for (query, message) in [
                ("from=2026-11-30&to=2026-11-01", "from must not be after to"),
                (
                    "from=2025-11-01&to=2026-11-02",
                    "The range is 367 days: choose at most 366",
                ),
                (
                    "from=01/11/2026&to=2026-11-30",
                    "from must be a date as YYYY-MM-DD",
                ),
                ("from=2026-11-01&to=soon", "to must be a date as YYYY-MM-DD"),
            ] {
                let (status, body) = app.get_auth(&format!("{route}?{query}"), &admin).await;
                assert_eq!(
                    (status, body["message"].as_str()),
                    (400, Some(message)),
                    "{route}?{query}"
                );
            }
        }
    }
}
