//! A local stand-in for Shiprocket's REST API (v1/external): sign-in with
//! bearer tokens that a test can expire, serviceability, adhoc orders and
//! their search, AWB assignment, pickups, labels (a real PDF served back from
//! here) and tracking by AWB, in Shiprocket's shapes and with its error
//! bodies. Knobs make the three faults: a refusal (an unserviceable pincode,
//! a create with a wrong pickup location), a lost create answer (the order is
//! made, then a 502 or no answer at all) and an expired token. Every request
//! is recorded so tests can count them.

use std::collections::{HashMap, HashSet};
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::{Arc, Mutex, OnceLock};
use std::time::Duration;

use api::env::Secret;
use api::shipping::config::ShiprocketConfig;
use poem::http::{HeaderMap, StatusCode};
use poem::web::{Data, Json, Path, Query};
use poem::{EndpointExt, Response, Route, get, handler, post};
use serde_json::{Value, json};

/// The API user the stand-in knows.
pub const EMAIL: &str = "api-user@example.com";
pub const PASSWORD: &str = "sr-stand-in-password-0123";
/// The one pickup address set up in the stand-in's "panel".
pub const PICKUP_LOCATION: &str = "Primary";
/// The courier the stand-in recommends, and its estimate.
pub const COURIER: &str = "Xpressbees Surface";
pub const COURIER_ETD: &str = "Nov 29, 2026";
pub const COURIER_DAYS: u32 = 2;
pub const UNSERVICEABLE_MESSAGE: &str = "Delivery postcode not serviceable";
pub const WRONG_PICKUP_MESSAGE: &str =
    "Wrong Pickup location entered. Please choose one location from data given";

/// How a create's answer is lost (the order is made either way). The app's
/// client waits 30 s for an answer, so route tests lose one with `BadGateway`;
/// `Hang` is for a client made with `ShiprocketClient::with_timeouts`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Lost {
    /// A 502 from a gateway in front of Shiprocket.
    BadGateway,
    /// No answer ever: the client's timeout gives up.
    Hang,
}

/// One request as the stand-in saw it.
#[derive(Debug, Clone)]
pub struct Seen {
    pub method: String,
    /// Under the API base (`/orders/create/adhoc`), or `/labels/...`.
    pub path: String,
    /// The JSON body, or the query as an object.
    pub body: Value,
    /// Whether it came with an `Authorization` header.
    pub with_authorization: bool,
    /// Whether its token was accepted (false: answered 401).
    pub accepted: bool,
}

#[derive(Debug, Clone)]
struct Order {
    id: u64,
    channel_order_id: String,
    shipment_id: u64,
    awb: Option<String>,
    courier: Option<String>,
    status: String,
    in_pickup_queue: bool,
}

#[derive(Default)]
pub struct State {
    /// `http://127.0.0.1:port`, for the label URLs.
    root: OnceLock<String>,
    seen: Mutex<Vec<Seen>>,
    tokens: Mutex<HashSet<String>>,
    /// Every token answers 401, even one just issued.
    reject_tokens: AtomicBool,
    next: AtomicU64,
    orders: Mutex<Vec<Order>>,
    /// Label files by number: the shipments each one labels.
    labels: Mutex<Vec<Vec<String>>>,
    /// Unserviceable delivery pincodes: true answers 200 with `status: 404`
    /// in the body (Shiprocket does both), false a 404.
    unserviceable: Mutex<HashMap<String, bool>>,
    /// How many of the next creates lose their answer, and how.
    lose: Mutex<(u32, Option<Lost>)>,
    /// Served instead of the label PDF (a broken or huge file).
    label_file: Mutex<Option<Vec<u8>>>,
    /// `tracking_data` by AWB, as the courier reported it.
    tracking: Mutex<HashMap<String, Value>>,
}

/// The stand-in's handle: its knobs and what it saw.
#[derive(Clone, Default)]
pub struct StandIn(Arc<State>);

