//! The results format as written and as the model holds it: where the wire's strings become
//! typed ids, once, at load. A row's `paired.baseline` is written as the baseline's
//! `criterion_id` (docs/results-format.md) and held as its [`BenchId`]: a file is read as
//! `ResultsFile<String>` and [`resolve`]d against its own rows; the journal's rows are
//! resolved against the run's plan ([`Record::resolve`]).

use crate::{BenchId, Paired, Record, RecordError, ResultsFile};
use serde::{Deserialize, Deserializer, Serializer};
use std::collections::HashMap;
use std::path::Path;

/// How a [`Paired`] names its baseline: written as that row's `criterion_id`.
pub trait BaselineRef {
    fn criterion_id(&self) -> String;
}

impl BaselineRef for BenchId {
    fn criterion_id(&self) -> String {
        BenchId::criterion_id(self)
    }
}

/// The wire form, as read and as `lab paired` prints it.
impl BaselineRef for String {
    fn criterion_id(&self) -> String {
        self.clone()
    }
}

pub(crate) fn write_baseline<B: BaselineRef, S: Serializer>(
    b: &B,
    s: S,
) -> Result<S::Ok, S::Error> {
    s.serialize_str(&b.criterion_id())
}

pub(crate) fn read_baseline<'de, B: From<String>, D: Deserializer<'de>>(
    d: D,
) -> Result<B, D::Error> {
    String::deserialize(d).map(B::from)
}

impl Paired<String> {
    /// This comparison naming its baseline by `id` (the row whose criterion id it holds).
    pub fn with_baseline(self, id: BenchId) -> Paired {
        Paired {
            baseline: id,
            ratio: self.ratio,
            band: self.band,
            verdict: self.verdict,
            layouts: self.layouts,
            layout_sd: self.layout_sd,
            layout_range: self.layout_range,
            layout_log_ratios: self.layout_log_ratios,
            reach: self.reach,
            placement: self.placement,
            process_time_sd: self.process_time_sd,
        }
    }
}

impl Record<String> {
    /// The row as the model holds it: its `paired.baseline` looked up with `id_of` (a
    /// criterion id to its row's id); the error says what it names.
    pub fn resolve(self, id_of: impl Fn(&str) -> Option<BenchId>) -> Result<Record, String> {
        let paired = match self.paired {
            None => None,
            Some(p) => {
                let id = id_of(&p.baseline).ok_or_else(|| {
                    format!(
                        "`{}` names no benchmark of this run (expected the criterion id of \
                         the row this one was compared with)",
                        p.baseline
                    )
                })?;
                Some(p.with_baseline(id))
            }
        };
        Ok(crate::with_record_fields!(Record { paired: paired }, self))
    }
}

