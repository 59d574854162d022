//! A product's size chart: its measurements per size in one unit, one row for
//! every size the product is sold in, shown beside wherever sizes are picked.

use std::collections::BTreeMap;

use serde::{Deserialize, Serialize};

/// At most this many measurements (chest, length, shoulder, sleeve...).
pub const MAX_MEASUREMENTS: usize = 6;
/// The longest measurement name, in characters.
pub const MAX_MEASUREMENT_CHARS: usize = 24;
/// The largest measurement, in either unit (a 5XL's length in cm fits).
pub const MAX_MEASURE: f64 = 250.0;

/// A size chart as the admin gives it and the API shows it.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct SizeChart {
    /// `in` or `cm`.
    pub unit: String,
    /// The measurements' names, in the order each row gives them.
    pub measurements: Vec<String>,
    /// Each size's measurements, keyed by the product's size labels.
    pub rows: BTreeMap<String, Vec<f64>>,
}

/// Why a size chart was refused: its message names what is wrong.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("{0}")]
pub struct SizeChartError(pub String);

impl SizeChartError {
    pub const CODE: &'static str = "INVALID_SIZE_CHART";
}

fn refuse(message: impl Into<String>) -> SizeChartError {
    SizeChartError(message.into())
}

/// The chart as kept, checked against the sizes the product is sold in:
/// a unit of `in` or `cm`, 1 to 6 named measurements, and exactly one row per
/// size, each with one number per measurement above 0 and at most 250.
pub fn check_size_chart(chart: SizeChart, sizes: &[String]) -> Result<SizeChart, SizeChartError> {
    let unit = chart.unit.trim().to_ascii_lowercase();
    if unit != "in" && unit != "cm" {
        return Err(refuse("Size chart: the unit must be in or cm"));
    }
    let measurements: Vec<String> = chart
        .measurements
        .iter()
        .map(|m| m.split_whitespace().collect::<Vec<_>>().join(" "))
        .collect();
    if measurements.is_empty() || measurements.len() > MAX_MEASUREMENTS {
        return Err(refuse(format!(
            "Size chart: give 1 to {MAX_MEASUREMENTS} measurements, e.g. Chest and Length"
        )));
    }
    for (i, m) in measurements.iter().enumerate() {
        let count = m.chars().count();
        if count == 0 || count > MAX_MEASUREMENT_CHARS || m.chars().any(char::is_control) {
            return Err(refuse(format!(
                "Size chart: measurement {} needs a name of at most {MAX_MEASUREMENT_CHARS} characters",
                i + 1
            )));
        }
        if measurements[..i]
            .iter()
            .any(|other| other.eq_ignore_ascii_case(m))
        {
            return Err(refuse(format!("Size chart: {m} is given twice")));
        }
    }
    if let Some(extra) = chart.rows.keys().find(|k| !sizes.contains(k)) {
        return Err(refuse(format!(
            "Size chart: the product is not sold in size {extra}"
        )));
    }
    for size in sizes {
        let Some(row) = chart.rows.get(size) else {
            return Err(refuse(format!("Size chart: size {size} has no row")));
        };
        if row.len() != measurements.len() {
            return Err(refuse(format!(
                "Size chart: size {size} needs {} numbers, one per measurement",
                measurements.len()
            )));
        }
        if row
            .iter()
            .any(|v| !v.is_finite() || *v <= 0.0 || *v > MAX_MEASURE)
        {
            return Err(refuse(format!(
                "Size chart: size {size}'s measurements must be above 0 and at most {MAX_MEASURE}"
            )));
        }
    }
    Ok(SizeChart {
        unit,
        measurements,
        rows: chart.rows,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn sizes() -> Vec<String> {
        ["S", "M"].map(String::from).to_vec()
    }

    fn chart(unit: &str, measurements: &[&str], rows: &[(&str, &[f64])]) -> SizeChart {
        SizeChart {
            unit: unit.into(),
            measurements: measurements.iter().map(|m| m.to_string()).collect(),
            rows: rows
                .iter()
                .map(|(s, v)| (s.to_string(), v.to_vec()))
                .collect(),
        }
    }

    #[test]
    fn a_chart_with_a_row_per_size_is_kept() {
        let kept = check_size_chart(
            chart(
                " IN ",
                &["Chest", " Body  length "],
                &[("S", &[38.0, 27.0]), ("M", &[40.0, 28.0])],
            ),
            &sizes(),
        )
        .unwrap();
        assert_eq!(kept.unit, "in");
        assert_eq!(kept.measurements, ["Chest", "Body length"]);
    }

    #[test]
    fn each_fault_is_named() {
        let cases: [(SizeChart, &str); 7] = [
            (
                chart("mm", &["Chest"], &[("S", &[1.0]), ("M", &[1.0])]),
                "Size chart: the unit must be in or cm",
            ),
            (
                chart("in", &[], &[("S", &[]), ("M", &[])]),
                "Size chart: give 1 to 6 measurements, e.g. Chest and Length",
            ),
            (
                chart(
                    "in",
                    &["Chest", "chest"],
                    &[("S", &[1.0, 1.0]), ("M", &[1.0, 1.0])],
                ),
                "Size chart: chest is given twice",
            ),
            (
                chart("in", &["Chest"], &[("S", &[38.0])]),
                "Size chart: size M has no row",
            ),
            (
                chart(
                    "in",
                    &["Chest"],
                    &[("S", &[38.0]), ("M", &[40.0]), ("XL", &[44.0])],
                ),
                "Size chart: the product is not sold in size XL",
            ),
            (
                chart(
                    "in",
                    &["Chest", "Length"],
                    &[("S", &[38.0]), ("M", &[40.0, 28.0])],
                ),
                "Size chart: size S needs 2 numbers, one per measurement",
            ),
            (
                chart("cm", &["Chest"], &[("S", &[0.0]), ("M", &[300.0])]),
                "Size chart: size S's measurements must be above 0 and at most 250",
            ),
        ];
        for (c, message) in cases {
            assert_eq!(
                check_size_chart(c, &sizes()).unwrap_err().to_string(),
                message
            );
        }
    }
}