impl StandIn {
    /// Starts a stand-in on a free port: its API base URL (what
    /// `SHIPROCKET_API_BASE` is set to) and its handle.
    pub async fn start() -> (String, StandIn) {
        use poem::listener::{Acceptor, Listener};
        let s = StandIn::default();
        let api = Route::new()
            .at("/auth/login", post(login))
            .at("/courier/serviceability", get(serviceability))
            .at("/orders", get(search_orders))
            .at("/orders/create/adhoc", post(create_adhoc))
            .at("/courier/assign/awb", post(assign_awb))
            .at("/courier/generate/pickup", post(generate_pickup))
            .at("/courier/generate/label", post(generate_label))
            .at("/courier/track/awb/:awb", get(track_awb));
        let app = Route::new()
            .nest("/v1/external", api)
            .at("/labels/:name", get(label_file))
            .data(s.clone());
        let acceptor = poem::listener::TcpListener::bind("127.0.0.1:0")
            .into_acceptor()
            .await
            .unwrap();
        let addr = acceptor.local_addr()[0].as_socket_addr().copied().unwrap();
        let root = format!("http://{addr}");
        s.0.root.set(root.clone()).unwrap();
        tokio::spawn(poem::Server::new_with_acceptor(acceptor).run(app));
        (format!("{root}/v1/external"), s)
    }

    /// The settings of a client signed in as the stand-in's API user.
    pub fn config(base: &str) -> ShiprocketConfig {
        ShiprocketConfig {
            email: EMAIL.into(),
            password: Secret::new(PASSWORD),
            api_base: base.into(),
        }
    }

    /// Every token issued so far now answers 401 "Token has expired".
    pub fn expire_tokens(&self) {
        self.0.tokens.lock().unwrap().clear();
    }

    /// From now on every token answers 401, even one just issued.
    pub fn reject_all_tokens(&self) {
        self.0.reject_tokens.store(true, Ordering::SeqCst);
    }

    /// No courier serves this delivery pincode: a 404 with a message.
    pub fn unserviceable(&self, pincode: &str) {
        self.0
            .unserviceable
            .lock()
            .unwrap()
            .insert(pincode.into(), false);
    }

    /// No courier serves this delivery pincode: a 200 whose body says 404.
    pub fn unserviceable_in_body(&self, pincode: &str) {
        self.0
            .unserviceable
            .lock()
            .unwrap()
            .insert(pincode.into(), true);
    }

    /// The next `count` creates make their order and lose the answer.
    pub fn lose_creates(&self, count: u32, how: Lost) {
        *self.0.lose.lock().unwrap() = (count, Some(how));
    }

    /// The label URLs serve these bytes instead of a label PDF.
    pub fn serve_label_file(&self, bytes: Vec<u8>) {
        *self.0.label_file.lock().unwrap() = Some(bytes);
    }

    /// What the courier reports for an AWB (`tracking_data`, see `tracking_data`).
    pub fn set_tracking(&self, awb: &str, data: Value) {
        self.0.tracking.lock().unwrap().insert(awb.into(), data);
    }

    pub fn seen(&self) -> Vec<Seen> {
        self.0.seen.lock().unwrap().clone()
    }

    /// Requests to `path` whose token was accepted (or that need none).
    pub fn count(&self, path: &str) -> usize {
        self.seen()
            .iter()
            .filter(|s| s.path == path && s.accepted)
            .count()
    }

    /// Requests answered 401 for their token.
    pub fn refused_tokens(&self) -> usize {
        self.seen().iter().filter(|s| !s.accepted).count()
    }

    pub fn logins(&self) -> usize {
        self.count("/auth/login")
    }

    /// Orders made (whether their answer arrived or not), by our order number.
    pub fn orders_made(&self, order_number: &str) -> usize {
        let orders = self.0.orders.lock().unwrap();
        orders
            .iter()
            .filter(|o| o.channel_order_id == order_number)
            .count()
    }

