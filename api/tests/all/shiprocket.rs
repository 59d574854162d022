//! The Shiprocket client against a local stand-in speaking Shiprocket's REST
//! API: booking end to end, the lost create answer (looked up, never booked
//! twice), the expired token (one sign-in, even for concurrent calls), the
//! refusals, labels as one PDF, and tracking. No database is involved.

use std::time::Duration;

use api::shipping::shiprocket::{MAX_LABEL_BYTES, ShiprocketClient};
use api::shipping::{
    Consignment, ConsignmentItem, Parcel, Serviceability, ShipmentState, ShippingError,
};

use crate::helpers::shiprocket::{
    COURIER, COURIER_DAYS, Lost, PICKUP_LOCATION, StandIn, UNSERVICEABLE_MESSAGE,
    WRONG_PICKUP_MESSAGE, tracking_data,
};

async fn stand_in() -> (StandIn, ShiprocketClient) {
    let (base, s) = StandIn::start().await;
    (s, ShiprocketClient::new(&StandIn::config(&base)))
}

fn consignment(order_number: &str) -> Consignment {
    Consignment {
        order_number: order_number.into(),
        order_date: "2026-11-26 18:30".into(),
        name: "Asha Rao".into(),
        email: "asha@example.com".into(),
        phone: "9876543210".into(),
        address_line1: "12 MG Road".into(),
        address_line2: "Flat 4".into(),
        city: "Pune".into(),
        state: "Maharashtra".into(),
        pincode: "411001".into(),
        items: vec![ConsignmentItem {
            name: "Logo tee, black, M".into(),
            sku: "TEE-BLK-M".into(),
            units: 2,
            selling_price: 49_950,
            hsn: "6109".into(),
        }],
        sub_total: 99_900,
        parcel: Parcel {
            grams: 400,
            length_cm: 30,
            breadth_cm: 25,
            height_cm: 4,
        },
    }
}

#[tokio::test]
async fn shiprocket_books_an_order_end_to_end_and_a_second_booking_reuses_it() {
    let (s, client) = stand_in().await;
    let booking = client
        .book(&consignment("SR-1001"), PICKUP_LOCATION)
        .await
        .unwrap();
    let shipment_id = booking.shipment_id.clone().unwrap();
    let awb = s.awb_of(&shipment_id).unwrap();
    assert_eq!(booking.awb, awb);
    assert_eq!(booking.courier, COURIER);
    assert_eq!(
        booking.tracking_url,
        format!("https://shiprocket.co/tracking/{awb}")
    );
    assert!(booking.provider_order_id.is_some());

    // What Shiprocket was sent: our order number, rupees, kg, cm.
    let seen = s.seen();
    let create = seen
        .iter()
        .find(|r| r.path == "/orders/create/adhoc")
        .unwrap();
    let b = &create.body;
    assert_eq!(b["order_id"], "SR-1001");
    assert_eq!(b["pickup_location"], PICKUP_LOCATION);
    assert_eq!(b["order_items"][0]["selling_price"], 499.5);
    assert_eq!(b["order_items"][0]["hsn"], 6109);
    assert_eq!(b["sub_total"], 999.0);
    assert_eq!(b["weight"], 0.4);
    assert_eq!(
        (b["length"].as_u64(), b["height"].as_u64()),
        (Some(30), Some(4))
    );
    assert_eq!(b["billing_country"], "India");
    assert_eq!(b["shipping_is_billing"], true);
    let paths = seen.iter().map(|r| r.path.as_str()).collect::<Vec<_>>();
    assert_eq!(
        paths,
        [
            "/auth/login",
            "/orders",
            "/orders/create/adhoc",
            "/courier/assign/awb",
            "/courier/generate/pickup"
        ]
    );

    // Booking again (a retried request): the order is found, it has its AWB,
    // the pickup is already queued; nothing new is made.
    let again = client
        .book(&consignment("SR-1001"), PICKUP_LOCATION)
        .await
        .unwrap();
    assert_eq!(again, booking);
    assert_eq!(s.orders_made("SR-1001"), 1);
    assert_eq!(s.count("/courier/assign/awb"), 1);
    assert_eq!(s.count("/courier/generate/pickup"), 2);
    assert_eq!(s.logins(), 1);
}

