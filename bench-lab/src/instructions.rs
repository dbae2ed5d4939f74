//! Instructions per iteration, counted under valgrind (`lab instructions`): a number that
//! does not depend on load, frequency or memory layout, so two runs of the same code give
//! the same count, and a change of a few instructions per hash is visible where wall-clock
//! time cannot see it.
//!
//! How: `lab instructions --ids ID --iters N` builds the case, runs it once (lazy
//! initialisation, CPU-feature detection, first touch of the inputs), then runs N
//! iterations inside [`hashlab_counted_iterations`], an `#[inline(never)]` function with a
//! name nothing else has. Run under
//! `valgrind --tool=callgrind --collect-atstart=no --toggle-collect=*hashlab_counted_iterations*`
//! only those N iterations (and everything they call) are counted; instructions per
//! iteration = callgrind's total `Ir` / N. [`count_under_valgrind`] does all of that for a
//! list of ids, one valgrind process per id (a toggle counts every call of the function, so
//! two ids in one process would add up). xtask's instruction pass counts many ids in ONE
//! valgrind process instead, with `--dump-after=`[`lab_record::callgrind::COUNTED_FN`]:
//! one dump per call, in the order of the ids; `--iters-large` applies to benchmarks of
//! more than [`lab_record::callgrind::LARGE_BYTES`] per iteration.
//!
//! Why callgrind with `--toggle-collect`, not cachegrind client requests or
//! `gungraun`/`iai-callgrind`: it needs nothing but the valgrind binary (CI installs the
//! Debian package) and the existing `lab` binary and registry; client requests need the
//! valgrind headers or an FFI crate and `unsafe`, and the iai-style crates bring their own
//! harness and runner binary that would duplicate the registry. The cost is one valgrind
//! start per benchmark (~0.5 s plus the counted work at ~50x slowdown).
//!
//! The ISA: under valgrind the CPU reports no AVX-512, so blake3 and `blake3-lanes` pick a
//! narrower backend than a timed run on the same machine; [`isa_of`] records what the
//! counted run used (`instructions_isa` in results.json).

use crate::error::LabError;
use crate::{BenchMeta, Case, Profile};
use lab_record::{BenchId, Isa};
use serde::{Deserialize, Serialize};
use std::hint::black_box;
use std::path::Path;
use std::process::Command;

/// The callgrind `--toggle-collect` pattern that matches [`hashlab_counted_iterations`].
pub use lab_record::callgrind::{Ran, TOGGLE};

/// Runs `n` iterations of `case`: the only code callgrind counts (see the module doc). Its
/// path must stay [`lab_record::callgrind::COUNTED_FN`] (callgrind's `--dump-after` needs
/// the exact name; a test checks it).
#[inline(never)]
pub fn hashlab_counted_iterations(case: &mut dyn Case, n: u64) {
    case.run_n(black_box(n));
}

/// The widest instruction set the benchmark's hashing uses in this process: the row's
/// `isa`, which the registry detects in the process that builds it (under valgrind: the
/// instruction sets valgrind's CPU offers, AVX2 at most). `None` for families that do not
/// hash with BLAKE3.
pub fn isa_of(meta: &BenchMeta) -> Option<Isa> {
    meta.isa
}

/// A counted benchmark: instructions per iteration and the ISA of the counted code.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Counted {
    #[serde(flatten)]
    pub id: BenchId,
    pub instructions_per_iter: f64,
    pub isa: Option<Isa>,
}

/// Reads the `Ir` total from a callgrind output file (see [`lab_record::callgrind`]).
pub use lab_record::callgrind::parse_total as parse_callgrind_total;

/// Counts each id's instructions per iteration: for each, runs
/// `valgrind --tool=callgrind --collect-atstart=no --toggle-collect=TOGGLE
/// --callgrind-out-file=DIR/callgrind.out.<pid> LAB instructions --profile P --ids ID
/// --iters N --json`, reads the ISA from the lab's JSON and `Ir` from callgrind's file.
/// `valgrind` is looked up in `PATH`.
pub fn count_under_valgrind(
    lab_exe: &Path,
    profile: Profile,
    ids: &[String],
    iters: u64,
) -> Result<Vec<Counted>, LabError> {
    let dir = std::env::temp_dir().join(format!("hashlab-callgrind-{}", std::process::id()));
    std::fs::create_dir_all(&dir).map_err(|source| LabError::Io {
        path: dir.clone(),
        source,
    })?;
    let mut out = Vec::new();
    for id in ids {
        let file = dir.join(format!("callgrind.out.{}", out.len()));
        let result = Command::new("valgrind")
            .arg("--tool=callgrind")
            .arg("--collect-atstart=no")
            .arg(format!("--toggle-collect={TOGGLE}"))
            .arg(format!("--callgrind-out-file={}", file.display()))
            .arg(lab_exe)
            .args(["instructions", "--profile", profile.as_str(), "--ids", id])
            .args(["--iters", &iters.to_string(), "--json"])
            .output()
            .map_err(|source| LabError::Spawn {
                program: "valgrind (is it installed?)".into(),
                source,
            })?;
        if !result.status.success() {
            return Err(LabError::Child {
                command: format!("valgrind on {id}"),
                status: result.status,
                stderr: String::from_utf8_lossy(&result.stderr).into_owned(),
            });
        }
        let ran: Vec<Ran> =
            serde_json::from_slice(&result.stdout).map_err(|e| LabError::ChildOutput {
                what: id.clone(),
                detail: format!("lab instructions printed unreadable JSON: {e}"),
            })?;
        let ran = ran
            .into_iter()
            .next()
            .ok_or_else(|| LabError::ChildOutput {
                what: id.clone(),
                detail: "nothing ran".into(),
            })?;
        let text = std::fs::read_to_string(&file).map_err(|source| LabError::Io {
            path: file.clone(),
            source,
        })?;
        let total = parse_callgrind_total(&text).ok_or_else(|| LabError::ChildOutput {
            what: file.display().to_string(),
            detail: "no totals: line".into(),
        })?;
        let _ = std::fs::remove_file(&file);
        out.push(Counted {
            id: ran.id,
            instructions_per_iter: total as f64 / ran.iters.max(1) as f64,
            isa: ran.isa,
        });
    }
    let _ = std::fs::remove_dir(&dir);
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn callgrind_totals_parse() {
        let text = "version: 1\ncreator: callgrind-3.22.0\nevents: Ir\nsummary: 1234\n\
                    fn=(1) x\n5 10\ntotals: 123456\n";
        assert_eq!(parse_callgrind_total(text), Some(123456));
        assert_eq!(parse_callgrind_total("events: Ir\nsummary: 77\n"), Some(77));
        assert_eq!(parse_callgrind_total("events: Ir\n"), None);
    }

    #[test]
    fn counted_fn_is_named_as_callgrind_sees_it() {
        let name = std::any::type_name_of_val(&hashlab_counted_iterations);
        assert_eq!(name, lab_record::callgrind::COUNTED_FN);
    }

    #[test]
    fn isa_is_known_for_blake3_families_only() {
        let reg = crate::Registry::new(crate::Profile::Smoke);
        let all = crate::Filter::default();
        for b in reg.select(&all) {
            let isa = isa_of(&b.meta);
            let hashes = matches!(
                b.meta.id.digest,
                lab_record::Digest::Legacy | lab_record::Digest::Lt | lab_record::Digest::Blake3
            );
            assert_eq!(isa.is_some(), hashes, "{}", b.meta.id.criterion_id());
        }
    }
}
