//! What the lab's commands print, read into the record: `lab list --json` (the plan, put
//! in run order), `lab allocs --json` (the counted pass, by benchmark), the callgrind
//! dumps of `lab instructions` under valgrind (one per benchmark), and a timed benchmark's
//! record from its plan, criterion's estimate and the counted figures.

use crate::error::Result;
use crate::record::journal::InstructionCount;
use lab_record::callgrind::{self, Ran};
use lab_record::{
    from_json_str, BenchId, CountFile, Counted, Interval, PlanFile, Planned, Record, Statistic,
};
use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

/// Parses `lab list --json` and orders it: every strategy of one workload back to back, so
/// slow drifts in machine load (other processes, thermal state) hit the strategies being
/// compared alike.
pub fn parse_plan(name: &Path, text: &str) -> Result<PlanFile> {
    let mut plan: PlanFile = from_json_str(name, text)?;
    let key = |p: &Planned| (p.meta.id.family, p.meta.id.workload.clone());
    let mut first_seen = BTreeMap::new();
    for (i, p) in plan.benches.iter().enumerate() {
        first_seen.entry(key(p)).or_insert(i);
    }
    plan.benches.sort_by_key(|p| first_seen[&key(p)]);
    Ok(plan)
}

/// Parses `lab allocs --json`: the counted figures by benchmark.
pub fn parse_counts(name: &Path, text: &str) -> Result<BTreeMap<BenchId, Counted>> {
    let file: CountFile = from_json_str(name, text)?;
    Ok(file
        .results
        .into_iter()
        .map(|c| (c.id.clone(), c))
        .collect())
}

/// The counts of one valgrind process: dump `i + 1` (`<out>.<i+1>`, whose `part:` must say
/// so) holds `ran[i]`'s instructions, over its `iters` iterations.
pub fn read_callgrind_dumps(
    out_file: &Path,
    ran: &[Ran],
) -> std::result::Result<Vec<InstructionCount>, String> {
    let mut counts = Vec::with_capacity(ran.len());
    for (i, r) in ran.iter().enumerate() {
        let file = PathBuf::from(format!("{}.{}", out_file.display(), i + 1));
        let text =
            std::fs::read_to_string(&file).map_err(|e| format!("{}: {e}", file.display()))?;
        if callgrind::parse_part(&text) != Some(i as u32 + 1) {
            return Err(format!("{}: not dump {}", file.display(), i + 1));
        }
        let total = callgrind::parse_total(&text)
            .ok_or_else(|| format!("{}: no totals: line", file.display()))?;
        counts.push(InstructionCount {
            id: r.id.clone(),
            instructions_per_iter: total as f64 / r.iters.max(1) as f64,
            isa: r.isa,
        });
    }
    Ok(counts)
}

/// The record of a measured benchmark: its plan, criterion's estimate and best sample, and
/// the counted pass's figures.
pub fn measured(
    p: &Planned,
    ns: Interval,
    statistic: Statistic,
    best: Option<(f64, u64)>,
    c: Option<&Counted>,
) -> Record {
    let mut r = p.record(ns, statistic);
    r.best_ns_per_iter = best.map(|b| b.0);
    r.samples = best.map(|b| b.1);
    if let Some(c) = c {
        r.allocs_per_iter = Some(c.allocs_per_iter);
        r.peak_bytes = Some(c.peak_bytes);
        // Compatible = claims the consensus digest and matched the reference on this input.
        r.digest_compatible = c.digest_compatible.map(|m| m && p.meta.claims_consensus);
    }
    r
}

#[cfg(test)]
mod tests {
    use super::*;
    use lab_record::{BenchId, BenchMeta, Digest, Family, Workload};

    #[test]
    fn callgrind_dumps_are_read_in_order() {
        let tmp = tempfile::tempdir().unwrap();
        let d = tmp.path();
        let out = d.join("callgrind.out");
        for (i, total) in [(1, 123713u64), (2, 2600)] {
            let text =
                format!("version: 1\npart: {i}\nevents: Ir\nsummary: {total}\ntotals: {total}\n");
            std::fs::write(format!("{}.{i}", out.display()), text).unwrap();
        }
        let ran = |id: &str, iters| Ran {
            id: BenchId::sample(id),
            iters,
            isa: None,
        };
        let counts = read_callgrind_dumps(&out, &[ran("a", 100), ran("b", 2)]).unwrap();
        assert_eq!(counts[0].instructions_per_iter, 1237.13);
        assert_eq!(counts[1].instructions_per_iter, 1300.0);
        assert_eq!(counts[1].id, BenchId::sample("b"));
        // A missing dump is an error naming the file, not a panic.
        let err = read_callgrind_dumps(&out, &[ran("a", 1), ran("b", 1), ran("c", 1)]);
        assert!(err.unwrap_err().contains("callgrind.out.3"));
    }

    fn planned(strategy: &str, variant: Option<&str>, workload: &str) -> Planned {
        let id = BenchId {
            family: Family::AccountHash,
            digest: Digest::Legacy,
            strategy: strategy.into(),
            variant: variant.map(|v| v.parse().unwrap()),
            workload: workload.parse::<Workload>().unwrap(),
        };
        Planned {
            meta: BenchMeta {
                role: lab_record::Role::of_older_row(None, &id),
                id,
                data_size: workload.rsplit('/').next().and_then(|p| p.parse().ok()),
                bytes_per_iter: 246,
                items_per_iter: 1,
                claims_consensus: strategy != "meta-first",
                isa: None,
            },
            expected_secs: 1.5,
            compressions_per_item: Some(3.0),
        }
    }

