//! `GET /pincode/{pin}`: the city and state of an Indian pincode, from the
//! offline table (so checkout fills them in without any outside service).

use poem_openapi::param::Path;
use poem_openapi::payload::Json;
use poem_openapi::{Object, OpenApi};

use super::Tag;
use crate::domain::pincodes;
use crate::domain::pincodes::INVALID_PINCODE;
use crate::http::envelope::Envelope;
use crate::http::error::ApiError;
use crate::http::fails::Fails;
use crate::http::fails::status::*;

#[derive(Object, Debug)]
pub struct PincodeDetails {
    pub pincode: String,
    pub district: String,
    pub state: String,
    /// The city checkout fills in: the district.
    pub city: String,
}

pub struct PincodeApi;

#[OpenApi(tag = "Tag::Pincode")]
impl PincodeApi {
    /// City (district) and state of a 6-digit pincode; 404 for one India Post does not know.
    #[oai(path = "/pincode/:pin", method = "get")]
    async fn lookup(
        &self,
        pin: Path<String>,
    ) -> Result<Json<Envelope<PincodeDetails>>, Fails<{ ANY | NOT_FOUND }>> {
        let pin = pin.0.trim();
        let found = pincodes::lookup(pin).ok_or_else(|| ApiError::not_found(INVALID_PINCODE))?;
        Ok(Envelope::ok(
            "Pincode found",
            PincodeDetails {
                pincode: pin.to_string(),
                district: found.district.to_string(),
                state: found.state.to_string(),
                city: found.district.to_string(),
            },
        ))
    }
}
