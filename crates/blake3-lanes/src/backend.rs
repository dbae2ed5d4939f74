//! [`Backend`]: the kernels this crate has, and run-time detection of which ones the CPU
//! supports. What each backend can do (and the dispatch to its kernel file) is in
//! `platform.rs`.

/// One implementation of the kernel. Every operation takes one explicitly;
/// [`Backend::detect`] returns the widest one this CPU supports.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Backend {
    /// Scalar reference code, one message at a time. Always available.
    Portable,
    /// SSE4.1, 4 messages (or output blocks) per compression. x86 only.
    Sse41,
    /// AVX2, 8 messages (or output blocks) per compression. x86 only.
    Avx2,
    /// AVX-512F + BW on 512-bit registers: 16 messages (or output blocks)
    /// per compression, one-instruction rotates, 32 registers. x86 only.
    Avx512,
}

impl Backend {
    /// Every backend this crate has, narrowest first, supported or not.
    pub const ALL: [Backend; 4] = [
        Backend::Portable,
        Backend::Sse41,
        Backend::Avx2,
        Backend::Avx512,
    ];

    /// The widest backend this CPU supports ([`Backend::Portable`] when
    /// [`FORCE_PORTABLE_ENV`] is `1`).
    pub fn detect() -> Backend {
        if Backend::Avx512.is_supported() {
            Backend::Avx512
        } else if Backend::Avx2.is_supported() {
            Backend::Avx2
        } else if Backend::Sse41.is_supported() {
            Backend::Sse41
        } else {
            Backend::Portable
        }
    }

    /// The backends this CPU supports, narrowest first.
    pub fn available() -> impl Iterator<Item = Backend> {
        Backend::ALL.into_iter().filter(|b| b.is_supported())
    }

    /// Whether this CPU (and compile target) can run the backend. Only
    /// [`Backend::Portable`] when [`FORCE_PORTABLE_ENV`] is `1`.
    pub fn is_supported(self) -> bool {
        #[cfg(test)]
        if tests::is_disabled(self) {
            return false;
        }
        if self != Backend::Portable && forced_portable() {
            return false;
        }
        match self {
            Backend::Portable => true,
            #[cfg(any(target_arch = "x86", target_arch = "x86_64"))]
            Backend::Sse41 => std::is_x86_feature_detected!("sse4.1"),
            #[cfg(any(target_arch = "x86", target_arch = "x86_64"))]
            Backend::Avx2 => std::is_x86_feature_detected!("avx2"),
            #[cfg(any(target_arch = "x86", target_arch = "x86_64"))]
            Backend::Avx512 => {
                std::is_x86_feature_detected!("avx512f")
                    && std::is_x86_feature_detected!("avx512bw")
                    && std::is_x86_feature_detected!("avx512vl")
            }
            #[cfg(not(any(target_arch = "x86", target_arch = "x86_64")))]
            Backend::Sse41 | Backend::Avx2 | Backend::Avx512 => false,
        }
    }

    /// Messages (or output blocks) one compression call processes.
    pub fn lanes(self) -> usize {
        match self {
            Backend::Portable => 1,
            Backend::Sse41 => 4,
            Backend::Avx2 => 8,
            Backend::Avx512 => 16,
        }
    }

    /// Compressions per lane the LtHash output phase runs in lockstep (the lane kernels'
    /// `LaneVector::lockstep`): two where the register file holds two compression states
    /// (AVX-512's 32 registers; the portable code, two scalar chains); one on SSE4.1 and
    /// AVX2, whose 16 registers hold one state, so the second spills (on every CPU measured:
    /// where vector operations take two cycles, the AVX2 pair's register-only loop is
    /// faster, but the lab's batch rows with it were 13-15 % slower; docs/kernel-breakdown.md).
    #[inline]
    #[cfg(any(target_arch = "x86", target_arch = "x86_64"))]
    pub(crate) const fn lockstep(self) -> usize {
        match self {
            Backend::Portable | Backend::Avx512 => 2,
            Backend::Sse41 | Backend::Avx2 => 1,
        }
    }