    /// The AWB assigned to a shipment, if any.
    pub fn awb_of(&self, shipment_id: &str) -> Option<String> {
        let orders = self.0.orders.lock().unwrap();
        orders
            .iter()
            .find(|o| o.shipment_id.to_string() == shipment_id)
            .and_then(|o| o.awb.clone())
    }

    fn record(&self, method: &str, path: &str, body: Value, headers: &HeaderMap, accepted: bool) {
        self.0.seen.lock().unwrap().push(Seen {
            method: method.into(),
            path: path.into(),
            body,
            with_authorization: headers.contains_key("authorization"),
            accepted,
        });
    }

    /// Records the request; a 401 unless its bearer token is a live one.
    fn refused(
        &self,
        method: &str,
        path: &str,
        body: Value,
        headers: &HeaderMap,
    ) -> Option<Response> {
        let token = headers
            .get("authorization")
            .and_then(|v| v.to_str().ok())
            .and_then(|v| v.strip_prefix("Bearer "));
        let live = !self.0.reject_tokens.load(Ordering::SeqCst)
            && token.is_some_and(|t| self.0.tokens.lock().unwrap().contains(t));
        self.record(method, path, body, headers, live);
        let message = match token {
            _ if live => return None,
            Some(_) => "Token has expired",
            None => "Authentication token not found",
        };
        Some(answer(401, json!({"message": message, "status_code": 401})))
    }

    fn next(&self) -> u64 {
        self.0.next.fetch_add(1, Ordering::SeqCst) + 1
    }
}

/// A `tracking_data` as Shiprocket's track API gives it: the courier's
/// current status and Shiprocket's status id, the estimate, and the scans
/// (date "YYYY-MM-DD HH:MM:SS" India time, activity, location), newest first.
pub fn tracking_data(
    awb: &str,
    current_status: &str,
    status_id: i64,
    etd: &str,
    scans: &[(&str, &str, &str)],
) -> Value {
    let activities = scans
        .iter()
        .map(|(date, activity, location)| {
            json!({"date": date, "status": "X-STANDIN", "activity": activity, "location": location,
                   "sr-status": status_id, "sr-status-label": current_status})
        })
        .collect::<Vec<_>>();
    json!({
        "track_status": 1,
        "shipment_status": status_id,
        "shipment_track": [{
            "id": 1, "awb_code": awb, "courier_company_id": 33, "current_status": current_status,
            "origin": "Bengaluru", "destination": "Pune", "edd": etd
        }],
        "shipment_track_activities": activities,
        "track_url": format!("https://shiprocket.co/tracking/{awb}"),
        "etd": etd,
    })
}

fn answer(status: u16, body: Value) -> Response {
    Response::builder()
        .status(StatusCode::from_u16(status).unwrap())
        .content_type("application/json")
        .body(body.to_string())
}

fn invalid(errors: Value) -> Response {
    answer(
        422,
        json!({"message": "Oops! Invalid Data.", "errors": errors, "status_code": 422}),
    )
}

#[handler]
async fn login(s: Data<&StandIn>, headers: &HeaderMap, body: Json<Value>) -> Response {
    // Only the email is kept: the password is not the test's to read back.
    s.record(
        "POST",
        "/auth/login",
        json!({"email": body.0["email"]}),
        headers,
        true,
    );
    // Signing in takes a moment, so concurrent sign-ins would overlap.
    tokio::time::sleep(Duration::from_millis(30)).await;
    if body.0["email"] != EMAIL || body.0["password"] != PASSWORD {
        return answer(
            400,
            json!({"message": "Invalid email and password combination", "status_code": 400}),
        );
    }
    let token = format!("stand-in-token-{}", s.next());
    s.0.0.tokens.lock().unwrap().insert(token.clone());
    answer(
        200,
        json!({"id": 1, "first_name": "API", "last_name": "User", "email": EMAIL, "company_id": 1, "token": token}),
    )
}

