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
use crate::core::checkout::balance::settle_balance;
use crate::core::checkout::open::{Checkout, cancelled_receipt, check_receipt, open_order};
use crate::core::checkout::refunds;
use crate::core::checkout::settle::settle;
use crate::db::orders;
use crate::domain::OrderStatus;
use crate::domain::payment_terms::PaymentPlan;
use crate::http::auth::BearerAuth;
use crate::http::dto::{CreatedOrder, created};
use crate::http::envelope::Envelope;
use crate::http::error::{ApiError, ApiResult};
use crate::http::fails::Fails;
use crate::http::fails::status::*;
use crate::limits::Door;
use crate::state::AppState;
pub use dto::*;

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

fn test_provider(state: &AppState) -> ApiResult<&crate::payments::test_provider::TestProvider> {
    state
        .payments
        .test()
        .ok_or_else(|| ApiError::not_found("Not found"))
}

/// The order paid through a provider order: its first payment's, or its balance's.
async fn paid_through(
    state: &AppState,
    provider_order_id: &str,
) -> ApiResult<Option<orders::Order>> {
    Ok(
        match orders::paid_through(&state.db, provider_order_id).await? {
            Some(o) => Some(o),
            None => orders::by_balance_order(&state.db, provider_order_id).await?,
        },
    )
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
        // Checked before anything is made: a bad number changes nothing.
        let whatsapp_phone = match b.whatsapp_updates {
            Some(true) => Some(
                crate::domain::Phone::parse(b.shipping_address.phone.as_deref().unwrap_or(""))
                    .map_err(|_| {
                        ApiError::bad_request(
                            "Please enter a valid 10-digit mobile number to get order updates on WhatsApp",
                        )
                    })?
                    .into_string(),
            ),
            _ => None,
        };
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
            coupon_code: b.coupon_code.as_deref(),
            plan: PaymentPlan::parse(b.payment_plan.as_deref()).map_err(ApiError::bad_request)?,
        };
        let order = open_order(&state, &auth.0.id, checkout).await?;
        if let Some(phone) = whatsapp_phone {
            let now = state.notify.clock.now();
            crate::core::notify::consent::give(&state.db, &auth.0.id, &phone, now).await?;
        }
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
            Some(id) => paid_through(&state, id).await?,
            None => paid_through(&state, provider_order_id).await?,
        }
        .filter(|o| o.user_id == auth.0.id);
        let order = order.ok_or_else(ApiError::order_not_found)?;
        // The balance of an order paid in two parts has its own provider order.
        let paid = if order.balance_provider_order_id.as_deref() == Some(provider_order_id) {
            settle_balance(
                &state,
                &order,
                provider_order_id,
                &b.razorpay_payment_id,
                &b.razorpay_signature,
            )
            .await?
        } else {
            settle(
                &state,
                &order,
                provider_order_id,
                &b.razorpay_payment_id,
                &b.razorpay_signature,
            )
            .await?
        };
        let confirmed = confirmation(&paid)?;
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
        let asked = body.0.order_id.trim();
        let order = match orders::by_provider_order(&state.db, asked).await? {
            Some(o) => Some(o),
            None => orders::by_balance_order(&state.db, asked).await?,
        }
        .filter(|o| o.user_id == auth.0.id)
        .ok_or_else(ApiError::order_not_found)?;
        let paying_balance = order.balance_provider_order_id.as_deref() == Some(asked);
        if paying_balance && order.balance_due <= 0 {
            return Err(ApiError::conflict_code(
                "The balance of this order has already been paid",
                "ORDER_ALREADY_PAID",
            )
            .into());
        }
        if order.is_paid != 0 && !paying_balance {
            return Err(ApiError::conflict_code(
                "This order has already been paid",
                "ORDER_ALREADY_PAID",
            )
            .into());
        }
        // A cancelled order (by its customer, expiry or an admin's delete) is not paid from here.
        if !paying_balance && order.status != OrderStatus::Pending {
            return Err(cancelled_receipt().into());
        }
        let provider_order_id = asked.to_string();
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
            coupon_code: b.coupon_code.as_deref(),
            plan: PaymentPlan::Full,
        };
        let order = open_order(&state, &auth.0.id, checkout).await?;
        let paid = provider.pay(order.provider_order_id.as_deref().unwrap_or_default());
        let paid = settle(
            &state,
            &order,
            &paid.order_id,
            &paid.payment_id,
            &paid.signature,
        )
        .await?;
        let confirmed = confirmation(&paid)?;
        Ok(Envelope::ok("Test order saved", confirmed))
    }
}
