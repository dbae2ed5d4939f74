//! Two AVX-512 compressions in lockstep written as inline assembly: the schedule the
//! compiler does not find. With two-cycle vector latency and four vector pipes, one
//! compression's four independent `G` mixes per half-round fill half the pipes; two
//! compressions fill them, but their two 16-word states take all 32 `zmm` registers. So
//! the state of compression A lives in `zmm0`-`zmm15` and that of B in `zmm16`-`zmm31`,
//! every operation works in place (`vpaddd`, `vpxord`, `vprord` with three operands need
//! no temporaries) and the message words are memory operands broadcast to the lanes
//! (`dword ptr [m + 4 * i]{1to16}`): nothing is spilled, by construction.
//!
//! The seven rounds are generated text (`avx512_pair_rounds.s`, from the message schedule
//! by [`tests::pair_rounds`]; a test holds the file equal to it). Each of a `G` mix's 14
//! steps is written for the four mixes of A, then the four of B: eight independent
//! operations between dependent ones.

use crate::words::{RootBlock, BLOCK_LEN, CHUNK_END, CHUNK_START, IV, OUT_LEN, ROOT};
use core::arch::x86_64::{__m512i, _mm512_setzero_si512};

/// The register-only throughput floor on AVX-512 in this form: 32 independent chains (two
/// per lane, compressions A and B) of `compressions` compressions of the broadcast `block`
/// (length 64, flags `CHUNK_START | CHUNK_END | ROOT`), chain `k` with counter `k`, each
/// output chaining value the next input one; chain `k`'s last chaining value to `out[k]`.
/// The whole chain runs inside one assembly block: the chaining values stay in registers,
/// the IV words, the length and flags are broadcast from memory and the counters loaded at
/// each compression.
///
/// # Safety
///
/// The CPU must support AVX-512F, AVX-512BW and AVX-512VL; `out.len() >= 32`.
#[target_feature(enable = "avx512f,avx512bw,avx512vl")]
pub(crate) unsafe fn compression_chains(
    block: &[u32; 16],
    compressions: usize,
    out: &mut [[u8; OUT_LEN]],
) {
    // Words 0..4: IV[0..4]; 4: block length; 5: flags.
    let constants: [u32; 6] = [
        IV[0],
        IV[1],
        IV[2],
        IV[3],
        BLOCK_LEN as u32,
        CHUNK_START | CHUNK_END | ROOT,
    ];
    let counters: [u32; 32] = core::array::from_fn(|k| k as u32);
    // Chaining values of A (words 0..8) and B (8..16), one register each; the IV to start.
    let mut cv = [[0u32; 16]; 16];
    for (i, words) in cv.iter_mut().enumerate() {
        *words = [IV[i % 8]; 16];
    }
    // SAFETY: the CPU supports AVX-512F (this function's contract). The assembly reads
    // `block` (16 words), `constants` (6 words), `counters` (32 words) and reads and writes
    // `cv` (16 registers of 64 bytes) only, at the offsets written, all in bounds; it
    // clobbers every `zmm` register (declared) and the loop counter (an in-out operand);
    // it does not touch the stack.
    unsafe {
        core::arch::asm!(
            "vmovdqu32 zmm0, [{cv}]",
            "vmovdqu32 zmm1, [{cv} + 64]",
            "vmovdqu32 zmm2, [{cv} + 128]",
            "vmovdqu32 zmm3, [{cv} + 192]",
            "vmovdqu32 zmm4, [{cv} + 256]",
            "vmovdqu32 zmm5, [{cv} + 320]",
            "vmovdqu32 zmm6, [{cv} + 384]",
            "vmovdqu32 zmm7, [{cv} + 448]",
            "vmovdqu32 zmm16, [{cv} + 512]",
            "vmovdqu32 zmm17, [{cv} + 576]",
            "vmovdqu32 zmm18, [{cv} + 640]",
            "vmovdqu32 zmm19, [{cv} + 704]",
            "vmovdqu32 zmm20, [{cv} + 768]",
            "vmovdqu32 zmm21, [{cv} + 832]",
            "vmovdqu32 zmm22, [{cv} + 896]",
            "vmovdqu32 zmm23, [{cv} + 960]",
            "test {n}, {n}",
            "jz 3f",
            "2:",
            "vpbroadcastd zmm8, dword ptr [{k}]",
            "vpbroadcastd zmm9, dword ptr [{k} + 4]",
            "vpbroadcastd zmm10, dword ptr [{k} + 8]",
            "vpbroadcastd zmm11, dword ptr [{k} + 12]",
            "vmovdqu32 zmm12, [{c}]",
            "vpxord zmm13, zmm13, zmm13",
            "vpbroadcastd zmm14, dword ptr [{k} + 16]",
            "vpbroadcastd zmm15, dword ptr [{k} + 20]",
            "vmovdqa32 zmm24, zmm8",
            "vmovdqa32 zmm25, zmm9",
            "vmovdqa32 zmm26, zmm10",
            "vmovdqa32 zmm27, zmm11",
            "vmovdqu32 zmm28, [{c} + 64]",
            "vpxord zmm29, zmm29, zmm29",
            "vmovdqa32 zmm30, zmm14",
            "vmovdqa32 zmm31, zmm15",
            include_str!("avx512_pair_rounds.s"),
            "vpxord zmm0, zmm0, zmm8",
            "vpxord zmm1, zmm1, zmm9",
            "vpxord zmm2, zmm2, zmm10",
            "vpxord zmm3, zmm3, zmm11",
            "vpxord zmm4, zmm4, zmm12",
            "vpxord zmm5, zmm5, zmm13",
            "vpxord zmm6, zmm6, zmm14",
            "vpxord zmm7, zmm7, zmm15",
            "vpxord zmm16, zmm16, zmm24",
            "vpxord zmm17, zmm17, zmm25",
            "vpxord zmm18, zmm18, zmm26",
            "vpxord zmm19, zmm19, zmm27",
            "vpxord zmm20, zmm20, zmm28",
            "vpxord zmm21, zmm21, zmm29",
            "vpxord zmm22, zmm22, zmm30",
            "vpxord zmm23, zmm23, zmm31",
            "dec {n}",
            "jnz 2b",
            "3:",
            "vmovdqu32 [{cv}], zmm0",
            "vmovdqu32 [{cv} + 64], zmm1",
            "vmovdqu32 [{cv} + 128], zmm2",
            "vmovdqu32 [{cv} + 192], zmm3",
            "vmovdqu32 [{cv} + 256], zmm4",
            "vmovdqu32 [{cv} + 320], zmm5",
            "vmovdqu32 [{cv} + 384], zmm6",
            "vmovdqu32 [{cv} + 448], zmm7",
            "vmovdqu32 [{cv} + 512], zmm16",
            "vmovdqu32 [{cv} + 576], zmm17",
            "vmovdqu32 [{cv} + 640], zmm18",
            "vmovdqu32 [{cv} + 704], zmm19",
            "vmovdqu32 [{cv} + 768], zmm20",
            "vmovdqu32 [{cv} + 832], zmm21",
            "vmovdqu32 [{cv} + 896], zmm22",
            "vmovdqu32 [{cv} + 960], zmm23",
            cv = in(reg) cv.as_mut_ptr(),
            m = in(reg) block.as_ptr(),
            k = in(reg) constants.as_ptr(),
            c = in(reg) counters.as_ptr(),
            n = inout(reg) compressions => _,
            out("zmm0") _, out("zmm1") _, out("zmm2") _, out("zmm3") _,
            out("zmm4") _, out("zmm5") _, out("zmm6") _, out("zmm7") _,
            out("zmm8") _, out("zmm9") _, out("zmm10") _, out("zmm11") _,
            out("zmm12") _, out("zmm13") _, out("zmm14") _, out("zmm15") _,
            out("zmm16") _, out("zmm17") _, out("zmm18") _, out("zmm19") _,
            out("zmm20") _, out("zmm21") _, out("zmm22") _, out("zmm23") _,
            out("zmm24") _, out("zmm25") _, out("zmm26") _, out("zmm27") _,
            out("zmm28") _, out("zmm29") _, out("zmm30") _, out("zmm31") _,
            options(nostack),
        );
    }
    // Register i of A is cv[i], of B cv[8 + i]; lane l of compression A is chain l, of B
    // chain 16 + l.
    for (chain, dst) in out.iter_mut().take(32).enumerate() {
        let (half, lane) = (chain / 16, chain % 16);
        for (word, bytes) in dst.chunks_exact_mut(4).enumerate() {
            bytes.copy_from_slice(&cv[8 * half + word][lane].to_le_bytes());
        }
    }
}

