//! The store's payment terms (issue 52): paying in two parts, an advance at
//! checkout and the balance before dispatch (`ADVANCE_PERCENT`, default 50,
//! 0 turns it off; `ADVANCE_MIN_TOTAL` in rupees, default 20000; the split is
//! the engine's, `design_engine::payment_plan`), and whether an advance gets
//! a receipt voucher (CGST Rule 50; `RECEIPT_VOUCHERS`, default off).

use design_engine::payment_plan::AdvanceTerms;

#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct PaymentTerms {
    pub advance: AdvanceTerms,
    pub receipt_vouchers: bool,
}

/// How an order is paid: in full at checkout, or an advance and the balance.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum PaymentPlan {
    Full,
    Advance,
}

impl PaymentPlan {
    /// `"full"` or `"advance"` (none: in full); anything else is refused with a message.
    pub fn parse(raw: Option<&str>) -> Result<PaymentPlan, String> {
        match raw.map(|s| s.trim().to_ascii_lowercase()).as_deref() {
            None | Some("") | Some("full") => Ok(PaymentPlan::Full),
            Some("advance") => Ok(PaymentPlan::Advance),
            Some(other) => Err(format!(
                "The payment plan must be \"full\" or \"advance\", not {other:?}"
            )),
        }
    }
}

impl PaymentTerms {
    pub fn from_env() -> anyhow::Result<PaymentTerms> {
        let percent = crate::env::env_or("ADVANCE_PERCENT", "50");
        let min_total = crate::env::env_or("ADVANCE_MIN_TOTAL", "20000");
        let advance = AdvanceTerms::parse(&percent, &min_total).map_err(anyhow::Error::msg)?;
        Ok(PaymentTerms {
            advance,
            receipt_vouchers: crate::env::flag("RECEIPT_VOUCHERS", false)?,
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn plans_by_name() {
        assert_eq!(PaymentPlan::parse(None), Ok(PaymentPlan::Full));
        assert_eq!(
            PaymentPlan::parse(Some(" Advance ")),
            Ok(PaymentPlan::Advance)
        );
        assert_eq!(PaymentPlan::parse(Some("full")), Ok(PaymentPlan::Full));
        assert_eq!(
            PaymentPlan::parse(Some("half")).unwrap_err(),
            "The payment plan must be \"full\" or \"advance\", not \"half\""
        );
    }
}
