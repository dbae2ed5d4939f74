//! The widest instruction set a row's hashing code may use, for the record's `isa`.

use lab_record::Isa;

/// What the blake3 crate may use on this CPU: it detects at run time and takes AVX-512
/// (F+VL), AVX2 or SSE4.1, the widest present, unless built with `no_avx512` / `no_avx2`
/// (this crate's `blake3-no-avx512` / `blake3-no-avx2` features). Portable off x86.
///
/// `HASHLAB_FORCE_PORTABLE=1` (`blake3_lanes::FORCE_PORTABLE_ENV`) makes every row report
/// `portable`, as on a machine without x86 SIMD: blake3-lanes then runs portable code, but
/// the blake3 crate keeps its own detection (no run-time switch exists; its `pure` feature
/// is the build-time one), so under the switch the rows that call the blake3 crate
/// describe the simulated machine, not this one. The switch is for tests of the portable
/// paths, never for a recorded run.
pub fn blake3() -> Isa {
    if blake3_lanes::forced_portable() {
        return Isa::Portable;
    }
    #[cfg(any(target_arch = "x86", target_arch = "x86_64"))]
    {
        let avx512 =
            std::is_x86_feature_detected!("avx512f") && std::is_x86_feature_detected!("avx512vl");
        if avx512 && !cfg!(feature = "blake3-no-avx512") {
            return Isa::Avx512;
        }
        if std::is_x86_feature_detected!("avx2") && !cfg!(feature = "blake3-no-avx2") {
            return Isa::Avx2;
        }
        if std::is_x86_feature_detected!("sse4.1") {
            return Isa::Sse41;
        }
    }
    Isa::Portable
}

/// The wider of two instruction sets.
pub fn widest(a: Isa, b: Isa) -> Isa {
    let rank = |i: Isa| Isa::ALL.iter().position(|x| *x == i).unwrap_or(0);
    if rank(a) >= rank(b) {
        a
    } else {
        b
    }
}

/// What `solana-lattice-hash`'s `batch::Accumulator` may use: its own AVX-512 (F and BW)
/// / AVX2 kernels (detected by the crate itself, on x86_64 only, and not capped by the
/// lab's `blake3-no-*` features), and the blake3 crate for its one-lane fallback and long
/// messages.
pub fn solana_lattice_hash() -> Isa {
    if blake3_lanes::forced_portable() {
        return Isa::Portable;
    }
    #[cfg(target_arch = "x86_64")]
    {
        if std::is_x86_feature_detected!("avx512f") && std::is_x86_feature_detected!("avx512bw") {
            return widest(Isa::Avx512, blake3());
        }
        if std::is_x86_feature_detected!("avx2") {
            return widest(Isa::Avx2, blake3());
        }
    }
    blake3()
}

/// The ISA of a `blake3_lanes::Backend`, by its name (`portable`, `sse41`, `avx2`,
/// `avx512`: the same names as [`Isa`]).
pub fn backend(name: &str) -> Isa {
    name.parse()
        .unwrap_or_else(|e| panic!("blake3-lanes backend without an Isa: {e}"))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_backend_has_an_isa() {
        for b in blake3_lanes::Backend::ALL {
            assert_eq!(backend(b.name()).as_str(), b.name());
        }
    }

    #[test]
    fn widest_orders_portable_to_avx512() {
        assert_eq!(widest(Isa::Sse41, Isa::Avx2), Isa::Avx2);
        assert_eq!(widest(Isa::Avx512, Isa::Portable), Isa::Avx512);
        assert_eq!(widest(Isa::Portable, Isa::Portable), Isa::Portable);
    }

    #[test]
    fn blake3_is_capped_by_the_features() {
        let isa = blake3();
        if cfg!(feature = "blake3-no-avx2") {
            assert_ne!(isa, Isa::Avx2);
        }
        if cfg!(feature = "blake3-no-avx512") {
            assert_ne!(isa, Isa::Avx512);
        }
    }
}
