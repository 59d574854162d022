//! Enums stored as text columns: read and written through sqlx as their
//! names, so a row with an unknown name is an error where it is read.

/// Implements sqlx's `Type`, `Encode` and `Decode` (for the `Any` driver) for
/// an enum with `as_str(self) -> &'static str` and `parse(&str) -> Option<Self>`.
macro_rules! stored_as_text {
    ($ty:ty) => {
        impl sqlx::Type<sqlx::Any> for $ty {
            fn type_info() -> sqlx::any::AnyTypeInfo {
                <String as sqlx::Type<sqlx::Any>>::type_info()
            }
            fn compatible(ty: &sqlx::any::AnyTypeInfo) -> bool {
                <String as sqlx::Type<sqlx::Any>>::compatible(ty)
            }
        }

        impl<'q> sqlx::Encode<'q, sqlx::Any> for $ty {
            fn encode_by_ref(
                &self,
                buf: &mut <sqlx::Any as sqlx::Database>::ArgumentBuffer<'q>,
            ) -> Result<sqlx::encode::IsNull, sqlx::error::BoxDynError> {
                <&str as sqlx::Encode<'q, sqlx::Any>>::encode(self.as_str(), buf)
            }
        }

        impl<'r> sqlx::Decode<'r, sqlx::Any> for $ty {
            fn decode(
                value: <sqlx::Any as sqlx::Database>::ValueRef<'r>,
            ) -> Result<Self, sqlx::error::BoxDynError> {
                let text = <&str as sqlx::Decode<'r, sqlx::Any>>::decode(value)?;
                <$ty>::parse(text)
                    .ok_or_else(|| format!("unknown {} {text:?}", stringify!($ty)).into())
            }
        }
    };
}

pub(crate) use stored_as_text;
