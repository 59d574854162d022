//! Where an order's parcel is, as the customer's order page and the public
//! tracking page show it.

use poem_openapi::Object;

use crate::db::shipments;
use crate::db::shipments::Shipment;
use crate::domain::shipment::ShipmentState;
use crate::http::error::ApiResult;
use crate::state::AppState;

/// One scan of the parcel.
#[derive(Object, Debug, Clone)]
pub struct TrackingScan {
    /// Unix ms.
    pub at: i64,
    pub activity: String,
    pub location: String,
}

/// Where an order's parcel is.
#[derive(Object, Debug, Clone)]
#[oai(rename_all = "camelCase")]
pub struct Tracking {
    pub courier: String,
    pub awb: String,
    pub tracking_url: String,
    pub state: ShipmentState,
    /// The courier's own words, e.g. "IN TRANSIT".
    pub current_status: String,
    /// The courier's estimated delivery date (YYYY-MM-DD).
    #[oai(skip_serializing_if_is_none)]
    pub etd: Option<String>,
    pub shipped_at: i64,
    /// The courier's scans, oldest first.
    pub events: Vec<TrackingScan>,
}

/// The tracking of a shipment, with its scans.
pub async fn tracking(state: &AppState, s: Shipment) -> ApiResult<Tracking> {
    let events = shipments::scans(&state.db, &s.order_id)
        .await?
        .into_iter()
        .map(|r| TrackingScan {
            at: r.at,
            activity: r.activity,
            location: r.location,
        })
        .collect();
    Ok(Tracking {
        state: s.state(),
        courier: s.courier,
        awb: s.awb,
        tracking_url: s.tracking_url,
        current_status: s.current_status,
        etd: s.etd,
        shipped_at: s.created_at,
        events,
    })
}