    /// Compressions per lane the throughput floor ([`Backend::compression_chains`]) runs in
    /// lockstep: the faster form of the register-only loop on this CPU, which is the
    /// machine's floor whatever the kernels pick. Two as in [`lockstep`](Self::lockstep),
    /// and two on SSE4.1 and AVX2 too where vector operations take two cycles (their
    /// register-only loop gains more from the second chain than its spills cost).
    #[inline]
    pub(crate) fn floor_lockstep(self) -> usize {
        match self {
            Backend::Portable | Backend::Avx512 => 2,
            Backend::Sse41 | Backend::Avx2 if two_cycle_vector_ops() => 2,
            Backend::Sse41 | Backend::Avx2 => 1,
        }
    }

    /// Independent chains the throughput floor ([`Backend::compression_chains`]) runs:
    /// two per lane where the register file holds two compression states (AVX-512, and the
    /// portable code) or where vector operations take two cycles, one per lane otherwise
    /// (SSE4.1 and AVX2).
    pub fn floor_chains(self) -> usize {
        self.floor_lockstep() * self.lanes()
    }

    /// Short lowercase name for reports: `portable`, `sse41`, `avx2`, `avx512`.
    pub fn name(self) -> &'static str {
        match self {
            Backend::Portable => "portable",
            Backend::Sse41 => "sse41",
            Backend::Avx2 => "avx2",
            Backend::Avx512 => "avx512",
        }
    }
}

/// The environment variable that turns run-time detection off: with
/// `HASHLAB_FORCE_PORTABLE=1` every SIMD backend reports unsupported, so
/// [`Backend::detect`] is [`Backend::Portable`] and [`Backend::available`] lists
/// it alone: the code paths of a machine without x86 SIMD (or without x86),
/// on this one. Read once per process.
pub const FORCE_PORTABLE_ENV: &str = "HASHLAB_FORCE_PORTABLE";

/// Whether a vector integer operation (add, xor, shift, shuffle) takes two cycles of latency
/// on this CPU instead of one: AMD from Zen 5 (CPU family 0x1A) on; later AMD families are
/// assumed to keep it. Read from CPUID once and cached. Which single-message code the
/// AVX-512 backend runs and how many chains per lane the SSE4.1 and AVX2 throughput floors
/// run follow from it (docs/kernel-breakdown.md).
pub(crate) fn two_cycle_vector_ops() -> bool {
    #[cfg(test)]
    if let Some(forced) = tests::TWO_CYCLE.with(std::cell::Cell::get) {
        return forced;
    }
    #[cfg(any(target_arch = "x86", target_arch = "x86_64"))]
    {
        #[cfg(target_arch = "x86")]
        use core::arch::x86::__cpuid;
        #[cfg(target_arch = "x86_64")]
        use core::arch::x86_64::__cpuid;
        static TWO_CYCLE: std::sync::OnceLock<bool> = std::sync::OnceLock::new();
        *TWO_CYCLE.get_or_init(|| {
            let vendor = __cpuid(0);
            // "AuthenticAMD" in EBX, EDX, ECX.
            let amd =
                (vendor.ebx, vendor.edx, vendor.ecx) == (0x6874_7541, 0x6974_6e65, 0x444d_4163);
            let signature = __cpuid(1).eax;
            let family = ((signature >> 8) & 0xf) + ((signature >> 20) & 0xff);
            amd && family >= 0x1a
        })
    }
    #[cfg(not(any(target_arch = "x86", target_arch = "x86_64")))]
    false
}

/// Whether [`FORCE_PORTABLE_ENV`] is `1` in this process (read once, cached).
pub fn forced_portable() -> bool {
    static FORCED: std::sync::OnceLock<bool> = std::sync::OnceLock::new();
    *FORCED.get_or_init(|| std::env::var_os(FORCE_PORTABLE_ENV).is_some_and(|v| v == "1"))
}

#[cfg(test)]
pub(crate) mod tests {
    use super::*;
    use std::cell::Cell;

    thread_local! {
        /// A backend this thread pretends the CPU lacks.
        pub(crate) static DISABLED: Cell<Option<Backend>> = const { Cell::new(None) };
        /// What this thread pretends [`two_cycle_vector_ops`] says (`None`: the CPU's answer).
        pub(crate) static TWO_CYCLE: Cell<Option<bool>> = const { Cell::new(None) };
    }

    pub(super) fn is_disabled(backend: Backend) -> bool {
        DISABLED.with(|disabled| disabled.get() == Some(backend))
    }
}
