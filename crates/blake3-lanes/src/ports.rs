//! The machine's execution limit per backend: loops of one vector operation written as
//! inline assembly (so the compiler can neither fold nor reorder them), run either as
//! twelve independent chains (throughput: how many of the operation the core issues per
//! cycle) or as one dependent chain (latency: cycles from one result to the next). A
//! compression's ALU bound follows from these rates and its operation count per backend
//! (each `G` mix: six adds, four xors, four rotations; a rotation is one `vprord` on
//! AVX-512 and the portable code's `ror`, a byte shuffle for 16 and 8 and two shifts and
//! an or for 12 and 7 on SSE4.1 and AVX2).

use crate::backend::Backend;
use crate::error::Error;

/// One vector (or, on [`Backend::Portable`], scalar) integer operation the compression is
/// made of.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum VectorOp {
    /// 32-bit lane-wise add (`vpaddd`, `paddd`; `add` on portable).
    Add,
    /// Bitwise xor (`vpxord`, `vpxor`, `pxor`; `xor` on portable).
    Xor,
    /// 32-bit rotate by an immediate (`vprord` on AVX-512, `ror` on portable).
    Rotate,
    /// 32-bit shift by an immediate (`vpsrld`, `psrld`): half a rotation on SSE4.1 and AVX2.
    Shift,
    /// Byte shuffle (`vpshufb`, `pshufb`): a rotation by 16 or 8 on SSE4.1 and AVX2.
    Shuffle,
}

impl VectorOp {
    /// Short lowercase name for reports: `add`, `xor`, `rotate`, `shift`, `shuffle`.
    pub fn name(self) -> &'static str {
        match self {
            VectorOp::Add => "add",
            VectorOp::Xor => "xor",
            VectorOp::Rotate => "rotate",
            VectorOp::Shift => "shift",
            VectorOp::Shuffle => "shuffle",
        }
    }
}

/// What an operation loop measures.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum OpMeasure {
    /// [`OP_CHAINS`] independent chains interleaved: time per operation is the inverse of
    /// how many the core issues per cycle.
    Throughput,
    /// One dependent chain: time per operation is its latency.
    Latency,
}

impl OpMeasure {
    /// `throughput` or `latency`.
    pub fn name(self) -> &'static str {
        match self {
            OpMeasure::Throughput => "throughput",
            OpMeasure::Latency => "latency",
        }
    }
}

/// Independent chains of a throughput loop: enough to keep six pipes with two-cycle
/// latency busy.
pub const OP_CHAINS: usize = 12;
/// Operations per pass of every loop's body; [`Backend::op_loop`] runs whole passes.
pub const OPS_PER_PASS: usize = 24;

impl Backend {
    /// The operations a compression is made of on this backend, measured by
    /// [`op_loop`](Self::op_loop): add, xor, rotate on AVX-512 and portable (the scalar
    /// code, x86-64 only), add, xor, shift, shuffle on SSE4.1 and AVX2; AVX-512's
    /// shuffle too, for comparison. Empty where there is no inline assembly for the target.
    pub fn port_ops(self) -> &'static [VectorOp] {
        use VectorOp::*;
        if cfg!(not(target_arch = "x86_64")) {
            return &[];
        }
        match self {
            Backend::Portable => &[Add, Xor, Rotate],
            Backend::Sse41 | Backend::Avx2 => &[Add, Xor, Shift, Shuffle],
            Backend::Avx512 => &[Add, Xor, Rotate, Shuffle],
        }
    }

    /// Runs `passes` passes of [`OPS_PER_PASS`] operations `op` on this backend's registers,
    /// as [`OP_CHAINS`] independent chains ([`OpMeasure::Throughput`]) or one dependent
    /// chain ([`OpMeasure::Latency`]). Register-only inline assembly: nothing is loaded or
    /// stored and the values are never read; time per call divided by `passes *
    /// OPS_PER_PASS` is the operation's reciprocal throughput or latency. An operation not
    /// in [`port_ops`](Self::port_ops) does nothing. For measuring, not hashing.
    pub fn op_loop(self, op: VectorOp, measure: OpMeasure, passes: usize) -> Result<(), Error> {
        self.ensure_supported()?;
        if passes == 0 || !self.port_ops().contains(&op) {
            return Ok(());
        }
        // No loops for this architecture: nothing to run.
        #[cfg(not(target_arch = "x86_64"))]
        let _ = measure;
        #[cfg(target_arch = "x86_64")]
        match self {
            Backend::Portable => x86::scalar(op, measure, passes),
            // SAFETY: `ensure_supported` checked that the CPU has SSE4.1; `passes > 0`.
            Backend::Sse41 => unsafe { x86::sse41(op, measure, passes) },
            // SAFETY: as above, for AVX2.
            Backend::Avx2 => unsafe { x86::avx2(op, measure, passes) },
            // SAFETY: as above, for AVX-512F and AVX-512BW.
            Backend::Avx512 => unsafe { x86::avx512(op, measure, passes) },
        }
        Ok(())
    }
}

