//! The paired and instruction passes without processes: the requests `lab paired` gets
//! per comparison, the instruction pass without valgrind, and the callgrind dump reader.
//! (What the combined results do to the record and the report: lab-report's
//! `tests_verdicts.rs`.)

use crate::commands::instructions_pass;
use crate::commands::paired_pass::{self, Lab};
use lab_record::callgrind::Ran;
use lab_report::analysis::verdicts;
use lab_report::record;
use std::path::{Path, PathBuf};

fn dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../crates/lab-report/tests/fixtures")
}

#[test]
fn instruction_pass_without_valgrind_skips_with_a_notice() {
    let empty = std::env::temp_dir().join(format!("xtask-no-valgrind-{}", std::process::id()));
    std::fs::create_dir_all(&empty).unwrap();
    let path = std::env::join_paths([&empty]).unwrap();
    assert_eq!(instructions_pass::find_valgrind(Some(&path)), None);
    assert_eq!(instructions_pass::find_valgrind(None), None);
    let mut f = record::load(&dir().join("run-small/results.json")).unwrap();
    let before = f.results.clone();
    let lab = Lab {
        exe: Path::new("/nonexistent/lab"),
        profile: lab_record::Profile::Smoke,
        accounts: None,
        placement: None,
    };
    let line =
        instructions_pass::fill(&lab, None, &[], &mut f.results, &empty, &|_| Ok(())).unwrap();
    assert_eq!(line, instructions_pass::NO_VALGRIND);
    assert_eq!(f.results, before);
    assert!(f.results.iter().all(|r| r.instructions_per_iter.is_none()));
    let _ = std::fs::remove_dir_all(empty);
}

#[test]
fn callgrind_dumps_are_read_in_order() {
    let d = std::env::temp_dir().join(format!("xtask-dumps-{}", std::process::id()));
    std::fs::create_dir_all(&d).unwrap();
    let out = d.join("callgrind.out");
    for (i, total) in [(1, 123713u64), (2, 2600)] {
        let text =
            format!("version: 1\npart: {i}\nevents: Ir\nsummary: {total}\ntotals: {total}\n");
        std::fs::write(format!("{}.{i}", out.display()), text).unwrap();
    }
    let ran = |id: &str, iters| Ran {
        criterion_id: id.into(),
        iters,
        isa: None,
    };
    let counts = instructions_pass::read_dumps(&out, &[ran("a", 100), ran("b", 2)]).unwrap();
    assert_eq!(counts[0].instructions_per_iter, 1237.13);
    assert_eq!(counts[1].instructions_per_iter, 1300.0);
    assert_eq!(counts[1].criterion_id, "b");
    // A missing dump is an error naming the file, not a panic.
    let err = instructions_pass::read_dumps(&out, &[ran("a", 1), ran("b", 1), ran("c", 1)]);
    assert!(err.unwrap_err().contains("callgrind.out.3"));
    let _ = std::fs::remove_dir_all(d);
}

#[test]
fn paired_requests_follow_the_plan_and_profile() {
    let f = record::load(&dir().join("run-small/results.json")).unwrap();
    let plan: Vec<lab_record::Planned> = f
        .results
        .iter()
        .map(|r| lab_record::Planned {
            criterion_id: r.criterion_id.clone(),
            meta: r.meta.clone(),
            expected_secs: 1.0,
            compressions_per_item: None,
        })
        .collect();
    let cmps = verdicts::comparisons(&plan);
    let c165 = cmps
        .iter()
        .find(|c| c.baseline == "account-hash/copy-buffer@cap=200/data_size/165")
        .unwrap();
    assert_eq!(
        c165.rows,
        [
            "account-hash/copy-buffer@cap=47/data_size/165",
            "account-hash/streaming/data_size/165",
            "account-hash/meta-first/data_size/165"
        ]
    );
    // mainnet_mix has a baseline and a row; no group lacks its baseline here.
    assert_eq!(cmps.len(), 10);
    let s = lab_report::analysis::paired_pass::settings(lab_record::Profile::Smoke);
    assert_eq!(s.processes, 2);
    let a = paired_pass::args(lab_record::Profile::Smoke, c165, s, 7).join(" ");
    assert!(a.starts_with("paired --profile smoke --baseline account-hash/copy-buffer@cap=200/data_size/165 --rows account-hash/copy-buffer@cap=47/data_size/165 --rows account-hash/"), "{a}");
    assert!(
        a.ends_with("--aa 2 --rounds 5 --layouts-in-process 2 --budget-ms 20 --seed 7 --json"),
        "{a}"
    );
}
