//! The pro-forma invoice of an order: computed once, here, from the stored
//! order and the seller's configured details. The JSON route hands it to the
//! web's print window as is and the PDF draws the same value, so every figure
//! and text on paper is the server's.

pub mod confirmation;
pub mod figures;
pub mod gstr1;
pub mod issued;
pub mod issuing;
pub mod label;
pub mod pdf;
pub mod receipt_voucher;
pub mod tax_document;
pub mod tax_pdf;

use design_engine::Quantities;
use design_engine::money::Paise;
use poem_openapi::Object;

use crate::core::cart::pricing::PersonalisationLine;
use crate::db::orders;
use crate::domain::address::ShippingAddress;
use crate::domain::company::Company;
use crate::error::{Failure, Fallible};
use figures::Figures;

pub const TITLE: &str = "PRO-FORMA INVOICE";
pub const ESTIMATED_DISPATCH: &str = "30-45 days";
pub const PAYMENT_TERMS: &str = "100% advance";

/// A pro-forma invoice. Money is in paise; dates are en-GB (dd/mm/yyyy) in India.
#[derive(Object, Debug, Clone, PartialEq)]
#[oai(rename_all = "camelCase")]
pub struct Invoice {
    /// 'PRO-FORMA INVOICE'.
    pub title: String,
    /// The order number: a pro-forma invoice is numbered after its order.
    pub invoice_number: String,
    pub order_id: String,
    /// The day the invoice was issued (dd/mm/yyyy).
    pub invoice_date: String,
    /// The day the order was placed (dd/mm/yyyy).
    pub order_date: String,
    pub payment_method: String,
    pub is_paid: bool,
    /// Always INR.
    pub currency: String,
    pub seller: InvoiceSeller,
    pub bill_to: ShippingAddress,
    pub ship_to: ShippingAddress,
    /// The order's lines, in order.
    pub lines: Vec<InvoiceLine>,
    /// The coupon the order is priced with and what it took off in all
    /// (before tax; the lines' amounts are after it); absent without one.
    #[oai(skip_serializing_if_is_none)]
    pub coupon_code: Option<String>,
    #[oai(skip_serializing_if_is_none)]
    pub discount: Option<i64>,
    /// The order's items price: every line's amount, design fees included.
    pub items_total: i64,
    /// The order's payment gateway charge (0, and no row, when the merchant absorbs it).
    pub gateway_charge: i64,
    /// 'Payment Gateway (2.5%)'.
    pub gateway_label: String,
    /// The order's shipping price (0 when none).
    pub courier_charges: i64,
    /// Items total + gateway charge + courier charges: what the buyer pays.
    pub total: i64,
    /// The value inside the total before tax.
    pub taxable_value: i64,
    /// The taxes inside the total, by tax and rate, with the engine's split
    /// (CGST + SGST within the seller's state, IGST across states): the
    /// figures the tax invoice shows.
    pub taxes: Vec<InvoiceTax>,
    /// The delivery state with its GST code: 'Delhi (07)'.
    pub place_of_supply: String,
    /// '30-45 days'.
    pub estimated_dispatch: String,
    /// '100% advance'.
    pub payment_terms: String,
}

/// The seller, from the store's configuration (`COMPANY_*`, `SUPPORT_EMAIL`).
#[derive(Object, Debug, Clone, PartialEq)]
pub struct InvoiceSeller {
    pub name: String,
    pub address: String,
    pub gstin: String,
    pub phone: String,
    /// The support e-mail address.
    pub email: String,
}

/// One order line: a design in one colour, in several sizes.
#[derive(Object, Debug, Clone, PartialEq)]
#[oai(rename_all = "camelCase")]
pub struct InvoiceLine {
    /// The product's name.
    pub name: String,
    pub color: String,
    /// The sizes ordered (those above 0), smallest first.
    pub sizes: Vec<InvoiceSize>,
    /// Garments in all sizes.
    pub quantity: i64,
    /// amount / quantity, rounded half up to whole rupees (shown, never summed).
    pub unit_price: i64,
    /// The quantity tier the line was priced in: its discount in basis points
    /// (0 in the base tier) and its label, 'Quantity tier: 5% off ₹299.00'
    /// (the price per piece before the tier); none in the base tier.
    pub tier_discount_bps: i64,
    #[oai(skip_serializing_if_is_none)]
    pub tier_label: Option<String>,
    // The names and numbers printed on every piece, as charged; none for a
    // line without them.
    #[oai(skip_serializing_if_is_none)]
    pub personalisation: Option<PersonalisationLine>,
    /// What the order's coupon took off the line, before tax; absent without one.
    #[oai(skip_serializing_if_is_none)]
    pub discount: Option<i64>,
    /// The line's price: garments, its design fee and its names and numbers,
    /// less the coupon's discount (the taxable value is worked out on it).
    pub amount: i64,
}

/// A tax inside the total: 'CGST (2.5%)', 'IGST (5%)'.
#[derive(Object, Debug, Clone, PartialEq)]
pub struct InvoiceTax {
    pub label: String,
    pub amount: i64,
}

#[derive(Object, Debug, Clone, PartialEq)]
pub struct InvoiceSize {
    /// S, M, L, XL or XXL.
    pub size: String,
    pub quantity: i64,
}

