//! The studio's design document in the API. Its OpenAPI schema is the
//! engine's own, derived from design-engine's Rust types (schemars), so the
//! contract (and the web app's types generated from it) cannot drift from
//! what the engine reads. The value itself stays JSON until the engine reads
//! it, so a bad document gets the engine's message, not a generic parse error.

use std::borrow::Cow;
use std::sync::LazyLock;

use design_engine::Design;
use design_engine::limits::MAX_ROSTER_ROWS;
use design_engine::roster::{RosterRow, RosterRowInput, rows_from_inputs};
use poem_openapi::registry::{MetaSchema, MetaSchemaRef, Registry};
use poem_openapi::types::{ParseFromJSON, ParseResult, ToJSON, Type};
use schemars::generate::SchemaSettings;
use schemars::transform::RemoveRefSiblings;
use serde_json::{Map, Value};

use crate::http::error::ApiError;

/// A design document as JSON (read with `Design::from_json`).
#[derive(Debug, Clone, PartialEq)]
pub struct DesignDocument(pub Value);

impl DesignDocument {
    /// The document read by the engine, with its message when it is not a valid one.
    pub fn read(&self) -> Result<Design, design_engine::StudioError> {
        Design::from_json(&self.0.to_string())
    }

    /// The JSON of a stored document (written by the engine).
    pub fn from_stored(json: &str) -> serde_json::Result<DesignDocument> {
        serde_json::from_str(json).map(DesignDocument)
    }
}

/// The engine's schemas (`Design` and what it holds), converted once.
static SCHEMAS: LazyLock<Vec<(String, MetaSchema)>> = LazyLock::new(|| {
    // schemars' RemoveRefSiblings would wrap a field's default in `allOf` (OpenAPI
    // 3.0 allows nothing beside a `$ref`), which strict client generators refuse;
    // without it, `move_ref_defaults` says each default on its type instead.
    let settings =
        SchemaSettings::openapi3().with(|s| s.transforms.retain(|t| !t.is::<RemoveRefSiblings>()));
    let mut generator = settings.into_generator();
    generator.subschema_for::<Design>();
    let mut definitions = generator.take_definitions(true);
    move_ref_defaults(&mut definitions);
    distribute_flattened_choices(&mut definitions);
    definitions
        .into_iter()
        .map(|(name, schema)| (name, meta_schema(&schema)))
        .collect()
});

/// A flattened enum (an image's `asset`, `qr` or `clipart` beside its size
/// and position) comes from schemars as shared `properties` beside a `oneOf`
/// of the choices, which client generators read as the choices alone: each
/// choice gets the shared properties, so each is a whole object.
fn distribute_flattened_choices(definitions: &mut Map<String, Value>) {
    for schema in definitions.values_mut().filter_map(Value::as_object_mut) {
        if !schema.contains_key("oneOf") {
            continue;
        }
        let Some(Value::Object(shared)) = schema.remove("properties") else {
            continue;
        };
        let required = schema.remove("required");
        let Some(Value::Array(choices)) = schema.get_mut("oneOf") else {
            continue;
        };
        for choice in choices.iter_mut().filter_map(Value::as_object_mut) {
            let properties = choice
                .entry("properties")
                .or_insert_with(|| Value::Object(Map::new()));
            if let Value::Object(own) = properties {
                own.extend(shared.clone());
            }
            if let Some(Value::Array(shared_required)) = &required
                && let Value::Array(own) = choice
                    .entry("required")
                    .or_insert_with(|| Value::Array(Vec::new()))
            {
                own.extend(shared_required.iter().cloned());
            }
        }
        schema.remove("type");
    }
}

