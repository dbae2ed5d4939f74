//! Instruction counts under callgrind: what `lab instructions --json` prints ([`Ran`]) and
//! how callgrind's output files are read ([`parse_total`]). Plain data and parsing, here so
//! that xtask can run valgrind on the lab binary itself (it does not depend on bench-lab).
//!
//! One valgrind process counts many benchmarks: `lab instructions --ids A,B,...` calls
//! [`COUNTED_FN`] once per id, callgrind collects only inside it (`--collect-atstart=no
//! --toggle-collect=`[`TOGGLE`]) and writes one dump per call (`--dump-after=`[`COUNTED_FN`],
//! files `<out>.1`, `<out>.2`, ... in the order of the ids), each holding that call's
//! instructions alone.

use crate::{BenchId, Isa};
use serde::{Deserialize, Serialize};

/// The function `lab instructions` runs the counted iterations in, as callgrind names it.
/// `--dump-after` needs the exact name (a pattern with `*` never triggers in valgrind 3.19).
pub const COUNTED_FN: &str = "bench_lab::instructions::hashlab_counted_iterations";

/// The `--toggle-collect` pattern matching [`COUNTED_FN`].
pub const TOGGLE: &str = "*hashlab_counted_iterations*";

/// Benchmarks hashing more than this many bytes per iteration are counted over
/// [`ITERS_LARGE`] iterations instead of [`ITERS_SMALL`] (instructions are deterministic:
/// more iterations only average the first-touch effects, and cost valgrind time).
pub const LARGE_BYTES: u64 = 64 << 10;
pub const ITERS_SMALL: u64 = 100;
pub const ITERS_LARGE: u64 = 2;

/// One row of `lab instructions --json`: which benchmark ran, how many counted iterations,
/// and the instruction set its hashing used in that (valgrind) process.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Ran {
    /// The benchmark (its fields written inline, as in the plan).
    #[serde(flatten)]
    pub id: BenchId,
    pub iters: u64,
    pub isa: Option<Isa>,
}

/// Reads the `Ir` total from a callgrind output file: the `totals:` line, or `summary:`
/// when there is none. `None` when neither is there or it is not a number.
pub fn parse_total(text: &str) -> Option<u64> {
    let line = |key: &str| {
        text.lines()
            .find_map(|l| l.strip_prefix(key))
            .and_then(|rest| rest.split_whitespace().next()?.parse().ok())
    };
    line("totals:").or_else(|| line("summary:"))
}

/// Which call of the counted function a dump file belongs to: `part: N` (1-based).
pub fn parse_part(text: &str) -> Option<u32> {
    text.lines()
        .find_map(|l| l.strip_prefix("part:"))
        .and_then(|rest| rest.trim().parse().ok())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn totals_parse() {
        let text = "version: 1\ncreator: callgrind-3.19.0\npart: 2\n\
                    desc: Trigger: --dump-after=x\nevents: Ir\nsummary: 1234\n\
                    fn=(1) x\n5 10\ntotals: 123456\n";
        assert_eq!(parse_total(text), Some(123456));
        assert_eq!(parse_part(text), Some(2));
        assert_eq!(parse_total("events: Ir\nsummary: 77\n"), Some(77));
        assert_eq!(parse_total("events: Ir\n"), None);
        assert_eq!(parse_total("totals: many\n"), None);
        assert_eq!(parse_part("part: x\n"), None);
    }
}
