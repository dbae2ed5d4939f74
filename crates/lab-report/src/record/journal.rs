//! The run journal: `reports/<run-id>/journal.jsonl`, one JSON object a line, appended and
//! synced as each benchmark is measured, so a run killed without warning (`kill -9`, a lost
//! machine) keeps every row it measured. `results.json` is rewritten from it at the end;
//! `cargo xtask report RUN` rebuilds `results.json` from the journal of a run that died
//! (status `interrupted`, every planned benchmark without a row listed as missing).
//!
//! Entries, in the order a run writes them: one `start` (the run's metadata and its plan),
//! then `row` (a measured benchmark), `missing` (a benchmark that failed), `paired` (one
//! `lab paired` process of the paired pass, as it ended), `instructions` (one valgrind
//! process's counts, as it ended), `update` (a row filled in by the paired or instruction
//! pass once both ended, replacing the row of the same key), and `end` when the run wrote
//! its own `results.json`. A run killed inside a pass loses at most the process in flight:
//! `report` combines the journaled processes as the pass would have. A last line cut short
//! by a kill is skipped with a warning, as is any line that does not parse.

use crate::error::{Error, Result};
use lab_record::paired::ProcessRun;
use lab_record::{BenchId, Isa, Missing, Planned, Record, ResultsFile, RunMeta, Status, SCHEMA};
use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;
use std::fs::{File, OpenOptions};
use std::io::Write;
use std::path::{Path, PathBuf};

/// The journal's file name in a run directory.
pub const FILE: &str = "journal.jsonl";

/// Why a planned benchmark without a row in the journal is missing.
pub const NOT_MEASURED: &str = "not measured: the run stopped before it finished";

/// One line of the journal. `B` names the baselines of its rows, as in
/// [`lab_record::Paired`]: lines are read as `Entry<String>` and resolved against the plan.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(tag = "entry", rename_all = "snake_case")]
#[serde(bound(
    serialize = "Record<B>: Serialize",
    deserialize = "Record<B>: Deserialize<'de>"
))]
pub enum Entry<B = BenchId> {
    /// The run's metadata and the main build's plan, in run order.
    Start {
        run: Box<RunMeta>,
        plan: Vec<Planned>,
    },
    /// A measured benchmark.
    Row { record: Box<Record<B>> },
    /// A benchmark that was run but produced no measurement.
    Missing { missing: Missing },
    /// Process `index` of the paired pass's comparison against `baseline`, as it ended.
    Paired {
        baseline: BenchId,
        index: u32,
        run: Box<ProcessRun>,
    },
    /// The counts of one valgrind process of the instruction pass, as it ended.
    Instructions { counts: Vec<InstructionCount> },
    /// A row completed by a later pass; replaces the row with the same [`Record::key`].
    Update { record: Box<Record<B>> },
    /// The run finished and wrote its own results.json with this status.
    End { status: Status },
}

impl Entry {
    pub fn start(run: &RunMeta, plan: &[Planned]) -> Self {
        Entry::Start {
            run: Box::new(run.clone()),
            plan: plan.to_vec(),
        }
    }

    pub fn row(record: &Record) -> Self {
        Entry::Row {
            record: Box::new(record.clone()),
        }
    }
}

/// One benchmark's instructions per iteration, as the instruction pass counted it.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct InstructionCount {
    /// The benchmark (its fields written inline, as in the plan).
    #[serde(flatten)]
    pub id: BenchId,
    pub instructions_per_iter: f64,
    pub isa: Option<Isa>,
}

/// An open journal: every [`Journal::append`] is written and synced before it returns.
#[derive(Debug)]
pub struct Journal {
    path: PathBuf,
    file: File,
}

impl Journal {
    /// Creates `dir/journal.jsonl` (appending when it exists: a `start` entry begins anew).
    pub fn create(dir: &Path) -> Result<Self> {
        let path = dir.join(FILE);
        let file = OpenOptions::new()
            .create(true)
            .append(true)
            .open(&path)
            .map_err(|e| Error::io(&path, "cannot open the run journal", e))?;
        let journal = Journal { path, file };
        // A line cut short by a killed writer is closed, so the next entry starts its own.
        let text = std::fs::read(&journal.path)
            .map_err(|e| Error::io(&journal.path, "cannot read the run journal", e))?;
        if text.last().is_some_and(|b| *b != b'\n') {
            (&journal.file)
                .write_all(b"\n")
                .map_err(|e| Error::io(&journal.path, "cannot append to the run journal", e))?;
        }
        Ok(journal)
    }

