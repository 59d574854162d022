//! Tax invoices and credit notes through the real server on both databases:
//! issued once in the paying transaction with consecutive numbers (200
//! payments at once), figures to the paisa for both splits, kept unchanged,
//! shown only to the owner and admins, credit notes on refunds, and the
//! PDFs' text read back.

use crate::helpers::checkout::{TOTAL, address, create_order, payment, shopper};
use crate::helpers::{TestApp, engines};
use serde_json::{Value, json};
use sqlx::{Column, Row};

const NO_INVOICE: &str = "This order has no tax invoice yet: it is issued when the order is paid.";

fn flat_text(pdf: &[u8]) -> String {
    let doc = lopdf::Document::load_mem(pdf).expect("a well-formed PDF");
    let pages: Vec<u32> = doc.get_pages().keys().copied().collect();
    let text = doc.extract_text(&pages).unwrap();
    text.split_whitespace().collect::<Vec<_>>().join(" ")
}

/// The invoice's number in this financial year's series, `n`th.
fn number(prefix: &str, n: i64) -> String {
    let now = chrono::Utc::now().timestamp_millis();
    let date = api::core::documents::tax_document::india_date(now);
    api::domain::numbering::number(&api::domain::numbering::series(prefix, date), n)
}

/// A shopper's order for 25 tees to `to`, created and paid; its id and the token.
pub(crate) async fn paid_to(app: &TestApp, email: &str, to: Value) -> (String, String) {
    paid_with(app, email, to, None).await
}

/// The same, a business buyer's when `gstin` is given.
async fn paid_with(app: &TestApp, email: &str, to: Value, gstin: Option<&str>) -> (String, String) {
    let token = shopper(app, email).await;
    let (status, created) = app
        .post_auth(
            "/api/payments/create-order",
            &token,
            json!({"amount": TOTAL, "currency": "INR", "receipt": "rcpt_tax", "shippingAddress": to,
                   "sameAsShipping": true, "gstin": gstin}),
        )
        .await;
    assert_eq!(status, 200, "{created}");
    let id = created["data"]["order"]["_id"]
        .as_str()
        .unwrap()
        .to_string();
    let path = format!("/api/orders/{id}/tax-invoice");
    let (status, body) = app.get_auth(&path, &token).await;
    assert_eq!((status, body["message"].as_str()), (404, Some(NO_INVOICE)));
    let (status, body) = app
        .post_auth(
            "/api/payments/verify",
            &token,
            payment(&created["data"], "pay_tax"),
        )
        .await;
    assert_eq!(status, 200, "{body}");
    (id, token)
}