/// The loops. Each body is 24 operations: two rounds over twelve registers (throughput) or
/// 24 on one register (latency), then `dec`/`jnz` on a general register (a separate pipe).
/// Register contents are whatever they hold: integer operations take the same time on any
/// value.
#[cfg(target_arch = "x86_64")]
mod x86 {
    use super::{OpMeasure, VectorOp};
    use core::arch::asm;

    /// `$body` (one instruction, `\r` the destination register's number) over registers
    /// 0-11 twice, or 24 times on register 0, in a loop of `$passes` passes; register 12 is
    /// the constant operand. `$reg` names the register file, whose registers 0-12 are
    /// declared clobbered.
    macro_rules! op_loop {
        ($measure:expr, $passes:expr, $body:literal, $reg:ident) => {
            match $measure {
                OpMeasure::Throughput => clobbering!(
                    $reg,
                    $passes,
                    ".rept 2",
                    ".irp r,0,1,2,3,4,5,6,7,8,9,10,11",
                    $body
                ),
                OpMeasure::Latency => clobbering!($reg, $passes, ".rept 24", ".irp r,0", $body),
            }
        };
    }

    /// The loop of [`op_loop`] with its clobbers, per register file.
    macro_rules! clobbering {
        ($reg:ident, $passes:expr, $rept:literal, $irp:literal, $body:literal) => {
            clobbering!(@ $reg, $passes, ["2:", $rept, $irp, $body, ".endr", ".endr",
                "dec {passes}", "jnz 2b"])
        };
        (@ xmm, $passes:expr, [$($line:literal),*]) => {
            asm!($($line),*, passes = inout(reg) $passes => _,
                out("xmm0") _, out("xmm1") _, out("xmm2") _, out("xmm3") _, out("xmm4") _,
                out("xmm5") _, out("xmm6") _, out("xmm7") _, out("xmm8") _, out("xmm9") _,
                out("xmm10") _, out("xmm11") _, out("xmm12") _, options(nostack, nomem))
        };
        (@ ymm, $passes:expr, [$($line:literal),*]) => {
            asm!($($line),*, passes = inout(reg) $passes => _,
                out("ymm0") _, out("ymm1") _, out("ymm2") _, out("ymm3") _, out("ymm4") _,
                out("ymm5") _, out("ymm6") _, out("ymm7") _, out("ymm8") _, out("ymm9") _,
                out("ymm10") _, out("ymm11") _, out("ymm12") _, options(nostack, nomem))
        };
        (@ zmm, $passes:expr, [$($line:literal),*]) => {
            asm!($($line),*, passes = inout(reg) $passes => _,
                out("zmm0") _, out("zmm1") _, out("zmm2") _, out("zmm3") _, out("zmm4") _,
                out("zmm5") _, out("zmm6") _, out("zmm7") _, out("zmm8") _, out("zmm9") _,
                out("zmm10") _, out("zmm11") _, out("zmm12") _, options(nostack, nomem))
        };
    }

    /// Scalar 32-bit operations: eleven chains on `r8d`-`r15d`, `eax`, `edx`, `esi` (the
    /// twelfth operation of a round goes to `r8d` again; `ecx` is the constant operand), or
    /// one on `eax`.
    pub(super) fn scalar(op: VectorOp, measure: OpMeasure, passes: usize) {
        macro_rules! scalar_loop {
            ($throughput:literal, $latency:literal) => {
                match measure {
                    // SAFETY: register-only integer instructions on the registers declared
                    // clobbered; `passes > 0` (the caller's check), so the loop ends.
                    OpMeasure::Throughput => unsafe {
                        asm!(
                            "2:",
                            ".rept 2",
                            ".irp r,r8d,r9d,r10d,r11d,r12d,r13d,r14d,r15d,eax,edx,esi,r8d",
                            $throughput,
                            ".endr",
                            ".endr",
                            "dec rdi",
                            "jnz 2b",
                            inout("rdi") passes => _,
                            out("r8") _, out("r9") _, out("r10") _, out("r11") _,
                            out("r12") _, out("r13") _, out("r14") _, out("r15") _,
                            out("rax") _, out("rcx") _, out("rdx") _, out("rsi") _,
                            options(nostack, nomem),
                        )
                    },
                    // SAFETY: as above.
                    OpMeasure::Latency => unsafe {
                        asm!(
                            "2:",
                            ".rept 24",
                            $latency,
                            ".endr",
                            "dec rdi",
                            "jnz 2b",
                            inout("rdi") passes => _,
                            out("rax") _, out("rcx") _,
                            options(nostack, nomem),
                        )
                    },
                }
            };
        }
        match op {
            VectorOp::Add => scalar_loop!("add \\r, ecx", "add eax, ecx"),
            VectorOp::Xor => scalar_loop!("xor \\r, ecx", "xor eax, ecx"),
            VectorOp::Rotate => scalar_loop!("ror \\r, 7", "ror eax, 7"),
            VectorOp::Shift | VectorOp::Shuffle => {}
        }
    }

