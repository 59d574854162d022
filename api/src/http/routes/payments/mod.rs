//! Checkout and payment: the order is created from the server's own cart
//! (priced by the engine; a client amount that disagrees is refused), the
//! provider collects the money, and the provider's signature, checked here,
//! turns the order paid. No database transaction is open while the provider
//! is called, and every state change is a conditional update, so a crash or a
//! retry at any point neither loses a paid order nor charges twice.

mod dto;

mod webhook;

use poem::web::Data;
use poem_openapi::OpenApi;
use poem_openapi::param::Header;
use poem_openapi::payload::{Binary, Json};

use super::Tag;
use crate::core::checkout::quote::{CheckedCart, check_amount, checked_cart};
use crate::core::checkout::refunds;
use crate::core::documents::issuing;
use crate::db::DbError;
use crate::db::caps::Cap;
use crate::db::orders;
use crate::db::orders::{NewOrder, Payment, Placed};
use crate::domain::OrderStatus;
use crate::domain::address::AddressInput;
use crate::http::auth::{AuthUser, BearerAuth};
use crate::http::envelope::{ApiError, ApiResult, Envelope};
use crate::http::fails::Fails;
use crate::http::fails::status::*;
use crate::limits::Door;
use crate::payments::OrderRequest;
use crate::state::AppState;
pub use dto::*;

pub const VERIFICATION_FAILED: &str = "Payment verification failed. Please contact support.";
const MAX_NOTES: usize = 16 * 1024;

fn confirmation(o: &orders::Order) -> ApiResult<Confirmation> {
    Ok(Confirmation {
        order_id: o.id.clone(),
        order_number: o.order_number.clone(),
        total_price: o.total_price,
        items_count: o.items_count,
        shipping_address: serde_json::from_str(&o.shipping_address)?,
        billing_address: serde_json::from_str(&o.billing_address)?,
        payment_id: o.payment_id.clone(),
        status: o.status,
        is_paid: o.is_paid != 0,
    })
}

pub(crate) fn check_receipt(receipt: &str) -> ApiResult<&str> {
    let r = receipt.trim();
    let ok = (1..=40).contains(&r.len())
        && r.bytes()
            .all(|b| b.is_ascii_alphanumeric() || b == b'_' || b == b'-');
    if ok {
        Ok(r)
    } else {
        Err(ApiError::bad_request(
            "Invalid receipt: 1 to 40 letters, digits, '_' or '-'",
        ))
    }
}

/// What a checkout submits, whichever route it comes by.
pub(crate) struct Checkout<'a> {
    pub amount: i64,
    pub receipt: &'a str,
    pub notes: String,
    pub shipping: &'a AddressInput,
    pub billing: Option<&'a AddressInput>,
    pub same_as_shipping: bool,
    /// A business buyer's GSTIN, blank for none.
    pub gstin: Option<&'a str>,
    /// What is bought: the server's cart (none), or lines priced by the
    /// engine elsewhere (a group order member's piece).
    pub lines: Option<CheckedCart>,
    /// A group member's checkout: its group order. A receipt finds only an
    /// order of the same checkout (a cart order never pays for group rows).
    pub group_id: Option<&'a str>,
}

/// Production without Razorpay keys: said at once, before anything is stored.
fn payments_configured(state: &AppState) -> ApiResult<()> {
    if state.payments.is_configured() {
        Ok(())
    } else {
        Err(ApiError::unavailable("Payments are not configured"))
    }
}

/// Production without the seller's name, address or a valid GSTIN: no
/// invoice could be issued, so nothing that needs one is done (`Company::missing`).
pub(crate) fn seller_configured(state: &AppState, what: &str) -> ApiResult<()> {
    if state.config.company.missing.is_empty() {
        Ok(())
    } else {
        Err(ApiError::unavailable(format!(
            "The store's seller details are not configured, so {what}"
        )))
    }
}

