//! Reading criterion's own output under a run's `CRITERION_HOME`: `benchmark.json` (which
//! benchmark a directory holds) and `estimates.json` (slope/mean with confidence interval).
//! Errors name the file and the field.

use crate::error::{Error, Result};
use crate::json_reader::{parse, At};
use crate::results::Interval;
use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

/// Every benchmark directory under `home` that has a `new/benchmark.json`, by full id.
pub fn benchmark_dirs(home: &Path) -> Result<BTreeMap<String, PathBuf>> {
    let mut out = BTreeMap::new();
    if home.is_dir() {
        walk(home, 0, &mut out)?;
    }
    Ok(out)
}

fn walk(dir: &Path, depth: usize, out: &mut BTreeMap<String, PathBuf>) -> Result<()> {
    if depth > 6 {
        return Ok(());
    }
    let bench_file = dir.join("new").join("benchmark.json");
    if bench_file.is_file() {
        let text = crate::error::read_to_string(&bench_file)?;
        let v = parse(&bench_file, &text)?;
        let id = At::root(&bench_file, &v).str_field("full_id")?;
        out.insert(id, dir.to_path_buf());
    }
    let entries = std::fs::read_dir(dir).map_err(|e| Error::io(dir, "cannot list", e))?;
    for entry in entries.flatten() {
        let p = entry.path();
        if p.is_dir() && p.file_name().is_some_and(|n| n != "new" && n != "report") {
            walk(&p, depth + 1, out)?;
        }
    }
    Ok(())
}