/// A results file as the model holds it: every `paired.baseline` names a measured row of
/// the main build (the baseline, not its A/A control), else an error naming the file and
/// the field. (Each row's `criterion_id` was checked as it was read: [`Record::criterion_id`].)
pub fn resolve(path: &Path, file: ResultsFile<String>) -> Result<ResultsFile, RecordError> {
    // The first row of each criterion id, found in one pass (not a search per row).
    let mut rows: HashMap<String, BenchId> = HashMap::new();
    for r in file
        .results
        .iter()
        .filter(|r| r.is_main_build() && r.control.is_none())
    {
        rows.entry(r.criterion_id())
            .or_insert_with(|| r.meta.id.clone());
    }
    let id_of = |c: &str| rows.get(c).cloned();
    let results = file
        .results
        .into_iter()
        .enumerate()
        .map(|(i, r)| {
            let mismatch = |field: &str, message| RecordError::Mismatch {
                file: path.to_path_buf(),
                field: format!("results[{i}].{field}"),
                message,
            };
            r.resolve(id_of)
                .map_err(|message| mismatch("paired.baseline", message))
        })
        .collect::<Result<_, _>>()?;
    Ok(ResultsFile {
        schema: file.schema,
        run: file.run,
        results,
        missing: file.missing,
        peer_paths: file.peer_paths,
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{Control, Ratio, Role, Verdict};

    /// The sample run with its baseline's A/A control (the same criterion id, listed first
    /// here so that a lookup that took it would show) and a candidate compared with it.
    fn compared() -> (ResultsFile, BenchId) {
        let mut f = crate::tests::sample();
        let base = f.results[0].clone();
        let paired = Paired {
            baseline: base.meta.id.clone(),
            ratio: Ratio {
                estimate: 1.1,
                lower: 1.05,
                upper: 1.15,
            },
            band: 0.01,
            verdict: Verdict::Slower,
            layouts: Some(4),
            layout_sd: Some(0.02),
            layout_range: Some([1.04, 1.16]),
            layout_log_ratios: vec![0.09, 0.1, 0.095, 0.1],
            reach: None,
            placement: None,
            process_time_sd: None,
        };
        let mut aa = base.clone();
        aa.meta.id = base.meta.id.aa_copy();
        aa.meta.role = Role::Control;
        aa.control = Some(Control::Aa);
        aa.paired = Some(paired.clone());
        let mut row = base.clone();
        row.meta.id.strategy = "streaming".into();
        row.meta.id.variant = None;
        row.meta.role = Role::Candidate;
        row.paired = Some(paired);
        f.results.insert(0, aa);
        f.results.push(row);
        (f, base.meta.id)
    }

    /// `paired.baseline` is written as the baseline's criterion id and read back as its id
    /// (the baseline's, not its A/A control's).
    #[test]
    fn the_baseline_id_round_trips_as_its_criterion_id() {
        let (f, base) = compared();
        let text = serde_json::to_string_pretty(&f).unwrap();
        let written = "\"baseline\": \"account-hash/copy-buffer@cap=200/data_size/165\"";
        assert_eq!(text.matches(written).count(), 2, "{text}");
        let back = ResultsFile::parse(Path::new("r.json"), &text).unwrap();
        assert_eq!(back, f);
        for r in [&back.results[0], &back.results[2]] {
            assert_eq!(r.paired.as_ref().unwrap().baseline, base);
        }
        assert_eq!(serde_json::to_string_pretty(&back).unwrap(), text);
    }

    /// A `paired.baseline` that names no row, or is not a string, is an error naming the
    /// file and the field.
    #[test]
    fn a_baseline_naming_no_row_or_not_a_string_is_an_error() {
        const WRITTEN: &str = "\"baseline\": \"account-hash/copy-buffer@cap=200/data_size/165\"";
        let error = |text: &str| {
            ResultsFile::parse(Path::new("r.json"), text)
                .unwrap_err()
                .to_string()
        };
        // The compared row's (the A/A control's `criterion_id` is its `paired.baseline`).
        let mut other = compared().0;
        let paired = other.results[2].paired.as_mut().unwrap();
        paired.baseline.variant = Some("cap=300".parse().unwrap());
        assert_eq!(
            error(&serde_json::to_string_pretty(&other).unwrap()),
            "r.json: field `results[2].paired.baseline`: \
             `account-hash/copy-buffer@cap=300/data_size/165` names no benchmark of this run \
             (expected the criterion id of the row this one was compared with)"
        );
        // Only the A/A control has the criterion id: it is not a row to compare with.
        let mut only_aa = compared().0;
        only_aa.results.remove(1);
        let text = serde_json::to_string_pretty(&only_aa).unwrap();
        let e = error(&text);
        assert!(
            e.starts_with("r.json: field `results[0].paired.baseline`"),
            "{e}"
        );
        let e = error(&text.replacen(WRITTEN, "\"baseline\": 7", 1));
        assert!(
            e.starts_with("r.json:")
                && e.contains("field `results[0].paired.baseline`: invalid type"),
            "{e}"
        );
    }

    /// A row's `criterion_id` must be its benchmark's (an A/A control's, its baseline's).
    #[test]
    fn a_criterion_id_other_than_the_rows_is_an_error() {
        let (f, _) = compared();
        let text = serde_json::to_string_pretty(&f).unwrap();
        let error = |from: &str, to: &str, n| {
            let bad = text.replacen(from, to, n);
            assert_ne!(bad, text);
            ResultsFile::parse(Path::new("r.json"), &bad)
                .unwrap_err()
                .to_string()
        };
        assert_eq!(
            error(
                "\"criterion_id\": \"account-hash/streaming/data_size/165\"",
                "\"criterion_id\": \"account-hash/streaming/data_size/200\"",
                1
            ),
            "r.json:163:3: field `results[2]`: criterion_id `account-hash/streaming/data_size/200` \
             is not the criterion id of the benchmark \
             (`account-hash/streaming/data_size/165`)"
        );
        let aa = "\"criterion_id\": \"account-hash/copy-buffer@cap=200/data_size/165\"";
        let e = error(
            aa,
            "\"criterion_id\": \"account-hash/copy-buffer@cap=200 (A/A copy)/data_size/165\"",
            1,
        );
        assert!(
            e.starts_with("r.json:78:4: field `results[0]`: criterion_id `"),
            "{e}"
        );
    }
}