impl From<&Company> for InvoiceSeller {
    fn from(c: &Company) -> InvoiceSeller {
        InvoiceSeller {
            name: c.name.clone(),
            address: c.address.clone(),
            gstin: c.gstin.clone(),
            phone: c.phone.clone(),
            email: c.support_email.clone(),
        }
    }
}

/// dd/mm/yyyy (en-GB) of a Unix time in ms, in India.
pub fn en_gb_date(ms: i64) -> String {
    crate::domain::india_time::local(ms)
        .format("%d/%m/%Y")
        .to_string()
}

fn sizes(stored: &str) -> Fallible<Vec<InvoiceSize>> {
    let q: Quantities = serde_json::from_str(stored)?;
    Ok(q.iter()
        .filter(|&(_, n)| n > 0)
        .map(|(s, n)| InvoiceSize {
            size: s.label().to_ascii_uppercase(),
            quantity: i64::from(n),
        })
        .collect())
}

/// 'Quantity tier: 5% off ₹299.00' for a line priced in a discounted tier.
fn tier_label(line: &orders::NewItem) -> Option<String> {
    let bps = u32::try_from(line.tier_discount_bps)
        .ok()
        .filter(|&b| b > 0)?;
    let label = design_engine::tiers::tier_label(bps);
    Some(match line.base_unit_price {
        Some(base) => format!("{label} {}", Paise(base)),
        None => label,
    })
}

impl Invoice {
    /// The invoice of `order` (its `items` in order), issued at `issued_ms`.
    pub fn new(
        order: &orders::Order,
        items: &[orders::Item],
        seller: &Company,
        issued_ms: i64,
    ) -> Fallible<Invoice> {
        let money = |e: design_engine::StudioError| {
            Failure::internal(format!("invoice of order {}: {e}", order.id))
        };
        let lines = items
            .iter()
            .filter(|i| i.order_id == order.id)
            .map(|i| {
                let line = &i.line;
                Ok(InvoiceLine {
                    name: line.name.clone(),
                    color: line.color.clone(),
                    sizes: sizes(&line.sizes)?,
                    quantity: line.quantity,
                    unit_price: figures::unit_price(Paise(line.line_total), line.quantity)
                        .map_err(money)?
                        .0,
                    tier_discount_bps: line.tier_discount_bps,
                    tier_label: tier_label(line),
                    personalisation: line.personalisation().map_err(money)?.map(Into::into),
                    discount: (line.discount > 0).then_some(line.discount),
                    amount: line.line_total,
                })
            })
            .collect::<Fallible<Vec<_>>>()?;
        let ship_to: ShippingAddress = serde_json::from_str(&order.shipping_address)?;
        let place = tax_document::state_of(&ship_to);
        // A seller without a valid GSTIN (production, unconfigured) cannot be
        // in the buyer's state as far as anyone can tell: IGST.
        let seller_state = seller.state().unwrap_or(design_engine::tax::GstState {
            code: 97,
            name: "Other Territory",
        });
        let amounts: Vec<(Paise, u32)> = lines
            .iter()
            .map(|l| (Paise(l.amount), u32::try_from(l.quantity).unwrap_or(0)))
            .collect();
        let f = Figures::new(
            &amounts,
            Paise(order.gateway_charge.max(0)),
            Paise(order.shipping_price.max(0)),
            seller_state,
            place,
            tax_document::india_date(issued_ms),
        )
        .map_err(money)?;
        Ok(Invoice {
            title: TITLE.to_string(),
            invoice_number: order.order_number.clone(),
            order_id: order.id.clone(),
            invoice_date: en_gb_date(issued_ms),
            order_date: en_gb_date(order.created_at),
            payment_method: order.payment_method.clone(),
            is_paid: order.is_paid != 0,
            currency: order.currency.clone(),
            seller: seller.into(),
            bill_to: serde_json::from_str(&order.billing_address)?,
            place_of_supply: format!("{} ({})", place.name, place.code_str()),
            ship_to,
            coupon_code: order.coupon_code.clone(),
            discount: (order.discount_amount > 0).then_some(order.discount_amount),
            lines,
            items_total: f.items.0,
            gateway_charge: f.gateway.0,
            gateway_label: design_engine::pricing::gateway_label(order.gateway_fee_bps),
            courier_charges: f.courier.0,
            total: f.total.0,
            taxable_value: f.tax.taxable_value.0,
            taxes: f
                .tax_rows()
                .into_iter()
                .map(|r| InvoiceTax {
                    label: r.label,
                    amount: r.amount.0,
                })
                .collect(),
            estimated_dispatch: ESTIMATED_DISPATCH.to_string(),
            payment_terms: PAYMENT_TERMS.to_string(),
        })
    }

    /// `invoice-{order number}.pdf`.
    pub fn file_name(&self) -> String {
        format!("invoice-{}.pdf", self.invoice_number)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn dates_are_en_gb_in_india() {
        // 2026-11-21 19:00 UTC is 22 November in India.
        assert_eq!(en_gb_date(1_795_287_600_000), "22/11/2026");
        assert_eq!(en_gb_date(0), "01/01/1970");
    }
}