#[handler]
fn serviceability(
    s: Data<&StandIn>,
    headers: &HeaderMap,
    query: Query<HashMap<String, String>>,
) -> Response {
    let q = query.0;
    if let Some(r) = s.refused("GET", "/courier/serviceability", json!(q), headers) {
        return r;
    }
    let pin = |k: &str| {
        q.get(k)
            .filter(|p| p.len() == 6 && p.bytes().all(|b| b.is_ascii_digit()))
            .cloned()
    };
    let weight = q.get("weight").and_then(|w| w.parse::<f64>().ok());
    let (Some(_), Some(delivery), Some(w)) =
        (pin("pickup_postcode"), pin("delivery_postcode"), weight)
    else {
        return invalid(json!({"delivery_postcode": ["pincodes and a weight in kg are required"]}));
    };
    if !(w > 0.0 && w < 100.0) || q.get("cod").map(String::as_str) != Some("0") {
        return invalid(json!({"weight": ["weight in kg, and cod 0 or 1"]}));
    }
    let unserviceable = s.0.0.unserviceable.lock().unwrap().get(&delivery).copied();
    if let Some(in_body) = unserviceable {
        let status = if in_body { 200 } else { 404 };
        return answer(
            status,
            json!({"status": 404, "message": UNSERVICEABLE_MESSAGE}),
        );
    }
    answer(
        200,
        json!({"status": 200, "data": {
            "available_courier_companies": [
                {"courier_company_id": 12, "courier_name": "Delhivery Surface", "etd": "Dec 02, 2026",
                 "estimated_delivery_days": "5", "rate": 79.5, "cod": 1},
                {"courier_company_id": 33, "courier_name": COURIER, "etd": COURIER_ETD,
                 "estimated_delivery_days": COURIER_DAYS.to_string(), "rate": 95.0, "cod": 1}
            ],
            "recommended_courier_company_id": 33
        }}),
    )
}

fn order_json(o: &Order) -> Value {
    json!({
        "id": o.id, "channel_id": 1, "channel_name": "CUSTOM", "channel_order_id": o.channel_order_id,
        "status": o.status, "payment_method": "prepaid",
        "shipments": [{
            "id": o.shipment_id, "courier": o.courier.clone().unwrap_or_default(),
            "awb": o.awb.clone().unwrap_or_default(), "etd": "NA", "pickup_scheduled_date": null
        }]
    })
}

#[handler]
fn search_orders(
    s: Data<&StandIn>,
    headers: &HeaderMap,
    query: Query<HashMap<String, String>>,
) -> Response {
    if let Some(r) = s.refused("GET", "/orders", json!(query.0), headers) {
        return r;
    }
    // Like Shiprocket's, the search matches AWBs and parts of order ids.
    let search = query.0.get("search").cloned().unwrap_or_default();
    let found =
        s.0.0
            .orders
            .lock()
            .unwrap()
            .iter()
            .rev()
            .filter(|o| {
                o.channel_order_id.contains(&search) || o.awb.as_deref() == Some(search.as_str())
            })
            .map(order_json)
            .collect::<Vec<_>>();
    let n = found.len();
    answer(
        200,
        json!({"data": found, "meta": {"pagination": {"total": n, "count": n, "per_page": 15, "current_page": 1, "total_pages": 1}}}),
    )
}