    /// Appends one entry as one line, written with one `write` and synced to disk.
    pub fn append(&self, entry: &Entry) -> Result<()> {
        let mut line = serde_json::to_string(entry)
            .map_err(|e| Error::Other(format!("cannot encode a journal entry: {e}")))?;
        line.push('\n');
        let mut file = &self.file;
        file.write_all(line.as_bytes())
            .and_then(|()| file.sync_data())
            .map_err(|e| Error::io(&self.path, "cannot append to the run journal", e))
    }

    /// Appends an `update` for every row of `after` that differs from the row of the same
    /// key in `before` (or is new).
    pub fn updates(&self, before: &[Record], after: &[Record]) -> Result<()> {
        for r in after {
            if !before.iter().any(|b| b == r) {
                self.append(&Entry::Update {
                    record: Box::new(r.clone()),
                })?;
            }
        }
        Ok(())
    }
}

/// What a journal holds, read back.
#[derive(Debug, Default)]
pub struct Replay {
    pub run: Option<RunMeta>,
    pub plan: Vec<Planned>,
    pub rows: Vec<Record>,
    pub missing: Vec<Missing>,
    /// The paired pass's processes, per comparison baseline, each with its index.
    pub paired: BTreeMap<BenchId, Vec<(u32, ProcessRun)>>,
    /// The instruction pass's counts.
    pub instructions: Vec<InstructionCount>,
    /// The status of the `end` entry, when the run finished.
    pub end: Option<Status>,
    /// Lines that could not be read (`file:line: why`).
    pub warnings: Vec<String>,
}

/// Reads a journal; unreadable lines become warnings, never errors.
pub fn read(path: &Path) -> Result<Replay> {
    let text = std::fs::read(path).map_err(|e| Error::io(path, "cannot read", e))?;
    let text = String::from_utf8_lossy(&text);
    let mut replay = Replay::default();
    for (i, line) in text.lines().enumerate() {
        if line.trim().is_empty() {
            continue;
        }
        // Why a line is skipped, as the end of "skipped a journal line...".
        let entry = match serde_json::from_str::<Entry<String>>(line) {
            Ok(entry) => Ok(entry),
            Err(e) => match replay.read_older(line) {
                Some(older) => older.map_err(|why| format!(": {why}")),
                None => Err(format!(" that does not parse ({e})")),
            },
        };
        let skipped = entry.and_then(|entry| replay.apply(entry).map_err(|e| format!(": {e}")));
        if let Err(why) = skipped {
            let at = format!("{}:{}", path.display(), i + 1);
            replay
                .warnings
                .push(format!("{at}: skipped a journal line{why}"));
        }
    }
    Ok(replay)
}

impl Replay {
    /// Applies one entry; a row whose `paired.baseline` names no planned benchmark is
    /// refused (the error says why).
    fn apply(&mut self, entry: Entry<String>) -> std::result::Result<(), String> {
        match entry {
            Entry::Start { run, plan } => {
                *self = Replay {
                    run: Some(*run),
                    plan,
                    warnings: std::mem::take(&mut self.warnings),
                    ..Replay::default()
                };
            }
            Entry::Row { record } => {
                let record = self.resolve(*record)?;
                self.rows.push(record)
            }
            Entry::Missing { missing } => self.missing.push(missing),
            Entry::Paired {
                baseline,
                index,
                run,
            } => self.paired.entry(baseline).or_default().push((index, *run)),
            Entry::Instructions { counts } => self.instructions.extend(counts),
            Entry::Update { record } => {
                let record = self.resolve(*record)?;
                let key = record.key();
                match self.rows.iter_mut().find(|r| r.key() == key) {
                    Some(row) => *row = record,
                    None => self.rows.push(record),
                }
            }
            Entry::End { status } => self.end = Some(status),
        }
        Ok(())
    }

