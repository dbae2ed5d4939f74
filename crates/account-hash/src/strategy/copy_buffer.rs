//! Strategy A, `copy-buffer`: gather the fields into one stack buffer and call `update` once.

use smallvec::SmallVec;

use super::list::{Role, StrategyEntry, StrategyVisitor};
use super::{AccountHasher, Fields, META_LEN};
use crate::account::AccountRef;
use crate::digest::{AccountHash, LtHash};

/// Gathers lamports, rent_epoch, data, executable, owner and pubkey into a stack buffer and
/// hashes it with one `update`, as the validator does. `CAP` is the data capacity: data longer
/// than `CAP` bytes is fed as three updates (meta head, data, meta tail) instead, so the
/// buffer never spills to the heap.
///
/// `BUF` must be `CAP + META_LEN` (stable Rust cannot compute it from `CAP`); write the type
/// with [`copy_buffer!`](crate::copy_buffer): `copy_buffer!(200)` is the seed PR's buffer,
/// `copy_buffer!(47)` the one before it. A mismatched `BUF` is a compile error.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct CopyBuffer<const CAP: usize, const BUF: usize>;

/// The type `CopyBuffer<CAP, {CAP + META_LEN}>`: `copy_buffer!(200)`.
#[macro_export]
macro_rules! copy_buffer {
    ($cap:expr) => {
        $crate::CopyBuffer<{ $cap }, { $cap + $crate::META_LEN }>
    };
}

/// The seed PR's buffer: 200 bytes of data (token and stake accounts fit).
pub type CopyBuffer200 = copy_buffer!(200);
/// The buffer before the seed PR: 128 bytes in all, 47 of them for data.
pub type CopyBuffer47 = copy_buffer!(47);

/// The data capacities of the lab's copy-buffer sweep (buffer = 81 + N; 47 → 128,
/// 175 → 256 and 239 → 320 are multiples of 64, the seed thread's question).
pub const SWEEP_CAPS: [usize; 8] = [0, 47, 128, 175, 200, 239, 256, 512];

/// Visits copy-buffer at each of [`SWEEP_CAPS`] as a sweep variant (`entry` with the role
/// of that capacity: cap=200 is the baseline, cap=47 the previous buffer).
pub(crate) fn visit_sweep(v: &mut impl StrategyVisitor, entry: &StrategyEntry) {
    let with = |role| entry.role(role);
    v.sweep(&with(Role::Candidate), <copy_buffer!(0)>::default());
    v.sweep(&with(Role::Previous), <copy_buffer!(47)>::default());
    v.sweep(&with(Role::Candidate), <copy_buffer!(128)>::default());
    v.sweep(&with(Role::Candidate), <copy_buffer!(175)>::default());
    v.sweep(&with(Role::Baseline), <copy_buffer!(200)>::default());
    v.sweep(&with(Role::Candidate), <copy_buffer!(239)>::default());
    v.sweep(&with(Role::Candidate), <copy_buffer!(256)>::default());
    v.sweep(&with(Role::Candidate), <copy_buffer!(512)>::default());
}

impl<const CAP: usize, const BUF: usize> CopyBuffer<CAP, BUF> {
    const BUF_IS_CAP_PLUS_META: () = assert!(
        BUF == CAP + META_LEN,
        "CopyBuffer<CAP, BUF> needs BUF == CAP + META_LEN; write the type as copy_buffer!(CAP)"
    );

    /// Feeds the account's fields in consensus order, gathered as the seed does.
    fn gather(account: &AccountRef<'_>, fields: Fields) -> blake3::Hasher {
        #[allow(clippy::let_unit_value)]
        let () = Self::BUF_IS_CAP_PLUS_META;
        let mut hasher = blake3::Hasher::new();
        let mut buffer = SmallVec::<[u8; BUF]>::new();
        buffer.extend_from_slice(&account.lamports.to_le_bytes());
        if fields == Fields::Legacy {
            buffer.extend_from_slice(&account.rent_epoch.to_le_bytes());
        }
        if account.data.len() > CAP {
            hasher.update(&buffer);
            buffer.clear();
            hasher.update(account.data);
        } else {
            buffer.extend_from_slice(account.data);
        }
        buffer.push(account.executable.into());
        buffer.extend_from_slice(account.owner.as_bytes());
        buffer.extend_from_slice(account.pubkey.as_bytes());
        hasher.update(&buffer);
        hasher
    }
}

impl<const CAP: usize, const BUF: usize> AccountHasher for CopyBuffer<CAP, BUF> {
    type Hash = AccountHash;
    type Lt = LtHash;
    const STRATEGY: &'static str = "copy-buffer";
    const CONSENSUS: bool = true;

    fn variant(&self) -> Option<String> {
        Some(format!("cap={CAP}"))
    }

    fn hash(&self, account: &AccountRef<'_>) -> AccountHash {
        if account.lamports == 0 {
            return AccountHash::ZERO;
        }
        AccountHash(Self::gather(account, Fields::Legacy).finalize().into())
    }

    fn lt_hash(&self, account: &AccountRef<'_>) -> LtHash {
        if account.lamports == 0 {
            return LtHash::identity();
        }
        LtHash::from_hasher(&Self::gather(account, Fields::Lt))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_sweep_visits_every_documented_cap_once() {
        struct Caps(Vec<(Option<String>, Role)>);
        impl StrategyVisitor for Caps {
            fn per_account<H>(&mut self, _: &StrategyEntry, _: H) {}
            fn batch<B>(&mut self, _: &StrategyEntry, _: B) {}
            fn sweep<H: AccountHasher>(&mut self, entry: &StrategyEntry, hasher: H) {
                self.0.push((hasher.variant(), entry.role));
            }
        }
        let mut caps = Caps(Vec::new());
        visit_sweep(&mut caps, &StrategyEntry::new("copy-buffer"));
        let expected: Vec<_> = SWEEP_CAPS
            .iter()
            .map(|cap| {
                let role = match cap {
                    200 => Role::Baseline,
                    47 => Role::Previous,
                    _ => Role::Candidate,
                };
                (Some(format!("cap={cap}")), role)
            })
            .collect();
        assert_eq!(caps.0, expected);
    }
}