/// The estimate bench-all records from `<bench dir>/new/estimates.json`: the slope when
/// criterion sampled linearly, else the mean; with interval, standard error and level.
pub fn read_estimate(bench_dir: &Path) -> Result<(Interval, &'static str)> {
    let file = bench_dir.join("new").join("estimates.json");
    let text = crate::error::read_to_string(&file)?;
    let v = parse(&file, &text)?;
    let root = At::root(&file, &v);
    let (at, statistic) = match root.opt_field("slope")? {
        Some(slope) => (slope, "slope"),
        None => (root.field("mean")?, "mean"),
    };
    let ci = at.field("confidence_interval")?;
    let estimate = at.field("point_estimate")?.as_f64()?;
    let lower = ci.field("lower_bound")?.as_f64()?;
    let upper = ci.field("upper_bound")?.as_f64()?;
    if !(estimate > 0.0 && lower > 0.0 && lower <= estimate && estimate <= upper) {
        return Err(at.error(format!(
            "expected 0 < lower_bound <= point_estimate <= upper_bound, found [{lower}, {estimate}, {upper}]"
        )));
    }
    Ok((
        Interval {
            estimate,
            lower,
            upper,
            std_err: at.opt_f64_field("standard_error")?,
            confidence: ci.opt_f64_field("confidence_level")?,
        },
        statistic,
    ))
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
    let text = crate::error::read_to_string(&file)?;
    let v = parse(&file, &text)?;
    let root = At::root(&file, &v);
    let iters = root.field("iters")?;
    let times = root.field("times")?;
    let (iters, times) = (iters.items()?, times.items()?);
    if iters.len() != times.len() || iters.is_empty() {
        return Err(root.error(format!(
            "`iters` ({}) and `times` ({}) must be equally long and not empty",
            iters.len(),
            times.len()
        )));
    }
    let mut best = f64::INFINITY;
    for (n, t) in iters.iter().zip(&times) {
        let (n, t) = (n.as_f64()?, t.as_f64()?);
        if n <= 0.0 || t <= 0.0 {
            return Err(root.error(format!("a sample of {n} iterations took {t} ns")));
        }
        best = best.min(t / n);
    }
    Ok(Some((best, iters.len() as u64)))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn tmp(name: &str) -> PathBuf {
        let d = std::env::temp_dir().join(format!("xtask-crit-{name}-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&d);
        std::fs::create_dir_all(d.join("new")).unwrap();
        d
    }

    const EST: &str = r#"{"mean":{"confidence_interval":{"confidence_level":0.95,"lower_bound":344.0,"upper_bound":346.0},"point_estimate":345.0,"standard_error":0.5},
        "median":{"confidence_interval":{"confidence_level":0.95,"lower_bound":344.0,"upper_bound":346.0},"point_estimate":345.0,"standard_error":0.5},
        "slope":SLOPE,"std_dev":null,"median_abs_dev":null}"#;

    #[test]
    fn best_sample_is_the_lowest_time_per_iteration() {
        let d = tmp("best");
        assert_eq!(
            read_best_sample(&d).unwrap(),
            None,
            "no sample.json, no best"
        );
        std::fs::write(
            d.join("new/sample.json"),
            r#"{"sampling_mode":"Flat","iters":[1.0,1.0,2.0],"times":[5000.0,4000.0,7000.0]}"#,
        )
        .unwrap();
        assert_eq!(read_best_sample(&d).unwrap(), Some((3500.0, 3)));
        std::fs::write(
            d.join("new/sample.json"),
            r#"{"iters":[1.0],"times":[5000.0, 1.0]}"#,
        )
        .unwrap();
        let e = read_best_sample(&d).unwrap_err().to_string();
        assert!(
            e.contains("sample.json") && e.contains("equally long"),
            "{e}"
        );
    }

    #[test]
    fn prefers_slope_then_mean() {
        let d = tmp("slope");
        let slope = r#"{"confidence_interval":{"confidence_level":0.95,"lower_bound":340.0,"upper_bound":342.0},"point_estimate":341.0,"standard_error":0.4}"#;
        std::fs::write(d.join("new/estimates.json"), EST.replace("SLOPE", slope)).unwrap();
        let (iv, stat) = read_estimate(&d).unwrap();
        assert_eq!((iv.estimate, stat), (341.0, "slope"));
        std::fs::write(d.join("new/estimates.json"), EST.replace("SLOPE", "null")).unwrap();
        let (iv, stat) = read_estimate(&d).unwrap();
        assert_eq!(
            (iv.estimate, iv.lower, iv.upper, stat),
            (345.0, 344.0, 346.0, "mean")
        );
        assert_eq!(iv.std_err, Some(0.5));
    }

    #[test]
    fn corrupt_estimates_name_file_and_field() {
        let d = tmp("corrupt");
        std::fs::write(
            d.join("new/estimates.json"),
            r#"{"slope":null,"mean":{"point_estimate":"fast","confidence_interval":{}}}"#,
        )
        .unwrap();
        let e = read_estimate(&d).unwrap_err().to_string();
        assert!(e.contains("estimates.json"), "{e}");
        assert!(
            e.contains("mean.confidence_interval.lower_bound") || e.contains("mean.point_estimate"),
            "{e}"
        );
        std::fs::write(d.join("new/estimates.json"), "{not json").unwrap();
        let e = read_estimate(&d).unwrap_err().to_string();
        assert!(e.contains("not valid JSON"), "{e}");
        std::fs::write(d.join("new/estimates.json"), r#"{"something":"else"}"#).unwrap();
        let e = read_estimate(&d).unwrap_err().to_string();
        assert!(e.contains("field `mean`"), "{e}");
    }

    #[test]
    fn finds_benchmark_dirs_by_full_id() {
        let home = tmp("home");
        let d = home.join("account-hash/streaming/data_size_165");
        std::fs::create_dir_all(d.join("new")).unwrap();
        std::fs::write(
            d.join("new/benchmark.json"),
            r#"{"group_id":"account-hash","function_id":"streaming","value_str":"data_size/165","throughput":{"Bytes":246},"full_id":"account-hash/streaming/data_size/165","directory_name":"x","title":"x"}"#,
        )
        .unwrap();
        let dirs = benchmark_dirs(&home).unwrap();
        assert_eq!(dirs.get("account-hash/streaming/data_size/165"), Some(&d));
    }
}