    /// A `paired` or `instructions` line as journals wrote them before these entries named
    /// benchmarks by their identity fields: by criterion id, here looked up in the plan
    /// (the one place the journal reads ids as text). `None` when the line is not one;
    /// an error when it names a benchmark the plan does not have.
    fn read_older(&self, line: &str) -> Option<std::result::Result<Entry<String>, String>> {
        use serde_json::{Map, Value};
        let fields = |criterion_id: &Value| -> std::result::Result<Map<String, Value>, String> {
            let text = criterion_id.as_str().unwrap_or_default();
            let p = self.plan.iter().find(|p| p.criterion_id() == text);
            match p.map(|p| serde_json::to_value(&p.meta.id)) {
                Some(Ok(Value::Object(m))) => Ok(m),
                _ => Err(format!("`{text}` names no benchmark of this run")),
            }
        };
        // A row's `criterion_id` becomes its identity fields, inline.
        let inline = |row: &mut Value| {
            if let Some(row) = row.as_object_mut() {
                let id = fields(&row.remove("criterion_id").unwrap_or_default())?;
                row.extend(id);
            }
            Ok::<_, String>(())
        };
        let mut v: Value = serde_json::from_str(line).ok()?;
        // The older form only: a string baseline, or counts named by `criterion_id`; a line
        // of today's form that does not parse keeps its own error.
        let older_counts = v["counts"]
            .as_array()
            .is_some_and(|c| c.iter().any(|x| x["criterion_id"].is_string()));
        let upgraded = match v["entry"].as_str()? {
            "paired" if v["baseline"].is_string() && v["run"].is_object() => fields(&v["baseline"])
                .and_then(|id| {
                    let id = Value::Object(id);
                    v["baseline"] = id.clone();
                    v["run"]["baseline"] = id;
                    let mut rows = v["run"]["rows"].as_array_mut().into_iter().flatten();
                    rows.try_for_each(inline)
                }),
            "instructions" if older_counts => {
                let mut counts = v["counts"].as_array_mut().into_iter().flatten();
                counts.try_for_each(inline)
            }
            _ => return None,
        };
        Some(upgraded.and_then(|()| serde_json::from_value(v).map_err(|e| e.to_string())))
    }

    /// A journaled row with its `paired.baseline` looked up in the plan.
    fn resolve(&self, record: Record<String>) -> std::result::Result<Record, String> {
        record.resolve(|c| {
            self.plan
                .iter()
                .find(|p| p.criterion_id() == c)
                .map(|p| p.meta.id.clone())
        })
    }

    /// The journaled processes of the comparison against `baseline`, in process order, up
    /// to the first index missing (a line the reader skipped): a process's index is its
    /// place in the design's looks and, with a placement build, which build ran it (even
    /// the main build), so the processes after a gap cannot be placed.
    pub fn paired_runs(&self, baseline: &BenchId) -> Vec<ProcessRun> {
        let mut runs = self.paired.get(baseline).cloned().unwrap_or_default();
        runs.sort_by_key(|r| r.0);
        runs.dedup_by_key(|r| r.0);
        runs.into_iter()
            .enumerate()
            .take_while(|(i, r)| r.0 as usize == *i)
            .map(|(_, r)| r.1)
            .collect()
    }

    /// The main build's planned benchmarks with neither a row nor a missing entry.
    pub fn unmeasured(&self) -> Vec<&Planned> {
        self.plan
            .iter()
            .filter(|p| {
                let id = &p.meta.id;
                !self.rows.iter().any(|r| r.is_main_build() && r.id() == id)
                    && !self.missing.iter().any(|m| m.id == *id)
            })
            .collect()
    }

    /// The results of the run as the journal has them: status `interrupted`, the rows and
    /// failures it recorded, and every planned benchmark without either as missing.
    pub fn results(&self, path: &Path) -> Result<ResultsFile> {
        let mut run = self.run.clone().ok_or_else(|| {
            Error::field(
                path,
                "start",
                "the journal has no `start` entry (the run died before it had a plan)",
            )
        })?;
        run.status = Status::Interrupted;
        let missing = self
            .missing
            .iter()
            .cloned()
            .chain(
                self.unmeasured()
                    .into_iter()
                    .map(|p| p.missing(NOT_MEASURED)),
            )
            .collect();
        Ok(ResultsFile {
            schema: SCHEMA,
            run,
            results: self.rows.clone(),
            missing,
            peer_paths: Vec::new(),
        })
    }
}

/// What [`recover`] did with a run directory.
#[derive(Debug)]
pub enum Recovery {
    /// No journal, or the run finished and its results.json stands.
    Nothing,
    /// The run is still going (its lock names a live process).
    Running { pid: u32 },
    /// results.json was rebuilt from the journal of a run that died.
    Rebuilt {
        measured: usize,
        /// Paired processes and counted benchmarks the journal held for the passes.
        paired_processes: usize,
        counted: usize,
        missing: Vec<String>,
        warnings: Vec<String>,
    },
}