/// The output words of two root compressions of one message in lockstep (the LtHash output
/// phase): compression A with the block counters `counter_a` in its lanes, B with
/// `counter_b` (high halves 0), `root`'s chaining value, block, length and flags broadcast
/// from memory. Returns each compression's 16 output words after the feed-forward (word
/// `i < 8`: `v[i] ^ v[i + 8]`; word `8 + i`: `v[8 + i] ^ cv[i]`), vector `j` word `j` of
/// every lane's output block.
///
/// # Safety
///
/// The CPU must support AVX-512F, AVX-512BW and AVX-512VL.
#[inline]
#[target_feature(enable = "avx512f,avx512bw,avx512vl")]
pub(crate) unsafe fn root_output_pair(
    root: &RootBlock,
    counter_a: __m512i,
    counter_b: __m512i,
) -> [[__m512i; 16]; 2] {
    // The output places' initial values, overwritten by the assembly.
    let mut w = [[_mm512_setzero_si512(); 16]; 2];
    // SAFETY: the CPU supports AVX-512F (this function's contract). The assembly reads
    // `root` (its 8 chaining-value words, 16 block words, length and flags) and the IV
    // (4 words) only, at the offsets written; every `zmm` register is an output; it does
    // not touch the stack.
    unsafe {
        core::arch::asm!(
            "vpbroadcastd zmm0, dword ptr [{cv}]",
            "vpbroadcastd zmm1, dword ptr [{cv} + 4]",
            "vpbroadcastd zmm2, dword ptr [{cv} + 8]",
            "vpbroadcastd zmm3, dword ptr [{cv} + 12]",
            "vpbroadcastd zmm4, dword ptr [{cv} + 16]",
            "vpbroadcastd zmm5, dword ptr [{cv} + 20]",
            "vpbroadcastd zmm6, dword ptr [{cv} + 24]",
            "vpbroadcastd zmm7, dword ptr [{cv} + 28]",
            "vpbroadcastd zmm8, dword ptr [{iv}]",
            "vpbroadcastd zmm9, dword ptr [{iv} + 4]",
            "vpbroadcastd zmm10, dword ptr [{iv} + 8]",
            "vpbroadcastd zmm11, dword ptr [{iv} + 12]",
            "vpxord zmm13, zmm13, zmm13",
            "vpbroadcastd zmm14, dword ptr [{len}]",
            "vpbroadcastd zmm15, dword ptr [{flags}]",
            "vmovdqa32 zmm16, zmm0",
            "vmovdqa32 zmm17, zmm1",
            "vmovdqa32 zmm18, zmm2",
            "vmovdqa32 zmm19, zmm3",
            "vmovdqa32 zmm20, zmm4",
            "vmovdqa32 zmm21, zmm5",
            "vmovdqa32 zmm22, zmm6",
            "vmovdqa32 zmm23, zmm7",
            "vmovdqa32 zmm24, zmm8",
            "vmovdqa32 zmm25, zmm9",
            "vmovdqa32 zmm26, zmm10",
            "vmovdqa32 zmm27, zmm11",
            "vpxord zmm29, zmm29, zmm29",
            "vmovdqa32 zmm30, zmm14",
            "vmovdqa32 zmm31, zmm15",
            include_str!("avx512_pair_rounds.s"),
            "vpxord zmm0, zmm0, zmm8",
            "vpxord zmm8, zmm8, dword ptr [{cv}]{{1to16}}",
            "vpxord zmm1, zmm1, zmm9",
            "vpxord zmm9, zmm9, dword ptr [{cv} + 4]{{1to16}}",
            "vpxord zmm2, zmm2, zmm10",
            "vpxord zmm10, zmm10, dword ptr [{cv} + 8]{{1to16}}",
            "vpxord zmm3, zmm3, zmm11",
            "vpxord zmm11, zmm11, dword ptr [{cv} + 12]{{1to16}}",
            "vpxord zmm4, zmm4, zmm12",
            "vpxord zmm12, zmm12, dword ptr [{cv} + 16]{{1to16}}",
            "vpxord zmm5, zmm5, zmm13",
            "vpxord zmm13, zmm13, dword ptr [{cv} + 20]{{1to16}}",
            "vpxord zmm6, zmm6, zmm14",
            "vpxord zmm14, zmm14, dword ptr [{cv} + 24]{{1to16}}",
            "vpxord zmm7, zmm7, zmm15",
            "vpxord zmm15, zmm15, dword ptr [{cv} + 28]{{1to16}}",
            "vpxord zmm16, zmm16, zmm24",
            "vpxord zmm24, zmm24, dword ptr [{cv}]{{1to16}}",
            "vpxord zmm17, zmm17, zmm25",
            "vpxord zmm25, zmm25, dword ptr [{cv} + 4]{{1to16}}",
            "vpxord zmm18, zmm18, zmm26",
            "vpxord zmm26, zmm26, dword ptr [{cv} + 8]{{1to16}}",
            "vpxord zmm19, zmm19, zmm27",
            "vpxord zmm27, zmm27, dword ptr [{cv} + 12]{{1to16}}",
            "vpxord zmm20, zmm20, zmm28",
            "vpxord zmm28, zmm28, dword ptr [{cv} + 16]{{1to16}}",
            "vpxord zmm21, zmm21, zmm29",
            "vpxord zmm29, zmm29, dword ptr [{cv} + 20]{{1to16}}",
            "vpxord zmm22, zmm22, zmm30",
            "vpxord zmm30, zmm30, dword ptr [{cv} + 24]{{1to16}}",
            "vpxord zmm23, zmm23, zmm31",
            "vpxord zmm31, zmm31, dword ptr [{cv} + 28]{{1to16}}",
            cv = in(reg) root.cv.as_ptr(),
            m = in(reg) root.block.as_ptr(),
            len = in(reg) &root.block_len,
            flags = in(reg) &root.flags,
            iv = in(reg) IV.as_ptr(),
            lateout("zmm0") w[0][0], lateout("zmm1") w[0][1], lateout("zmm2") w[0][2],
            lateout("zmm3") w[0][3], lateout("zmm4") w[0][4], lateout("zmm5") w[0][5],
            lateout("zmm6") w[0][6], lateout("zmm7") w[0][7], lateout("zmm8") w[0][8],
            lateout("zmm9") w[0][9], lateout("zmm10") w[0][10], lateout("zmm11") w[0][11],
            inout("zmm12") counter_a => w[0][12], lateout("zmm13") w[0][13],
            lateout("zmm14") w[0][14], lateout("zmm15") w[0][15],
            lateout("zmm16") w[1][0], lateout("zmm17") w[1][1], lateout("zmm18") w[1][2],
            lateout("zmm19") w[1][3], lateout("zmm20") w[1][4], lateout("zmm21") w[1][5],
            lateout("zmm22") w[1][6], lateout("zmm23") w[1][7], lateout("zmm24") w[1][8],
            lateout("zmm25") w[1][9], lateout("zmm26") w[1][10], lateout("zmm27") w[1][11],
            inout("zmm28") counter_b => w[1][12], lateout("zmm29") w[1][13],
            lateout("zmm30") w[1][14], lateout("zmm31") w[1][15],
            options(nostack, readonly, pure),
        );
    }
    w
}