/// Moves the defaults found beside references onto the schemas they name. A
/// field's default is its type's (`#[serde(default)]`, or a function giving the
/// only default that type has in a document), so each is said once, on the type.
/// Two different defaults for one type cannot be said this way: a panic, which
/// the tests meet first.
fn move_ref_defaults(definitions: &mut Map<String, Value>) {
    fn collect(value: &mut Value, found: &mut Vec<(String, Value)>) {
        match value {
            Value::Object(object) => {
                let name = object
                    .get("$ref")
                    .and_then(Value::as_str)
                    .map(|p| ref_name(p).to_owned());
                if let Some(name) = name
                    && let Some(default) = object.remove("default")
                {
                    found.push((name, default));
                }
                object.values_mut().for_each(|v| collect(v, found));
            }
            Value::Array(items) => items.iter_mut().for_each(|v| collect(v, found)),
            _ => {}
        }
    }
    let mut found = Vec::new();
    definitions
        .values_mut()
        .for_each(|v| collect(v, &mut found));
    for (name, default) in found {
        let schema = definitions
            .get_mut(&name)
            .and_then(Value::as_object_mut)
            .unwrap_or_else(|| panic!("no schema {name} for a default"));
        let said = schema.entry("default").or_insert_with(|| default.clone());
        assert_eq!(*said, default, "two defaults for {name}");
    }
}
impl Type for DesignDocument {
    const IS_REQUIRED: bool = true;
    type RawValueType = Self;
    type RawElementValueType = Self;

    fn name() -> Cow<'static, str> {
        "Design".into()
    }

    fn schema_ref() -> MetaSchemaRef {
        MetaSchemaRef::Reference("Design".into())
    }

    fn register(registry: &mut Registry) {
        for (name, schema) in SCHEMAS.iter() {
            registry
                .schemas
                .entry(name.clone())
                .or_insert_with(|| schema.clone());
        }
    }

    fn as_raw_value(&self) -> Option<&Self> {
        Some(self)
    }

    fn raw_element_iter<'a>(&'a self) -> Box<dyn Iterator<Item = &'a Self> + 'a> {
        Box::new(self.as_raw_value().into_iter())
    }
}

impl ParseFromJSON for DesignDocument {
    fn parse_from_json(value: Option<Value>) -> ParseResult<Self> {
        Ok(DesignDocument(value.unwrap_or_default()))
    }
}

impl ToJSON for DesignDocument {
    fn to_json(&self) -> Option<Value> {
        Some(self.0.clone())
    }
}

/// A cart line's roster as JSON: the engine's `RosterRow`s, one per piece,
/// read by the engine so that each bad row gets its own message.
#[derive(Debug, Clone, PartialEq)]
pub struct RosterDocument(pub Value);

impl RosterDocument {
    /// The rows read and checked by the engine ("Row 3: …" for the first bad one).
    pub fn read(&self) -> Result<Vec<RosterRow>, ApiError> {
        let inputs: Vec<RosterRowInput> = serde_json::from_value(self.0.clone()).map_err(|_| {
            ApiError::bad_request_code(
                "The roster must be a list of rows, each with a size and a name or a number.",
                "ROSTER_FIELDS",
            )
        })?;
        Ok(rows_from_inputs(&inputs, &[])?)
    }
}

impl Type for RosterDocument {
    const IS_REQUIRED: bool = true;
    type RawValueType = Self;
    type RawElementValueType = Self;

    fn name() -> Cow<'static, str> {
        "[RosterRow]".into()
    }

    fn schema_ref() -> MetaSchemaRef {
        MetaSchemaRef::Inline(Box::new(MetaSchema {
            items: Some(Box::new(MetaSchemaRef::Reference("RosterRow".into()))),
            max_items: Some(MAX_ROSTER_ROWS),
            ..MetaSchema::new("array")
        }))
    }

    fn register(registry: &mut Registry) {
        DesignDocument::register(registry);
    }

    fn as_raw_value(&self) -> Option<&Self> {
        Some(self)
    }

    fn raw_element_iter<'a>(&'a self) -> Box<dyn Iterator<Item = &'a Self> + 'a> {
        Box::new(self.as_raw_value().into_iter())
    }
}

impl ParseFromJSON for RosterDocument {
    fn parse_from_json(value: Option<Value>) -> ParseResult<Self> {
        Ok(RosterDocument(value.unwrap_or_default()))
    }
}

impl ToJSON for RosterDocument {
    fn to_json(&self) -> Option<Value> {
        Some(self.0.clone())
    }
}

// poem-openapi's schema model holds `&'static str`s: the few strings of the
// engine's schemas are leaked once, when SCHEMAS is first built.
fn leak(s: &str) -> &'static str {
    Box::leak(s.to_owned().into_boxed_str())
}

fn ref_name(path: &str) -> &str {
    path.rsplit('/').next().unwrap_or(path)
}