    /// # Safety
    ///
    /// The CPU must support SSE4.1; `passes > 0`.
    #[target_feature(enable = "sse4.1")]
    pub(super) unsafe fn sse41(op: VectorOp, measure: OpMeasure, passes: usize) {
        // SAFETY: register-only SSE2/SSSE3 instructions on the registers declared clobbered
        // (the CPU has SSE4.1, which implies both); `passes > 0`, so the loop ends.
        unsafe {
            match op {
                VectorOp::Add => op_loop!(measure, passes, "paddd xmm\\r, xmm12", xmm),
                VectorOp::Xor => op_loop!(measure, passes, "pxor xmm\\r, xmm12", xmm),
                VectorOp::Shift => op_loop!(measure, passes, "psrld xmm\\r, 7", xmm),
                VectorOp::Shuffle => op_loop!(measure, passes, "pshufb xmm\\r, xmm12", xmm),
                VectorOp::Rotate => {}
            }
        }
    }

    /// # Safety
    ///
    /// The CPU must support AVX2; `passes > 0`.
    #[target_feature(enable = "avx2")]
    pub(super) unsafe fn avx2(op: VectorOp, measure: OpMeasure, passes: usize) {
        // SAFETY: register-only AVX2 instructions on the registers declared clobbered (the
        // CPU has AVX2); `passes > 0`, so the loop ends.
        unsafe {
            match op {
                VectorOp::Add => {
                    op_loop!(measure, passes, "vpaddd ymm\\r, ymm\\r, ymm12", ymm)
                }
                VectorOp::Xor => op_loop!(measure, passes, "vpxor ymm\\r, ymm\\r, ymm12", ymm),
                VectorOp::Shift => op_loop!(measure, passes, "vpsrld ymm\\r, ymm\\r, 7", ymm),
                VectorOp::Shuffle => {
                    op_loop!(measure, passes, "vpshufb ymm\\r, ymm\\r, ymm12", ymm)
                }
                VectorOp::Rotate => {}
            }
        }
    }

    /// # Safety
    ///
    /// The CPU must support AVX-512F and AVX-512BW; `passes > 0`.
    #[target_feature(enable = "avx512f,avx512bw")]
    pub(super) unsafe fn avx512(op: VectorOp, measure: OpMeasure, passes: usize) {
        // SAFETY: register-only AVX-512F/BW instructions on the registers declared clobbered
        // (the CPU has AVX-512F and AVX-512BW); `passes > 0`, so the loop ends.
        unsafe {
            match op {
                VectorOp::Add => {
                    op_loop!(measure, passes, "vpaddd zmm\\r, zmm\\r, zmm12", zmm)
                }
                VectorOp::Xor => {
                    op_loop!(measure, passes, "vpxord zmm\\r, zmm\\r, zmm12", zmm)
                }
                VectorOp::Rotate => {
                    op_loop!(measure, passes, "vprord zmm\\r, zmm\\r, 7", zmm)
                }
                VectorOp::Shuffle => {
                    op_loop!(measure, passes, "vpshufb zmm\\r, zmm\\r, zmm12", zmm)
                }
                VectorOp::Shift => {}
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_listed_loop_runs_and_a_missing_backend_is_an_error() {
        for backend in Backend::available() {
            for &op in backend.port_ops() {
                for measure in [OpMeasure::Throughput, OpMeasure::Latency] {
                    backend.op_loop(op, measure, 3).unwrap();
                    backend.op_loop(op, measure, 0).unwrap();
                }
            }
        }
        let missing = Backend::Avx512;
        crate::backend::tests::DISABLED.with(|d| d.set(Some(missing)));
        let err = missing.op_loop(VectorOp::Add, OpMeasure::Latency, 1);
        crate::backend::tests::DISABLED.with(|d| d.set(None));
        assert_eq!(err, Err(Error::UnsupportedBackend(missing)));
    }

    #[test]
    fn each_backend_measures_the_operations_its_compression_uses() {
        let names = |b: Backend| -> Vec<&str> { b.port_ops().iter().map(|o| o.name()).collect() };
        if cfg!(target_arch = "x86_64") {
            assert_eq!(names(Backend::Avx512), ["add", "xor", "rotate", "shuffle"]);
            assert_eq!(names(Backend::Avx2), ["add", "xor", "shift", "shuffle"]);
            assert_eq!(names(Backend::Sse41), ["add", "xor", "shift", "shuffle"]);
            assert_eq!(names(Backend::Portable), ["add", "xor", "rotate"]);
        }
    }
}
