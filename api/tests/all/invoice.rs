//! The pro-forma invoice through the real server on both databases: its
//! figures to the paisa, who may fetch it, and the PDF's selectable text.

use crate::helpers::checkout::{TOTAL, paid_order};
use crate::helpers::{TestApp, engines};
use serde_json::{Value, json};

/// The PDF route's answer: status, content type, disposition and bytes.
async fn get_pdf(app: &TestApp, id: &str, token: &str) -> (u16, String, String, Vec<u8>) {
    let res = app
        .client
        .get(app.url(&format!("/api/orders/{id}/invoice.pdf")))
        .bearer_auth(token)
        .send()
        .await
        .unwrap();
    let header = |name: &str| {
        res.headers()
            .get(name)
            .and_then(|v| v.to_str().ok())
            .unwrap_or_default()
            .to_string()
    };
    let (status, kind, disposition) = (
        res.status().as_u16(),
        header("content-type"),
        header("content-disposition"),
    );
    (
        status,
        kind,
        disposition,
        res.bytes().await.unwrap().to_vec(),
    )
}

/// Without the issue date, which is the day it is asked for.
fn undated(invoice: &Value) -> Value {
    let mut v = invoice.clone();
    v.as_object_mut().unwrap().remove("invoiceDate");
    v
}

#[tokio::test]
async fn the_invoice_has_the_orders_figures_to_the_paisa() {
    for engine in engines() {
        let app = TestApp::spawn(engine).await;
        let (id, asha) = paid_order(&app, "asha@example.com").await;
        let (_, order) = app.get_auth(&format!("/api/orders/{id}"), &asha).await;
        let order = &order["data"];

        let (status, body) = app
            .get_auth(&format!("/api/orders/{id}/invoice"), &asha)
            .await;
        assert_eq!(status, 200, "{engine:?} {body}");
        assert_eq!(body["success"], true);
        let inv = &body["data"];
        assert_eq!(inv["title"], "PRO-FORMA INVOICE");
        assert_eq!(inv["invoiceNumber"], order["orderNumber"]);
        assert_eq!(inv["orderId"], id.as_str());
        assert_eq!(
            inv["orderDate"],
            api::core::documents::en_gb_date(order["createdAt"].as_i64().unwrap())
        );
        let date = inv["invoiceDate"].as_str().unwrap();
        assert!(
            date.len() == 10
                && date.bytes().enumerate().all(|(i, b)| if i == 2 || i == 5 {
                    b == b'/'
                } else {
                    b.is_ascii_digit()
                }),
            "{date}"
        );
        assert_eq!(
            (inv["isPaid"].as_bool(), inv["currency"].as_str()),
            (Some(true), Some("INR"))
        );

        // ₹7,475.00 of tees; the gateway's 2.5% = ₹186.875 → ₹186.88 (half
        // up); no courier. Inside, Karnataka to Delhi: IGST at 5% (₹306.48 a
        // piece), 7,661.88 × 5/105 = ₹364.851 → ₹364.85, as the tax invoice.
        assert_eq!(
            [
                &inv["itemsTotal"],
                &inv["gatewayCharge"],
                &inv["gatewayLabel"],
                &inv["courierCharges"],
                &inv["total"],
                &inv["taxableValue"],
                &inv["taxes"],
                &inv["placeOfSupply"],
            ],
            [
                &json!(7475_00),
                &json!(186_88),
                &json!("Payment Gateway (2.5%)"),
                &json!(0),
                &json!(TOTAL),
                &json!(TOTAL - 364_85),
                &json!([{"label": "IGST (5%)", "amount": 364_85}]),
                &json!("Delhi (07)"),
            ]
        );
        // The total is what the customer paid.
        assert_eq!(inv["total"], order["totalPrice"]);
        assert_eq!(
            inv["lines"],
            json!([{
                "name": "T-Shirt Normal", "color": "navyblue",
                "sizes": [{"size": "S", "quantity": 10}, {"size": "XXL", "quantity": 15}],
                "quantity": 25, "unitPrice": 299_00, "tierDiscountBps": 0, "amount": 7475_00
            }])
        );
        assert_eq!(inv["billTo"]["fullName"], "Asha Rao");
        assert_eq!(inv["shipTo"]["street"], "12 Janpath, Connaught Place");
        assert_eq!(inv["shipTo"]["zipCode"], "110001");
        assert_eq!(inv["seller"]["name"], "Legacy Threads");
        assert_eq!(
            (
                inv["estimatedDispatch"].as_str(),
                inv["paymentTerms"].as_str()
            ),
            (Some("30-45 days"), Some("100% advance"))
        );

        // Courier charges of ₹149.99 add to the total, their tax inside it too.
        sqlx::query("UPDATE orders SET shipping_price = 14999 WHERE id = $1")
            .bind(&id)
            .execute(&app.db)
            .await
            .unwrap();
        let (_, body) = app
            .get_auth(&format!("/api/orders/{id}/invoice"), &asha)
            .await;
        let inv = &body["data"];
        // (7,661.88 + 149.99) × 5/105 = ₹371.994 → ₹371.99.
        assert_eq!(
            (
                &inv["courierCharges"],
                &inv["total"],
                &inv["taxes"][0]["amount"]
            ),
            (&json!(14_999), &json!(TOTAL + 14_999), &json!(371_99)),
            "{engine:?}"
        );
    }
}

