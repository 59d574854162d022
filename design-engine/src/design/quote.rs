//! A design's prices: the commerce layer's quotes (`pricing`, `group_share`,
//! `roster_pricing`) given what they need of the design, its pieces, its
//! elements and the personal fields it prints.

use super::Design;
use crate::error::StudioError;
use crate::group_share::share_line;
use crate::money::Paise;
use crate::personal_field::PersonalField;
use crate::pricing::{LineQuote, quote_line};
use crate::roster_pricing::{PersonalisationCharges, PersonalisationQuote, quote_personalisation};
use crate::tiers::ProductPricing;

impl Design {
    /// The price of this design as one cart line, at the product's pricing
    /// (its unit price, the quantity tier its pieces reach, and the charge
    /// for the names and numbers it prints on every piece).
    pub fn quote(&self, pricing: &ProductPricing) -> Result<LineQuote, StudioError> {
        quote_line(pricing, self.quantities.total(), self.element_count())?
            .with_size_surcharges(self.size_surcharges(pricing)?)?
            .with_personalisation(self.quote_personalisation(pricing.personalisation)?)
    }

    /// What the pieces' sizes add: each size's pieces × its surcharge.
    pub fn size_surcharges(&self, pricing: &ProductPricing) -> Result<Paise, StudioError> {
        if pricing.size_prices.is_empty() {
            return Ok(Paise(0));
        }
        let mut sum = Paise(0);
        for (size, n) in self.quantities.iter() {
            sum = sum.add(pricing.surcharge(size).times(n)?)?;
        }
        Ok(sum)
    }

    /// What the member holding this design's pieces (their rows of a group
    /// order) pays: `share_line` for the pieces, with their names and numbers.
    pub fn quote_share(&self, pricing: &ProductPricing) -> Result<LineQuote, StudioError> {
        share_line(pricing, self.quantities.total(), self.element_count())?
            .with_size_surcharges(self.size_surcharges(pricing)?)?
            .with_personalisation(self.quote_personalisation(pricing.personalisation)?)
    }

    /// The names-and-numbers line of this design at the merchant's
    /// `charges`: its pieces × the charges of the fields it prints; `None`
    /// when it prints no names or numbers.
    pub fn quote_personalisation(
        &self,
        charges: PersonalisationCharges,
    ) -> Result<Option<PersonalisationQuote>, StudioError> {
        let printed: Vec<PersonalField> = PersonalField::ALL
            .into_iter()
            .filter(|&f| self.prints(f))
            .collect();
        quote_personalisation(&printed, self.quantities.total(), charges)
    }
}
