//! Coupons: the admin's (`/coupons`: list, create, change, switch off) and
//! the shopper's (`/cart/coupon`: apply a code to the cart to see it priced
//! with it, take it off). Checkout names the code (`couponCode`) and the
//! engine prices the order with it (`core::checkout`).

use poem::web::Data;
use poem_openapi::param::Path;
use poem_openapi::payload::Json;
use poem_openapi::{Object, OpenApi};

use super::Tag;
use crate::core::coupons::{Fields, checked, find, list_of, saved};
use crate::core::messages::coupons as messages;
use crate::db::coupons;
use crate::db::coupons::Coupon;
use crate::http::auth::BearerAuth;
use crate::http::dto::cart::{CartDto, cart_of};
use crate::http::envelope::Envelope;
use crate::http::error::ApiError;
use crate::http::fails::Fails;
use crate::http::fails::status::*;
use crate::limits::Door;
use crate::state::AppState;

/// A coupon's terms as the admin writes them: `code` (4 to 20 letters and
/// digits, case-insensitive, unique), either `percentOff` (1 to 100) or
/// `amountOff` (paise, above 0), `minPieces` (of the lines it applies to),
/// `validFrom`/`validUntil` (Unix ms, either open), `maxUses` and
/// `maxUsesPerCustomer` (none: no limit), the `productIds` and `categories`
/// it applies to (both empty: every product), `active` (true by default).
#[derive(Object, Debug, Clone)]
#[oai(rename_all = "camelCase")]
pub struct CouponRequest {
    pub code: String,
    pub percent_off: Option<i64>,
    pub amount_off: Option<i64>,
    pub min_pieces: Option<i64>,
    pub valid_from: Option<i64>,
    pub valid_until: Option<i64>,
    pub max_uses: Option<i64>,
    pub max_uses_per_customer: Option<i64>,
    #[oai(default)]
    pub product_ids: Vec<String>,
    #[oai(default)]
    pub categories: Vec<String>,
    pub active: Option<bool>,
}

/// A coupon as stored, with its uses (held by open orders and kept by paid ones).
#[derive(Object, Debug, Clone)]
#[oai(rename_all = "camelCase")]
pub struct CouponDto {
    #[oai(rename = "_id")]
    pub id: String,
    pub code: String,
    #[oai(skip_serializing_if_is_none)]
    pub percent_off: Option<i64>,
    #[oai(skip_serializing_if_is_none)]
    pub amount_off: Option<i64>,
    /// '10% off' or '₹500.00 off'.
    pub label: String,
    pub min_pieces: i64,
    #[oai(skip_serializing_if_is_none)]
    pub valid_from: Option<i64>,
    #[oai(skip_serializing_if_is_none)]
    pub valid_until: Option<i64>,
    #[oai(skip_serializing_if_is_none)]
    pub max_uses: Option<i64>,
    #[oai(skip_serializing_if_is_none)]
    pub max_uses_per_customer: Option<i64>,
    pub product_ids: Vec<String>,
    pub categories: Vec<String>,
    pub active: bool,
    pub uses: i64,
    pub created_at: i64,
    pub updated_at: i64,
}

impl From<Coupon> for CouponDto {
    fn from(c: Coupon) -> CouponDto {
        CouponDto {
            label: messages::off_label(c.percent_off_bps, c.amount_off),
            percent_off: c.percent_off_bps.map(|bps| bps / 100),
            amount_off: c.amount_off,
            product_ids: list_of(&c.product_ids),
            categories: list_of(&c.categories),
            id: c.id,
            code: c.code,
            min_pieces: c.min_pieces,
            valid_from: c.valid_from,
            valid_until: c.valid_until,
            max_uses: c.max_uses,
            max_uses_per_customer: c.max_uses_per_customer,
            active: c.active != 0,
            uses: c.uses,
            created_at: c.created_at,
            updated_at: c.updated_at,
        }
    }
}

fn fields(r: CouponRequest) -> Fields {
    Fields {
        code: r.code,
        percent_off: r.percent_off,
        amount_off: r.amount_off,
        min_pieces: r.min_pieces,
        valid_from: r.valid_from,
        valid_until: r.valid_until,
        max_uses: r.max_uses,
        max_uses_per_customer: r.max_uses_per_customer,
        product_ids: r.product_ids,
        categories: r.categories,
        active: r.active,
    }
}

/// A code to try on the cart.
#[derive(Object, Debug)]
pub struct ApplyCouponRequest {
    pub code: String,
}

pub struct CouponsApi;