#[tokio::test]
async fn only_the_owner_and_admins_get_an_invoice() {
    for engine in engines() {
        let app = TestApp::spawn(engine).await;
        let admin = app.admin_token().await;
        let (id, asha) = paid_order(&app, "asha@example.com").await;
        let (ravi, _) = app.sign_up("ravi@example.com").await;
        let json_path = format!("/api/orders/{id}/invoice");

        let (status, mine) = app.get_auth(&json_path, &asha).await;
        assert_eq!(status, 200, "{mine}");
        let (status, theirs) = app.get_auth(&json_path, &admin).await;
        assert_eq!(status, 200, "{engine:?} {theirs}");
        assert_eq!(undated(&theirs["data"]), undated(&mine["data"]));
        assert_eq!(get_pdf(&app, &id, &admin).await.0, 200);

        // Another customer: as if it did not exist, as GET /orders/{id} answers.
        let (status, body) = app.get_auth(&json_path, &ravi).await;
        assert_eq!(
            (status, body["message"].as_str()),
            (404, Some("Order not found")),
            "{engine:?}"
        );
        assert_eq!(
            app.get_auth(&format!("/api/orders/{id}"), &ravi).await.0,
            404
        );
        assert_eq!(get_pdf(&app, &id, &ravi).await.0, 404);
        // No token, a malformed id, an unknown id.
        assert_eq!(app.get(&json_path).await.0, 401);
        for token in [&asha, &admin] {
            for bad in [
                "nope",
                "64f1a2b3c4d5e6f70819zzzz",
                "64f1a2b3c4d5e6f708190a0",
            ] {
                let (status, body) = app
                    .get_auth(&format!("/api/orders/{bad}/invoice"), token)
                    .await;
                assert_eq!(
                    (status, body["message"].as_str()),
                    (400, Some("Invalid order id")),
                    "{bad}"
                );
                assert_eq!(get_pdf(&app, bad, token).await.0, 400, "{bad}");
            }
            let unknown = "aaaaaaaaaaaaaaaaaaaaaaaa";
            let (status, _) = app
                .get_auth(&format!("/api/orders/{unknown}/invoice"), token)
                .await;
            assert_eq!(status, 404);
        }

        // A deleted order has no invoice, for its owner or an admin.
        let (status, _) = app.delete_auth(&format!("/api/orders/{id}"), &admin).await;
        assert_eq!(status, 200);
        for token in [&asha, &admin] {
            assert_eq!(app.get_auth(&json_path, token).await.0, 404, "{engine:?}");
            assert_eq!(get_pdf(&app, &id, token).await.0, 404);
        }
    }
}

