//! A JSON body encoded once and served many times (the in-memory catalogue):
//! documented in the OpenAPI schema as `T`, sent as the stored bytes.

use std::marker::PhantomData;

use bytes::Bytes;
use poem::{IntoResponse, Response};
use poem_openapi::payload::Payload;
use poem_openapi::registry::{MetaSchemaRef, Registry};
use poem_openapi::types::{ToJSON, Type};

pub struct CachedJson<T> {
    body: Bytes,
    shape: PhantomData<fn() -> T>,
}

impl<T: ToJSON> CachedJson<T> {
    /// Encodes `value` as its `Json<T>` response would.
    pub fn encode(value: &T) -> Vec<u8> {
        value.to_json_string().into_bytes()
    }
}

impl<T> CachedJson<T> {
    /// Bytes that [`CachedJson::encode`] made from a `T`.
    pub fn from_encoded(body: Bytes) -> Self {
        CachedJson {
            body,
            shape: PhantomData,
        }
    }
}

impl<T: Type> Payload for CachedJson<T> {
    const CONTENT_TYPE: &'static str = "application/json; charset=utf-8";

    fn schema_ref() -> MetaSchemaRef {
        T::schema_ref()
    }

    fn register(registry: &mut Registry) {
        T::register(registry);
    }
}

impl<T: Type> IntoResponse for CachedJson<T> {
    fn into_response(self) -> Response {
        Response::builder()
            .content_type(<Self as Payload>::CONTENT_TYPE)
            .body(self.body)
    }
}
