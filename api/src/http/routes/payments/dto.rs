//! The request and response bodies of the payment routes.

use poem_openapi::payload::Json;
use poem_openapi::{ApiResponse, Object};

use crate::domain::OrderStatus;
use crate::domain::address::{AddressInput, ShippingAddress};
use crate::http::envelope::Envelope;

#[derive(Object, Debug)]
#[oai(rename_all = "camelCase")]
pub struct PaymentMethods {
    /// `test` (the built-in provider) or `razorpay`.
    pub provider: String,
    /// The public key id for the provider's browser checkout.
    pub key_id: String,
    pub currency: String,
    pub methods: Vec<String>,
    /// True while the built-in test provider is active: the checkout shows its test buttons.
    pub test_mode: bool,
}

#[derive(Object, Debug)]
#[oai(rename_all = "camelCase")]
pub struct CreateOrderRequest {
    /// The total the shopper was shown, in paise: it must equal the server's own.
    pub amount: i64,
    /// INR (the default).
    pub currency: Option<String>,
    /// The client's key for this checkout attempt (at most 40 letters, digits, `_` or `-`):
    /// the same receipt returns the same order, never a second one.
    pub receipt: String,
    /// Free-form notes, kept with the order (at most 16 KB of JSON).
    pub notes: Option<serde_json::Value>,
    pub shipping_address: AddressInput,
    pub billing_address: Option<AddressInput>,
    /// Default true: the billing address is the shipping address. When false,
    /// `billingAddress` is required.
    pub same_as_shipping: Option<bool>,
    /// A business buyer's GSTIN (any case, spaces around it ignored; blank for
    /// none), printed on the tax invoice. It must have the right format and
    /// check character and be registered in the billing address's state, else
    /// 400 `INVALID_GSTIN` with the reason.
    pub gstin: Option<String>,
    /// The coupon code applied (case-insensitive): the cart is priced with
    /// it, and `amount` must be that discounted total. Each refusal is a 400
    /// with its code (COUPON_UNKNOWN, COUPON_EXPIRED, COUPON_NOT_STARTED,
    /// COUPON_USED_UP, COUPON_CUSTOMER_LIMIT, COUPON_BELOW_MINIMUM, COUPON_NOT_APPLICABLE).
    pub coupon_code: Option<String>,
    /// `full` (the default) or `advance`: pay the store's advance now
    /// (`ADVANCE_PERCENT` of the total, the engine's split) and the balance
    /// before dispatch (`POST /api/orders/{id}/balance`); offered on totals of
    /// at least `ADVANCE_MIN_TOTAL`, else 400 `ADVANCE_NOT_OFFERED`.
    pub payment_plan: Option<String>,
    /// Order updates by WhatsApp to the shipping address's mobile number
    /// (the checkout shows it; unticked by default): true records consent for
    /// that number now (docs/whatsapp.md); false or absent changes nothing.
    pub whatsapp_updates: Option<bool>,
}

#[derive(Object, Debug)]
#[oai(rename_all = "camelCase")]
pub struct VerifyRequest {
    pub razorpay_order_id: String,
    pub razorpay_payment_id: String,
    pub razorpay_signature: String,
    /// Our order's `_id`, or create-order's `orderId` (the provider's order id, as the
    /// specification's client sends it); without it, `razorpayOrderId` finds the order.
    pub order_id: Option<String>,
}

/// The order confirmation page's data.
#[derive(Object, Debug)]
#[oai(rename_all = "camelCase")]
pub struct Confirmation {
    pub order_id: String,
    pub order_number: String,
    /// In paise.
    pub total_price: i64,
    pub items_count: i64,
    pub shipping_address: ShippingAddress,
    pub billing_address: ShippingAddress,
    #[oai(skip_serializing_if_is_none)]
    pub payment_id: Option<String>,
    pub status: OrderStatus,
    pub is_paid: bool,
}

