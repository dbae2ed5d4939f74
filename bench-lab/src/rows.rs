//! Registering a [`Subject`]'s rows on the workloads several families share: one account
//! of each size, the mainnet mix, the LtHash of a set.

use crate::cases::{AccountDigest, LtSetAccumulator, LtSetCase, ManyAccounts, OneAccount, Subject};
use crate::workloads::{self, set_of, LT_SET_ACCOUNTS, LT_SET_SIZES};
use crate::{user_accounts, Case, Registry};
use account_hash::{AccountHasher, IntoLtLanes};
use lab_record::{BenchMeta, Workload, WorkloadKind};
use std::sync::Arc;

/// One account of each size per iteration (`<kind>/<size>`: `data_size`, `cap_sweep`),
/// `Throughput::Bytes(meta + size)`.
pub fn one_account<H>(
    reg: &mut Registry,
    who: &Subject,
    hasher: &H,
    kind: WorkloadKind,
    sizes: &[usize],
) where
    H: AccountHasher + Clone + 'static,
{
    let digest = who.digest;
    for &size in sizes {
        let meta = BenchMeta {
            data_size: Some(size as u64),
            bytes_per_iter: (digest.meta_len() + size) as u64,
            ..who.on_messages(
                Workload::new(kind, size),
                digest.meta_len() + size,
                digest.meta_len() + size,
            )
        };
        let hasher = hasher.clone();
        reg.add(meta, move || {
            Box::new(OneAccount {
                hasher: hasher.clone(),
                account: workloads::account(size, 0),
                digest,
            })
        });
    }
}

/// The mainnet mix of `n` accounts (tail cap `cap`): every account per iteration, each
/// hashed alone (lt: summed into the set's total), `Throughput::Elements`.
pub fn mix<H>(reg: &mut Registry, who: &Subject, hasher: &H, (n, cap): (usize, usize))
where
    H: AccountHasher + Clone + 'static,
    H::Lt: IntoLtLanes,
{
    let digest = who.digest;
    let meta = mix_meta(who, n, cap);
    let hasher = hasher.clone();
    reg.add(meta, move || {
        Box::new(ManyAccounts {
            hasher: hasher.clone(),
            accounts: Arc::new(workloads::mainnet_mix(n, cap)),
            digest,
        })
    });
}

/// The row of `who` on the mainnet mix of `n` accounts, tail cap `cap`.
pub fn mix_meta(who: &Subject, n: usize, cap: usize) -> BenchMeta {
    let sizes = workloads::mix_sizes(n, cap);
    BenchMeta {
        bytes_per_iter: workloads::mix_hashed_bytes(n, cap, who.digest.meta_len()),
        items_per_iter: n as u64,
        ..who.on_messages(
            Workload::new(WorkloadKind::MainnetMix, n),
            who.digest.meta_len() + sizes.iter().min().copied().unwrap_or(0),
            who.digest.meta_len() + sizes.iter().max().copied().unwrap_or(0),
        )
    }
}

/// The LtHash of a set per iteration: the `set_1024/<size>` workloads and, when given, the
/// lt family's mix `(n, cap)`.
pub fn lt_sets<A>(reg: &mut Registry, who: &Subject, acc: &A, mix: Option<(usize, usize)>)
where
    A: LtSetAccumulator + Clone + 'static,
{
    lt_sets_of(reg, who, acc, &LT_SET_SIZES, mix)
}

/// [`lt_sets`] on the set sizes `sizes` only.
pub fn lt_sets_of<A>(
    reg: &mut Registry,
    who: &Subject,
    acc: &A,
    sizes: &[usize],
    mix: Option<(usize, usize)>,
) where
    A: LtSetAccumulator + Clone + 'static,
{
    let n = LT_SET_ACCOUNTS;
    for &size in sizes {
        let meta = BenchMeta {
            data_size: Some(size as u64),
            bytes_per_iter: (n * (AccountDigest::Lt.meta_len() + size)) as u64,
            items_per_iter: n as u64,
            ..who.on_messages(
                Workload::new(WorkloadKind::Set1024, size),
                AccountDigest::Lt.meta_len() + size,
                AccountDigest::Lt.meta_len() + size,
            )
        };
        let acc = acc.clone();
        reg.add(meta, move || -> Box<dyn Case> {
            Box::new(LtSetCase {
                accumulator: acc.clone(),
                accounts: Arc::new(set_of(size, n)),
            })
        });
    }
    if let Some((n, cap)) = mix {
        let acc = acc.clone();
        reg.add(mix_meta(who, n, cap), move || -> Box<dyn Case> {
            Box::new(LtSetCase {
                accumulator: acc.clone(),
                accounts: Arc::new(workloads::mainnet_mix(n, cap)),
            })
        });
    }
}

/// `who` on every user account file ([`user_accounts`]): every account per iteration,
/// each hashed alone (lt: summed into the set's total), as on the mix.
pub fn user_accounts<H>(reg: &mut Registry, who: &Subject, hasher: &H)
where
    H: AccountHasher + Clone + 'static,
    H::Lt: IntoLtLanes,
{
    let (digest, hasher) = (who.digest, hasher.clone());
    user_accounts::register(
        reg,
        who,
        |_, _| {},
        move |accounts| -> Box<dyn Case> {
            Box::new(ManyAccounts {
                hasher: hasher.clone(),
                accounts,
                digest,
            })
        },
    );
}

/// The LtHash of every user account file's set per iteration, through `acc`.
pub fn lt_user_accounts<A>(reg: &mut Registry, who: &Subject, acc: &A)
where
    A: LtSetAccumulator + Clone + 'static,
{
    let acc = acc.clone();
    user_accounts::register(
        reg,
        who,
        |_, _| {},
        move |accounts| -> Box<dyn Case> {
            Box::new(LtSetCase {
                accumulator: acc.clone(),
                accounts,
            })
        },
    );
}

/// Sets a user row's `isa` from the file's longest account ([`Subject::isa_for`]).
pub fn longest_isa(who: &Subject) -> impl Fn(&mut BenchMeta, &user_accounts::Loaded) {
    let who = who.clone();
    move |meta, loaded| {
        let (shortest, longest) = loaded.data_len_range();
        let meta_len = who.digest.meta_len();
        meta.isa = who.isa_for(meta_len + shortest, meta_len + longest);
    }
}