    fn plan_json() -> String {
        let plan = PlanFile {
            profile: lab_record::Profile::Smoke,
            features: vec!["peer-solana".into()],
            benches: vec![
                planned("copy-buffer", Some("cap=200"), "data_size/165"),
                planned("copy-buffer", Some("cap=200"), "data_size/0"),
                planned("streaming", None, "data_size/165"),
                planned("meta-first", None, "data_size/0"),
            ],
        };
        serde_json::to_string_pretty(&plan).unwrap()
    }

    #[test]
    fn plan_runs_each_workload_back_to_back() {
        let plan = parse_plan(Path::new("<lab list>"), &plan_json()).unwrap();
        let ids: Vec<String> = plan.benches.iter().map(|p| p.criterion_id()).collect();
        assert_eq!(
            ids,
            [
                "account-hash/copy-buffer@cap=200/data_size/165",
                "account-hash/streaming/data_size/165",
                "account-hash/copy-buffer@cap=200/data_size/0",
                "account-hash/meta-first/data_size/0",
            ]
        );
        assert_eq!(plan.features, ["peer-solana"]);
        assert_eq!(plan.benches[1].meta.id.variant, None);
    }

    #[test]
    fn plan_errors_name_the_output_and_field() {
        let text = plan_json().replacen("\"bytes_per_iter\": 246", "\"bytes_per_iter\": -1", 1);
        let e = parse_plan(Path::new("<output of lab list>"), &text)
            .unwrap_err()
            .to_string();
        assert!(e.starts_with("<output of lab list>:"), "{e}");
        assert!(e.contains("benches[0]"), "{e}");
        let text = plan_json().replace("\"family\": \"account-hash\"", "\"family\": \"hash\"");
        let e = parse_plan(Path::new("<lab list>"), &text)
            .unwrap_err()
            .to_string();
        assert!(e.contains("benches[0]") && e.contains("`hash`"), "{e}");
        let text = plan_json().replace("\"profile\": \"smoke\"", "\"profile\": \"fast\"");
        let e = parse_plan(Path::new("<lab list>"), &text)
            .unwrap_err()
            .to_string();
        assert!(
            e.starts_with("<lab list>:2:") && e.contains("field `profile`: unknown variant `fast`"),
            "{e}"
        );
    }

    #[test]
    fn counts_fill_the_record() {
        let counts = CountFile {
            profile: lab_record::Profile::Smoke,
            results: vec![
                Counted {
                    id: planned("meta-first", None, "data_size/0").meta.id,
                    iterations: 100,
                    allocs_per_iter: 0.0,
                    peak_bytes: 0,
                    digest_compatible: Some(true),
                },
                Counted {
                    id: planned("streaming", None, "data_size/165").meta.id,
                    iterations: 100,
                    allocs_per_iter: 2.0,
                    peak_bytes: 4096,
                    digest_compatible: Some(true),
                },
            ],
        };
        let text = serde_json::to_string(&counts).unwrap();
        let by_id = parse_counts(Path::new("<lab allocs>"), &text).unwrap();
        let ns = Interval {
            estimate: 2.0,
            lower: 1.0,
            upper: 3.0,
            std_err: None,
            confidence: Some(0.95),
        };
        let p = planned("meta-first", None, "data_size/0");
        let r = measured(
            &p,
            ns,
            Statistic::Slope,
            Some((1.5, 10)),
            by_id.get(&p.meta.id),
        );
        // meta-first matches its own reference but does not claim the consensus digest.
        assert_eq!(r.digest_compatible, Some(false));
        assert_eq!((r.best_ns_per_iter, r.samples), (Some(1.5), Some(10)));
        assert_eq!(r.compressions_per_item, Some(3.0));
        let p = planned("streaming", None, "data_size/165");
        let r = measured(&p, ns, Statistic::Mean, None, by_id.get(&p.meta.id));
        assert_eq!((r.allocs_per_iter, r.peak_bytes), (Some(2.0), Some(4096)));
        assert_eq!(r.digest_compatible, Some(true));
        let r = measured(&p, ns, Statistic::Mean, None, None);
        assert_eq!((r.allocs_per_iter, r.digest_compatible), (None, None));
        assert_eq!(p.missing("failed").criterion_id(), p.criterion_id());
    }

    /// The examples of docs/results-format.md are what the parsers read.
    #[test]
    fn documented_examples_parse() {
        let doc = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../docs/results-format.md");
        let text = std::fs::read_to_string(&doc).unwrap();
        let blocks: Vec<&str> = text
            .split("```json\n")
            .skip(1)
            .map(|b| b.split("```").next().unwrap())
            .collect();
        assert_eq!(
            blocks.len(),
            3,
            "one example per auxiliary format (the third, lab paired, is parsed in tests_verdicts)"
        );
        let plan = parse_plan(&doc, blocks[0]).unwrap();
        assert_eq!(plan.benches[0].meta.bytes_per_iter, 246);
        let counts = parse_counts(&doc, blocks[1]).unwrap();
        assert_eq!(counts.len(), 1);
    }
}
