//! Registering a [`Subject`]'s rows on the workloads several families share: one account
//! of each size, the mainnet mix, the LtHash of a set.

use crate::cases::{
    AccountDigest, LtMixIn, LtSetAccumulator, LtSetCase, ManyAccounts, MixInCase, Subject,
};
use crate::shared::{Inputs, SharedAccounts, SharedMakers};
use crate::workloads::{
    self, ACCOUNTS_PER_CALL, LT_SET_ACCOUNTS, LT_SET_SIZES, MIX_IN_HASHES, PER_CALL_SIZE,
};
use crate::{user_accounts, Case, Registry};
use account_hash::{AccountHasher, IntoLtLanes};
use lab_record::{BenchMeta, Workload, WorkloadKind};

/// Registers `meta`, and for a listed strategy (`who.listed`) with the paired pass's
/// makers of `hasher` on `inputs`.
fn add_row<H>(
    reg: &mut Registry,
    who: &Subject,
    hasher: &H,
    (meta, inputs): (BenchMeta, Inputs),
    make: impl Fn() -> Box<dyn Case> + 'static,
) where
    H: AccountHasher + Clone + 'static,
    H::Lt: IntoLtLanes,
{
    match who.listed {
        Some(code_copies) => {
            let label = meta.id.label();
            let shared = SharedMakers::of(hasher, who.digest, inputs, code_copies, &label);
            reg.add_shared(meta, make, shared)
        }
        None => reg.add(meta, make),
    }
}

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
    H::Lt: IntoLtLanes,
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
        let h = hasher.clone();
        // The sweep hashes the same `workloads::account(size, 0)` as the seed sizes; the
        // case is the paired pass's type, on this process's own copy of the inputs.
        let inputs = Inputs::One(size);
        add_row(reg, who, hasher, (meta, inputs), move || {
            Box::new(SharedAccounts {
                hasher: h.clone(),
                accounts: inputs.build(),
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
    let h = hasher.clone();
    let inputs = Inputs::Mix(n, cap);
    add_row(reg, who, hasher, (meta, inputs), move || {
        Box::new(SharedAccounts {
            hasher: h.clone(),
            accounts: inputs.build(),
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
    for &size in sizes {
        let workload = Workload::new(WorkloadKind::Set1024, size);
        lt_set(reg, who, acc, workload, (LT_SET_ACCOUNTS, size));
    }
    if let Some((n, cap)) = mix {
        let acc = acc.clone();
        reg.add(mix_meta(who, n, cap), move || -> Box<dyn Case> {
            Box::new(LtSetCase {
                accumulator: acc.clone(),
                accounts: workloads::live_mainnet_mix(n, cap),
            })
        });
    }
}

/// The LtHash of `n` accounts of `size` bytes (`set_of(size, n)`) per iteration through
/// `acc`, as `workload`.
fn lt_set<A>(
    reg: &mut Registry,
    who: &Subject,
    acc: &A,
    workload: Workload,
    (n, size): (usize, usize),
) where
    A: LtSetAccumulator + Clone + 'static,
{
    let message = AccountDigest::Lt.meta_len() + size;
    let meta = BenchMeta {
        data_size: Some(size as u64),
        bytes_per_iter: (n * message) as u64,
        items_per_iter: n as u64,
        ..who.on_messages(workload, message, message)
    };
    let acc = acc.clone();
    reg.add(meta, move || -> Box<dyn Case> {
        Box::new(LtSetCase {
            accumulator: acc.clone(),
            accounts: workloads::live_set_of(size, n),
        })
    });
}

/// The `accounts_per_call/<n>` workloads: the LtHash of `n` accounts of
/// [`PER_CALL_SIZE`] bytes per iteration through `acc`, a fresh accumulator per call.
pub fn accounts_per_call<A>(reg: &mut Registry, who: &Subject, acc: &A)
where
    A: LtSetAccumulator + Clone + 'static,
{
    for n in ACCOUNTS_PER_CALL {
        let workload = Workload::new(WorkloadKind::AccountsPerCall, n);
        lt_set(reg, who, acc, workload, (n, PER_CALL_SIZE));
    }
}

/// The `mix_in/<n>` workload: [`MIX_IN_HASHES`] LtHashes, precomputed from as many
/// accounts of [`PER_CALL_SIZE`] bytes, mixed into a fresh accumulator per iteration.
pub fn mix_in<M>(reg: &mut Registry, who: &Subject, mixer: &M)
where
    M: LtMixIn + Clone + 'static,
    M::Hash: 'static,
{
    let n = MIX_IN_HASHES;
    let meta = BenchMeta {
        // The hashes' bytes: 1024 lanes of two bytes each.
        bytes_per_iter: (n * 2048) as u64,
        items_per_iter: n as u64,
        ..who.on(Workload::new(WorkloadKind::MixIn, n))
    };
    let mixer = mixer.clone();
    reg.add(meta, move || -> Box<dyn Case> {
        Box::new(MixInCase::new(
            mixer.clone(),
            workloads::live_set_of(PER_CALL_SIZE, n),
        ))
    });
}

/// `who` on every user account file ([`user_accounts`](mod@crate::user_accounts)): every account per iteration,
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
