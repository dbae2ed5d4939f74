//! `lab instructions` under valgrind: counts are exact (two runs agree to the instruction)
//! and see a known difference (cap=47 copies 165 B of data in three `update`s, cap=200 in
//! one). Skipped, with a message, where valgrind is not installed; CI installs it.

use bench_lab::instructions::count_under_valgrind;
use bench_lab::Profile;
use std::path::Path;

#[test]
fn callgrind_counts_are_exact_and_see_cap_47_vs_200() {
    if std::process::Command::new("valgrind")
        .arg("--version")
        .output()
        .is_err()
    {
        eprintln!("valgrind not installed: instruction counting not tested");
        return;
    }
    let lab = Path::new(env!("CARGO_BIN_EXE_lab"));
    let ids = [
        "account-hash/copy-buffer@cap=47/data_size/165".to_string(),
        "account-hash/copy-buffer@cap=200/data_size/165".to_string(),
    ];
    let a = count_under_valgrind(lab, Profile::Smoke, &ids, 50).unwrap();
    let b = count_under_valgrind(lab, Profile::Smoke, &ids, 50).unwrap();
    assert_eq!(a, b, "two runs must count the same instructions");
    let (cap47, cap200) = (a[0].instructions_per_iter, a[1].instructions_per_iter);
    assert!(cap200 > 500.0, "{a:?}");
    assert!(cap47 > cap200, "{a:?}");
    assert!(a[0].isa.is_some());
    // More iterations: the per-iteration count stays (the fixed call overhead is < 1 %).
    let c = count_under_valgrind(lab, Profile::Smoke, &ids[1..], 200).unwrap();
    let rel = (c[0].instructions_per_iter - cap200).abs() / cap200;
    assert!(rel < 0.01, "{a:?} {c:?}");
}
