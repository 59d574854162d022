//! Every JSON response is `{success, message, data}` (errors are
//! `http::error`'s), and streamed files are sent with their own type.

use poem_openapi::Object;
use poem_openapi::payload::Json;
use poem_openapi::types::{ParseFromJSON, ToJSON};

#[derive(Object, Debug)]
pub struct Envelope<T: ParseFromJSON + ToJSON + Send + Sync> {
    pub success: bool,
    pub message: String,
    pub data: T,
}

impl<T: ParseFromJSON + ToJSON + Send + Sync> Envelope<T> {
    pub fn ok(message: impl Into<String>, data: T) -> Json<Envelope<T>> {
        Json(Envelope {
            success: true,
            message: message.into(),
            data,
        })
    }
}

/// What a [`TypedBody`] is documented as: its media range in the contract.
pub trait MediaRange: Send {
    const RANGE: &'static str;
}

/// Any picture (`image/*`).
pub struct AnyImage;
impl MediaRange for AnyImage {
    const RANGE: &'static str = "image/*";
}

/// A PNG picture.
pub struct Png;
impl MediaRange for Png {
    const RANGE: &'static str = "image/png";
}

/// Any stored file: models and pictures (`*/*`).
pub struct AnyFile;
impl MediaRange for AnyFile {
    const RANGE: &'static str = "*/*";
}

/// A streamed body sent with the type it really is, which the contract
/// documents as the range `R` (one status, several types, one response).
pub struct TypedBody<R> {
    body: poem::Body,
    mime: String,
    range: std::marker::PhantomData<R>,
}

impl<R> TypedBody<R> {
    pub fn new(body: poem::Body, mime: impl Into<String>) -> TypedBody<R> {
        TypedBody {
            body,
            mime: mime.into(),
            range: std::marker::PhantomData,
        }
    }
}

impl<R: MediaRange> poem_openapi::payload::Payload for TypedBody<R> {
    const CONTENT_TYPE: &'static str = R::RANGE;

    fn check_content_type(_content_type: &str) -> bool {
        true
    }

    fn schema_ref() -> poem_openapi::registry::MetaSchemaRef {
        poem_openapi::registry::MetaSchemaRef::Inline(Box::new(
            poem_openapi::registry::MetaSchema {
                format: Some("binary"),
                ..poem_openapi::registry::MetaSchema::new("string")
            },
        ))
    }
}

impl<R: MediaRange> poem::IntoResponse for TypedBody<R> {
    fn into_response(self) -> poem::Response {
        poem::Response::builder()
            .content_type(self.mime)
            .body(self.body)
    }
}