/// The create's checks: what Shiprocket's validation refuses.
fn create_errors(b: &Value) -> Option<Response> {
    let mut errors = serde_json::Map::new();
    let digits = |k: &str, n: usize| {
        b[k].as_str()
            .is_some_and(|v| v.len() == n && v.bytes().all(|c| c.is_ascii_digit()))
    };
    for k in [
        "order_id",
        "order_date",
        "billing_customer_name",
        "billing_address",
        "billing_city",
        "billing_state",
        "billing_country",
        "billing_email",
    ] {
        if b[k].as_str().is_none_or(|v| v.trim().is_empty()) {
            errors.insert(k.into(), json!([format!("The {k} field is required.")]));
        }
    }
    if !digits("billing_pincode", 6) {
        errors.insert(
            "billing_pincode".into(),
            json!(["The billing pincode must be 6 digits."]),
        );
    }
    if !digits("billing_phone", 10) {
        errors.insert(
            "billing_phone".into(),
            json!(["The billing phone must be 10 digits."]),
        );
    }
    let items_ok = b["order_items"].as_array().is_some_and(|items| {
        !items.is_empty()
            && items.iter().all(|i| {
                i["name"].as_str().is_some_and(|n| !n.is_empty())
                    && i["units"].as_u64().is_some_and(|u| u > 0)
                    && i["selling_price"].as_f64().is_some_and(|p| p > 0.0)
            })
    });
    if !items_ok {
        errors.insert(
            "order_items".into(),
            json!(["Each item needs a name, units and a selling price."]),
        );
    }
    for k in ["sub_total", "length", "breadth", "height", "weight"] {
        if b[k].as_f64().is_none_or(|v| v <= 0.0) {
            errors.insert(k.into(), json!([format!("The {k} must be more than 0.")]));
        }
    }
    if b["payment_method"] != "Prepaid" && b["payment_method"] != "COD" {
        errors.insert(
            "payment_method".into(),
            json!(["The payment method must be COD or Prepaid."]),
        );
    }
    (!errors.is_empty()).then(|| invalid(Value::Object(errors)))
}

#[handler]
async fn create_adhoc(s: Data<&StandIn>, headers: &HeaderMap, body: Json<Value>) -> Response {
    let b = body.0;
    if let Some(r) = s.refused("POST", "/orders/create/adhoc", b.clone(), headers) {
        return r;
    }
    if let Some(r) = create_errors(&b) {
        return r;
    }
    if b["pickup_location"] != PICKUP_LOCATION {
        return answer(
            422,
            json!({"message": WRONG_PICKUP_MESSAGE, "data": [{"pickup_location": PICKUP_LOCATION}]}),
        );
    }
    let order = Order {
        id: 100_000 + s.next(),
        channel_order_id: b["order_id"].as_str().unwrap().to_string(),
        shipment_id: 500_000 + s.next(),
        awb: None,
        courier: None,
        status: "NEW".into(),
        in_pickup_queue: false,
    };
    s.0.0.orders.lock().unwrap().push(order.clone());
    let lost = {
        let mut lose = s.0.0.lose.lock().unwrap();
        match *lose {
            (n, Some(how)) if n > 0 => {
                lose.0 = n - 1;
                Some(how)
            }
            _ => None,
        }
    };
    match lost {
        Some(Lost::BadGateway) => Response::builder()
            .status(StatusCode::BAD_GATEWAY)
            .content_type("text/html")
            .body("<html><body><h1>502 Bad Gateway</h1></body></html>"),
        Some(Lost::Hang) => std::future::pending().await,
        None => answer(
            200,
            json!({"order_id": order.id, "shipment_id": order.shipment_id, "status": "NEW", "status_code": 1,
                   "onboarding_completed_now": 0, "awb_code": "", "courier_company_id": "", "courier_name": ""}),
        ),
    }
}

/// The order of a shipment id given as a number or a string.
fn with_shipment<T>(s: &StandIn, id: &Value, f: impl FnOnce(&mut Order) -> T) -> Option<T> {
    let id = match id {
        Value::Number(n) => n.as_u64(),
        Value::String(t) => t.parse().ok(),
        _ => None,
    }?;
    let mut orders = s.0.orders.lock().unwrap();
    orders.iter_mut().find(|o| o.shipment_id == id).map(f)
}

