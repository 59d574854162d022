//! The grievance officer a seller's own site must name (Consumer Protection
//! (E-Commerce) Rules, 2020, rule 4(4) and 4(5)): name, designation and
//! contact, who acknowledges a complaint within 48 hours and resolves it
//! within one month.

use crate::domain::contact::Email;

/// The officer as the contact page and the store's facts show them. In
/// production an unset detail stays empty; the store still starts and the
/// contact page says plainly that the details are not published yet.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GrievanceOfficer {
    /// `GRIEVANCE_OFFICER_NAME`.
    pub name: String,
    /// `GRIEVANCE_OFFICER_DESIGNATION`, e.g. "Customer Care Manager".
    pub designation: String,
    /// `GRIEVANCE_OFFICER_EMAIL`: where complaints and the overdue list go.
    pub email: String,
    /// `GRIEVANCE_OFFICER_PHONE`: optional (the e-mail is the contact the rules ask for).
    pub phone: String,
}

/// The variables that must be set for the officer to be published.
const REQUIRED: [&str; 3] = [
    "GRIEVANCE_OFFICER_NAME",
    "GRIEVANCE_OFFICER_DESIGNATION",
    "GRIEVANCE_OFFICER_EMAIL",
];

impl Default for GrievanceOfficer {
    /// Dev mode's placeholders (an example domain, an unassigned number).
    fn default() -> GrievanceOfficer {
        GrievanceOfficer {
            name: "Meera Iyer".to_string(),
            designation: "Grievance Officer".to_string(),
            email: "grievance@legacythreads.example".to_string(),
            phone: "+91 80 0000 0001".to_string(),
        }
    }
}

impl GrievanceOfficer {
    /// The officer from `set` (a trimmed, non-empty variable or None):
    /// placeholders for what is unset in dev mode, nothing in production. A
    /// malformed e-mail refuses to start in either.
    pub fn from_lookup(
        test_providers: bool,
        set: impl Fn(&str) -> Option<String>,
    ) -> anyhow::Result<GrievanceOfficer> {
        let placeholder = GrievanceOfficer::default();
        let read = |name: &str, placeholder: String| {
            set(name).unwrap_or(if test_providers {
                placeholder
            } else {
                String::new()
            })
        };
        let email = read("GRIEVANCE_OFFICER_EMAIL", placeholder.email);
        let email = if email.is_empty() {
            email
        } else {
            Email::parse(&email)
                .map_err(|_| {
                    anyhow::anyhow!(
                        "GRIEVANCE_OFFICER_EMAIL must be an e-mail address, not {email:?}"
                    )
                })?
                .into_string()
        };
        Ok(GrievanceOfficer {
            name: read("GRIEVANCE_OFFICER_NAME", placeholder.name),
            designation: read("GRIEVANCE_OFFICER_DESIGNATION", placeholder.designation),
            email,
            phone: read("GRIEVANCE_OFFICER_PHONE", placeholder.phone),
        })
    }

    /// The variables a production start lacks for the officer (name,
    /// designation and e-mail); empty when the officer can be published.
    pub fn missing(&self) -> Vec<&'static str> {
        REQUIRED
            .into_iter()
            .zip([&self.name, &self.designation, &self.email])
            .filter(|(_, value)| value.is_empty())
            .map(|(name, _)| name)
            .collect()
    }

    /// Whether the contact page can name the officer.
    pub fn is_complete(&self) -> bool {
        self.missing().is_empty()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn from(test_providers: bool, vars: &[(&str, &str)]) -> anyhow::Result<GrievanceOfficer> {
        GrievanceOfficer::from_lookup(test_providers, |name| {
            vars.iter()
                .find(|(k, _)| *k == name)
                .map(|(_, v)| v.to_string())
        })
    }

    #[test]
    fn production_lists_what_is_missing_and_dev_mode_fills_placeholders() {
        let none = from(false, &[]).unwrap();
        assert_eq!(none.missing(), REQUIRED);
        assert!(!none.is_complete());
        let some = from(false, &[("GRIEVANCE_OFFICER_NAME", "Ravi Kumar")]).unwrap();
        assert_eq!(
            some.missing(),
            ["GRIEVANCE_OFFICER_DESIGNATION", "GRIEVANCE_OFFICER_EMAIL"]
        );
        let dev = from(true, &[]).unwrap();
        assert_eq!(dev, GrievanceOfficer::default());
        assert!(dev.is_complete());
    }

    #[test]
    fn a_malformed_email_refuses_to_start_and_a_good_one_is_lower_cased() {
        for mode in [false, true] {
            let err = from(
                mode,
                &[("GRIEVANCE_OFFICER_EMAIL", "grievance.example.com")],
            )
            .unwrap_err()
            .to_string();
            assert!(
                err.contains("GRIEVANCE_OFFICER_EMAIL must be an e-mail address"),
                "{err}"
            );
        }
        let ok = from(false, &[("GRIEVANCE_OFFICER_EMAIL", "Grievance@Shop.IN")]).unwrap();
        assert_eq!(ok.email, "grievance@shop.in");
    }
}
