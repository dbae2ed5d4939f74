//! What a row is, beyond its table role: the one place the report's special rows are
//! recognised from their registered names, and the one place a variant is read from its
//! text ([`Variant`]'s `FromStr`: results.json, the journal, `lab list --json`). A
//! strategy's instances come typed from account-hash (`Instance`). The strategy names of the peers and of the drop-in are
//! fixed (docs/results-format.md); the report asks these typed questions
//! ([`BenchId::origin`], [`BenchId::is_validator_lt_peer`], [`BenchId::capacity`],
//! [`BenchId::aa_copy`], [`BenchId::aa_twin`]) and never compares or parses a name itself.

use crate::variant::{AA_COPY, AA_COPY_2, CAPACITY, STAGING, THREADS};
use crate::{AaCopy, BenchId, Isa, Setting, Staging, Storage, Variant};
use std::fmt::Display;
use std::str::FromStr;

/// The validator's LtHash code measured as a peer: the released `solana-lattice-hash`.
/// It picks its kernel at run time (its row's `isa` is the one it picked).
pub const VALIDATOR_LT_PEER: &str = "peer:solana-lattice-hash";

/// The one-at-a-time LtHash loop measured as a peer: one `blake3::Hasher` per account.
pub const SERIAL_LT_PEER: &str = "peer:blake3-serial";

/// hashlab's drop-in for that crate (`crates/solana-lattice-hash`).
pub const DROP_IN: &str = "drop-in:solana-lattice-hash";

/// How a peer's strategy name starts (`peer:<crate>`, `peer:<crate>@<version>`).
const PEER_PREFIX: &str = "peer:";

/// How a drop-in's strategy name starts (`drop-in:<crate>`).
const DROP_IN_PREFIX: &str = "drop-in:";

/// Whose code a row runs.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Origin {
    /// One of hashlab's strategies (the strategy list, floors, scaling).
    Hashlab,
    /// A published crate measured side by side (`peer:<crate>`).
    Peer,
    /// hashlab's drop-in for a published crate (`drop-in:<crate>`): how a validator runs
    /// a hashlab strategy, not a strategy of its own.
    DropIn,
}

impl BenchId {
    /// Whose code this row runs.
    pub fn origin(&self) -> Origin {
        if self.strategy.starts_with(PEER_PREFIX) {
            Origin::Peer
        } else if self.strategy.starts_with(DROP_IN_PREFIX) {
            Origin::DropIn
        } else {
            Origin::Hashlab
        }
    }

    /// Whether this row is the validator's LtHash code ([`VALIDATOR_LT_PEER`]).
    pub fn is_validator_lt_peer(&self) -> bool {
        self.strategy == VALIDATOR_LT_PEER
    }

    /// Whether this row is the one-at-a-time LtHash peer ([`SERIAL_LT_PEER`]).
    pub fn is_serial_lt_peer(&self) -> bool {
        self.strategy == SERIAL_LT_PEER
    }

    /// The buffer capacity a copy-buffer row runs with (its A/A copies' included); `None`
    /// for every other variant.
    pub fn capacity(&self) -> Option<u64> {
        self.variant?.capacity()
    }

    /// Whether this row is hashlab's drop-in for the validator's LtHash crate ([`DROP_IN`]).
    pub fn is_drop_in(&self) -> bool {
        self.strategy == DROP_IN
    }

    /// The id of this (baseline) row's A/A control: the same, its variant marked as the
    /// copy.
    pub fn aa_copy(&self) -> BenchId {
        self.aa_twin(1)
    }

    /// The id of A/A twin `twin` (1 or 2) of this (baseline) row: twin 1's is
    /// [`BenchId::aa_copy`]'s (a table's one A/A control in older files has that id too, so
    /// runs with one and two twins compare), twin 2's variant is marked as the second copy.
    pub fn aa_twin(&self, twin: u32) -> BenchId {
        let setting = self.variant.and_then(|v| v.setting);
        BenchId {
            variant: Some(Variant {
                setting,
                aa_copy: AaCopy::twin(twin),
            }),
            ..self.clone()
        }
    }
}

