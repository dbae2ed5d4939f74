//! Reading criterion's own output under a run's `CRITERION_HOME`: `benchmark.json` (which
//! benchmark a directory holds), `estimates.json` (slope/mean with confidence interval) and
//! `sample.json` (the raw samples). Each is a small serde struct read through
//! [`lab_record::from_json_str`], so errors name the file, line, column and field.

use crate::error::{Error, Result};
use lab_record::{from_json_str, Interval, Statistic};
use serde::{de::DeserializeOwned, Deserialize};
use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};

/// `new/benchmark.json`: only the id is read.
#[derive(Deserialize)]
struct BenchmarkJson {
    full_id: String,
}

/// `new/estimates.json`: criterion's statistics; `slope` is null without linear sampling.
#[derive(Deserialize)]
struct EstimatesJson {
    mean: Estimate,
    #[serde(default)]
    slope: Option<Estimate>,
}

#[derive(Deserialize)]
struct Estimate {
    confidence_interval: ConfidenceInterval,
    point_estimate: f64,
    #[serde(default)]
    standard_error: Option<f64>,
}

#[derive(Deserialize)]
struct ConfidenceInterval {
    #[serde(default)]
    confidence_level: Option<f64>,
    lower_bound: f64,
    upper_bound: f64,
}

/// `new/sample.json`: iteration counts and total times of each sample.
#[derive(Deserialize)]
struct SampleJson {
    iters: Vec<f64>,
    times: Vec<f64>,
}

fn read_json<T: DeserializeOwned>(file: &Path) -> Result<T> {
    let text = crate::error::read_to_string(file)?;
    Ok(from_json_str(file, &text)?)
}

/// Every benchmark directory under `home` that has a `new/benchmark.json`, by full id.
pub fn benchmark_dirs(home: &Path) -> Result<BTreeMap<String, PathBuf>> {
    let mut index = Index::new(home);
    index.refresh()?;
    Ok(index.dirs)
}

/// The benchmark directories of one criterion home as a run fills it: each directory's
/// `benchmark.json` is read once, when the directory first appears, however many
/// benchmarks the run then looks up (a lookup lists the directories again, it does not
/// read their files again).
pub struct Index {
    home: PathBuf,
    /// By full id.
    dirs: BTreeMap<String, PathBuf>,
    /// Directories whose `benchmark.json` was read (or found unreadable).
    read: BTreeSet<PathBuf>,
}

impl Index {
    pub fn new(home: &Path) -> Index {
        Index {
            home: home.to_path_buf(),
            dirs: BTreeMap::new(),
            read: BTreeSet::new(),
        }
    }

    /// Reads the `benchmark.json` of directories that appeared since the last look.
    fn refresh(&mut self) -> Result<()> {
        if self.home.is_dir() {
            let home = self.home.clone();
            walk(&home, 0, &mut self.dirs, &mut self.read)?;
        }
        Ok(())
    }

    /// The directory of the benchmark `full_id`, looking again under the home for
    /// directories written since the last lookup when it is not known yet.
    pub fn find(&mut self, full_id: &str) -> Result<Option<PathBuf>> {
        if !self.dirs.contains_key(full_id) {
            self.refresh()?;
        }
        Ok(self.dirs.get(full_id).cloned())
    }
}

fn walk(
    dir: &Path,
    depth: usize,
    out: &mut BTreeMap<String, PathBuf>,
    read: &mut BTreeSet<PathBuf>,
) -> Result<()> {
    if depth > 6 {
        return Ok(());
    }
    let bench_file = dir.join("new").join("benchmark.json");
    if !read.contains(dir) && bench_file.is_file() {
        read.insert(dir.to_path_buf());
        // A corrupted benchmark directory costs its own benchmark, not the others'.
        match read_json::<BenchmarkJson>(&bench_file) {
            Ok(b) => {
                out.insert(b.full_id, dir.to_path_buf());
            }
            Err(e) => eprintln!("warning: skipped a criterion directory: {e}"),
        }
    }
    let entries = match std::fs::read_dir(dir) {
        Ok(entries) => entries,
        Err(e) if depth > 0 => {
            eprintln!("warning: skipped {}", Error::io(dir, "cannot list", e));
            return Ok(());
        }
        Err(e) => return Err(Error::io(dir, "cannot list", e)),
    };
    for entry in entries.flatten() {
        let p = entry.path();
        if p.is_dir() && p.file_name().is_some_and(|n| n != "new" && n != "report") {
            walk(&p, depth + 1, out, read)?;
        }
    }
    Ok(())
}