/// A `$ref` stands alone: what OpenAPI 3.0 would ignore beside it (a field's doc
/// comment) belongs on its type or on the object holding the field.
fn schema_ref(value: &Value) -> MetaSchemaRef {
    match value.get("$ref").and_then(Value::as_str) {
        Some(path) => {
            let siblings = value.as_object().map_or(0, Map::len) - 1;
            assert_eq!(siblings, 0, "a reference with more beside it: {value}");
            MetaSchemaRef::Reference(ref_name(path).to_owned())
        }
        None => MetaSchemaRef::Inline(Box::new(meta_schema(value))),
    }
}

fn refs(value: Option<&Value>) -> Vec<MetaSchemaRef> {
    value
        .and_then(Value::as_array)
        .map(|list| list.iter().map(schema_ref).collect())
        .unwrap_or_default()
}

/// An OpenAPI 3.0 schema object (what schemars' `openapi3` settings write) as poem-openapi's model.
fn meta_schema(value: &Value) -> MetaSchema {
    let empty = Map::new();
    let object = value.as_object().unwrap_or(&empty);
    let text = |key: &str| object.get(key).and_then(Value::as_str);
    let number = |key: &str| object.get(key).and_then(Value::as_f64);
    let size = |key: &str| {
        object
            .get(key)
            .and_then(Value::as_u64)
            .and_then(|n| usize::try_from(n).ok())
    };
    let mut enum_items: Vec<Value> = object
        .get("enum")
        .and_then(Value::as_array)
        .cloned()
        .unwrap_or_default();
    if let Some(constant) = object.get("const") {
        enum_items.push(constant.clone());
    }
    MetaSchema {
        ty: text("type").map(leak).unwrap_or(""),
        format: text("format").map(leak),
        description: text("description").map(leak),
        default: object.get("default").cloned(),
        required: object
            .get("required")
            .and_then(Value::as_array)
            .map(|names| names.iter().filter_map(Value::as_str).map(leak).collect())
            .unwrap_or_default(),
        properties: object
            .get("properties")
            .and_then(Value::as_object)
            .map(|props| {
                props
                    .iter()
                    .map(|(name, schema)| (leak(name), schema_ref(schema)))
                    .collect()
            })
            .unwrap_or_default(),
        items: object.get("items").map(|items| Box::new(schema_ref(items))),
        enum_items,
        nullable: object.get("nullable").and_then(Value::as_bool) == Some(true),
        any_of: refs(object.get("anyOf")),
        one_of: refs(object.get("oneOf")),
        all_of: refs(object.get("allOf")),
        maximum: number("maximum"),
        minimum: number("minimum"),
        max_length: size("maxLength"),
        min_length: size("minLength"),
        pattern: text("pattern").map(str::to_owned),
        // Maps (a design's areas and quantities, keyed by the product's keys).
        additional_properties: object
            .get("additionalProperties")
            .filter(|v| v.is_object())
            .map(|v| Box::new(schema_ref(v))),
        max_properties: size("maxProperties"),
        ..MetaSchema::ANY
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn schema(name: &str) -> Value {
        let (_, meta) = SCHEMAS.iter().find(|(n, _)| n == name).unwrap();
        serde_json::to_value(meta).unwrap()
    }

    #[test]
    fn the_schema_is_the_engines() {
        let design = schema("Design");
        assert_eq!(
            design["required"],
            serde_json::json!(["version", "productId", "color"])
        );
        assert_eq!(
            design["properties"]["areas"],
            serde_json::json!({"$ref": "#/components/schemas/Areas"})
        );
        // Each field's default is said on its type.
        assert_eq!(schema("MaterialQuality")["default"], "Premium");
        assert_eq!(schema("HexColour")["default"], "#000000");
        assert_eq!(
            schema("Position")["default"],
            serde_json::json!({"x": 50.0, "y": 50.0})
        );
        let text = schema("TextElement");
        // 50 letters as people count them: no length in code points bounds that.
        assert_eq!(text["properties"]["text"]["minLength"], 1);
        assert!(text["properties"]["text"].get("maxLength").is_none());
        assert!(
            text["properties"]["text"]["description"]
                .as_str()
                .unwrap()
                .contains("grapheme clusters")
        );
        assert_eq!(text["properties"]["size"]["minimum"], 8.0);
        assert_eq!(schema("Font")["enum"][2], "Times New Roman");
        assert_eq!(schema("Font")["enum"][14], "Noto Sans Devanagari");
        assert_eq!(schema("HexColour")["pattern"], "^#([0-9A-Fa-f]{3}){1,2}$");
    }
}