#[cfg(test)]
pub(crate) mod tests {
    use crate::words::MSG_SCHEDULE;

    /// The seven rounds of two compressions in lockstep: A in `zmm0`-`zmm15`, B in
    /// `zmm16`-`zmm31`, message word `i` at `[{m} + 4 * i]` broadcast. Each round is a
    /// column half and a diagonal half of four `G` mixes; each of a mix's 14 steps is
    /// written for the four mixes of A, then the four of B.
    pub(crate) fn pair_rounds() -> String {
        pair_rounds_with(|_, word| format!("dword ptr [{{m}} + {}]{{{{1to16}}}}", 4 * word))
    }

    /// [`pair_rounds`] with message word `word` of the compression whose state starts at
    /// register `base` (0 for A, 16 for B) as the memory operand `message(base, word)`.
    pub(crate) fn pair_rounds_with(message: impl Fn(usize, usize) -> String) -> String {
        let mut text = String::new();
        for (round, schedule) in MSG_SCHEDULE.iter().enumerate() {
            text += &format!("/* round {round} */\n");
            for diagonal in [false, true] {
                let mixes: Vec<[usize; 6]> = (0..4)
                    .map(|i| {
                        let shift = |k: usize| if diagonal { (i + k) % 4 } else { i };
                        let first = if diagonal { 8 } else { 0 };
                        [
                            i,
                            4 + shift(1),
                            8 + shift(2),
                            12 + shift(3),
                            schedule[first + 2 * i],
                            schedule[first + 2 * i + 1],
                        ]
                    })
                    .collect();
                for step in 0..14 {
                    for base in [0, 16] {
                        for &[a, b, c, d, mx, my] in &mixes {
                            let (a, b, c, d) = (a + base, b + base, c + base, d + base);
                            text += &match step {
                                0 => {
                                    format!("vpaddd zmm{a}, zmm{a}, {}\n", message(base, mx))
                                }
                                1 | 8 => format!("vpaddd zmm{a}, zmm{a}, zmm{b}\n"),
                                2 | 9 => format!("vpxord zmm{d}, zmm{d}, zmm{a}\n"),
                                3 => format!("vprord zmm{d}, zmm{d}, 16\n"),
                                4 | 11 => format!("vpaddd zmm{c}, zmm{c}, zmm{d}\n"),
                                5 | 12 => format!("vpxord zmm{b}, zmm{b}, zmm{c}\n"),
                                6 => format!("vprord zmm{b}, zmm{b}, 12\n"),
                                7 => {
                                    format!("vpaddd zmm{a}, zmm{a}, {}\n", message(base, my))
                                }
                                10 => format!("vprord zmm{d}, zmm{d}, 8\n"),
                                _ => format!("vprord zmm{b}, zmm{b}, 7\n"),
                            };
                        }
                    }
                }
            }
        }
        text
    }