/// The buyer's GSTIN checked by the engine against the billing state, with its message on refusal.
fn buyer_gstin(raw: Option<&str>, billing_state: &str) -> ApiResult<Option<String>> {
    design_engine::tax::buyer_gstin(raw.unwrap_or_default(), billing_state)
        .map(|g| g.map(String::from))
        .map_err(|e| ApiError::bad_request_code(e.to_string(), "INVALID_GSTIN"))
}

/// Stores the order (or finds the one this receipt placed) with the provider's
/// order for it: the returned order has its `provider_order_id`. The provider's
/// order is made first, so a crash or an outage in between stores nothing and
/// the same receipt starts again (its unused provider order is never paid).
pub(crate) async fn open_order(
    state: &AppState,
    user: &AuthUser,
    c: Checkout<'_>,
) -> ApiResult<orders::Order> {
    payments_configured(state)?;
    seller_configured(state, "orders cannot be placed yet")?;
    let shipping = c.shipping.shipping()?;
    // A group member's order keeps only the organiser's first name and city
    // of the group's delivery (the parcel's label reads the group's).
    let shipping = match c.group_id {
        Some(_) => shipping.group_delivery(),
        None => shipping,
    };
    let billing = match (c.same_as_shipping, c.billing) {
        (false, Some(b)) => b.billing(&shipping)?,
        (false, None) => {
            return Err(ApiError::bad_request(
                "Please fill in all required billing fields",
            ));
        }
        (true, _) => shipping.clone(),
    };
    let buyer_gstin = buyer_gstin(c.gstin, &billing.state)?;
    let order = match orders::by_receipt(&state.db, &user.id, c.receipt).await? {
        Some(existing) if existing.group_id.as_deref() != c.group_id => {
            return Err(ApiError::conflict_code(
                "This receipt belongs to another checkout. Please try again.",
                "RECEIPT_IN_USE",
            ));
        }
        Some(existing) => existing,
        None => {
            let priced = match c.lines {
                Some(lines) => lines,
                None => checked_cart(&state.db, &user.id, &state.config).await?,
            };
            let total = priced.quote.total.0;
            // Refused before anything is stored.
            check_amount(c.amount, total).inspect_err(|_| {
                tracing::warn!(shown = c.amount, total, "amount differs from the server's");
            })?;
            let mut new = NewOrder {
                user_id: user.id.clone(),
                receipt: c.receipt.to_string(),
                order_number: String::new(),
                provider: state.payments.name().to_string(),
                provider_order_id: String::new(),
                items_count: i64::from(priced.quote.items),
                items_price: priced.quote.subtotal.0,
                tax_price: priced.quote.gateway_charge.0,
                gateway_fee_bps: priced.quote.gateway_charge_bps,
                total_price: total,
                shipping_address: serde_json::to_string(&shipping)?,
                billing_address: serde_json::to_string(&billing)?,
                buyer_gstin,
                notes: c.notes,
                group_id: c.group_id.map(str::to_string),
                items: priced.items,
            };
            let mut placed = None;
            // A drawn order number is taken about once in a billion orders a day: draw again.
            for _ in 0..3 {
                new.order_number = orders::new_order_number();
                // The provider's order first: the order is then written once,
                // complete (a failure here stores nothing; the shopper retries).
                new.provider_order_id =
                    provider_order(state, total, &new.order_number, &shipping.email).await?;
                match orders::place(&state.db, &new).await? {
                    Placed::Order(order) => {
                        placed = Some(*order);
                        break;
                    }
                    Placed::NumberTaken => {}
                    // Deleted since (a deleted order is never resumed): as a cancelled one.
                    Placed::ReceiptSpent => return Err(cancelled_receipt()),
                    Placed::TooManyOpen => return Err(DbError::AtCap(Cap::OpenOrders).into()),
                }
            }
            placed.ok_or_else(|| ApiError::internal("no free order number after 3 draws"))?
        }
    };
    // The same receipt again (a double click, a reload, a retry after a crash).
    if order.is_paid != 0 {
        return Err(ApiError::conflict_code(
            format!(
                "Order {} has already been paid. You can find it in My Orders.",
                order.order_number
            ),
            "ORDER_ALREADY_PAID",
        ));
    }
    if order.status != OrderStatus::Pending {
        return Err(ApiError::conflict_code(
            format!(
                "Order {} was cancelled. Please place the order again.",
                order.order_number
            ),
            "ORDER_CANCELLED",
        ));
    }
    check_amount(c.amount, order.total_price)?;
    if order.provider_order_id.is_some() {
        return Ok(order);
    }
    // An order stored before its provider's order (by an earlier version) gets one now.
    let provider_order = provider_order(
        state,
        order.total_price,
        &order.order_number,
        &shipping.email,
    )
    .await?;
    if orders::set_provider_order(&state.db, &order.id, &provider_order).await? {
        return Ok(orders::Order {
            provider_order_id: Some(provider_order),
            ..order
        });
    }
    // A concurrent retry stored its provider order first: use that one (this
    // one is never shown to anybody, so it is never paid).
    orders::get(&state.db, &order.id)
        .await?
        .ok_or_else(ApiError::order_not_found)
}

