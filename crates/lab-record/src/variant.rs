//! A row's variant within its strategy, typed: what it runs with (a buffer capacity, a
//! backend and its staging, a thread count, a storage, a peer's earlier release) and which
//! A/A copy of its baseline it is. Written as the fixed text of results.json, `lab list
//! --json` and criterion ids (`cap=200`, `avx512 staging=gather`, `threads=2`, `vector`,
//! `0.4`, `cap=200 (A/A copy)`); read back from that text in one place,
//! [`crate::identity`].

use crate::Isa;
use serde::{Deserialize, Deserializer, Serialize, Serializer};
use std::cmp::Ordering;
use std::fmt;
use std::str::FromStr;

/// How a buffer capacity is written: `cap=200`.
pub(crate) const CAPACITY: &str = "cap=";

/// How a thread count is written: `threads=2`.
pub(crate) const THREADS: &str = "threads=";

/// How a staging other than [`Staging::Parts`] follows its backend: `avx512 staging=gather`.
pub(crate) const STAGING: &str = " staging=";

/// What the first A/A copy adds to its baseline's variant: `cap=200 (A/A copy)`.
pub(crate) const AA_COPY: &str = "(A/A copy)";

/// What the second A/A copy adds instead: `cap=200 (A/A copy 2)`.
pub(crate) const AA_COPY_2: &str = "(A/A copy 2)";

/// A benchmark's variant within its strategy (`BenchId::variant`).
///
/// A variant has a [`Setting`], except the A/A copy of a row that has none (written
/// `(A/A copy)`); a variant with neither is not written anywhere.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Variant {
    /// What the row runs with; `None` only on the A/A copy of a row without a variant.
    pub setting: Option<Setting>,
    /// Which A/A copy of its baseline the row is, if any.
    pub aa_copy: AaCopy,
}

/// What a variant says the row runs with.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Setting {
    /// copy-buffer's capacity for account data, in bytes: `cap=200`.
    Capacity(u64),
    /// A blake3-lanes backend and how the row stages its messages for it: `avx2`,
    /// `avx512 staging=gather`.
    Backend { backend: Isa, staging: Staging },
    /// Rayon threads hashing one set: `threads=2`.
    Threads(usize),
    /// A set-reconciliation storage: `vec`, `prefix`, negentropy's `vector`.
    Storage(Storage),
    /// An earlier release of a peer crate, `major.minor`: `0.4`.
    Release { major: u32, minor: u32 },
}

names! {
    /// How a batch stages its accounts' messages for the lanes (account-hash's
    /// `batch::Staging`).
    Staging {
        /// Each message's parts copied into the lanes (the default, not written).
        Parts = "parts",
        /// Each message gathered into one buffer first (`staging=gather`).
        Gather = "gather",
    }
}

names! {
    /// Where a set-reconciliation row keeps its items.
    Storage {
        /// set-reconcile's sorted vector.
        Vec = "vec",
        /// set-reconcile's vector with prefix sums.
        Prefix = "prefix",
        /// negentropy's vector storage.
        Vector = "vector",
    }
}

/// Which A/A copy of its baseline a row is: a separately compiled copy of the baseline's
/// code, measured as if it were another strategy.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum AaCopy {
    /// Not a copy: the row's own code.
    #[default]
    None,
    /// The first copy (a table's one A/A control, and twin 1 of two).
    First,
    /// The second copy (twin 2).
    Second,
}

impl AaCopy {
    /// The copy A/A twin `twin` is: 1 the first, 2 (or more) the second.
    pub fn twin(twin: u32) -> AaCopy {
        if twin >= 2 {
            AaCopy::Second
        } else {
            AaCopy::First
        }
    }

    /// What the copy adds to its baseline's variant.
    fn mark(self) -> Option<&'static str> {
        match self {
            AaCopy::None => None,
            AaCopy::First => Some(AA_COPY),
            AaCopy::Second => Some(AA_COPY_2),
        }
    }
}

impl From<Setting> for Variant {
    fn from(setting: Setting) -> Variant {
        Variant {
            setting: Some(setting),
            aa_copy: AaCopy::None,
        }
    }
}

impl Variant {
    /// A backend with the default staging: `avx2`.
    pub fn backend_of(backend: Isa) -> Variant {
        Setting::Backend {
            backend,
            staging: Staging::Parts,
        }
        .into()
    }

    /// The buffer capacity, on copy-buffer's rows (their A/A copies included).
    pub fn capacity(&self) -> Option<u64> {
        match self.setting? {
            Setting::Capacity(cap) => Some(cap),
            _ => None,
        }
    }

    /// The blake3-lanes backend, on rows that name one.
    pub fn backend(&self) -> Option<Isa> {
        match self.setting? {
            Setting::Backend { backend, .. } => Some(backend),
            _ => None,
        }
    }

    /// The staging, on rows that name a backend.
    pub fn staging(&self) -> Option<Staging> {
        match self.setting? {
            Setting::Backend { staging, .. } => Some(staging),
            _ => None,
        }
    }

    /// The thread count, on the scaling rows.
    pub fn threads(&self) -> Option<usize> {
        match self.setting? {
            Setting::Threads(n) => Some(n),
            _ => None,
        }
    }

    /// Whether the row is an A/A copy of its baseline.
    pub fn is_aa_copy(&self) -> bool {
        self.aa_copy != AaCopy::None
    }
}

impl fmt::Display for Setting {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Setting::Capacity(cap) => write!(f, "{CAPACITY}{cap}"),
            Setting::Backend {
                backend,
                staging: Staging::Parts,
            } => write!(f, "{backend}"),
            Setting::Backend { backend, staging } => write!(f, "{backend}{STAGING}{staging}"),
            Setting::Threads(n) => write!(f, "{THREADS}{n}"),
            Setting::Storage(storage) => write!(f, "{storage}"),
            Setting::Release { major, minor } => write!(f, "{major}.{minor}"),
        }
    }
}

/// The setting, then the A/A copy's mark after a space (`cap=200 (A/A copy)`), or the
/// mark alone (`(A/A copy)`).
impl fmt::Display for Variant {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match (self.setting, self.aa_copy.mark()) {
            (Some(setting), Some(mark)) => write!(f, "{setting} {mark}"),
            (Some(setting), None) => write!(f, "{setting}"),
            (None, Some(mark)) => f.write_str(mark),
            (None, None) => Ok(()),
        }
    }
}

/// Ordered as the text sorts, so sorted ids keep the order of their strings.
impl Ord for Variant {
    fn cmp(&self, other: &Self) -> Ordering {
        self.to_string().cmp(&other.to_string())
    }
}

impl PartialOrd for Variant {
    fn partial_cmp(&self, other: &Self) -> Option<Ordering> {
        Some(self.cmp(other))
    }
}

impl Serialize for Variant {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.collect_str(self)
    }
}

impl<'de> Deserialize<'de> for Variant {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        let text = String::deserialize(d)?;
        text.parse().map_err(serde::de::Error::custom)
    }
}