    /// `avx512_pair_rounds.s` is [`pair_rounds`]'s text; `HASHLAB_WRITE_ASM=1` writes it.
    #[test]
    fn the_rounds_file_is_the_generated_schedule() {
        let text = pair_rounds();
        if std::env::var_os("HASHLAB_WRITE_ASM").is_some_and(|v| v == "1") {
            let path = concat!(env!("CARGO_MANIFEST_DIR"), "/src/avx512_pair_rounds.s");
            std::fs::write(path, &text).unwrap();
        }
        assert_eq!(text, include_str!("avx512_pair_rounds.s"));
    }

    /// The spill count: in the disassembly of this test binary (where `objdump` is
    /// installed), the loop of [`super::compression_chains`] touches the stack nowhere, and
    /// its memory operands are the 224 broadcast message words of two compressions plus the
    /// six broadcast constants and two counter loads of each step.
    #[test]
    fn the_pair_loop_has_no_spills() {
        let exe = std::env::current_exe().unwrap();
        let Ok(dump) = std::process::Command::new("objdump")
            .args(["-d", "-M", "intel", "--no-show-raw-insn"])
            .arg(&exe)
            .output()
        else {
            eprintln!("objdump is not installed: the spill count is not checked");
            return;
        };
        let text = String::from_utf8_lossy(&dump.stdout);
        let function: Vec<&str> = text
            .split("\n\n")
            .find(|f| {
                // The function's own header line, not a call to it from another function.
                f.lines().any(|l| {
                    l.ends_with(">:")
                        && l.contains("avx512_pair")
                        && l.contains("compression_chains")
                })
            })
            .expect("the pair's function in the disassembly")
            .lines()
            .collect();
        let start = function
            .iter()
            .position(|l| l.contains("vpbroadcastd zmm8,"))
            .expect("the loop's first instruction");
        let end = start
            + function[start..]
                .iter()
                .position(|l| l.contains("\tjne ") || l.contains("\tjnz "))
                .expect("the loop's back edge");
        let body = &function[start..end];
        let stack: Vec<&&str> = body
            .iter()
            .filter(|l| l.contains("[rsp") || l.contains("[rbp"))
            .collect();
        assert!(stack.is_empty(), "spills: {stack:?}");
        let broadcast = body.iter().filter(|l| l.contains("BCST")).count();
        assert_eq!(broadcast, 224);
        let memory = body.iter().filter(|l| l.contains("PTR [")).count();
        assert_eq!(memory, 8, "{body:?}");
    }
}