#[OpenApi(tag = "Tag::Coupons")]
impl CouponsApi {
    /// Every coupon, newest first (admin).
    #[oai(path = "/coupons", method = "get")]
    async fn list(
        &self,
        state: Data<&AppState>,
        auth: BearerAuth,
    ) -> Result<Json<Envelope<Vec<CouponDto>>>, Fails<{ ADMIN }>> {
        auth.0.require_admin()?;
        let all = coupons::list(&state.db).await?;
        Ok(Envelope::ok(
            "Coupons fetched",
            all.into_iter().map(Into::into).collect(),
        ))
    }

    /// One coupon (admin).
    #[oai(path = "/coupons/:id", method = "get")]
    async fn one(
        &self,
        state: Data<&AppState>,
        auth: BearerAuth,
        id: Path<String>,
    ) -> Result<Json<Envelope<CouponDto>>, Fails<{ ADMIN | NOT_FOUND }>> {
        auth.0.require_admin()?;
        let coupon = coupons::get(&state.db, &id.0)
            .await?
            .ok_or_else(|| ApiError::not_found(messages::NOT_FOUND))?;
        Ok(Envelope::ok("Coupon fetched", coupon.into()))
    }

    /// Creates a coupon (admin). 400 with the field's message; 409
    /// `COUPON_CODE_TAKEN` when another coupon has the code (in any case).
    #[oai(path = "/coupons", method = "post")]
    async fn create(
        &self,
        state: Data<&AppState>,
        auth: BearerAuth,
        body: Json<CouponRequest>,
    ) -> Result<Json<Envelope<CouponDto>>, Fails<{ ADMIN | BODY | CONFLICT }>> {
        auth.0.require_admin()?;
        let input = checked(fields(body.0))?;
        let coupon = saved(coupons::create(&state.db, &input).await?)?;
        Ok(Envelope::ok("Coupon created", coupon.into()))
    }

    /// Rewrites a coupon's terms (admin); `active: false` switches it off
    /// (checkout then refuses it as unknown). Its uses stay; 409
    /// `COUPON_BELOW_USES` for a `maxUses` below them.
    #[oai(path = "/coupons/:id", method = "put")]
    async fn update(
        &self,
        state: Data<&AppState>,
        auth: BearerAuth,
        id: Path<String>,
        body: Json<CouponRequest>,
    ) -> Result<Json<Envelope<CouponDto>>, Fails<{ ADMIN | BODY | NOT_FOUND | CONFLICT }>> {
        auth.0.require_admin()?;
        let input = checked(fields(body.0))?;
        let coupon = saved(coupons::update(&state.db, &id.0, &input).await?)?;
        Ok(Envelope::ok("Coupon updated", coupon.into()))
    }
}

pub struct CartCouponApi;

#[OpenApi(tag = "Tag::Cart")]
impl CartCouponApi {
    /// Applies a coupon code to the cart: the cart comes back priced with it
    /// (each line's `discount`, the order's `discount`). A code that is not
    /// taken is refused with its own message and code (400
    /// `COUPON_UNKNOWN`, `COUPON_EXPIRED`, `COUPON_NOT_STARTED`,
    /// `COUPON_USED_UP`, `COUPON_CUSTOMER_LIMIT`, `COUPON_BELOW_MINIMUM`,
    /// `COUPON_NOT_APPLICABLE`) and the cart is left as it was. 10 tries at
    /// once, then one every 30 s (429).
    #[oai(path = "/cart/coupon", method = "post")]
    async fn apply(
        &self,
        state: Data<&AppState>,
        auth: BearerAuth,
        body: Json<ApplyCouponRequest>,
    ) -> Result<Json<Envelope<CartDto>>, Fails<{ USER | BODY | TOO_MANY }>> {
        state.limits.check(Door::CouponUser, &auth.0.id).await?;
        let coupon = find(&state.db, &body.code).await?;
        let priced = crate::core::cart::pricing::price_cart(
            &state.db,
            &auth.0.id,
            crate::core::cart::pricing::Policies::of(&state.config),
            crate::core::cart::pricing::CouponAsk::Code(Some(&coupon.code)),
        )
        .await?;
        if priced.lines.is_empty() {
            return Err(ApiError::bad_request("Your cart is empty").into());
        }
        if let Some((_, refusal)) = priced.refused {
            return Err(ApiError::from(refusal).into());
        }
        coupons::apply_to_cart(&state.db, &auth.0.id, &coupon.id).await?;
        Ok(Envelope::ok(
            "Coupon applied",
            cart_of(&state, &auth.0.id).await?,
        ))
    }

    /// Takes the coupon off the cart.
    #[oai(path = "/cart/coupon", method = "delete")]
    async fn remove(
        &self,
        state: Data<&AppState>,
        auth: BearerAuth,
    ) -> Result<Json<Envelope<CartDto>>, Fails<{ USER }>> {
        coupons::remove_from_cart(&state.db, &auth.0.id).await?;
        Ok(Envelope::ok(
            "Coupon removed",
            cart_of(&state, &auth.0.id).await?,
        ))
    }
}