#[handler]
fn assign_awb(s: Data<&StandIn>, headers: &HeaderMap, body: Json<Value>) -> Response {
    if let Some(r) = s.refused("POST", "/courier/assign/awb", body.0.clone(), headers) {
        return r;
    }
    let awb = format!("1904142475{:04}", s.next());
    let assigned = with_shipment(&s, &body.0["shipment_id"], |o| match &o.awb {
        Some(_) => Err(()),
        None => {
            o.awb = Some(awb.clone());
            o.courier = Some(COURIER.into());
            o.status = "READY TO SHIP".into();
            Ok((o.id, o.shipment_id))
        }
    });
    match assigned {
        None => answer(
            200,
            json!({"awb_assign_status": 0, "response": {"data": {"awb_assign_error": "Shipment not found"}}}),
        ),
        Some(Err(())) => answer(
            400,
            json!({"message": "AWB is already assigned", "status_code": 400}),
        ),
        Some(Ok((order_id, shipment_id))) => answer(
            200,
            json!({"awb_assign_status": 1, "response": {"data": {
                "courier_company_id": 33, "awb_code": awb, "cod": 0, "order_id": order_id,
                "shipment_id": shipment_id, "awb_code_status": 1, "courier_name": COURIER,
                "applied_weight": 0.5, "routing_code": "PNQ/NOR"
            }}}),
        ),
    }
}

fn shipment_ids(body: &Value) -> Vec<Value> {
    body["shipment_id"].as_array().cloned().unwrap_or_default()
}

#[handler]
fn generate_pickup(s: Data<&StandIn>, headers: &HeaderMap, body: Json<Value>) -> Response {
    if let Some(r) = s.refused("POST", "/courier/generate/pickup", body.0.clone(), headers) {
        return r;
    }
    let ids = shipment_ids(&body.0);
    let Some(id) = ids.first() else {
        return invalid(json!({"shipment_id": ["The shipment id field is required."]}));
    };
    let queued = with_shipment(&s, id, |o| match (&o.awb, o.in_pickup_queue) {
        (None, _) => Err("Please assign AWB before generating pickup"),
        (Some(_), true) => Err("Already in Pickup Queue."),
        (Some(_), false) => {
            o.in_pickup_queue = true;
            o.status = "PICKUP SCHEDULED".into();
            Ok(())
        }
    });
    match queued {
        None => answer(
            400,
            json!({"message": "Shipment not found", "status_code": 400}),
        ),
        Some(Err(message)) => answer(400, json!({"message": message, "status_code": 400})),
        Some(Ok(())) => answer(
            200,
            json!({"pickup_status": 1, "response": {
                "pickup_scheduled_date": "2026-11-27 12:00:00", "pickup_token_number": "Reference No: 194_BIGFOOT 1234",
                "status": 3, "pickup_generated_date": {"date": "2026-11-26 18:00:00.000000", "timezone_type": 3, "timezone": "Asia/Kolkata"},
                "data": "Pickup is scheduled for Nov 27, 2026"
            }}),
        ),
    }
}

#[handler]
fn generate_label(s: Data<&StandIn>, headers: &HeaderMap, body: Json<Value>) -> Response {
    if let Some(r) = s.refused("POST", "/courier/generate/label", body.0.clone(), headers) {
        return r;
    }
    let ids = shipment_ids(&body.0);
    let (ready, not_created): (Vec<_>, Vec<_>) = ids
        .iter()
        .partition(|id| with_shipment(&s, id, |o| o.awb.is_some()).unwrap_or(false));
    if ids.is_empty() || !not_created.is_empty() {
        return answer(
            200,
            json!({"label_created": 0, "response": "Label could not be generated", "not_created": not_created}),
        );
    }
    let n = {
        let mut labels = s.0.0.labels.lock().unwrap();
        labels.push(ready.iter().map(|v| v.to_string()).collect());
        labels.len() - 1
    };
    let root = s.0.0.root.get().unwrap();
    answer(
        200,
        json!({"label_created": 1, "label_url": format!("{root}/labels/{n}.pdf"),
               "response": "Label has been created and uploaded successfully!", "not_created": []}),
    )
}