/// A receipt whose order was cancelled (or deleted) places no other order.
fn cancelled_receipt() -> ApiError {
    ApiError::conflict_code(
        "This order was cancelled. Please place the order again.",
        "ORDER_CANCELLED",
    )
}

/// The provider's order for an amount, quoting our order number; its id.
async fn provider_order(
    state: &AppState,
    amount: i64,
    order_number: &str,
    customer_email: &str,
) -> ApiResult<String> {
    let made = state
        .payments
        .create_order(&OrderRequest {
            amount,
            currency: "INR",
            receipt: order_number,
            notes: serde_json::json!({
                "order_number": order_number,
                "customer_email": customer_email,
            }),
        })
        .await
        .map_err(|e| ApiError::bad_gateway("Failed to create order", e))?;
    Ok(made.id)
}

fn notes_json(notes: Option<&serde_json::Value>) -> ApiResult<String> {
    let notes = notes
        .map(serde_json::to_string)
        .transpose()?
        .unwrap_or_else(|| "{}".into());
    if notes.len() > MAX_NOTES {
        return Err(ApiError::bad_request("Order notes are too large"));
    }
    Ok(notes)
}

/// Marks the order paid once the provider's signature proves the payment.
async fn settle(
    state: &AppState,
    order: &orders::Order,
    provider_order_id: &str,
    payment_id: &str,
    signature: &str,
) -> ApiResult<Confirmation> {
    let signed = order.provider_order_id.as_deref() == Some(provider_order_id)
        && state
            .payments
            .payment_signed(provider_order_id, payment_id, signature);
    if !signed {
        tracing::warn!(order = %order.id, "payment signature refused");
        return Err(ApiError::bad_request_code(
            VERIFICATION_FAILED,
            "PAYMENT_VERIFICATION_FAILED",
        ));
    }
    let confirming = issuing::for_payment(&state.db, &state.config, order).await?;
    let paid = orders::pay(
        &state.db,
        order,
        payment_id.trim(),
        None,
        &confirming,
        state.config.proof_required,
    )
    .await?;
    if paid.outcome == Payment::SecondPayment {
        let given_back = refunds::refund_second_payment(state, order, payment_id.trim()).await;
        let will = if given_back == refunds::SecondPayment::Refunded {
            "has been"
        } else {
            "will be"
        };
        return Err(ApiError::conflict_code(
            format!(
                "Order {} was already paid by another payment. This payment {will} refunded.",
                order.order_number
            ),
            "SECOND_PAYMENT_REFUNDED",
        ));
    }
    let late = paid.outcome == Payment::PaidWhileCancelled;
    let paid = if late {
        refunds::refund_cancelled(state, &order.id).await;
        // As the refund left it.
        orders::get(&state.db, &order.id).await?
    } else {
        paid.order
    }
    .ok_or_else(ApiError::order_not_found)?;
    if late || matches!(paid.status, OrderStatus::Cancelled | OrderStatus::Refunded) {
        return Err(if paid.refunded_amount >= paid.total_price {
            ApiError::conflict_code(
                format!(
                    "Order {} was cancelled before this payment arrived. The payment has been refunded.",
                    paid.order_number
                ),
                "PAYMENT_REFUNDED",
            )
        } else {
            ApiError::conflict_code(
                format!(
                    "Order {} was cancelled before this payment arrived. The payment will be refunded.",
                    paid.order_number
                ),
                "ORDER_CANCELLED",
            )
        });
    }
    confirmation(&paid)
}

