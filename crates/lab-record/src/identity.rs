//! What a row is, beyond its table role: the one place the report's special rows are
//! recognised from their registered names. The strategy names of the peers and of the
//! drop-in are fixed (docs/results-format.md); the report asks these typed questions
//! ([`BenchId::origin`], [`BenchId::is_validator_lt_peer`], [`BenchId::aa_copy`],
//! [`BenchId::aa_twin`]) and
//! never compares or parses a name itself.

use crate::BenchId;

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

/// How copy-buffer's variant names its buffer capacity (`cap=200`).
const CAPACITY_PREFIX: &str = "cap=";

/// What the A/A control's variant adds to its baseline's, so that its label, key and table
/// row differ from the baseline's (`cap=200 (A/A copy)`).
const AA_COPY: &str = "(A/A copy)";

/// What the second A/A twin's variant adds instead (`cap=200 (A/A copy 2)`): the row is
/// told apart by its typed `aa_twin`; this only keeps its label and key distinct.
const AA_COPY_2: &str = "(A/A copy 2)";

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

    /// The buffer capacity a copy-buffer row runs with (its variant `cap=N`, the A/A
    /// copy's included); `None` for every other variant.
    pub fn capacity(&self) -> Option<u64> {
        let variant = self.variant.as_deref()?;
        let variant = [AA_COPY, AA_COPY_2]
            .iter()
            .find_map(|s| variant.strip_suffix(s))
            .map_or(variant, str::trim_end);
        variant.strip_prefix(CAPACITY_PREFIX)?.parse().ok()
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
        let mark = if twin >= 2 { AA_COPY_2 } else { AA_COPY };
        let variant = match &self.variant {
            Some(v) => format!("{v} {mark}"),
            None => mark.into(),
        };
        BenchId {
            variant: Some(variant),
            ..self.clone()
        }
    }
}

/// Whether a variant is an A/A copy's: for rows written before rows carried a role.
pub(crate) fn is_aa_copy_variant(variant: &str) -> bool {
    variant.ends_with(AA_COPY)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn id(strategy: &str, variant: Option<&str>) -> BenchId {
        BenchId {
            family: crate::Family::LtHash,
            digest: crate::Digest::Lt,
            strategy: strategy.into(),
            variant: variant.map(Into::into),
            workload: "data_size/165".parse().unwrap(),
        }
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
        assert_eq!(id("copy-buffer", Some("cap=x")).capacity(), None);
    }

    #[test]
    fn aa_copy_marks_the_variant() {
        let aa = id("copy-buffer", Some("cap=200")).aa_copy();
        assert_eq!(aa.variant.as_deref(), Some("cap=200 (A/A copy)"));
        assert!(is_aa_copy_variant(aa.variant.as_deref().unwrap()));
        assert_eq!(
            id("streaming", None).aa_copy().variant.as_deref(),
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
}
