//! `HASHLAB_FORCE_PORTABLE=1`: the lab as on a machine without x86 SIMD. Every row is
//! planned with isa `portable`, the strategies with backends have their portable instance
//! only, and every digest still matches: the lt rows at 165 B, and every listed strategy on
//! every conformance vector (the vectors as a user's account file).

use lab_record::{CountFile, PlanFile, WorkloadKind};
use std::process::{Command, Output};

const VECTORS: &str = concat!(
    env!("CARGO_MANIFEST_DIR"),
    "/../crates/account-hash/tests/data/accounts.jsonl"
);

fn lab(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_lab"))
        .env("HASHLAB_FORCE_PORTABLE", "1")
        .env("HASHLAB_ACCOUNTS", VECTORS)
        .args(args)
        .output()
        .expect("run lab")
}

fn json<T: serde::de::DeserializeOwned>(out: Output) -> T {
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    serde_json::from_slice(&out.stdout).expect("JSON")
}

#[test]
fn every_row_is_portable_and_digests_hold() {
    let plan: PlanFile = json(lab(&["list", "--json", "--profile", "smoke"]));
    assert!(!plan.benches.is_empty());
    for b in &plan.benches {
        let m = &b.meta;
        let hashing = m.isa.is_some();
        if hashing {
            assert_eq!(m.isa.map(|i| i.as_str()), Some("portable"), "{}", m.id);
        }
        if let Some(backend) = m.id.variant.and_then(|v| v.backend()) {
            assert_eq!(backend, lab_record::Isa::Portable, "{}", m.id);
        }
    }
    let portable = |s: &str| {
        plan.benches
            .iter()
            .any(|b| b.criterion_id() == format!("{s}@portable/set_1024/165"))
    };
    let features = account_hash::strategy::list::compiled_features();
    assert_eq!(portable("lt-hash/batch"), features.contains(&"batch"));
    assert_eq!(portable("lt-hash/lane-xof"), features.contains(&"lane-xof"));

    for args in [
        &["--families", "lt-hash", "--sizes", "165"][..],
        &["--workloads", WorkloadKind::UserAccounts.as_str()][..],
    ] {
        let mut all = vec!["allocs", "--json", "--profile", "smoke"];
        all.extend(args);
        let counted: CountFile = json(lab(&all));
        assert!(!counted.results.is_empty(), "{args:?}");
        for c in &counted.results {
            let meta = &plan
                .benches
                .iter()
                .find(|b| b.meta.id == c.id)
                .unwrap_or_else(|| panic!("{} not planned", c.id))
                .meta;
            assert_eq!(c.digest_compatible, Some(meta.claims_consensus), "{}", c.id);
        }
    }
}