/// Reads a variant from its text, [`Variant`]'s `Display` exactly; the error names the text.
impl FromStr for Variant {
    type Err = String;

    fn from_str(text: &str) -> Result<Variant, String> {
        let unreadable = || {
            format!(
                "`{text}` is not a variant (expected e.g. cap=200, avx2, avx512 staging=gather, \
                 threads=2, vec, 0.4, cap=200 (A/A copy))"
            )
        };
        let (setting, aa_copy) = match [(AA_COPY, AaCopy::First), (AA_COPY_2, AaCopy::Second)]
            .into_iter()
            .find_map(|(mark, copy)| Some((text.strip_suffix(mark)?, copy)))
        {
            Some(("", copy)) => (None, copy),
            Some((rest, copy)) => (Some(rest.strip_suffix(' ').ok_or_else(unreadable)?), copy),
            None => (Some(text), AaCopy::None),
        };
        let setting = setting
            .map(|s| parse_setting(s).ok_or_else(unreadable))
            .transpose()?;
        Ok(Variant { setting, aa_copy })
    }
}

/// The setting whose `Display` is `text`, if any.
fn parse_setting(text: &str) -> Option<Setting> {
    if let Some(cap) = text.strip_prefix(CAPACITY) {
        return canonical(cap).map(Setting::Capacity);
    }
    if let Some(n) = text.strip_prefix(THREADS) {
        return canonical(n).map(Setting::Threads);
    }
    if let Ok(storage) = text.parse::<Storage>() {
        return Some(Setting::Storage(storage));
    }
    if let Some((major, minor)) = text.split_once('.') {
        return Some(Setting::Release {
            major: canonical(major)?,
            minor: canonical(minor)?,
        });
    }
    // The default staging is not written, so `staging=parts` is no setting's text.
    let (backend, staging) = match text.split_once(STAGING) {
        Some((backend, staging)) => (
            backend,
            staging.parse().ok().filter(|s| *s != Staging::Parts)?,
        ),
        None => (text, Staging::Parts),
    };
    Some(Setting::Backend {
        backend: backend.parse::<Isa>().ok()?,
        staging,
    })
}