/// What the browser needs to pay for a stored order with the provider.
pub(crate) fn created(state: &AppState, order: orders::Order) -> CreatedOrder {
    CreatedOrder {
        order_id: order.provider_order_id.clone().unwrap_or_default(),
        amount: order.total_price,
        currency: order.currency.clone(),
        key_id: state.payments.key_id().to_string(),
        provider: order.provider.clone(),
        order: OrderRef {
            id: order.id,
            order_number: order.order_number,
        },
    }
}

fn test_provider(state: &AppState) -> ApiResult<&crate::payments::test_provider::TestProvider> {
    state
        .payments
        .test()
        .ok_or_else(|| ApiError::not_found("Not found"))
}

pub struct PaymentsApi;

#[OpenApi(tag = "Tag::Payments")]
impl PaymentsApi {
    /// The active payment provider, its public key and whether test mode is on.
    #[oai(path = "/payments/methods", method = "get")]
    async fn methods(&self, state: Data<&AppState>) -> Json<Envelope<PaymentMethods>> {
        let p = &state.payments;
        Envelope::ok(
            "Payment methods",
            PaymentMethods {
                provider: p.name().to_string(),
                key_id: p.key_id().to_string(),
                currency: "INR".into(),
                methods: ["card", "upi", "netbanking", "wallet"]
                    .map(String::from)
                    .to_vec(),
                test_mode: p.test().is_some(),
            },
        )
    }

    /// Creates the order from the server's cart (repriced by the engine) as
    /// pending and unpaid, and the provider's order to pay it. `amount` must be
    /// the server's total (else 400 `AMOUNT_MISMATCH`); the same `receipt`
    /// returns the same order. A shopper may create 20 orders at once, then
    /// one every 30 s (429), and hold at most 5 waiting for payment (409
    /// `TOO_MANY_OPEN_ORDERS`: cancel one, or it is cancelled once unpaid for
    /// `PENDING_ORDER_HOURS`).
    #[oai(path = "/payments/create-order", method = "post")]
    async fn create_order(
        &self,
        state: Data<&AppState>,
        auth: BearerAuth,
        body: Json<CreateOrderRequest>,
    ) -> Result<
        Json<Envelope<CreatedOrder>>,
        Fails<{ USER | BODY | NOT_FOUND | CONFLICT | TOO_MANY | BAD_GATEWAY | UNAVAILABLE }>,
    > {
        state
            .limits
            .check(Door::CreateOrderUser, &auth.0.id)
            .await?;
        let b = body.0;
        if !b
            .currency
            .as_deref()
            .unwrap_or("INR")
            .trim()
            .eq_ignore_ascii_case("INR")
        {
            return Err(ApiError::bad_request("Only INR payments are accepted").into());
        }
        let checkout = Checkout {
            amount: b.amount,
            receipt: check_receipt(&b.receipt)?,
            notes: notes_json(b.notes.as_ref())?,
            shipping: &b.shipping_address,
            billing: b.billing_address.as_ref(),
            same_as_shipping: b.same_as_shipping.unwrap_or(true),
            gstin: b.gstin.as_deref(),
            lines: None,
            group_id: None,
        };
        let order = open_order(&state, &auth.0, checkout).await?;
        Ok(Envelope::ok("Order created", created(&state, order)))
    }

