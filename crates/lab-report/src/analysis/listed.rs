//! What account-hash's strategy list says of each strategy a row names: its cargo feature,
//! whether it hashes many accounts per call, and which digests it computes across the SIMD
//! lanes. The report asks these of a row's strategy instead of naming strategies itself.

use account_hash::digest::IntoLtLanes;
use account_hash::strategy::list::{self, LaneDigests, StrategyEntry, StrategyVisitor};
use account_hash::strategy::{AccountHasher, BatchHasher};

/// One strategy of the list.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Listed {
    /// The cargo feature that compiles it: its name in the rows.
    pub feature: &'static str,
    /// Whether it hashes many accounts per call.
    pub many: bool,
    /// Which digests it computes across the lanes (the first instance's).
    pub lanes: LaneDigests,
}

/// The strategies of account-hash's list, in list order, each once.
#[derive(Default)]
pub struct Strategies(Vec<Listed>);

impl Strategies {
    /// The strategies compiled into this build.
    pub fn compiled() -> Self {
        let mut s = Strategies::default();
        list::visit(&mut s);
        s
    }

    fn push(&mut self, e: &StrategyEntry, many: bool) {
        if !self.0.iter().any(|l| l.feature == e.feature) {
            self.0.push(Listed {
                feature: e.feature,
                many,
                lanes: e.lane_digests,
            });
        }
    }

    /// The listed strategy a row's strategy name is, if any (a peer's is not).
    pub fn get(&self, strategy: &str) -> Option<Listed> {
        self.0.iter().copied().find(|l| l.feature == strategy)
    }
}

impl StrategyVisitor for Strategies {
    fn per_account<H>(&mut self, entry: &StrategyEntry, _: H)
    where
        H: AccountHasher + Clone + Send + Sync + 'static,
        H::Lt: IntoLtLanes,
    {
        self.push(entry, false);
    }

    fn batch<B>(&mut self, entry: &StrategyEntry, _: B)
    where
        B: BatchHasher + Clone + Send + Sync + 'static,
        B::Lt: IntoLtLanes,
    {
        self.push(entry, true);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_default_strategies_and_their_kinds() {
        let s = Strategies::compiled();
        let batch = s.get("batch").unwrap();
        assert!(batch.many);
        assert_eq!(batch.lanes, LaneDigests::Both);
        let xof = s.get("lane-xof").unwrap();
        assert!(!xof.many);
        assert_eq!(xof.lanes, LaneDigests::Lt);
        assert_eq!(s.get("copy-buffer").unwrap().lanes, LaneDigests::None);
        assert_eq!(s.get("peer:solana-lattice-hash"), None);
    }
}
