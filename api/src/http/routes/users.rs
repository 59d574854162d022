//! The signed-in user's profile, addresses and preferences.

use poem::web::Data;
use poem_openapi::param::Path;
use poem_openapi::payload::Json;
use poem_openapi::{Object, OpenApi};

use super::Tag;
use crate::core::accounts::codes;
use crate::db::DbError;
use crate::db::addresses;
use crate::db::addresses::{Address, AddressInput};
use crate::db::{now_ms, users};
use crate::domain::{Language, Phone, Pincode, Role};
use crate::http::auth::BearerAuth;
use crate::http::envelope::Envelope;
use crate::http::error::{ApiError, ApiResult};
use crate::http::fails::Fails;
use crate::http::fails::status::*;
use crate::state::AppState;

#[derive(Object)]
#[oai(rename_all = "camelCase")]
pub struct Profile {
    #[oai(rename = "_id")]
    pub id: String,
    pub name: String,
    pub email: String,
    pub is_verified: bool,
    pub phone: String,
    pub role: Role,
    pub created_at: i64,
    pub addresses: Vec<Address>,
    pub preferences: serde_json::Value,
    // The language the store writes to you in: e-mails, SMS and the errors you are shown
    // (a plain reference: a doc comment would wrap it in allOf).
    pub language: Language,
    /// Whether order updates go to `whatsappPhone` by WhatsApp (docs/whatsapp.md).
    pub whatsapp_updates: bool,
    /// The number WhatsApp consent was given for.
    #[oai(skip_serializing_if_is_none)]
    pub whatsapp_phone: Option<String>,
    /// When consent was given (Unix ms).
    #[oai(skip_serializing_if_is_none)]
    pub whatsapp_consent_at: Option<i64>,
}

#[derive(Object)]
#[oai(rename_all = "camelCase")]
pub struct ProfileUpdate {
    pub name: String,
    /// 10-digit mobile number; empty to remove it.
    pub phone: Option<String>,
    /// To set or change the number: the code sent to it by `POST /auth/otp/phone/send`.
    pub phone_code: Option<String>,
    // `en` or `hi`: the language of your e-mails, SMS and errors; unchanged when absent.
    pub language: Option<Language>,
    /// Order updates by WhatsApp to the profile's number: true to consent
    /// (a number is needed), false to stop them at once; absent keeps it.
    pub whatsapp_updates: Option<bool>,
}

/// An address as sent by the client. `country` defaults to India.
#[derive(Object)]
#[oai(rename_all = "camelCase")]
pub struct AddressRequest {
    /// home (default), work or other
    #[oai(rename = "type")]
    pub kind: Option<String>,
    pub street: Option<String>,
    pub city: Option<String>,
    pub state: Option<String>,
    pub zip_code: Option<String>,
    pub country: Option<String>,
    pub phone: Option<String>,
    pub is_default: Option<bool>,
}

impl AddressRequest {
    fn check(&self) -> Result<AddressInput, ApiError> {
        let field =
            |v: &Option<String>| v.as_deref().map(str::trim).unwrap_or_default().to_string();
        let (street, city, state, zip_code) = (
            field(&self.street),
            field(&self.city),
            field(&self.state),
            field(&self.zip_code),
        );
        if [&street, &city, &state, &zip_code]
            .iter()
            .any(|f| f.is_empty())
        {
            return Err(ApiError::bad_request("Please fill in all required fields"));
        }
        let country = Some(field(&self.country))
            .filter(|c| !c.is_empty())
            .unwrap_or_else(|| "India".into());
        let zip_code = if country.eq_ignore_ascii_case("india") {
            Pincode::parse(&zip_code)?.into_string()
        } else {
            zip_code
        };
        let kind = Some(field(&self.kind).to_lowercase())
            .filter(|k| !k.is_empty())
            .unwrap_or_else(|| "home".into());
        if !["home", "work", "other"].contains(&kind.as_str()) {
            return Err(ApiError::bad_request(
                "Address type must be home, work or other",
            ));
        }
        let phone = match field(&self.phone) {
            p if p.is_empty() => p,
            p => Phone::parse(&p)?.into_string(),
        };
        Ok(AddressInput {
            kind,
            street,
            city,
            state,
            zip_code,
            country,
            phone,
            is_default: self.is_default.unwrap_or(false),
        })
    }
}

/// The database's answer for an address change, in the address page's words.
fn address_error(e: DbError) -> ApiError {
    match e {
        DbError::NotFound => ApiError::not_found("Address not found"),
        e => e.into(),
    }
}

