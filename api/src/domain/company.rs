//! The seller: its name, address and GSTIN as invoices print them, the
//! support contact every e-mail and document gives, the seller's own contact
//! and its grievance officer as the store's pages publish them.

use crate::domain::contact::Email;
pub use crate::domain::grievance::GrievanceOfficer;

/// The seller as invoices print it, and the one support contact every
/// e-mail and document gives. The defaults are development placeholders
/// (the store's brand, an example address and GSTIN), used only with test
/// providers on: in production an unset detail stays empty, and without a
/// name, an address and a valid GSTIN the store still starts but takes no
/// order (`missing`), so no placeholder ever reaches an invoice.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Company {
    /// `COMPANY_NAME`, default (dev mode) the catalogue's brand, Legacy Threads.
    pub name: String,
    /// `COMPANY_ADDRESS`: the registered address, on one line.
    pub address: String,
    /// `COMPANY_GSTIN`: the 15-character GST identification number, checked
    /// by the engine (check character included); empty when missing or invalid.
    pub gstin: String,
    /// `COMPANY_PHONE`: the support phone.
    pub phone: String,
    /// `SUPPORT_EMAIL`: where customers write about an order.
    pub support_email: String,
    /// `COMPANY_EMAIL`: the seller's own address on its pages (the E-Commerce
    /// Rules' "customer care" contact); `SUPPORT_EMAIL` when unset.
    pub email: String,
    /// `GRIEVANCE_OFFICER_*`: the officer the contact page names.
    pub grievance: GrievanceOfficer,
    /// What a production start lacks for invoices, one entry per variable
    /// (e.g. `COMPANY_NAME is not set`); empty when the seller is complete.
    /// Checkout answers 503 while it is not.
    pub missing: Vec<String>,
}

impl Default for Company {
    fn default() -> Company {
        Company {
            name: design_engine::catalogue::BRAND.to_string(),
            address: "12 MG Road, Bengaluru, Karnataka 560001, India".to_string(),
            // The format's documentation example (Karnataka, example PAN).
            gstin: "29ABCDE1234F1ZW".to_string(),
            phone: "+91 80 0000 0000".to_string(),
            support_email: "support@legacythreads.example".to_string(),
            email: "hello@legacythreads.example".to_string(),
            grievance: GrievanceOfficer::default(),
            missing: Vec::new(),
        }
    }
}

impl Company {
    /// The variables that are set, over the defaults in dev mode; a malformed
    /// e-mail refuses to start, and so does a malformed GSTIN in dev mode.
    pub fn from_env(test_providers: bool) -> anyhow::Result<Company> {
        let company = Company::from_lookup(test_providers, |name| std::env::var(name).ok())?;
        if !company.missing.is_empty() {
            tracing::warn!(
                "seller details for invoices missing or invalid: {}. Checkout answers 503 until they are set",
                company.missing.join("; ")
            );
        }
        let no_contact: Vec<&str> = [
            ("COMPANY_PHONE", &company.phone),
            ("SUPPORT_EMAIL", &company.support_email),
        ]
        .into_iter()
        .filter(|(_, v)| v.is_empty())
        .map(|(name, _)| name)
        .collect();
        if !no_contact.is_empty() {
            tracing::warn!(
                "{} not set: e-mails and invoices give no such support contact",
                no_contact.join(" and ")
            );
        }
        let no_officer = company.grievance.missing();
        if !no_officer.is_empty() {
            tracing::warn!(
                "grievance officer not published: {} not set. The contact page says so until they are",
                no_officer.join(", ")
            );
        }
        Ok(company)
    }

    /// The seller from `lookup` (an environment): placeholders for what is
    /// unset with test providers on, nothing (and an entry in `missing`) in production.
    pub fn from_lookup(
        test_providers: bool,
        lookup: impl Fn(&str) -> Option<String>,
    ) -> anyhow::Result<Company> {
        let placeholders = if test_providers {
            Company::default()
        } else {
            Company {
                name: String::new(),
                address: String::new(),
                gstin: String::new(),
                phone: String::new(),
                support_email: String::new(),
                email: String::new(),
                grievance: GrievanceOfficer::default(),
                missing: Vec::new(),
            }
        };
        let set = |name: &str| {
            lookup(name)
                .map(|v| v.trim().to_string())
                .filter(|v| !v.is_empty())
        };
        let mut missing = Vec::new();
        let mut required = |name: &str, placeholder: &str| match set(name) {
            Some(v) => v,
            None if test_providers => placeholder.to_string(),
            None => {
                missing.push(format!("{name} is not set"));
                String::new()
            }
        };
        let name = required("COMPANY_NAME", &placeholders.name);
        let address = required("COMPANY_ADDRESS", &placeholders.address);
        let gstin = required("COMPANY_GSTIN", &placeholders.gstin);
        // The engine's check: format, state code and check character.
        let gstin = match design_engine::tax::Gstin::parse(&gstin) {
            Ok(g) => g.as_str().to_string(),
            Err(_) if gstin.is_empty() => gstin,
            Err(e) if test_providers => anyhow::bail!("COMPANY_GSTIN {gstin:?}: {e}"),
            Err(e) => {
                missing.push(format!("COMPANY_GSTIN {gstin:?} is invalid: {e}"));
                String::new()
            }
        };
        let support_email = set("SUPPORT_EMAIL").unwrap_or(placeholders.support_email);
        anyhow::ensure!(
            support_email.is_empty() || support_email.contains('@'),
            "SUPPORT_EMAIL must be an e-mail address, not {support_email:?}"
        );
        let email = match set("COMPANY_EMAIL") {
            Some(e) => Email::parse(&e)
                .map_err(|_| anyhow::anyhow!("COMPANY_EMAIL must be an e-mail address, not {e:?}"))?
                .into_string(),
            None if test_providers => placeholders.email,
            None => support_email.clone(),
        };
        Ok(Company {
            name,
            address,
            gstin,
            phone: set("COMPANY_PHONE").unwrap_or(placeholders.phone),
            support_email,
            email,
            grievance: GrievanceOfficer::from_lookup(test_providers, set)?,
            missing,
        })
    }

    /// The last six-digit number of the registered address: its pincode.
    pub fn pincode(&self) -> Option<String> {
        self.address
            .split(|c: char| !c.is_ascii_digit())
            .rfind(|w| design_engine::pincode::is_pincode(w))
            .map(str::to_string)
    }

    /// The seller's state, from its GSTIN's first two digits: what decides
    /// CGST + SGST or IGST. None only while the GSTIN is missing (then no order is taken).
    pub fn state(&self) -> Option<design_engine::tax::GstState> {
        design_engine::tax::Gstin::parse(&self.gstin)
            .ok()
            .map(|g| g.state())
    }
}
