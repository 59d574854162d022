//! The checkout's shipping and billing addresses, checked with the checkout
//! form's own messages.

use poem_openapi::Object;
use serde::{Deserialize, Serialize};

use crate::domain::{Email, Phone, Pincode};
use crate::error::Failure;

/// An address as the checkout form sends it. Every field is optional here so
/// that a missing one gets the form's message rather than a parse error.
#[derive(Object, Debug, Clone, Default)]
#[oai(rename_all = "camelCase")]
pub struct AddressInput {
    pub email: Option<String>,
    pub full_name: Option<String>,
    /// 10-digit mobile number (a +91 prefix and separators are dropped).
    pub phone: Option<String>,
    pub address_line1: Option<String>,
    pub address_line2: Option<String>,
    pub city: Option<String>,
    pub state: Option<String>,
    /// 6-digit pincode.
    pub zip_code: Option<String>,
    /// India (the default; the store delivers only there).
    pub country: Option<String>,
}

/// A checked shipping or billing address, as stored on the order.
#[derive(Object, Debug, Clone, Serialize, Deserialize, PartialEq)]
#[oai(rename_all = "camelCase")]
#[serde(rename_all = "camelCase")]
pub struct ShippingAddress {
    pub email: String,
    pub full_name: String,
    pub phone: String,
    pub address_line1: String,
    #[oai(skip_serializing_if_is_none)]
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub address_line2: Option<String>,
    /// Both address lines in one, as orders and invoices show them.
    pub street: String,
    pub city: String,
    pub state: String,
    /// The 6-digit pincode.
    pub zip_code: String,
    pub country: String,
}

impl ShippingAddress {
    /// The group's delivery as a member's order shows it: the organiser's
    /// first name, the city and state (the tax invoice's place of supply);
    /// the street, pincode and phone stay with the group. The e-mail is kept
    /// (the member's own: the order's messages go to them).
    pub fn group_delivery(&self) -> ShippingAddress {
        ShippingAddress {
            email: self.email.clone(),
            full_name: self
                .full_name
                .split_whitespace()
                .next()
                .unwrap_or_default()
                .to_string(),
            phone: String::new(),
            address_line1: String::new(),
            address_line2: None,
            street: String::new(),
            city: self.city.clone(),
            state: self.state.clone(),
            zip_code: String::new(),
            country: self.country.clone(),
        }
    }
}

impl From<&ShippingAddress> for AddressInput {
    /// A stored address as the form would send it, to check and store again.
    fn from(a: &ShippingAddress) -> Self {
        AddressInput {
            email: Some(a.email.clone()),
            full_name: Some(a.full_name.clone()),
            phone: Some(a.phone.clone()),
            address_line1: Some(a.address_line1.clone()),
            address_line2: a.address_line2.clone(),
            city: Some(a.city.clone()),
            state: Some(a.state.clone()),
            zip_code: Some(a.zip_code.clone()),
            country: Some(a.country.clone()),
        }
    }
}

const MAX_FIELD: usize = 200;

fn field(v: &Option<String>) -> String {
    v.as_deref().map(str::trim).unwrap_or_default().to_string()
}

impl AddressInput {
    /// The shipping address: every field but the second address line is required.
    pub fn shipping(&self) -> Result<ShippingAddress, Failure> {
        let required = [
            &self.email,
            &self.full_name,
            &self.phone,
            &self.address_line1,
            &self.city,
            &self.state,
            &self.zip_code,
        ];
        if required.iter().any(|f| field(f).is_empty()) {
            return Err(Failure::bad_request(
                "Please fill in all required shipping fields",
            ));
        }
        self.checked(None)
    }

    /// The billing address: the form has no contact fields, so e-mail, name
    /// and phone default to the shipping address's.
    pub fn billing(&self, shipping: &ShippingAddress) -> Result<ShippingAddress, Failure> {
        let required = [&self.address_line1, &self.city, &self.state, &self.zip_code];
        if required.iter().any(|f| field(f).is_empty()) {
            return Err(Failure::bad_request(
                "Please fill in all required billing fields",
            ));
        }
        self.checked(Some(shipping))
    }

    fn checked(&self, contact: Option<&ShippingAddress>) -> Result<ShippingAddress, Failure> {
        let or_contact = |v: &Option<String>, pick: fn(&ShippingAddress) -> &String| {
            Some(field(v))
                .filter(|s| !s.is_empty())
                .or_else(|| contact.map(|c| pick(c).clone()))
                .unwrap_or_default()
        };
        let all = [
            &self.email,
            &self.full_name,
            &self.phone,
            &self.address_line1,
            &self.address_line2,
            &self.city,
            &self.state,
            &self.zip_code,
            &self.country,
        ];
        if all.iter().any(|f| field(f).chars().count() > MAX_FIELD) {
            return Err(Failure::bad_request(
                "Address fields must be at most 200 characters",
            ));
        }
        let email = Email::parse(&or_contact(&self.email, |c| &c.email))?.into_string();
        let phone = Phone::parse(&or_contact(&self.phone, |c| &c.phone))?.into_string();
        let zip_code = Pincode::parse(&field(&self.zip_code))?.into_string();
        let country = field(&self.country);
        if !(country.is_empty() || country.eq_ignore_ascii_case("india")) {
            return Err(Failure::bad_request("We deliver only within India"));
        }
        let address_line1 = field(&self.address_line1);
        let address_line2 = Some(field(&self.address_line2)).filter(|s| !s.is_empty());
        Ok(ShippingAddress {
            email,
            full_name: or_contact(&self.full_name, |c| &c.full_name),
            phone,
            street: match &address_line2 {
                Some(line2) => format!("{address_line1}, {line2}"),
                None => address_line1.clone(),
            },
            address_line1,
            address_line2,
            city: field(&self.city),
            state: field(&self.state),
            zip_code,
            country: "India".into(),
        })
    }
}