#[tokio::test]
async fn a_paid_order_gets_a_tax_invoice_to_the_paisa() {
    for engine in engines() {
        let app = TestApp::spawn(engine).await;
        // Delhi from a Karnataka seller (the dev GSTIN 29…): IGST.
        let (id, asha) = paid_to(&app, "asha@example.com", address()).await;
        let (status, body) = app
            .get_auth(&format!("/api/orders/{id}/tax-invoice"), &asha)
            .await;
        assert_eq!(status, 200, "{engine:?} {body}");
        let inv = &body["data"];
        assert_eq!(inv["title"], "TAX INVOICE");
        assert_eq!(inv["number"], number("INV", 1));
        assert_eq!(inv["seller"]["gstin"], "29ABCDE1234F1ZW");
        assert_eq!(
            inv["seller"]["state"],
            json!({"name": "Karnataka", "code": "29"})
        );
        assert_eq!(inv["placeOfSupply"], json!({"name": "Delhi", "code": "07"}));
        assert_eq!(inv["buyer"]["name"], "Asha Rao");
        assert_eq!(inv["supply"], "interState");
        assert_eq!(inv["reverseCharge"], "Tax is not payable on reverse charge");
        // ₹7,475.00 + the 2.5% fee ₹186.88 = ₹7,661.88, ₹306.48 a piece: 5%.
        // IGST inside: 7,661.88 × 5/105 = ₹364.851 → ₹364.85.
        let line = &inv["lines"][0];
        assert_eq!(
            (
                &line["hsn"],
                &line["quantity"],
                &line["unit"],
                &line["rateBps"]
            ),
            (&json!("6109"), &json!(25), &json!("PCS"), &json!(500))
        );
        assert_eq!(
            (
                &line["taxableValue"],
                &line["igst"],
                &line["cgst"],
                &line["amount"]
            ),
            (&json!(7297_03), &json!(364_85), &json!(0), &json!(TOTAL))
        );
        assert_eq!(inv["gatewayFee"], 186_88);
        assert_eq!(
            inv["totals"],
            json!({"taxableValue": 7297_03, "cgst": 0, "sgst": 0, "igst": 364_85, "total": TOTAL,
                   "totalInWords": "Rupees Seven Thousand Six Hundred Sixty-One and Eighty-Eight Paise Only"})
        );

        // Immutable: a later edit of the product or the order changes nothing issued.
        sqlx::query("UPDATE products SET hsn = '6105', name = 'Renamed' WHERE id = $1")
            .bind(crate::helpers::checkout::TEE)
            .execute(&app.db)
            .await
            .unwrap();
        sqlx::query("UPDATE orders SET shipping_address = '{}' WHERE id = $1")
            .bind(&id)
            .execute(&app.db)
            .await
            .unwrap();
        let (_, again) = app
            .get_auth(&format!("/api/orders/{id}/tax-invoice"), &asha)
            .await;
        assert_eq!(again["data"], *inv, "{engine:?}");

        // The PDF: every Rule 46 field a reader can select, kept after the first drawing.
        let (status, kind, pdf) = app
            .get_bytes(&format!("/api/orders/{id}/tax-invoice.pdf"), Some(&asha))
            .await;
        assert_eq!((status, kind.as_str()), (200, "application/pdf"));
        let text = flat_text(&pdf);
        for needle in [
            "TAX INVOICE",
            number("INV", 1).as_str(),
            "GSTIN: 29ABCDE1234F1ZW",
            "State: Karnataka (29)",
            "Delhi (07)",
            "Asha Rao",
            "6109",
            "25 PCS",
            "IGST",
            "Rupees Seven Thousand Six Hundred Sixty-One and Eighty-Eight Paise Only",
            "Tax is not payable on reverse charge",
            "Authorised Signatory",
        ] {
            assert!(
                text.contains(needle),
                "{engine:?}: {needle:?} not in {text:?}"
            );
        }
        let (_, _, kept) = app
            .get_bytes(&format!("/api/orders/{id}/tax-invoice.pdf"), Some(&asha))
            .await;
        assert_eq!(kept, pdf, "the PDF is kept, not drawn again");

        // Karnataka to Karnataka: CGST + SGST, half each; the next number.
        let mut home = address();
        home["city"] = json!("Bengaluru");
        home["state"] = json!("Karnataka");
        home["zipCode"] = json!("560001");
        let (id, ravi) = paid_to(&app, "ravi@example.com", home).await;
        let (_, body) = app
            .get_auth(&format!("/api/orders/{id}/tax-invoice"), &ravi)
            .await;
        let inv = &body["data"];
        assert_eq!(inv["number"], number("INV", 2));
        assert_eq!(inv["supply"], "intraState");
        // 2.5% of 7,661.88/1.05 = ₹182.4257 → ₹182.43 each.
        assert_eq!(
            (
                &inv["totals"]["cgst"],
                &inv["totals"]["sgst"],
                &inv["totals"]["igst"]
            ),
            (&json!(182_43), &json!(182_43), &json!(0))
        );
        assert_eq!(inv["totals"]["taxableValue"], TOTAL - 2 * 182_43);
        assert_eq!(
            inv["lines"][0]["hsn"], "6105",
            "the product's HSN when paid"
        );
    }
}

#[tokio::test]
async fn only_the_owner_and_admins_see_tax_documents() {
    for engine in engines() {
        let app = TestApp::spawn(engine).await;
        let admin = app.admin_token().await;
        let (id, _asha) = paid_to(&app, "asha@example.com", address()).await;
        let (ravi, _) = app.sign_up("ravi@example.com").await;
        for path in [
            format!("/api/orders/{id}/tax-invoice"),
            format!("/api/orders/{id}/credit-notes"),
        ] {
            assert_eq!(app.get_auth(&path, &admin).await.0, 200, "{path}");
            let (status, body) = app.get_auth(&path, &ravi).await;
            assert_eq!(
                (status, body["message"].as_str()),
                (404, Some("Order not found"))
            );
            assert_eq!(app.get(&path).await.0, 401);
        }
        let pdf = format!("/api/orders/{id}/tax-invoice.pdf");
        assert_eq!(app.get_bytes(&pdf, Some(&admin)).await.0, 200);
        assert_eq!(app.get_bytes(&pdf, Some(&ravi)).await.0, 404);
        assert_eq!(app.get_bytes(&pdf, None).await.0, 401);
        let (status, body) = app.get_auth("/api/orders/nope/tax-invoice", &admin).await;
        assert_eq!(
            (status, body["message"].as_str()),
            (400, Some("Invalid order id"))
        );
    }
}