/// Rebuilds `dir/results.json` from the journal when the run that wrote it died: the
/// journal has no `end` and no live process holds the run's lock. `running_pid` says which
/// live process, if any, is writing the run. `passes` fills the rows from what the
/// journal holds of the paired and instruction passes.
pub fn recover(
    dir: &Path,
    running_pid: Option<u32>,
    passes: impl FnOnce(&Replay, &mut Vec<Record>),
) -> Result<Recovery> {
    let path = dir.join(FILE);
    if !path.is_file() {
        return Ok(Recovery::Nothing);
    }
    let replay = read(&path)?;
    if replay.end.is_some() {
        return Ok(Recovery::Nothing);
    }
    if let Some(pid) = running_pid {
        return Ok(Recovery::Running { pid });
    }
    let mut file = replay.results(&path)?;
    passes(&replay, &mut file.results);
    super::save(&file, &dir.join("results.json"))?;
    Ok(Recovery::Rebuilt {
        measured: file.results.iter().filter(|r| r.control.is_none()).count(),
        paired_processes: replay.paired.values().map(Vec::len).sum(),
        counted: replay.instructions.len(),
        missing: file
            .missing
            .iter()
            .map(|m| format!("{} ({})", m.criterion_id(), m.reason))
            .collect(),
        warnings: replay.warnings,
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use lab_record::{BenchId, BenchMeta, Control, Digest, Family, Interval, Statistic};

    fn planned(i: u64) -> Planned {
        let id = BenchId {
            family: Family::AccountHash,
            digest: Digest::Legacy,
            strategy: "streaming".into(),
            variant: None,
            workload: format!("data_size/{i}").parse().unwrap(),
        };
        Planned {
            meta: BenchMeta {
                id,
                data_size: Some(i),
                bytes_per_iter: 100,
                items_per_iter: 1,
                role: lab_record::Role::Baseline,
                claims_consensus: true,
                isa: None,
            },
            expected_secs: 1.0,
            compressions_per_item: None,
        }
    }

    fn record(p: &Planned, ns: f64) -> Record {
        let interval = Interval {
            estimate: ns,
            lower: ns - 1.0,
            upper: ns + 1.0,
            std_err: None,
            confidence: Some(0.95),
        };
        p.record(interval, Statistic::Mean)
    }

    fn run() -> RunMeta {
        let text = include_str!("../../tests/fixtures/run-small/results.json");
        ResultsFile::parse(Path::new("run-small"), text)
            .unwrap()
            .run
    }

    /// A fresh temporary run directory whose journal has started a run of `n` planned
    /// benchmarks.
    fn started(n: u64) -> (tempfile::TempDir, Vec<Planned>, Journal) {
        let dir = tempfile::tempdir().unwrap();
        let plan: Vec<Planned> = (1..=n).map(planned).collect();
        let j = Journal::create(dir.path()).unwrap();
        j.append(&Entry::start(&run(), &plan)).unwrap();
        (dir, plan, j)
    }

    #[test]
    fn a_journal_cut_mid_line_rebuilds_every_whole_row() {
        let (tmp, plan, j) = started(4);
        let dir = tmp.path();
        // A float the parser gets wrong by one unit in the last place without serde_json's
        // `float_roundtrip` (seen in a real run's `paired.layout_range`).
        let rows = [record(&plan[0], 10.0), record(&plan[1], 1.0764243325209037)];
        for r in &rows {
            j.append(&Entry::row(r)).unwrap();
        }
        j.append(&Entry::Missing {
            missing: plan[2].missing("criterion exited with 1"),
        })
        .unwrap();
        // The paired pass fills row 0 in later.
        let mut filled = rows.to_vec();
        filled[0].instructions_per_iter = Some(1234.0);
        j.updates(&rows, &filled).unwrap();
        // A kill in the middle of writing the next row.
        let torn = serde_json::to_string(&Entry::row(&record(&plan[3], 40.0))).unwrap();
        let mut f = OpenOptions::new()
            .append(true)
            .open(dir.join(FILE))
            .unwrap();
        f.write_all(&torn.as_bytes()[..torn.len() / 2]).unwrap();

        let replay = read(&dir.join(FILE)).unwrap();
        assert_eq!(replay.warnings.len(), 1, "{:?}", replay.warnings);
        let file = replay.results(&dir.join(FILE)).unwrap();
        assert_eq!(file.run.status, Status::Interrupted);
        assert_eq!(file.results, filled);
        let missing: Vec<(String, &str)> = file
            .missing
            .iter()
            .map(|m| (m.criterion_id(), m.reason.as_str()))
            .collect();
        assert_eq!(
            missing,
            [
                (plan[2].criterion_id(), "criterion exited with 1"),
                (plan[3].criterion_id(), NOT_MEASURED),
            ]
        );
        match recover(dir, None, |_, _| {}).unwrap() {
            Recovery::Rebuilt { measured, .. } => assert_eq!(measured, 2),
            other => panic!("{other:?}"),
        }
        assert!(matches!(
            recover(dir, Some(7), |_, _| {}).unwrap(),
            Recovery::Running { pid: 7 }
        ));
        // Reopened (a run started again under its id), the cut line stays apart.
        let j = Journal::create(dir).unwrap();
        j.append(&Entry::End {
            status: Status::Complete,
        })
        .unwrap();
        assert!(matches!(
            recover(dir, None, |_, _| {}).unwrap(),
            Recovery::Nothing
        ));
    }

    /// A journaled row's `paired.baseline` reads back as the planned benchmark it names; a
    /// row whose baseline names none is skipped with a warning naming the line.
    #[test]
    fn a_journaled_baseline_reads_back_as_its_planned_id() {
        let (tmp, plan, j) = started(2);
        let dir = tmp.path();
        let rows = [record(&plan[0], 10.0), record(&plan[1], 11.0)];
        let paired = lab_record::Paired {
            baseline: plan[0].meta.id.clone(),
            ratio: lab_record::Ratio {
                estimate: 1.1,
                lower: 1.0,
                upper: 1.2,
            },
            band: 0.01,
            verdict: lab_record::Verdict::Undecided,
            layouts: Some(2),
            layout_sd: None,
            layout_range: None,
            layout_log_ratios: vec![0.1, 0.09],
            reach: None,
            placement: None,
            process_time_sd: None,
        };
        let mut filled = rows.to_vec();
        filled[1].paired = Some(paired);
        for r in &filled {
            j.append(&Entry::row(r)).unwrap();
        }
        let mut stray = filled[1].clone();
        stray.paired.as_mut().unwrap().baseline = planned(9).meta.id;
        j.append(&Entry::Update {
            record: Box::new(stray),
        })
        .unwrap();
        let replay = read(&dir.join(FILE)).unwrap();
        assert_eq!(replay.rows, filled);
        assert_eq!(replay.warnings.len(), 1, "{:?}", replay.warnings);
        assert!(
            replay.warnings[0].ends_with(
                "journal.jsonl:4: skipped a journal line: `account-hash/streaming/data_size/9` \
                 names no benchmark of this run (expected the criterion id of the row this one \
                 was compared with)"
            ),
            "{:?}",
            replay.warnings
        );
    }

    /// The passes' entries read back per comparison in process order (a process journaled
    /// twice under one index counts once, and those after a missing index are left out),
    /// and counts as journaled.
    #[test]
    fn the_passes_entries_read_back() {
        let text = include_str!("../../../../docs/results-format.md");
        let example = text.split("```json\n").nth(3).unwrap();
        let run: ProcessRun = serde_json::from_str(example.split("```").next().unwrap()).unwrap();
        let mut replay = Replay::default();
        // Index 2 missing (a line the reader skipped): 3 cannot be placed.
        for index in [1, 0, 1, 3] {
            let mut run = run.clone();
            run.wall_secs = f64::from(index);
            let line = serde_json::to_string(&Entry::<BenchId>::Paired {
                baseline: BenchId::sample("b"),
                index,
                run: Box::new(run),
            })
            .unwrap();
            replay.apply(serde_json::from_str(&line).unwrap()).unwrap();
        }
        let count = InstructionCount {
            id: BenchId::sample("x"),
            instructions_per_iter: 12.5,
            isa: Some(Isa::Avx2),
        };
        let line = serde_json::to_string(&Entry::<BenchId>::Instructions {
            counts: vec![count.clone()],
        })
        .unwrap();
        replay.apply(serde_json::from_str(&line).unwrap()).unwrap();
        let walls: Vec<f64> = replay
            .paired_runs(&BenchId::sample("b"))
            .iter()
            .map(|r| r.wall_secs)
            .collect();
        assert_eq!(walls, [0.0, 1.0]);
        assert!(replay.paired_runs(&BenchId::sample("other")).is_empty());
        assert_eq!(replay.instructions, [count]);
    }

    /// `paired` and `instructions` lines of journals written before these entries named
    /// benchmarks by identity read as the same entries written now; one naming a benchmark
    /// the plan does not have is skipped with a warning.
    #[test]
    fn older_paired_and_instructions_lines_read_by_their_plan() {
        let (tmp, plan, j) = started(2);
        let (base, row) = (&plan[0].meta.id, &plan[1].meta.id);
        let layout = r#"[{"iq_mean_log":0.01,"mean_log":0.01,"rounds":5,"sd_log":0.002}]"#;
        let older_run = |b: &str| {
            format!(
                r#"{{"baseline":"{b}","baseline_iters_per_batch":9,"config":{{"rounds":5,"layouts":1,"seed":3,"batch_ns":1}},"stack_offsets":[0],"rows":[{{"criterion_id":"{b}","control":"aa","iters_per_batch":9,"layouts":{layout}}},{{"criterion_id":"{}","iters_per_batch":8,"layouts":{layout}}}],"wall_secs":0.5}}"#,
                row.criterion_id()
            )
        };
        let lines = [
            format!(
                r#"{{"entry":"paired","baseline":"{b}","index":0,"run":{run}}}"#,
                b = base.criterion_id(),
                run = older_run(&base.criterion_id())
            ),
            format!(
                r#"{{"entry":"instructions","counts":[{{"criterion_id":"{}","instructions_per_iter":12.5,"isa":"avx2"}}]}}"#,
                row.criterion_id()
            ),
            // Names a benchmark this run did not plan.
            format!(
                r#"{{"entry":"paired","baseline":"lt-hash/x/data_size/1","index":1,"run":{}}}"#,
                older_run("lt-hash/x/data_size/1")
            ),
            // Today's form with a bad count: its own parse error, not a lookup's.
            format!(
                r#"{{"entry":"instructions","counts":[{{{},"instructions_per_iter":"many","isa":null}}]}}"#,
                {
                    let id = serde_json::to_string(row).unwrap();
                    id[1..id.len() - 1].to_string()
                }
            ),
            // A run that is not an object: skipped, not a panic.
            format!(
                r#"{{"entry":"paired","baseline":"{}","index":2,"run":7}}"#,
                base.criterion_id()
            ),
        ];
        drop(j);
        let mut f = OpenOptions::new()
            .append(true)
            .open(tmp.path().join(FILE))
            .unwrap();
        for l in &lines {
            writeln!(f, "{l}").unwrap();
        }
        let replay = read(&tmp.path().join(FILE)).unwrap();
        let runs = replay.paired_runs(base);
        assert_eq!(runs.len(), 1);
        assert_eq!(&runs[0].baseline, base);
        let ids: Vec<_> = runs[0].rows.iter().map(|r| (&r.id, r.control)).collect();
        assert_eq!(ids, [(base, Some(Control::Aa)), (row, None)]);
        assert_eq!(runs[0].rows[1].iters_per_batch, 8);
        assert_eq!(replay.paired.len(), 1);
        assert_eq!(
            replay.instructions,
            [InstructionCount {
                id: row.clone(),
                instructions_per_iter: 12.5,
                isa: Some(Isa::Avx2),
            }]
        );
        assert_eq!(replay.warnings.len(), 3, "{:?}", replay.warnings);
        assert!(
            replay.warnings[0].ends_with(
                "journal.jsonl:4: skipped a journal line: `lt-hash/x/data_size/1` names no \
                 benchmark of this run"
            ),
            "{:?}",
            replay.warnings
        );
        for (w, line) in replay.warnings[1..].iter().zip([5, 6]) {
            let at = format!("journal.jsonl:{line}: skipped a journal line that does not parse");
            assert!(w.contains(&at), "{w}");
        }
        assert!(replay.warnings[1].contains("invalid type: string \"many\""));
    }

    #[test]
    fn a_journal_without_a_plan_says_so() {
        let e = Replay::default()
            .results(Path::new("r/journal.jsonl"))
            .unwrap_err()
            .to_string();
        assert!(
            e.contains("r/journal.jsonl") && e.contains("no `start`"),
            "{e}"
        );
    }
}