#[tokio::test]
async fn the_pdf_carries_the_invoice_as_selectable_text() {
    for engine in engines() {
        let app = TestApp::spawn_configured(engine, None, |c| {
            c.company.name = "Legacy Threads Pvt Ltd".into();
            c.company.gstin = "27AAPFL1234C1ZV".into();
            c.company.support_email = "care@legacythreads.example".into();
        })
        .await;
        let (id, asha) = paid_order(&app, "asha@example.com").await;
        let (_, inv) = app
            .get_auth(&format!("/api/orders/{id}/invoice"), &asha)
            .await;
        let number = inv["data"]["invoiceNumber"].as_str().unwrap().to_string();
        assert_eq!(inv["data"]["seller"]["gstin"], "27AAPFL1234C1ZV");

        let (status, kind, disposition, pdf) = get_pdf(&app, &id, &asha).await;
        assert_eq!(status, 200, "{engine:?}");
        assert_eq!(kind, "application/pdf");
        assert_eq!(
            disposition,
            format!("attachment; filename=\"invoice-{number}.pdf\"")
        );
        assert!(pdf.starts_with(b"%PDF-"));

        // The text a reader selects and copies: through the fonts' ToUnicode maps.
        let doc = lopdf::Document::load_mem(&pdf).expect("a well-formed PDF");
        assert_eq!(doc.get_pages().len(), 1);
        let text = doc.extract_text(&[1]).unwrap();
        let flat: String = text.split_whitespace().collect::<Vec<_>>().join(" ");
        for needle in [
            number.as_str(),
            "PRO-FORMA INVOICE",
            "Legacy Threads Pvt Ltd",
            "GSTIN: 27AAPFL1234C1ZV",
            "care@legacythreads.example",
            "Asha Rao",
            "12 Janpath, Connaught Place",
            "T-Shirt Normal",
            "S: 10, XXL: 15",
            "Payment Gateway (2.5%)",
            // The seller is in Maharashtra (27…), the buyer in Delhi.
            "IGST (5%) included",
            "Place of supply: Delhi (07)",
            // The rupee sign is DejaVu Sans' (Liberation Sans has none):
            // lopdf starts a new chunk at each change of font, where a
            // viewer joins the glyphs by position.
            "Payment Gateway (2.5%) ₹ 186.88",
            "Total ₹ 7,661.88",
            "30-45 days",
            "100% advance",
        ] {
            assert!(
                flat.contains(needle),
                "{engine:?}: {needle:?} not in {flat:?}"
            );
        }

        // The engine's fonts are embedded (as subsets), not referenced.
        let page = doc.get_pages()[&1];
        let mut embedded = Vec::new();
        for font in doc.get_page_fonts(page).unwrap().values() {
            let base = String::from_utf8_lossy(font.get(b"BaseFont").unwrap().as_name().unwrap())
                .to_string();
            let descendant = font.get(b"DescendantFonts").unwrap().as_array().unwrap()[0]
                .as_reference()
                .unwrap();
            let descriptor = doc
                .get_dictionary(descendant)
                .unwrap()
                .get(b"FontDescriptor")
                .unwrap()
                .as_reference()
                .unwrap();
            let descriptor = doc.get_dictionary(descriptor).unwrap();
            assert!(
                descriptor.has(b"FontFile2") || descriptor.has(b"FontFile3"),
                "{base} is not embedded"
            );
            assert!(font.has(b"ToUnicode"), "{base} has no ToUnicode map");
            embedded.push(
                base.split_once('+')
                    .map_or(base.clone(), |(_, n)| n.to_string()),
            );
        }
        embedded.sort();
        assert_eq!(embedded, ["DejaVuSans", "LiberationSans"], "{engine:?}");
    }
}
