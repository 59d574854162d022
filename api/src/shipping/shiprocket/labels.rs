//! Labels: generated for a set of shipments, then the PDF downloaded.

use reqwest::{Method, StatusCode};
use serde_json::{Value, json};

use super::ShiprocketClient;
use super::errors::{message_of, unreachable};
use crate::shipping::ShippingError;
use crate::shipping::tracking::text;

/// Largest label PDF accepted (a page per shipment; hundreds fit).
pub const MAX_LABEL_BYTES: usize = 20 * 1024 * 1024;

impl ShiprocketClient {
    /// `POST /courier/generate/label` for the shipments, then the PDF it points at.
    pub async fn labels(&self, shipment_ids: &[String]) -> Result<Vec<u8>, ShippingError> {
        if shipment_ids.is_empty() {
            return Err(ShippingError::Refused("no shipments to label".into()));
        }
        let ids = shipment_ids
            .iter()
            .map(|id| {
                id.parse::<u64>().map_err(|_| {
                    ShippingError::Refused(format!("{id:?} is not a Shiprocket shipment id"))
                })
            })
            .collect::<Result<Vec<_>, _>>()?;
        let body = self
            .call_ok(
                Method::POST,
                "/courier/generate/label",
                &[],
                Some(&json!({"shipment_id": ids})),
            )
            .await?;
        let url = body
            .get("label_url")
            .and_then(text)
            .filter(|u| u.starts_with("https://") || u.starts_with("http://"));
        let (Some("1"), Some(url)) = (body.get("label_created").and_then(text).as_deref(), url)
        else {
            let not_created = body
                .get("not_created")
                .and_then(Value::as_array)
                .filter(|a| !a.is_empty())
                .map(|a| {
                    let ids = a.iter().filter_map(text).collect::<Vec<_>>();
                    format!(" (not created for {})", ids.join(", "))
                })
                .unwrap_or_default();
            let message = body
                .get("response")
                .and_then(text)
                .unwrap_or_else(|| message_of(&body, StatusCode::OK));
            return Err(ShippingError::Refused(format!("{message}{not_created}")));
        };
        self.download_pdf(&url).await
    }

    /// The label file, from wherever Shiprocket stored it: without our
    /// token (it is another host), at most `MAX_LABEL_BYTES`, a PDF.
    async fn download_pdf(&self, url: &str) -> Result<Vec<u8>, ShippingError> {
        let mut res = self.http.get(url).send().await.map_err(unreachable)?;
        if !res.status().is_success() {
            return Err(ShippingError::Unreachable(format!(
                "the label file answered {}",
                res.status()
            )));
        }
        let too_big = || {
            ShippingError::Malformed(format!(
                "the label file is larger than {} MiB",
                MAX_LABEL_BYTES >> 20
            ))
        };
        if res
            .content_length()
            .is_some_and(|n| n > MAX_LABEL_BYTES as u64)
        {
            return Err(too_big());
        }
        let mut pdf = Vec::new();
        while let Some(chunk) = res.chunk().await.map_err(unreachable)? {
            if pdf.len() + chunk.len() > MAX_LABEL_BYTES {
                return Err(too_big());
            }
            pdf.extend_from_slice(&chunk);
        }
        if !pdf.starts_with(b"%PDF") {
            return Err(ShippingError::Malformed(
                "the label file is not a PDF".into(),
            ));
        }
        Ok(pdf)
    }
}