pub struct UsersApi;

async fn profile(state: &AppState, user_id: &str) -> ApiResult<Profile> {
    let user = users::by_id(&state.db, user_id)
        .await?
        .ok_or_else(|| ApiError::unauthorized("Please log in"))?;
    let consent = crate::core::notify::consent::of(&state.db, user_id).await?;
    Ok(Profile {
        whatsapp_updates: consent.given(),
        whatsapp_phone: consent
            .whatsapp_phone
            .filter(|_| consent.whatsapp_consent_at.is_some()),
        whatsapp_consent_at: consent.whatsapp_consent_at,
        addresses: addresses::list(&state.db, user_id).await?,
        preferences: serde_json::from_str(&user.preferences).unwrap_or_default(),
        id: user.id,
        name: user.name,
        email: user.email,
        is_verified: user.is_verified != 0,
        phone: user.phone.unwrap_or_default(),
        role: user.role,
        language: user.language,
        created_at: user.created_at,
    })
}

#[OpenApi(tag = "Tag::Users")]
impl UsersApi {
    /// The signed-in user's profile with addresses.
    #[oai(path = "/users/profile", method = "get")]
    async fn get_profile(
        &self,
        state: Data<&AppState>,
        auth: BearerAuth,
    ) -> Result<Json<Envelope<Profile>>, Fails<{ USER }>> {
        Ok(Envelope::ok(
            "Profile fetched",
            profile(&state, &auth.0.id).await?,
        ))
    }

    /// Change name, phone and language (the e-mail address cannot be changed).
    #[oai(path = "/users/profile", method = "put")]
    async fn update_profile(
        &self,
        state: Data<&AppState>,
        auth: BearerAuth,
        body: Json<ProfileUpdate>,
    ) -> Result<Json<Envelope<Profile>>, Fails<{ USER | BODY | CONFLICT | TOO_MANY | UNAVAILABLE }>>
    {
        let name = body.name.trim();
        if name.is_empty() || name.chars().count() > 100 {
            return Err(ApiError::bad_request("Please enter your name").into());
        }
        let phone = match body.phone.as_deref().map(str::trim) {
            None | Some("") => None,
            Some(p) => Some(Phone::parse(p)?.into_string()),
        };
        if body.whatsapp_updates == Some(true) && phone.is_none() {
            return Err(ApiError::bad_request(
                "Please add your mobile number to get order updates on WhatsApp",
            )
            .into());
        }
        let current = users::by_id(&state.db, &auth.0.id)
            .await?
            .ok_or_else(|| ApiError::unauthorized("Please log in"))?;
        let unchanged = phone == current.phone;
        let code = body.phone_code.as_deref().unwrap_or("").trim();
        // A number signs its holder in by SMS code: it is set only once a code
        // sent to it was entered here. Saving the profile with the number it
        // already has needs no code (a number only typed at registration
        // stays unproven until one is given).
        let proving = match phone.as_deref() {
            Some(_) if unchanged && current.phone_verified != 0 => None,
            Some(_) if unchanged && code.is_empty() => None,
            Some(p) => Some(p),
            None => None,
        };
        if let Some(p) = proving {
            if code.is_empty() {
                return Err(ApiError::bad_request(
                    "Please enter the code sent to your new mobile number",
                )
                .into());
            }
            state
                .limits
                .check(crate::limits::Door::VerifyTarget, p)
                .await?;
            codes::verify(
                &state.db,
                state.config.code_secret.expose(),
                codes::Channel::Phone,
                p,
                code,
                true,
            )
            .await?;
            users::release_unproven_phone(&state.db, p).await?;
        }
        let phone_verified = match (&phone, proving) {
            (None, _) => 0,
            (Some(_), Some(_)) => 1,
            (Some(_), None) if unchanged => current.phone_verified,
            (Some(_), None) => 0,
        };
        sqlx::query(
            "UPDATE users SET name = $1, phone = $2, phone_verified = $3, language = $4, updated_at = $5 WHERE id = $6",
        )
        .bind(name)
        .bind(&phone)
        .bind(phone_verified)
        .bind(body.language.unwrap_or(current.language))
        .bind(now_ms())
        .bind(&auth.0.id)
            .execute(&state.db)
            .await
            .map_err(|e| match &e {
                sqlx::Error::Database(d) if d.is_unique_violation() => {
                    ApiError::conflict("This phone number is used by another account")
                }
                _ => e.into(),
            })?;
        let now = state.notify.clock.now();
        match (body.whatsapp_updates, phone.as_deref()) {
            (Some(true), Some(p)) => {
                crate::core::notify::consent::give(&state.db, &auth.0.id, p, now).await?
            }
            (Some(false), _) => {
                crate::core::notify::consent::withdraw(&state.db, &auth.0.id, now).await?
            }
            _ => {}
        }
        Ok(Envelope::ok(
            "Profile updated successfully",
            profile(&state, &auth.0.id).await?,
        ))
    }

