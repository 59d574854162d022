//! Authentication at the door: the bearer-token check every protected route uses.

use poem::Request;
use poem_openapi::SecurityScheme;
use poem_openapi::auth::Bearer;

use crate::domain::Role;
use crate::http::error::ApiError;
use crate::state::AppState;

/// The signed-in user of a request.
#[derive(Debug, Clone)]
pub struct AuthUser {
    pub id: String,
    pub role: Role,
    pub family: String,
}

impl AuthUser {
    pub fn require_admin(&self) -> Result<(), ApiError> {
        if self.role == Role::Admin {
            Ok(())
        } else {
            Err(ApiError::forbidden("Admin access required"))
        }
    }
}

/// `Authorization: Bearer <access token>`; the token must be valid and its
/// session not ended by logout.
#[derive(SecurityScheme)]
#[oai(ty = "bearer", bearer_format = "JWT", checker = "check_bearer")]
pub struct BearerAuth(pub AuthUser);

async fn check_bearer(req: &Request, bearer: Bearer) -> Option<AuthUser> {
    let state = req.data::<AppState>()?;
    let claims = crate::core::accounts::tokens::verify(&state.config, &bearer.token)?;
    if !crate::db::sessions::family_active(&state.db, &claims.sid)
        .await
        .ok()?
    {
        return None;
    }
    Some(AuthUser {
        id: claims.sub,
        role: claims.role,
        family: claims.sid,
    })
}
