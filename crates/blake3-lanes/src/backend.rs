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

    /// Compressions per lane the output phase and the throughput floor run in lockstep: two
    /// where the register file holds two compression states (AVX-512's 32 registers; and
    /// the portable code, two scalar chains), one where it holds one (the 16 registers of
    /// SSE4.1 and AVX2). The lane kernels' `LaneVector::LOCKSTEP` is this value.
    pub(crate) const fn lockstep(self) -> usize {
        match self {
            Backend::Portable | Backend::Avx512 => 2,
            Backend::Sse41 | Backend::Avx2 => 1,
        }
    }

    /// Independent chains the throughput floor ([`Backend::compression_chains`]) runs:
    /// two per lane where the register file holds two compression states (AVX-512, and the
    /// portable code), one per lane where it holds one (SSE4.1, AVX2).
    pub fn floor_chains(self) -> usize {
        self.lockstep() * self.lanes()
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
    }

    pub(super) fn is_disabled(backend: Backend) -> bool {
        DISABLED.with(|disabled| disabled.get() == Some(backend))
    }
}