#[tokio::test]
async fn a_lost_create_answer_is_looked_up_and_books_one_order() {
    for how in [Lost::BadGateway, Lost::Hang] {
        let (base, s) = StandIn::start().await;
        let client = ShiprocketClient::with_timeouts(
            &StandIn::config(&base),
            Duration::from_secs(2),
            Duration::from_secs(1),
        );
        s.lose_creates(1, how);
        let booking = client
            .book(&consignment("SR-2001"), PICKUP_LOCATION)
            .await
            .unwrap_or_else(|e| panic!("{how:?}: {e}"));
        assert_eq!(s.orders_made("SR-2001"), 1, "{how:?}");
        assert_eq!(s.count("/orders/create/adhoc"), 1, "{how:?}");
        // Looked up before the create and again after the lost answer.
        assert_eq!(s.count("/orders"), 2, "{how:?}");
        assert_eq!(
            booking.awb,
            s.awb_of(booking.shipment_id.as_deref().unwrap()).unwrap()
        );
    }
}

#[tokio::test]
async fn an_expired_token_signs_in_again_once() {
    let (s, client) = stand_in().await;
    assert!(matches!(
        client.serviceability("560001", "411001", 400).await,
        Ok(Serviceability::Serviceable { .. })
    ));
    s.expire_tokens();
    let booking = client
        .book(&consignment("SR-3001"), PICKUP_LOCATION)
        .await
        .unwrap();
    assert!(!booking.awb.is_empty());
    assert_eq!(s.logins(), 2);
    assert_eq!(s.refused_tokens(), 1);

    // A token refused even when fresh: one sign-in and one retry, then a refusal.
    s.reject_all_tokens();
    let e = client
        .serviceability("560001", "411001", 400)
        .await
        .unwrap_err();
    assert!(
        matches!(&e, ShippingError::Refused(m) if m.contains("Token has expired")),
        "{e}"
    );
    assert_eq!(s.logins(), 3);
    assert_eq!(s.refused_tokens(), 3);

    // A wrong password: refused with Shiprocket's words, not retried.
    let (base, s) = StandIn::start().await;
    let mut config = StandIn::config(&base);
    config.password = api::env::Secret::new("not-the-password");
    let e = ShiprocketClient::new(&config)
        .track("19041424750001")
        .await
        .unwrap_err();
    assert!(
        matches!(&e, ShippingError::Refused(m) if m.contains("Invalid email and password")),
        "{e}"
    );
    assert_eq!(s.logins(), 1);
    assert_eq!(s.count("/courier/track/awb/19041424750001"), 0);
}

#[tokio::test]
async fn concurrent_calls_sign_in_once_at_start_and_after_expiry() {
    let (s, client) = stand_in().await;
    let estimates = || {
        futures_util::future::join_all(
            (0..8).map(|_| client.serviceability("560001", "411001", 400)),
        )
    };
    for r in estimates().await {
        assert!(matches!(r, Ok(Serviceability::Serviceable { .. })), "{r:?}");
    }
    assert_eq!(s.logins(), 1);
    s.expire_tokens();
    for r in estimates().await {
        assert!(matches!(r, Ok(Serviceability::Serviceable { .. })), "{r:?}");
    }
    assert_eq!(s.logins(), 2);
    assert_eq!(s.refused_tokens(), 8);
}

#[tokio::test]
async fn serviceability_gives_the_recommended_courier_or_shiprockets_refusal() {
    let (s, client) = stand_in().await;
    assert_eq!(
        client
            .serviceability("560001", "411001", 400)
            .await
            .unwrap(),
        Serviceability::Serviceable {
            courier: COURIER.into(),
            etd: Some("2026-11-29".into()),
            days: Some(COURIER_DAYS),
        }
    );
    let asked = s.seen().last().unwrap().body.clone();
    assert_eq!(
        (asked["weight"].as_str(), asked["cod"].as_str()),
        (Some("0.4"), Some("0"))
    );

    s.unserviceable("799001");
    assert_eq!(
        client
            .serviceability("560001", "799001", 400)
            .await
            .unwrap(),
        Serviceability::Unserviceable {
            message: UNSERVICEABLE_MESSAGE.into()
        }
    );
    s.unserviceable_in_body("799002");
    assert_eq!(
        client
            .serviceability("560001", "799002", 400)
            .await
            .unwrap(),
        Serviceability::Unserviceable {
            message: UNSERVICEABLE_MESSAGE.into()
        }
    );
    // A pincode that is not one is refused here, before Shiprocket is asked.
    let before = s.seen().len();
    assert!(matches!(
        client.serviceability("560001", "41100", 400).await,
        Err(ShippingError::Refused(_))
    ));
    assert_eq!(s.seen().len(), before);
}