#[tokio::test]
async fn refunds_issue_credit_notes_that_name_the_invoice() {
    for engine in engines() {
        let app = TestApp::spawn(engine).await;
        let admin = app.admin_token().await;
        let (id, asha) = paid_to(&app, "asha@example.com", address()).await;
        let notes = format!("/api/orders/{id}/credit-notes");
        assert_eq!(app.get_auth(&notes, &asha).await.1["data"], json!([]));

        // A part refund, then the rest by cancelling.
        let (status, body) = app
            .post_auth(
                "/api/payments/refund",
                &admin,
                json!({"orderId": id, "amount": 1000_00}),
            )
            .await;
        assert_eq!(status, 200, "{engine:?} {body}");
        let (status, body) = app
            .put_auth(
                &format!("/api/orders/{id}/status"),
                &admin,
                json!({"status": "cancelled"}),
            )
            .await;
        assert_eq!(status, 200, "{engine:?} {body}");

        let (_, body) = app.get_auth(&notes, &asha).await;
        let list = body["data"].as_array().unwrap();
        assert_eq!(list.len(), 2, "{engine:?} {body}");
        let (first, second) = (&list[0], &list[1]);
        assert_eq!(first["title"], "CREDIT NOTE");
        assert_eq!(first["number"], number("CN", 1));
        assert_eq!(second["number"], number("CN", 2));
        assert_eq!(first["adjusts"]["number"], number("INV", 1));
        assert_eq!(first["supply"], "interState");
        // ₹1,000 at the line's 5%: IGST 1000 × 5/105 = ₹47.619 → ₹47.62.
        assert_eq!(
            first["totals"],
            json!({"taxableValue": 952_38, "cgst": 0, "sgst": 0, "igst": 47_62, "total": 1000_00,
                   "totalInWords": "Rupees One Thousand Only"})
        );
        // Both notes give back exactly what was paid, tax and all.
        let sum =
            |f: &str| first["totals"][f].as_i64().unwrap() + second["totals"][f].as_i64().unwrap();
        assert_eq!(sum("total"), TOTAL);
        assert_eq!(sum("igst"), 364_85);

        // Its PDF, by the number with dashes or with its slashes escaped.
        let dashed = number("CN", 1).replace('/', "-");
        for file in [
            format!("{dashed}.pdf"),
            format!("{}.pdf", number("CN", 1).replace('/', "%2F")),
        ] {
            let (status, kind, pdf) = app.get_bytes(&format!("{notes}/{file}"), Some(&asha)).await;
            assert_eq!(
                (status, kind.as_str()),
                (200, "application/pdf"),
                "{engine:?} {file}"
            );
            let text = flat_text(&pdf);
            for needle in [
                "CREDIT NOTE",
                "Against Invoice",
                number("INV", 1).as_str(),
                "Rupees One Thousand Only",
            ] {
                assert!(text.contains(needle), "{needle:?} not in {text:?}");
            }
        }
        for bad in ["CN-26-27-000009.pdf", "nope.pdf", "CN-26-27-000001"] {
            let (status, _, _) = app.get_bytes(&format!("{notes}/{bad}"), Some(&asha)).await;
            assert_eq!(status, 404, "{bad}");
        }
    }
}

/// Copies of a pending order (new ids, numbers and provider orders), as
/// create-order would have made them, without a shopper and a cart each.
async fn copies(app: &TestApp, id: &str, n: usize) -> Vec<(String, String)> {
    let row = sqlx::query("SELECT * FROM orders WHERE id = $1")
        .bind(id)
        .fetch_one(&app.db)
        .await
        .unwrap();
    let columns: Vec<String> = row.columns().iter().map(|c| c.name().to_string()).collect();
    let mut made = Vec::new();
    for i in 0..n {
        let new_id = format!("{:024x}", 0xabc000 + i);
        let provider = format!("order_copy_{i}");
        let values: Vec<String> = columns
            .iter()
            .map(|c| match c.as_str() {
                "id" => "$2".to_string(),
                "order_number" => "$3".to_string(),
                "receipt" => "$3".to_string(),
                "provider_order_id" => "$4".to_string(),
                "open_slot" => "NULL".to_string(),
                other => other.to_string(),
            })
            .collect();
        let sql = format!(
            "INSERT INTO orders ({}) SELECT {} FROM orders WHERE id = $1",
            columns.join(", "),
            values.join(", ")
        );
        sqlx::query(&sql)
            .bind(id)
            .bind(&new_id)
            .bind(format!("COPY-{i}"))
            .bind(&provider)
            .execute(&app.db)
            .await
            .unwrap();
        sqlx::query(
            "INSERT INTO order_items (id, order_id, position, product_id, name, color, artwork_hash, design, sizes, \
             unit_price, quantity, elements, design_fee, line_total) SELECT $1, $2, position, product_id, name, color, \
             artwork_hash, design, sizes, unit_price, quantity, elements, design_fee, line_total FROM order_items \
             WHERE order_id = $3",
        )
        .bind(format!("{:024x}", 0xdef000 + i))
        .bind(&new_id)
        .bind(id)
        .execute(&app.db)
        .await
        .unwrap();
        made.push((new_id, provider));
    }
    made
}