/// The estimate bench-all records from `<bench dir>/new/estimates.json`: the slope when
/// criterion sampled linearly, else the mean; with interval, standard error and level.
pub fn read_estimate(bench_dir: &Path) -> Result<(Interval, Statistic)> {
    let file = bench_dir.join("new").join("estimates.json");
    let e: EstimatesJson = read_json(&file)?;
    let (at, statistic) = match e.slope {
        Some(slope) => (slope, Statistic::Slope),
        None => (e.mean, Statistic::Mean),
    };
    let ci = &at.confidence_interval;
    let (estimate, lower, upper) = (at.point_estimate, ci.lower_bound, ci.upper_bound);
    if !(estimate > 0.0 && lower > 0.0 && lower <= estimate && estimate <= upper) {
        return Err(Error::field(
            &file,
            statistic.as_str(),
            format!(
                "expected 0 < lower_bound <= point_estimate <= upper_bound, found [{lower}, {estimate}, {upper}]"
            ),
        ));
    }
    let interval = Interval {
        estimate,
        lower,
        upper,
        std_err: at.standard_error,
        confidence: ci.confidence_level,
    };
    Ok((interval, statistic))
}

/// The best sample of `<bench dir>/new/sample.json`: the lowest time per iteration over
/// criterion's samples, and how many samples there were. With one iteration per sample (the
/// reconcile family's settings) this is the seed's "best of N runs". `None` when criterion
/// wrote no sample file.
pub fn read_best_sample(bench_dir: &Path) -> Result<Option<(f64, u64)>> {
    let file = bench_dir.join("new").join("sample.json");
    if !file.exists() {
        return Ok(None);
    }
    let s: SampleJson = read_json(&file)?;
    if s.iters.len() != s.times.len() || s.iters.is_empty() {
        return Err(Error::field(
            &file,
            "iters",
            format!(
                "`iters` ({}) and `times` ({}) must be equally long and not empty",
                s.iters.len(),
                s.times.len()
            ),
        ));
    }
    let mut best = f64::INFINITY;
    for (i, (n, t)) in s.iters.iter().zip(&s.times).enumerate() {
        if *n <= 0.0 || *t <= 0.0 {
            return Err(Error::field(
                &file,
                format!("times[{i}]"),
                format!("a sample of {n} iterations took {t} ns"),
            ));
        }
        best = best.min(t / n);
    }
    Ok(Some((best, s.iters.len() as u64)))
}

