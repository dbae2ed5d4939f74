//! `cargo xtask ab` as a user runs it, without building anything: its help, and the errors
//! that must come before a build (an unknown revision, bad arguments).

use std::process::Command;

fn xtask() -> Command {
    Command::new(env!("CARGO_BIN_EXE_xtask"))
}

#[test]
fn ab_help_says_head_is_the_committed_head() {
    let out = xtask().args(["ab", "--help"]).output().unwrap();
    assert!(out.status.success());
    let help = String::from_utf8_lossy(&out.stdout);
    for needle in [
        "REV_A",
        "REV_B",
        "--rounds",
        "--strategies",
        "--profile",
        "committed HEAD",
    ] {
        assert!(help.contains(needle), "{needle}: {help}");
    }
}

#[test]
fn an_unknown_revision_exits_2_naming_it_before_building() {
    let tmp = tempfile::tempdir().unwrap();
    let reports = tmp.path().join("reports");
    for (a, b, bad) in [
        ("no-such-rev-ab-test", "HEAD", "no-such-rev-ab-test"),
        ("HEAD", "HEAD~999999", "HEAD~999999"),
    ] {
        let out = xtask()
            .args(["ab", a, b, "--reports-dir"])
            .arg(&reports)
            .output()
            .unwrap();
        let (stdout, stderr) = (
            String::from_utf8_lossy(&out.stdout),
            String::from_utf8_lossy(&out.stderr),
        );
        assert_eq!(out.status.code(), Some(2), "{stdout}{stderr}");
        assert!(
            stderr.contains(&format!("error: unknown revision `{bad}`")),
            "{stderr}"
        );
        assert!(!stdout.contains("building") && !stderr.contains("panicked"));
        assert!(!reports.exists(), "nothing was written");
    }
}

#[test]
fn fewer_than_two_rounds_is_refused() {
    let out = xtask()
        .args(["ab", "HEAD", "HEAD", "--rounds", "1"])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr).contains("--rounds"));
}

/// `--profile` takes smoke or quick, and names both when given another.
#[test]
fn a_profile_other_than_smoke_or_quick_is_refused_naming_both() {
    let out = xtask()
        .args(["ab", "HEAD", "HEAD", "--profile", "full"])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2));
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(
        stderr.contains("[possible values: smoke, quick]"),
        "{stderr}"
    );
}