    /// Checks the provider's signature (HMAC-SHA256 of "order_id|payment_id"
    /// with the key secret, against the order id stored here). The order
    /// becomes confirmed and paid, its lines leave the cart and its stock is
    /// taken moments later; verifying again changes nothing. A payment for an
    /// order cancelled or deleted meanwhile is refunded at once (409
    /// `PAYMENT_REFUNDED`, or `ORDER_CANCELLED` while the refund is pending),
    /// and so is a second payment for an order another one paid (409
    /// `SECOND_PAYMENT_REFUNDED`).
    #[oai(path = "/payments/verify", method = "post")]
    async fn verify(
        &self,
        state: Data<&AppState>,
        auth: BearerAuth,
        body: Json<VerifyRequest>,
    ) -> Result<
        Json<Envelope<Confirmation>>,
        Fails<{ USER | BODY | NOT_FOUND | CONFLICT | BAD_GATEWAY }>,
    > {
        let b = body.0;
        let provider_order_id = b.razorpay_order_id.trim();
        let order = match b
            .order_id
            .as_deref()
            .map(str::trim)
            .filter(|s| !s.is_empty())
        {
            // Deleted orders too: a signed payment for one is refunded, not lost.
            Some(id) if crate::ids::is_id(id) => orders::get(&state.db, id).await?,
            // The specification's client sends create-order's `orderId` here:
            // the provider's id, not ours.
            Some(id) => orders::paid_through(&state.db, id).await?,
            None => orders::paid_through(&state.db, provider_order_id).await?,
        }
        .filter(|o| o.user_id == auth.0.id);
        let order = order.ok_or_else(ApiError::order_not_found)?;
        let confirmed = settle(
            &state,
            &order,
            provider_order_id,
            &b.razorpay_payment_id,
            &b.razorpay_signature,
        )
        .await?;
        Ok(Envelope::ok("Payment verified successfully", confirmed))
    }

    /// Razorpay's webhook: `X-Razorpay-Signature` must sign the raw body with
    /// the webhook secret. `payment.captured` and `order.paid` mark the order
    /// paid if the browser never came back; a replayed event id is ignored.
    #[oai(path = "/payments/webhook", method = "post")]
    async fn webhook(
        &self,
        state: Data<&AppState>,
        body: Binary<Vec<u8>>,
        #[oai(name = "X-Razorpay-Signature")] signature: Header<Option<String>>,
        #[oai(name = "X-Razorpay-Event-Id")] event_id: Header<Option<String>>,
    ) -> Result<Json<Envelope<WebhookOutcome>>, Fails<{ BODY | UNAUTHORIZED | NOT_FOUND }>> {
        let signature = signature.0.unwrap_or_default();
        let outcome = webhook::handle(&state, &body.0, &signature, event_id.0.as_deref()).await?;
        Ok(Envelope::ok(
            "Webhook processed",
            WebhookOutcome {
                outcome: outcome.into(),
            },
        ))
    }

    /// Admin: refunds a paid order, in full or in part, through the provider.
    /// 202 while the provider has not confirmed it (down, busy, or its answer
    /// lost): it is asked again until it does, and meanwhile no other refund
    /// of the order is begun (409 `REFUND_UNDER_WAY`). 502: the provider
    /// refused it, and nothing was refunded.
    #[oai(path = "/payments/refund", method = "post")]
    async fn refund(
        &self,
        state: Data<&AppState>,
        auth: BearerAuth,
        body: Json<RefundRequest>,
    ) -> Result<RefundAnswer, Fails<{ ADMIN | BODY | NOT_FOUND | CONFLICT | BAD_GATEWAY }>> {
        auth.0.require_admin()?;
        let b = body.0;
        let order = orders::get(&state.db, b.order_id.trim())
            .await?
            .ok_or_else(ApiError::order_not_found)?;
        let reason: String = b
            .reason
            .unwrap_or_default()
            .trim()
            .chars()
            .take(500)
            .collect();
        let refund = refunds::refund(&state, &order, b.amount, &reason, &auth.0.id).await?;
        let order = refund.order;
        let result = |refund_id, amount, status| RefundResult {
            refund_id,
            order_id: order.id.clone(),
            amount,
            status,
            refunded_amount: order.refunded_amount,
            order_status: order.status,
        };
        Ok(match refund.made {
            Some(made) => RefundAnswer::Made(Envelope::ok(
                "Refund processed",
                result(Some(made.id), made.amount, made.status),
            )),
            None => RefundAnswer::UnderWay(Envelope::ok(
                "The refund is under way: the payment provider has not confirmed it yet, and it is asked \
                 again until it does. Nothing more is refunded meanwhile.",
                result(None, refund.amount, "queued".into()),
            )),
        })
    }