/// A number written as `Display` writes it (no sign, no leading zero, no spaces).
fn canonical<T: FromStr + Display>(text: &str) -> Option<T> {
    let n: T = text.parse().ok()?;
    (n.to_string() == text).then_some(n)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn id(strategy: &str, variant: Option<&str>) -> BenchId {
        BenchId {
            family: crate::Family::LtHash,
            digest: crate::Digest::Lt,
            strategy: strategy.into(),
            variant: variant.map(|v| v.parse().unwrap()),
            workload: "data_size/165".parse().unwrap(),
        }
    }

    fn text(id: &BenchId) -> Option<String> {
        id.variant.map(|v| v.to_string())
    }

    #[test]
    fn origins_and_the_validator_row() {
        assert_eq!(id("batch", Some("avx2")).origin(), Origin::Hashlab);
        assert_eq!(id("peer:negentropy@0.4", None).origin(), Origin::Peer);
        assert_eq!(id(DROP_IN, None).origin(), Origin::DropIn);
        assert!(id(VALIDATOR_LT_PEER, None).is_validator_lt_peer());
        assert!(!id("peer:solana-lattice-hash@path", None).is_validator_lt_peer());
        assert!(id(DROP_IN, None).is_drop_in());
        assert!(id(SERIAL_LT_PEER, None).is_serial_lt_peer());
        assert!(!id(VALIDATOR_LT_PEER, None).is_serial_lt_peer());
    }

    #[test]
    fn capacity_of_a_variant() {
        let cb = id("copy-buffer", Some("cap=47"));
        assert_eq!(cb.capacity(), Some(47));
        assert_eq!(
            id("copy-buffer", Some("cap=200")).aa_copy().capacity(),
            Some(200)
        );
        assert_eq!(id("batch", Some("avx2")).capacity(), None);
        assert_eq!(id("streaming", None).capacity(), None);
    }

    #[test]
    fn aa_copy_marks_the_variant() {
        let aa = id("copy-buffer", Some("cap=200")).aa_copy();
        assert_eq!(text(&aa).as_deref(), Some("cap=200 (A/A copy)"));
        assert_eq!(aa.variant.map(|v| v.aa_copy), Some(AaCopy::First));
        assert_eq!(
            text(&id("streaming", None).aa_copy()).as_deref(),
            Some("(A/A copy)")
        );
    }

    /// The two twins' ids differ from each other and from the baseline's (their keys
    /// would collide in the journal, results.json and compare otherwise); twin 1's is the
    /// one A/A control's of older files; both keep copy-buffer's capacity.
    #[test]
    fn the_two_twins_have_distinct_ids() {
        let base = id("copy-buffer", Some("cap=200"));
        let (one, two) = (base.aa_twin(1), base.aa_twin(2));
        assert_eq!(one, base.aa_copy());
        assert_ne!(one.key(), two.key());
        assert_ne!(two.key(), base.key());
        assert_eq!(two.capacity(), Some(200));
        assert_eq!(
            two.criterion_id(),
            "lt-hash/copy-buffer@cap=200 (A/A copy 2)/data_size/165"
        );
        let streaming = id("streaming", None);
        assert_ne!(streaming.aa_twin(1).key(), streaming.aa_twin(2).key());
    }

    /// Every form of variant reads into its typed fields and writes back as it was read.
    #[test]
    fn variants_read_typed_and_write_back() {
        let gather = Setting::Backend {
            backend: Isa::Avx512,
            staging: Staging::Gather,
        };
        let cases = [
            ("cap=0", Some(Setting::Capacity(0)), AaCopy::None),
            ("cap=200", Some(Setting::Capacity(200)), AaCopy::None),
            ("avx2", Variant::backend_of(Isa::Avx2).setting, AaCopy::None),
            (
                "portable",
                Variant::backend_of(Isa::Portable).setting,
                AaCopy::None,
            ),
            ("avx512 staging=gather", Some(gather), AaCopy::None),
            ("threads=2", Some(Setting::Threads(2)), AaCopy::None),
            ("vec", Some(Setting::Storage(Storage::Vec)), AaCopy::None),
            (
                "prefix",
                Some(Setting::Storage(Storage::Prefix)),
                AaCopy::None,
            ),
            (
                "vector",
                Some(Setting::Storage(Storage::Vector)),
                AaCopy::None,
            ),
            (
                "0.4",
                Some(Setting::Release { major: 0, minor: 4 }),
                AaCopy::None,
            ),
            (
                "cap=200 (A/A copy)",
                Some(Setting::Capacity(200)),
                AaCopy::First,
            ),
            (
                "cap=200 (A/A copy 2)",
                Some(Setting::Capacity(200)),
                AaCopy::Second,
            ),
            (
                "threads=1 (A/A copy)",
                Some(Setting::Threads(1)),
                AaCopy::First,
            ),
            (
                "vector (A/A copy 2)",
                Some(Setting::Storage(Storage::Vector)),
                AaCopy::Second,
            ),
            ("(A/A copy)", None, AaCopy::First),
            ("(A/A copy 2)", None, AaCopy::Second),
        ];
        for (text, setting, aa_copy) in cases {
            let v: Variant = text.parse().unwrap_or_else(|e| panic!("{e}"));
            assert_eq!(v, Variant { setting, aa_copy }, "{text}");
            assert_eq!(v.to_string(), text);
        }
    }

    /// Text that is not a variant's `Display` is an error naming it, never a guess.
    #[test]
    fn unreadable_variants_are_errors_naming_the_text() {
        for text in [
            "",
            "cap=",
            "cap=x",
            "cap=047",
            "cap=+4",
            "cap= 4",
            "threads=",
            "avx3",
            "AVX2",
            "avx2 staging=parts",
            "avx2 staging=",
            "avx2  staging=gather",
            "0.4.4",
            "0.",
            "v0.4",
            "cap=200(A/A copy)",
            "cap=200  (A/A copy)",
            "cap=200 (A/A copy 3)",
            " (A/A copy)",
            "(A/A copy) (A/A copy)",
            "something else",
        ] {
            let err = text.parse::<Variant>().unwrap_err();
            assert!(err.contains(&format!("`{text}`")), "{text}: {err}");
        }
    }
}