/// The ids of criterion's `--list` output (`<id>: benchmark` lines).
pub fn parse_list(text: &str) -> Vec<String> {
    text.lines()
        .filter_map(|l| l.trim_end().strip_suffix(": benchmark"))
        .map(str::to_string)
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn list_output_gives_the_benchmark_names() {
        let out = "WARNING: HTML report generation will become a non-default optional feature\n\
                   bench_batch/batched_accumulator: benchmark\n\
                   bench_batch/serial_per_part: benchmark\n\
                   \n";
        assert_eq!(
            parse_list(out),
            [
                "bench_batch/batched_accumulator",
                "bench_batch/serial_per_part"
            ]
        );
        assert!(parse_list("").is_empty());
    }

    /// A fresh temporary directory holding an empty `new`.
    fn scratch() -> tempfile::TempDir {
        let d = tempfile::tempdir().unwrap();
        std::fs::create_dir_all(d.path().join("new")).unwrap();
        d
    }

    const EST: &str = r#"{"mean":{"confidence_interval":{"confidence_level":0.95,"lower_bound":344.0,"upper_bound":346.0},"point_estimate":345.0,"standard_error":0.5},
        "median":{"confidence_interval":{"confidence_level":0.95,"lower_bound":344.0,"upper_bound":346.0},"point_estimate":345.0,"standard_error":0.5},
        "slope":SLOPE,"std_dev":null,"median_abs_dev":null}"#;

    #[test]
    fn a_corrupted_benchmark_directory_is_skipped_not_fatal() {
        let tmp = scratch();
        let home = tmp.path();
        for (dir, text) in [
            ("good", r#"{"full_id":"good/one"}"#),
            ("bad", "{\"full_id\": tru"),
        ] {
            std::fs::create_dir_all(home.join(dir).join("new")).unwrap();
            std::fs::write(home.join(dir).join("new/benchmark.json"), text).unwrap();
        }
        let dirs = benchmark_dirs(home).unwrap();
        assert_eq!(dirs.keys().collect::<Vec<_>>(), ["good/one"]);
        assert!(benchmark_dirs(&home.join("absent")).unwrap().is_empty());
    }

    #[test]
    fn the_index_reads_each_benchmark_json_once() {
        let tmp = scratch();
        let home = tmp.path();
        let add = |dir: &str, text: &str| {
            std::fs::create_dir_all(home.join(dir).join("new")).unwrap();
            std::fs::write(home.join(dir).join("new/benchmark.json"), text).unwrap();
        };
        add("a", r#"{"full_id":"g/a"}"#);
        let mut index = Index::new(home);
        assert_eq!(index.find("g/a").unwrap(), Some(home.join("a")));
        // A file already read is not read again: its new id is never seen.
        add("a", r#"{"full_id":"g/renamed"}"#);
        add("b", r#"{"full_id":"g/b"}"#);
        assert_eq!(index.find("g/b").unwrap(), Some(home.join("b")));
        assert_eq!(index.find("g/renamed").unwrap(), None);
        assert_eq!(index.find("g/a").unwrap(), Some(home.join("a")));
        assert_eq!(index.find("g/none").unwrap(), None);
    }

    #[test]
    fn best_sample_is_the_lowest_time_per_iteration() {
        let tmp = scratch();
        let d = tmp.path();
        assert_eq!(
            read_best_sample(d).unwrap(),
            None,
            "no sample.json, no best"
        );
        std::fs::write(
            d.join("new/sample.json"),
            r#"{"sampling_mode":"Flat","iters":[1.0,1.0,2.0],"times":[5000.0,4000.0,7000.0]}"#,
        )
        .unwrap();
        assert_eq!(read_best_sample(d).unwrap(), Some((3500.0, 3)));
        std::fs::write(
            d.join("new/sample.json"),
            r#"{"iters":[1.0],"times":[5000.0, 1.0]}"#,
        )
        .unwrap();
        let e = read_best_sample(d).unwrap_err().to_string();
        assert!(
            e.contains("sample.json") && e.contains("equally long"),
            "{e}"
        );
    }

    #[test]
    fn prefers_slope_then_mean() {
        let tmp = scratch();
        let d = tmp.path();
        let slope = r#"{"confidence_interval":{"confidence_level":0.95,"lower_bound":340.0,"upper_bound":342.0},"point_estimate":341.0,"standard_error":0.4}"#;
        std::fs::write(d.join("new/estimates.json"), EST.replace("SLOPE", slope)).unwrap();
        let (iv, stat) = read_estimate(d).unwrap();
        assert_eq!((iv.estimate, stat), (341.0, Statistic::Slope));
        std::fs::write(d.join("new/estimates.json"), EST.replace("SLOPE", "null")).unwrap();
        let (iv, stat) = read_estimate(d).unwrap();
        assert_eq!(
            (iv.estimate, iv.lower, iv.upper, stat),
            (345.0, 344.0, 346.0, Statistic::Mean)
        );
        assert_eq!(iv.std_err, Some(0.5));
    }

    #[test]
    fn corrupt_estimates_name_file_and_field() {
        let tmp = scratch();
        let d = tmp.path();
        std::fs::write(
            d.join("new/estimates.json"),
            r#"{"slope":null,"mean":{"point_estimate":"fast","confidence_interval":{}}}"#,
        )
        .unwrap();
        let e = read_estimate(d).unwrap_err().to_string();
        assert!(e.contains("estimates.json"), "{e}");
        assert!(
            e.contains("mean.confidence_interval.lower_bound") || e.contains("mean.point_estimate"),
            "{e}"
        );
        std::fs::write(d.join("new/estimates.json"), "{not json").unwrap();
        let e = read_estimate(d).unwrap_err().to_string();
        assert!(
            e.contains("estimates.json:1:2: "),
            "names line and column: {e}"
        );
        std::fs::write(d.join("new/estimates.json"), r#"{"something":"else"}"#).unwrap();
        let e = read_estimate(d).unwrap_err().to_string();
        assert!(e.contains("missing field `mean`"), "{e}");
        let bad_order = r#"{"confidence_interval":{"lower_bound":350.0,"upper_bound":342.0},"point_estimate":341.0}"#;
        std::fs::write(
            d.join("new/estimates.json"),
            EST.replace("SLOPE", bad_order),
        )
        .unwrap();
        let e = read_estimate(d).unwrap_err().to_string();
        assert!(
            e.contains("field `slope`") && e.contains("lower_bound <="),
            "{e}"
        );
    }

    #[test]
    fn finds_benchmark_dirs_by_full_id() {
        let tmp = scratch();
        let home = tmp.path();
        let d = home.join("account-hash/streaming/data_size_165");
        std::fs::create_dir_all(d.join("new")).unwrap();
        std::fs::write(
            d.join("new/benchmark.json"),
            r#"{"group_id":"account-hash","function_id":"streaming","value_str":"data_size/165","throughput":{"Bytes":246},"full_id":"account-hash/streaming/data_size/165","directory_name":"x","title":"x"}"#,
        )
        .unwrap();
        let dirs = benchmark_dirs(home).unwrap();
        assert_eq!(dirs.get("account-hash/streaming/data_size/165"), Some(&d));
    }
}