    /// The signed-in user's addresses, the default first.
    #[oai(path = "/users/addresses", method = "get")]
    async fn list_addresses(
        &self,
        state: Data<&AppState>,
        auth: BearerAuth,
    ) -> Result<Json<Envelope<Vec<Address>>>, Fails<{ USER }>> {
        Ok(Envelope::ok(
            "Addresses fetched",
            addresses::list(&state.db, &auth.0.id).await?,
        ))
    }

    /// Add an address (the first one becomes the default); at most 20 (409
    /// `TOO_MANY_ADDRESSES`).
    #[oai(path = "/users/addresses", method = "post")]
    async fn add_address(
        &self,
        state: Data<&AppState>,
        auth: BearerAuth,
        body: Json<AddressRequest>,
    ) -> Result<Json<Envelope<Vec<Address>>>, Fails<{ USER | BODY | CONFLICT }>> {
        addresses::add(&state.db, &auth.0.id, &body.check()?).await?;
        Ok(Envelope::ok(
            "Address added successfully!",
            addresses::list(&state.db, &auth.0.id).await?,
        ))
    }

    /// Change one of your addresses.
    #[oai(path = "/users/addresses/:id", method = "put")]
    async fn update_address(
        &self,
        state: Data<&AppState>,
        auth: BearerAuth,
        id: Path<String>,
        body: Json<AddressRequest>,
    ) -> Result<Json<Envelope<Vec<Address>>>, Fails<{ USER | BODY | NOT_FOUND }>> {
        addresses::update(&state.db, &auth.0.id, &id.0, &body.check()?)
            .await
            .map_err(address_error)?;
        Ok(Envelope::ok(
            "Address updated successfully!",
            addresses::list(&state.db, &auth.0.id).await?,
        ))
    }

    /// Delete one of your addresses.
    #[oai(path = "/users/addresses/:id", method = "delete")]
    async fn delete_address(
        &self,
        state: Data<&AppState>,
        auth: BearerAuth,
        id: Path<String>,
    ) -> Result<Json<Envelope<Vec<Address>>>, Fails<{ USER | NOT_FOUND }>> {
        addresses::delete(&state.db, &auth.0.id, &id.0)
            .await
            .map_err(address_error)?;
        Ok(Envelope::ok(
            "Address deleted successfully!",
            addresses::list(&state.db, &auth.0.id).await?,
        ))
    }

    /// Make one of your addresses the default.
    #[oai(path = "/users/addresses/:id/default", method = "put")]
    async fn default_address(
        &self,
        state: Data<&AppState>,
        auth: BearerAuth,
        id: Path<String>,
    ) -> Result<Json<Envelope<Vec<Address>>>, Fails<{ USER | NOT_FOUND }>> {
        addresses::set_default(&state.db, &auth.0.id, &id.0)
            .await
            .map_err(address_error)?;
        Ok(Envelope::ok(
            "Default address updated successfully!",
            addresses::list(&state.db, &auth.0.id).await?,
        ))
    }

    /// Store the user's preferences (any JSON object, at most 16 KB).
    #[oai(path = "/users/preferences", method = "put")]
    async fn preferences(
        &self,
        state: Data<&AppState>,
        auth: BearerAuth,
        body: Json<serde_json::Value>,
    ) -> Result<Json<Envelope<serde_json::Value>>, Fails<{ USER | BODY }>> {
        let text = body.0.to_string();
        if !body.0.is_object() || text.len() > 16 * 1024 {
            return Err(ApiError::bad_request(
                "Preferences must be a JSON object of at most 16 KB",
            )
            .into());
        }
        sqlx::query("UPDATE users SET preferences = $1, updated_at = $2 WHERE id = $3")
            .bind(&text)
            .bind(now_ms())
            .bind(&auth.0.id)
            .execute(&state.db)
            .await?;
        Ok(Envelope::ok("Preferences saved", body.0))
    }
}