#[derive(Object, Debug)]
#[oai(rename_all = "camelCase")]
pub struct SaveTestOrderRequest {
    pub shipping_address: AddressInput,
    pub billing_address: Option<AddressInput>,
    pub same_as_shipping: Option<bool>,
    /// As create-order's.
    pub gstin: Option<String>,
    /// The coupon code applied (case-insensitive): the cart is priced with
    /// it, and `amount` must be that discounted total. Each refusal is a 400
    /// with its code (COUPON_UNKNOWN, COUPON_EXPIRED, COUPON_NOT_STARTED,
    /// COUPON_USED_UP, COUPON_CUSTOMER_LIMIT, COUPON_BELOW_MINIMUM, COUPON_NOT_APPLICABLE).
    pub coupon_code: Option<String>,
    /// The total shown, in paise: it must equal the server's own.
    pub amount: i64,
    /// Ignored: the order is made from the server's cart.
    pub cart_items: Option<Vec<serde_json::Value>>,
}

#[derive(Object, Debug)]
#[oai(rename_all = "camelCase")]
pub struct TestCompleteRequest {
    /// The provider's order id (`order_...`).
    pub order_id: String,
    /// `success` (default) or `failure`.
    pub outcome: Option<String>,
}

#[derive(Object, Debug)]
pub struct PaymentFailure {
    pub code: String,
    pub description: String,
}

/// What the test checkout popup hands back: a signed payment, or a failure.
#[derive(Object, Debug)]
#[oai(rename_all = "camelCase")]
pub struct TestOutcome {
    #[oai(skip_serializing_if_is_none)]
    pub razorpay_order_id: Option<String>,
    #[oai(skip_serializing_if_is_none)]
    pub razorpay_payment_id: Option<String>,
    #[oai(skip_serializing_if_is_none)]
    pub razorpay_signature: Option<String>,
    #[oai(skip_serializing_if_is_none)]
    pub error: Option<PaymentFailure>,
}

#[derive(Object, Debug)]
pub struct WebhookOutcome {
    /// `confirmed`, `already_paid`, `refunded` (paid after it was cancelled or
    /// deleted: given back), `paid_while_cancelled` (the same, refund failed:
    /// an admin refunds it), `second_payment_refunded` (a second payment for
    /// an order already paid: given back), `second_payment_refunding` (the
    /// same, its refund still under way), `second_payment` (the same, refund
    /// failed: an admin refunds it), `balance_paid` (the balance of an order
    /// paid in two parts: now paid in full; a second payment of a balance, or
    /// one for an order cancelled meanwhile, is given back like a second
    /// payment), `duplicate` or `ignored`.
    pub outcome: String,
}

#[derive(Object, Debug)]
#[oai(rename_all = "camelCase")]
pub struct RefundRequest {
    /// Our order's `_id`.
    pub order_id: String,
    /// In paise; default what has not been refunded yet.
    pub amount: Option<i64>,
    pub reason: Option<String>,
}

#[derive(Object, Debug)]
#[oai(rename_all = "camelCase")]
pub struct RefundResult {
    /// The provider's refund; absent while the refund is under way.
    #[oai(skip_serializing_if_is_none)]
    pub refund_id: Option<String>,
    pub order_id: String,
    pub amount: i64,
    /// The provider's status of the refund (`processed`, `pending`), or
    /// `queued` while the provider has not confirmed it.
    pub status: String,
    /// All refunds of the order so far, in paise.
    pub refunded_amount: i64,
    pub order_status: OrderStatus,
}

/// The answer to an admin's refund.
#[derive(ApiResponse)]
pub enum RefundAnswer {
    /// The provider made the refund.
    #[oai(status = 200)]
    Made(Json<Envelope<RefundResult>>),
    /// The refund is under way: the provider gave no final answer (down,
    /// busy, or its answer lost). Its money is set aside and the provider is
    /// asked again with the same idempotency key until it makes or refuses
    /// it; no other refund of the order is begun meanwhile (409 `REFUND_UNDER_WAY`).
    #[oai(status = 202)]
    UnderWay(Json<Envelope<RefundResult>>),
}
