//! Which benchmarks to run: by family, strategy (or strategy@variant, or label), data size
//! and workload kind, as given to `lab` and bench-all.

use crate::error::{LabError, Result};
use lab_record::{BenchMeta, Family, WorkloadKind};
use std::str::FromStr;

/// Which benchmarks to run: `None` in a field means "all".
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Filter {
    pub families: Option<Vec<Family>>,
    /// A strategy (`copy-buffer`) or strategy@variant (`copy-buffer@cap=47`).
    pub strategies: Option<Vec<String>>,
    /// Data sizes in bytes; workloads without a data size are left out when set.
    pub sizes: Option<Vec<u64>>,
    /// Workload kinds (`data_size`, `cap_sweep`, `mainnet_mix`).
    pub workloads: Option<Vec<WorkloadKind>>,
}

/// Parses `165`, `1KiB`, `1 KiB`, `10MiB`, `4k`.
pub fn parse_size(text: &str) -> Result<u64> {
    let t = text.trim().replace(' ', "");
    let lower = t.to_ascii_lowercase();
    let (num, mult) = [
        ("mib", 1u64 << 20),
        ("kib", 1 << 10),
        ("m", 1 << 20),
        ("k", 1 << 10),
        ("b", 1),
    ]
    .iter()
    .find_map(|(suffix, m)| lower.strip_suffix(suffix).map(|n| (n.to_string(), *m)))
    .unwrap_or((lower.clone(), 1));
    num.parse::<u64>()
        .ok()
        .and_then(|n| n.checked_mul(mult))
        .ok_or_else(|| {
            LabError::Argument(format!(
                "`{text}` is not a size (examples: 165, 1KiB, 10MiB)"
            ))
        })
}

fn split_list(text: &str) -> Vec<String> {
    text.split(',')
        .map(|s| s.trim().to_string())
        .filter(|s| !s.is_empty())
        .collect()
}

/// A comma-separated list of names of a closed set; an unknown one is an error naming it.
fn parse_names<T: FromStr<Err = String>>(text: &str) -> Result<Vec<T>> {
    split_list(text)
        .iter()
        .map(|x| x.parse().map_err(LabError::Argument))
        .collect()
}

impl Filter {
    /// From comma-separated lists, as given to bench-all / lab.
    pub fn parse(
        families: Option<&str>,
        strategies: Option<&str>,
        sizes: Option<&str>,
        workloads: Option<&str>,
    ) -> Result<Self> {
        Ok(Filter {
            families: families.map(parse_names).transpose()?,
            strategies: strategies.map(split_list),
            sizes: sizes
                .map(|s| split_list(s).iter().map(|x| parse_size(x)).collect())
                .transpose()?,
            workloads: workloads.map(parse_names).transpose()?,
        })
    }

    /// From the environment variables bench-all sets for the criterion binary.
    pub fn from_env() -> Result<Self> {
        let var = |k: &str| std::env::var(k).ok().filter(|v| !v.trim().is_empty());
        let [families, strategies, sizes, workloads] =
            lab_record::process::FILTERS.map(|(env, _)| var(env));
        Filter::parse(
            families.as_deref(),
            strategies.as_deref(),
            sizes.as_deref(),
            workloads.as_deref(),
        )
    }

    pub fn accepts(&self, m: &BenchMeta) -> bool {
        let id = &m.id;
        self.families
            .as_ref()
            .is_none_or(|f| f.contains(&id.family))
            && self.strategies.as_ref().is_none_or(|s| {
                s.iter()
                    .any(|x| *x == id.strategy || *x == id.function() || *x == id.label())
            })
            && self
                .sizes
                .as_ref()
                .is_none_or(|s| m.data_size.is_some_and(|d| s.contains(&d)))
            && self
                .workloads
                .as_ref()
                .is_none_or(|w| w.contains(&id.workload.kind))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sizes_parse() {
        assert_eq!(parse_size("165").ok(), Some(165));
        assert_eq!(parse_size("1KiB").ok(), Some(1024));
        assert_eq!(parse_size("10MiB").ok(), Some(10 << 20));
        assert_eq!(parse_size("4k").ok(), Some(4096));
        assert!(parse_size("lots").is_err());
        assert!(parse_size("99999999999999999999").is_err());
    }

    /// Workload kinds are the closed set: a misspelt one is an error naming it, not an
    /// empty selection.
    #[test]
    fn workload_kinds_parse() {
        let f = Filter::parse(None, None, None, Some("data_size, cap_sweep")).unwrap();
        assert_eq!(
            f.workloads,
            Some(vec![WorkloadKind::DataSize, WorkloadKind::CapSweep])
        );
        let e = Filter::parse(None, None, None, Some("data_sise")).unwrap_err();
        assert!(e.to_string().contains("data_sise"), "{e}");
    }
}