/// The label file (on "another host": no token needed, none expected).
#[handler]
fn label_file(s: Data<&StandIn>, headers: &HeaderMap, name: Path<String>) -> Response {
    s.record(
        "GET",
        &format!("/labels/{}", name.0),
        Value::Null,
        headers,
        true,
    );
    let label = name
        .0
        .strip_suffix(".pdf")
        .and_then(|n| n.parse::<usize>().ok())
        .and_then(|n| s.0.0.labels.lock().unwrap().get(n).cloned());
    let replaced = s.0.0.label_file.lock().unwrap().clone();
    match label {
        Some(_) if replaced.is_some() => Response::builder()
            .content_type("application/pdf")
            .body(replaced.unwrap()),
        Some(shipments) => Response::builder()
            .content_type("application/pdf")
            .body(label_pdf(&shipments)),
        None => Response::builder()
            .status(StatusCode::NOT_FOUND)
            .body("NoSuchKey"),
    }
}

#[handler]
fn track_awb(s: Data<&StandIn>, headers: &HeaderMap, awb: Path<String>) -> Response {
    let path = format!("/courier/track/awb/{}", awb.0);
    if let Some(r) = s.refused("GET", &path, Value::Null, headers) {
        return r;
    }
    let data = s.0.0.tracking.lock().unwrap().get(&awb.0).cloned();
    let data = data.unwrap_or_else(|| {
        json!({"track_status": 0, "shipment_status": 0, "shipment_track": [{"id": 0, "awb_code": "", "current_status": ""}],
               "shipment_track_activities": null, "track_url": "",
               "error": "Aahh! There is no activities found in our DB. Please have some patience it will be updated soon."})
    });
    answer(200, json!({"tracking_data": data}))
}

/// A small valid PDF: one A6 page per shipment, its id written on it.
pub fn label_pdf(shipments: &[String]) -> Vec<u8> {
    let n = shipments.len();
    // Objects: 1 catalog, 2 pages, 3 font, then a page and its content per shipment.
    let mut objects = vec![
        "<< /Type /Catalog /Pages 2 0 R >>".to_string(),
        format!(
            "<< /Type /Pages /Count {n} /Kids [{}] >>",
            (0..n)
                .map(|i| format!("{} 0 R", 4 + 2 * i))
                .collect::<Vec<_>>()
                .join(" ")
        ),
        "<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>".to_string(),
    ];
    for (i, id) in shipments.iter().enumerate() {
        let text = format!("BT /F1 14 Tf 20 360 Td (Shipment {id}) Tj ET");
        objects.push(format!(
            "<< /Type /Page /Parent 2 0 R /MediaBox [0 0 298 420] /Resources << /Font << /F1 3 0 R >> >> /Contents {} 0 R >>",
            5 + 2 * i
        ));
        objects.push(format!(
            "<< /Length {} >>\nstream\n{text}\nendstream",
            text.len()
        ));
    }
    let mut pdf = b"%PDF-1.4\n".to_vec();
    let mut offsets = Vec::new();
    for (i, o) in objects.iter().enumerate() {
        offsets.push(pdf.len());
        pdf.extend_from_slice(format!("{} 0 obj\n{o}\nendobj\n", i + 1).as_bytes());
    }
    let xref = pdf.len();
    pdf.extend_from_slice(
        format!("xref\n0 {}\n0000000000 65535 f \n", objects.len() + 1).as_bytes(),
    );
    for off in offsets {
        pdf.extend_from_slice(format!("{off:010} 00000 n \n").as_bytes());
    }
    pdf.extend_from_slice(
        format!(
            "trailer\n<< /Size {} /Root 1 0 R >>\nstartxref\n{xref}\n%%EOF\n",
            objects.len() + 1
        )
        .as_bytes(),
    );
    pdf
}