#[tokio::test]
async fn two_hundred_payments_at_once_get_two_hundred_consecutive_numbers() {
    for engine in engines() {
        let app = TestApp::spawn(engine).await;
        let token = shopper(&app, "many@example.com").await;
        let (status, created) = create_order(&app, &token, "rcpt_many").await;
        assert_eq!(status, 200, "{created}");
        let id = created["data"]["order"]["_id"].as_str().unwrap();
        let orders = copies(&app, id, 200).await;
        let pays = orders.iter().enumerate().map(|(i, (id, provider))| {
            let body = payment(
                &json!({"orderId": provider, "order": {"_id": id}}),
                &format!("pay_many_{i}"),
            );
            let (app, token) = (&app, &token);
            async move { app.post_auth("/api/payments/verify", token, body).await }
        });
        for (status, body) in futures_util::future::join_all(pays).await {
            assert_eq!(status, 200, "{engine:?} {body}");
        }
        let mut seqs: Vec<i64> = sqlx::query_scalar("SELECT seq FROM tax_invoices")
            .fetch_all(&app.db)
            .await
            .unwrap();
        seqs.sort_unstable();
        assert_eq!(seqs, (1..=200).collect::<Vec<i64>>(), "{engine:?}");
        let last: i64 = sqlx::query_scalar("SELECT last_number FROM document_series")
            .fetch_one(&app.db)
            .await
            .unwrap();
        assert_eq!(last, 200);
        // Paying again issues nothing more.
        let (id, provider) = &orders[0];
        let again = payment(
            &json!({"orderId": provider, "order": {"_id": id}}),
            "pay_many_0",
        );
        assert_eq!(
            app.post_auth("/api/payments/verify", &token, again).await.0,
            200
        );
        let count: i64 = sqlx::query_scalar("SELECT COUNT(*) FROM tax_invoices")
            .fetch_one(&app.db)
            .await
            .unwrap();
        assert_eq!(count, 200);
    }
}

#[tokio::test]
async fn the_confirmation_email_attaches_the_tax_invoice() {
    for engine in engines() {
        let relay = crate::helpers::smtp::SmtpStandIn::start().await;
        let url = relay.url();
        let app = TestApp::spawn_configured(engine, None, move |c| {
            c.smtp = Some(api::mail::SmtpConfig {
                url: api::env::Secret::new(url),
                from: "Store <orders@store.example>".into(),
            });
        })
        .await;
        let (id, asha) = paid_to(&app, "asha@example.com", address()).await;
        let mut mail = relay.wait_for("asha@example.com").await;
        for _ in 0..200 {
            if mail.data.contains("confirmed") {
                break;
            }
            tokio::time::sleep(std::time::Duration::from_millis(50)).await;
            mail = relay.wait_for("asha@example.com").await;
        }
        let file = format!("tax-invoice-{}.pdf", number("INV", 1).replace('/', "-"));
        // The text is quoted-printable: soft line breaks end in '='.
        let text = mail.data.replace("=\r\n", "").replace("=\n", "");
        assert!(
            text.contains("Your tax invoice is attached"),
            "{engine:?} {text}"
        );
        assert!(mail.data.contains(&file), "{engine:?} {}", mail.data);
        // The attachment is the PDF the order page serves, base64 in the message.
        let (_, _, pdf) = app
            .get_bytes(&format!("/api/orders/{id}/tax-invoice.pdf"), Some(&asha))
            .await;
        let start = mail.data.find("JVBERi0").expect("a base64 PDF");
        let encoded: String = mail.data[start..]
            .lines()
            .take_while(|l| !l.trim().is_empty() && !l.starts_with("--"))
            .collect();
        use base64::Engine as _;
        let attached = base64::engine::general_purpose::STANDARD
            .decode(encoded.trim())
            .unwrap();
        assert_eq!(attached, pdf, "{engine:?}");
    }
}