#[tokio::test]
async fn a_refused_create_is_refused_with_shiprockets_message() {
    let (s, client) = stand_in().await;
    let e = client
        .book(&consignment("SR-4001"), "Warehouse 9")
        .await
        .unwrap_err();
    assert!(
        matches!(&e, ShippingError::Refused(m) if m == WRONG_PICKUP_MESSAGE),
        "{e}"
    );
    // Refused outright: not retried, nothing assigned.
    assert_eq!(s.count("/orders/create/adhoc"), 1);
    assert_eq!(s.orders_made("SR-4001"), 0);
    assert_eq!(s.count("/courier/assign/awb"), 0);

    // Shiprocket's field errors come back in the message.
    let mut bad = consignment("SR-4002");
    bad.phone = "12345".into();
    let e = client.book(&bad, PICKUP_LOCATION).await.unwrap_err();
    assert!(
        matches!(&e, ShippingError::Refused(m) if m.contains("billing_phone: The billing phone must be 10 digits.")),
        "{e}"
    );
}

#[tokio::test]
async fn labels_for_three_shipments_are_one_pdf() {
    let (s, client) = stand_in().await;
    // "SR-5001" is found by a search for it, and so are "SR-50010" and
    // "SR-50011": only the exact one may be taken for it.
    let mut ids = Vec::new();
    for number in ["SR-50010", "SR-50011", "SR-5001"] {
        let b = client
            .book(&consignment(number), PICKUP_LOCATION)
            .await
            .unwrap();
        ids.push(b.shipment_id.unwrap());
    }
    assert_eq!(s.orders_made("SR-5001"), 1);
    ids.dedup();
    assert_eq!(ids.len(), 3);

    let pdf = client.labels(&ids).await.unwrap();
    assert!(pdf.starts_with(b"%PDF"));
    let doc = lopdf::Document::load_mem(&pdf).unwrap();
    assert_eq!(doc.get_pages().len(), 3);
    assert_eq!(s.count("/courier/generate/label"), 1);
    // The label file is fetched without our token.
    let file = s
        .seen()
        .into_iter()
        .find(|r| r.path.starts_with("/labels/"))
        .unwrap();
    assert!(!file.with_authorization);

    // A shipment Shiprocket cannot label, and ids that are not ids.
    let e = client.labels(&["999".into()]).await.unwrap_err();
    assert!(
        matches!(&e, ShippingError::Refused(m) if m.contains("not created for 999")),
        "{e}"
    );
    assert!(matches!(
        client.labels(&["1/../2".into()]).await,
        Err(ShippingError::Refused(_))
    ));
    assert!(matches!(
        client.labels(&[]).await,
        Err(ShippingError::Refused(_))
    ));

    // A label file that is not a PDF, or larger than the cap, is not passed on.
    s.serve_label_file(b"<html>AccessDenied</html>".to_vec());
    let e = client.labels(&ids).await.unwrap_err();
    assert!(
        matches!(&e, ShippingError::Malformed(m) if m.contains("not a PDF")),
        "{e}"
    );
    let mut huge = b"%PDF-1.4\n".to_vec();
    huge.resize(MAX_LABEL_BYTES + 1, b' ');
    s.serve_label_file(huge);
    let e = client.labels(&ids).await.unwrap_err();
    assert!(
        matches!(&e, ShippingError::Malformed(m) if m.contains("larger than 20 MiB")),
        "{e}"
    );
}

#[tokio::test]
async fn tracking_reads_the_scans_and_the_state() {
    let (s, client) = stand_in().await;
    let booking = client
        .book(&consignment("SR-6001"), PICKUP_LOCATION)
        .await
        .unwrap();
    // Nothing scanned yet: no update.
    assert_eq!(client.track(&booking.awb).await.unwrap(), None);

    s.set_tracking(
        &booking.awb,
        tracking_data(
            &booking.awb,
            "OUT FOR DELIVERY",
            17,
            "2026-11-29 18:00:00",
            &[
                ("2026-11-28 08:30:00", "Out for delivery", "Pune"),
                ("2026-11-27 10:00:00", "Picked up", "Bengaluru"),
            ],
        ),
    );
    let update = client.track(&booking.awb).await.unwrap().unwrap();
    assert_eq!(update.awb, booking.awb);
    assert_eq!(update.state, Some(ShipmentState::OutForDelivery));
    assert_eq!(update.current_status, "OUT FOR DELIVERY");
    assert_eq!(update.etd.as_deref(), Some("2026-11-29"));
    assert_eq!(update.scans.len(), 2);
    assert_eq!(update.scans[1].activity, "Picked up");
    assert_eq!(update.scans[1].location, "Bengaluru");
    // 10:00 in India is 04:30 UTC.
    assert_eq!(update.scans[1].at, 1_795_753_800_000);

    // An AWB that would change the path is refused before any request.
    assert!(matches!(
        client.track("../orders").await,
        Err(ShippingError::Refused(_))
    ));
}
