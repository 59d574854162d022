//! A parcel's journey: the booking, the few states a shopper cares about (and
//! which courier words mean each), and a tracking update with its scans.

use poem_openapi::Enum;

/// A booked shipment.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Booking {
    /// Shiprocket's order id and shipment id (None for manual bookings).
    pub provider_order_id: Option<String>,
    pub shipment_id: Option<String>,
    pub courier: String,
    pub awb: String,
    pub tracking_url: String,
    /// The courier's estimated delivery date (YYYY-MM-DD), when known.
    pub etd: Option<String>,
}

/// Longest text kept from a courier's scan (activity, location, status).
pub const MAX_SCAN_TEXT: usize = 200;
/// Most scans read from one update (a courier's whole history fits).
pub const MAX_SCANS: usize = 200;

#[derive(Enum, Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[oai(rename_all = "camelCase")]
pub enum ShipmentState {
    /// Booked with the courier, waiting for pickup.
    Booked,
    InTransit,
    OutForDelivery,
    Delivered,
    /// Coming back to us (RTO initiated, in transit or delivered back).
    ReturnedToOrigin,
}

impl ShipmentState {
    pub fn as_str(self) -> &'static str {
        match self {
            ShipmentState::Booked => "booked",
            ShipmentState::InTransit => "inTransit",
            ShipmentState::OutForDelivery => "outForDelivery",
            ShipmentState::Delivered => "delivered",
            ShipmentState::ReturnedToOrigin => "returnedToOrigin",
        }
    }

    pub fn parse(s: &str) -> Option<ShipmentState> {
        [
            ShipmentState::Booked,
            ShipmentState::InTransit,
            ShipmentState::OutForDelivery,
            ShipmentState::Delivered,
            ShipmentState::ReturnedToOrigin,
        ]
        .into_iter()
        .find(|st| st.as_str() == s)
    }

    /// How far along: a state replaces another only with a higher rank.
    /// Delivered and returned are both final.
    pub fn rank(self) -> u8 {
        match self {
            ShipmentState::Booked => 0,
            ShipmentState::InTransit => 1,
            ShipmentState::OutForDelivery => 2,
            ShipmentState::Delivered | ShipmentState::ReturnedToOrigin => 3,
        }
    }

    /// What the shopper reads.
    pub fn label(self) -> &'static str {
        match self {
            ShipmentState::Booked => "Booked with the courier",
            ShipmentState::InTransit => "In transit",
            ShipmentState::OutForDelivery => "Out for delivery",
            ShipmentState::Delivered => "Delivered",
            ShipmentState::ReturnedToOrigin => "Returned to the seller",
        }
    }

    /// The state a courier's status names, by its words first and then by
    /// Shiprocket's status id; None for what moves nothing (a cancelled
    /// booking, a status we do not know).
    pub fn from_courier(status: &str, status_id: Option<i64>) -> Option<ShipmentState> {
        let s = status.trim().to_ascii_uppercase().replace(['_', '-'], " ");
        let words = s.split_whitespace().collect::<Vec<_>>().join(" ");
        let has = |w: &str| words.contains(w);
        if words.starts_with("RTO") || has("RETURN") {
            return Some(ShipmentState::ReturnedToOrigin);
        }
        if words == "DELIVERED" {
            return Some(ShipmentState::Delivered);
        }
        if has("OUT FOR DELIVERY") {
            return Some(ShipmentState::OutForDelivery);
        }
        if has("CANCEL") {
            return None;
        }
        let in_transit = [
            "PICKED UP",
            "SHIPPED",
            "IN TRANSIT",
            "REACHED",
            "UNDELIVERED",
            "DELAYED",
            "MISROUTED",
            "DESTINATION HUB",
        ];
        if in_transit.iter().any(|w| has(w)) {
            return Some(ShipmentState::InTransit);
        }
        let booked = [
            "AWB ASSIGNED",
            "PICKUP",
            "LABEL GENERATED",
            "MANIFEST",
            "NEW",
        ];
        if booked.iter().any(|w| has(w)) {
            return Some(ShipmentState::Booked);
        }
        // Shiprocket's status ids, for words we do not know.
        match status_id? {
            7 => Some(ShipmentState::Delivered),
            17 => Some(ShipmentState::OutForDelivery),
            6 | 18 | 38 | 42 => Some(ShipmentState::InTransit),
            9 | 10 | 14 | 15 | 16 => Some(ShipmentState::ReturnedToOrigin),
            _ => None,
        }
    }
}

/// One scan of the parcel by the courier.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Scan {
    /// Unix ms.
    pub at: i64,
    pub activity: String,
    pub location: String,
}

/// What a tracking update says about one AWB.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct TrackingUpdate {
    pub awb: String,
    /// The courier's own words for where it stands.
    pub current_status: String,
    /// None: the status moves nothing (its scans are still kept).
    pub state: Option<ShipmentState>,
    /// YYYY-MM-DD.
    pub etd: Option<String>,
    pub scans: Vec<Scan>,
}