    /// Test provider only: the checkout popup's outcome for one of the user's
    /// orders: a payment signed exactly as Razorpay signs it, or a failure.
    #[oai(path = "/payments/test/complete", method = "post")]
    async fn test_complete(
        &self,
        state: Data<&AppState>,
        auth: BearerAuth,
        body: Json<TestCompleteRequest>,
    ) -> Result<Json<Envelope<TestOutcome>>, Fails<{ USER | BODY | NOT_FOUND | CONFLICT }>> {
        let provider = test_provider(&state)?;
        let order = orders::by_provider_order(&state.db, body.0.order_id.trim())
            .await?
            .filter(|o| o.user_id == auth.0.id)
            .ok_or_else(ApiError::order_not_found)?;
        if order.is_paid != 0 {
            return Err(ApiError::conflict_code(
                "This order has already been paid",
                "ORDER_ALREADY_PAID",
            )
            .into());
        }
        // A cancelled order (by its customer, expiry or an admin's delete) is not paid from here.
        if order.status != OrderStatus::Pending {
            return Err(cancelled_receipt().into());
        }
        let provider_order_id = order.provider_order_id.clone().unwrap_or_default();
        let outcome = match body.0.outcome.as_deref().unwrap_or("success") {
            "success" => {
                let paid = provider.pay(&provider_order_id);
                TestOutcome {
                    razorpay_order_id: Some(paid.order_id),
                    razorpay_payment_id: Some(paid.payment_id),
                    razorpay_signature: Some(paid.signature),
                    error: None,
                }
            }
            "failure" => TestOutcome {
                razorpay_order_id: None,
                razorpay_payment_id: None,
                razorpay_signature: None,
                error: Some(PaymentFailure {
                    code: "BAD_REQUEST_ERROR".into(),
                    description: "Payment failed: the test card was declined.".into(),
                }),
            },
            _ => {
                return Err(ApiError::bad_request("The outcome must be success or failure").into());
            }
        };
        Ok(Envelope::ok("Test payment completed", outcome))
    }

    /// Test provider only: an order from the server's cart, paid at once by
    /// the test provider (through the same signature check as a real payment).
    #[oai(path = "/payments/save-test-order", method = "post")]
    async fn save_test_order(
        &self,
        state: Data<&AppState>,
        auth: BearerAuth,
        body: Json<SaveTestOrderRequest>,
    ) -> Result<
        Json<Envelope<Confirmation>>,
        Fails<{ USER | BODY | NOT_FOUND | CONFLICT | TOO_MANY }>,
    > {
        let provider = test_provider(&state)?;
        state
            .limits
            .check(Door::CreateOrderUser, &auth.0.id)
            .await?;
        let b = body.0;
        let receipt = format!("test_{}", crate::ids::random_hex(12));
        let checkout = Checkout {
            amount: b.amount,
            receipt: &receipt,
            notes: "{\"test\":true}".into(),
            shipping: &b.shipping_address,
            billing: b.billing_address.as_ref(),
            same_as_shipping: b.same_as_shipping.unwrap_or(true),
            gstin: b.gstin.as_deref(),
            lines: None,
            group_id: None,
        };
        let order = open_order(&state, &auth.0, checkout).await?;
        let paid = provider.pay(order.provider_order_id.as_deref().unwrap_or_default());
        let confirmed = settle(
            &state,
            &order,
            &paid.order_id,
            &paid.payment_id,
            &paid.signature,
        )
        .await?;
        Ok(Envelope::ok("Test order saved", confirmed))
    }
}
