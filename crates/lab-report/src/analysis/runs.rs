//! The change of every benchmark from one run (A) to another (B), matched by
//! [`lab_record::Record::key`] (rows of capped ISA builds carry `@<isa>`), with criterion's significance classes.

use super::stats::{self, Change, ChangeClass};
use lab_record::{Record, ResultsFile, Verdict};
use std::collections::BTreeMap;

pub struct Pair<'a> {
    pub a: &'a Record,
    pub b: &'a Record,
    pub change: Change,
}

pub struct RunComparison<'a> {
    pub run_a: String,
    pub run_b: String,
    /// Benchmarks in both runs, by key.
    pub pairs: Vec<Pair<'a>>,
    pub only_a: Vec<&'a Record>,
    pub only_b: Vec<&'a Record>,
    pub regressed: usize,
    pub improved: usize,
    pub verdicts: Stability,
}

/// How the paired verdicts of the rows both runs compared held from A to B.
#[derive(Debug, Default, PartialEq)]
pub struct Stability {
    /// Rows with a paired verdict in both runs (A/A controls left out).
    pub compared: usize,
    /// The same verdict in both.
    pub same: usize,
    /// Decided in one run, `undecided` in the other: the run could not tell, not a change
    /// of answer.
    pub to_or_from_undecided: usize,
    /// Decided in both and different (`faster`, `slower`, `equal`): the answer changed.
    pub flips: Vec<(String, Verdict, Verdict)>,
}

/// The paired verdicts of `pairs` from A to B.
pub fn stability(pairs: &[Pair]) -> Stability {
    let mut s = Stability::default();
    for p in pairs {
        if p.a.control.is_some() {
            continue;
        }
        let (Some(va), Some(vb)) = (&p.a.paired, &p.b.paired) else {
            continue;
        };
        let (va, vb) = (va.verdict, vb.verdict);
        s.compared += 1;
        if va == vb {
            s.same += 1;
        } else if va == Verdict::Undecided || vb == Verdict::Undecided {
            s.to_or_from_undecided += 1;
        } else {
            s.flips.push((name(p.a), va, vb));
        }
    }
    s
}

/// `family/strategy variant/workload`: how a benchmark is named in the comparison.
pub fn name(r: &Record) -> String {
    format!("{}/{}/{}", r.id().family, r.id().label(), r.id().workload)
}

fn index(f: &ResultsFile) -> BTreeMap<String, &Record> {
    f.results.iter().map(|r| (r.key(), r)).collect()
}

pub fn compare<'a>(a: &'a ResultsFile, b: &'a ResultsFile) -> RunComparison<'a> {
    let (ia, ib) = (index(a), index(b));
    let pairs: Vec<Pair> = ia
        .iter()
        .filter_map(|(key, ra)| {
            let rb = ib.get(key)?;
            let change = stats::change(&rb.ns_per_item(), &ra.ns_per_item());
            Some(Pair {
                a: ra,
                b: rb,
                change,
            })
        })
        .collect();
    let count = |class| pairs.iter().filter(|p| p.change.class == class).count();
    let only = |x: &BTreeMap<String, &'a Record>, y: &BTreeMap<String, &'a Record>| {
        x.iter()
            .filter(|(k, _)| !y.contains_key(*k))
            .map(|(_, r)| *r)
            .collect::<Vec<_>>()
    };
    RunComparison {
        verdicts: stability(&pairs),
        run_a: a.run.id.clone(),
        run_b: b.run.id.clone(),
        regressed: count(ChangeClass::Regressed),
        improved: count(ChangeClass::Improved),
        only_a: only(&ia, &ib),
        only_b: only(&ib, &ia),
        pairs,
    }
}
