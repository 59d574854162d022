//! Orders as an admin runs them, through the real server on both databases:
//! lists and filters, any status from any status with its history, refund on
//! cancelling a paid order, the customer's e-mails, deletion, the overview.

use crate::helpers::checkout::{TOTAL, create_order, paid_order, shopper};
use crate::helpers::{TestApp, engines};
use serde_json::{Value, json};

fn statuses(page: &Value) -> Vec<&str> {
    page["data"]
        .as_array()
        .unwrap()
        .iter()
        .map(|o| o["status"].as_str().unwrap())
        .collect()
}

#[tokio::test]
async fn admins_list_filter_move_and_delete_orders() {
    for engine in engines() {
        // Proofs off: this is the status menu's test (the proof gate is `proofs`').
        let app = TestApp::spawn_configured(engine, None, |c| c.proof_required = false).await;
        let admin = app.admin_token().await;
        let (paid, asha) = paid_order(&app, "asha@example.com").await;
        let ravi = shopper(&app, "ravi@example.com").await;
        let (status, pending) = create_order(&app, &ravi, "rcpt_ravi").await;
        assert_eq!(status, 200);
        let pending = pending["data"]["order"]["_id"]
            .as_str()
            .unwrap()
            .to_string();

        // Admins only, and every filter checked.
        for path in [
            "/api/orders/admin",
            "/api/orders/admin/all",
            "/api/orders/stats/overview",
        ] {
            assert_eq!(app.get_auth(path, &asha).await.0, 403, "{path}");
        }
        for bad in [
            "status=lost",
            "dateFrom=2026-13-01",
            "dateFrom=yesterday",
            "dateFrom=2026-11-02&dateTo=2026-11-01",
        ] {
            let (status, body) = app
                .get_auth(&format!("/api/orders/admin?{bad}"), &admin)
                .await;
            assert_eq!(status, 400, "{engine:?} {bad} {body}");
        }
        assert_eq!(
            app.get_auth("/api/orders/admin/status/lost", &admin)
                .await
                .0,
            400
        );

        // Everyone's orders, newest first, with the spec's pagination.
        let (status, page) = app.get_auth("/api/orders/admin", &admin).await;
        assert_eq!(status, 200, "{page}");
        assert_eq!(statuses(&page), ["pending", "confirmed"], "{engine:?}");
        assert_eq!(page["pagination"]["limit"], 100);
        assert_eq!(page["pagination"]["total"], 2);
        let (_, page) = app
            .get_auth("/api/orders/admin?status=confirmed&limit=1", &admin)
            .await;
        assert_eq!(
            (statuses(&page), page["pagination"]["pages"].as_i64()),
            (vec!["confirmed"], Some(1))
        );
        let (_, page) = app
            .get_auth("/api/orders/admin/status/pending", &admin)
            .await;
        assert_eq!(page["data"][0]["_id"], pending.as_str());
        let (_, all) = app
            .get_auth(
                "/api/orders/admin/all?dateFrom=2020-01-01&dateTo=2099-12-31",
                &admin,
            )
            .await;
        assert_eq!(all["data"].as_array().unwrap().len(), 2);
        let (_, none) = app
            .get_auth("/api/orders/admin/all?dateTo=2020-01-01", &admin)
            .await;
        assert_eq!(none["data"].as_array().unwrap().len(), 0);

        // Any status from any status; each change recorded; shipped tells the customer.
        for to in ["processing", "shipped", "pending", "delivered"] {
            let (status, body) = app
                .put_auth(
                    &format!("/api/orders/{paid}/status"),
                    &admin,
                    json!({"status": to}),
                )
                .await;
            assert_eq!(
                (status, body["message"].as_str()),
                (200, Some(format!("Order status updated to {to}").as_str()))
            );
        }
        let (status, body) = app
            .put_auth(
                &format!("/api/orders/{paid}/status"),
                &admin,
                json!({"status": "lost"}),
            )
            .await;
        assert_eq!(status, 400, "{body}");
        let (_, order) = app.get_auth(&format!("/api/orders/{paid}"), &admin).await;
        let history: Vec<(&str, &str)> = order["data"]["statusHistory"]
            .as_array()
            .unwrap()
            .iter()
            .map(|c| (c["from"].as_str().unwrap(), c["to"].as_str().unwrap()))
            .collect();
        assert_eq!(
            history,
            [
                ("confirmed", "processing"),
                ("processing", "shipped"),
                ("shipped", "pending"),
                ("pending", "delivered")
            ]
        );
        assert_eq!(
            order["data"]["statusHistory"][0]["changedByName"],
            "Asha Rao"
        );
        assert!(
            app.message_with("asha@example.com", "has been shipped")
                .await
                .contains("LT-")
        );
        // The customer sees the order, not its history.
        let (_, mine) = app.get_auth(&format!("/api/orders/{paid}"), &asha).await;
        assert_eq!(
            (
                mine["data"]["status"].as_str(),
                mine["data"].get("statusHistory")
            ),
            (Some("delivered"), None)
        );

        // Cancelling a paid order refunds it once through the provider.
        let (status, body) = app
            .put_auth(
                &format!("/api/orders/{paid}/status"),
                &admin,
                json!({"status": "cancelled"}),
            )
            .await;
        assert_eq!(status, 200, "{body}");
        assert_eq!(body["data"]["refundedAmount"], TOTAL);
        let (status, body) = app
            .put_auth(
                &format!("/api/orders/{paid}/status"),
                &admin,
                json!({"status": "refunded"}),
            )
            .await;
        assert_eq!(
            (status, body["data"]["refundedAmount"].as_i64()),
            (200, Some(TOTAL)),
            "not refunded twice"
        );
        let refunds: i64 = sqlx::query_scalar("SELECT COUNT(*) FROM refunds WHERE order_id = $1")
            .bind(&paid)
            .fetch_one(&app.db)
            .await
            .unwrap();
        assert_eq!(refunds, 1);
        assert!(
            app.message_with("asha@example.com", "has been refunded")
                .await
                .contains("LT-")
        );

        // The overview counts them.
        let (status, stats) = app.get_auth("/api/orders/stats/overview", &admin).await;
        assert_eq!(status, 200, "{stats}");
        let count = |s: &str| {
            stats["data"]["byStatus"]
                .as_array()
                .unwrap()
                .iter()
                .find(|c| c["status"] == s)
                .unwrap()["count"]
                .clone()
        };
        assert_eq!((count("pending"), count("refunded")), (json!(1), json!(1)));
        assert_eq!(stats["data"]["daily"].as_array().unwrap().len(), 30);
        assert_eq!(stats["data"]["daily"][29]["orders"], 2);
        assert_eq!(
            stats["data"]["revenue"]["today"], 0,
            "paid and fully refunded"
        );

        // Deleting removes it from every list, the customer's too; its refund stays.
        assert_eq!(
            app.delete_auth(&format!("/api/orders/{paid}"), &admin)
                .await
                .0,
            200
        );
        assert_eq!(
            app.delete_auth(&format!("/api/orders/{paid}"), &admin)
                .await
                .0,
            404
        );
        assert_eq!(
            app.delete_auth(&format!("/api/orders/{pending}"), &asha)
                .await
                .0,
            403
        );
        let (_, page) = app.get_auth("/api/orders/admin", &admin).await;
        assert_eq!(page["pagination"]["total"], 1);
        assert_eq!(
            app.get_auth(&format!("/api/orders/{paid}"), &asha).await.0,
            404
        );
        assert_eq!(
            app.get_auth("/api/orders", &asha).await.1["pagination"]["total"],
            0
        );
        let kept: i64 = sqlx::query_scalar("SELECT COUNT(*) FROM refunds WHERE order_id = $1")
            .bind(&paid)
            .fetch_one(&app.db)
            .await
            .unwrap();
        assert_eq!(kept, 1, "{engine:?}");
        // A paid order counts today, this week and this month, summed by the database.
        paid_order(&app, "bina@example.com").await;
        let (_, stats) = app.get_auth("/api/orders/stats/overview", &admin).await;
        let revenue = &stats["data"]["revenue"];
        let total = TOTAL;
        assert_eq!(
            (
                &revenue["today"],
                &revenue["last7Days"],
                &revenue["last30Days"]
            ),
            (&json!(total), &json!(total), &json!(total)),
            "{stats}"
        );
        assert_eq!(
            stats["data"]["daily"][29],
            json!({"date": stats["data"]["daily"][29]["date"], "orders": 3, "revenue": total})
        );
    }
}
