//! The strategy names of the floor rows: written by bench-lab, read by xtask's floor tables;
//! and the compression's operation counts that turn the `port-limit` rows into its ALU
//! bound.

use crate::Isa;

/// The register-only throughput rows (time per lane-compression: two independent chains
/// of compressions per lane, interleaved, nothing loaded or stored).
pub const THROUGHPUT_ROW: &str = "floor-throughput";
/// The single-message latency rows (time per compression of one dependent chain).
pub const LATENCY_ROW: &str = "floor-latency";
/// The execution-port rows: one vector operation's time per operation as independent
/// chains (workload `op_throughput/<op>`) and as one dependent chain (`op_latency/<op>`),
/// per backend; [`alu_bound_ns`] derives the compression's ALU bound from them.
pub const PORT_LIMIT_ROW: &str = "port-limit";
/// The clock row (time per dependent add, about one cycle).
pub const CLOCK_ROW: &str = "clock";
/// The input-phase rows: one-block messages through the lanes' input phase (loads,
/// transposes and stores included), the cost of one compression where the machine's floor
/// rows were not measured.
pub const INPUT_PHASE_ROW: &str = "input-phase";
/// The input-phase rows' name in files written before they were named for what they are.
pub const INPUT_PHASE_ROW_OLDER: &str = "limit";

/// Whether `strategy` names an input-phase row (either name).
pub fn is_input_phase(strategy: &str) -> bool {
    strategy == INPUT_PHASE_ROW || strategy == INPUT_PHASE_ROW_OLDER
}

/// Whether `strategy` names any floor row: not a strategy a user would run.
pub fn is_floor_row(strategy: &str) -> bool {
    [THROUGHPUT_ROW, LATENCY_ROW, CLOCK_ROW, PORT_LIMIT_ROW].contains(&strategy)
        || is_input_phase(strategy)
}

/// One BLAKE3 compression's ALU operations on an instruction set, by the operation names of
/// the `port-limit` rows: 7 rounds of 8 `G` mixes, each six adds (two of them the message
/// words), four xors and four rotations, plus the 16 xors of the feed-forward (an output
/// block's full 16 words). AVX-512 and the scalar code rotate with one instruction; SSE4.1
/// and AVX2 rotate by 16 and 8 with a byte shuffle and by 12 and 7 with two shifts and an or
/// (counted with the xors: the same pipes).
pub fn compression_ops(isa: Isa) -> &'static [(&'static str, f64)] {
    const G: f64 = 7.0 * 8.0;
    match isa {
        Isa::Portable | Isa::Avx512 => &[
            ("add", 6.0 * G),
            ("xor", 4.0 * G + 16.0),
            ("rotate", 4.0 * G),
        ],
        Isa::Sse41 | Isa::Avx2 => &[
            ("add", 6.0 * G),
            ("xor", 4.0 * G + 2.0 * G + 16.0),
            ("shift", 4.0 * G),
            ("shuffle", 2.0 * G),
        ],
    }
}

/// Lanes of one compression on an instruction set (1 for the scalar code).
pub fn lanes(isa: Isa) -> f64 {
    match isa {
        Isa::Portable => 1.0,
        Isa::Sse41 => 4.0,
        Isa::Avx2 => 8.0,
        Isa::Avx512 => 16.0,
    }
}

/// The compression's ALU bound per lane-compression, ns, from each operation's reciprocal
/// throughput (`throughput_ns(op)`, ns per operation as independent chains): all its
/// operations at the fastest operation's rate (every ALU pipe busy), or each operation
/// alone at its own rate, whichever takes longer, divided by the lanes. Operations confined
/// to the same few pipes (a shift and a shuffle sharing two) are not modelled, so the bound
/// is a lower bound. `None` when an operation of [`compression_ops`] was not measured.
pub fn alu_bound_ns(isa: Isa, throughput_ns: impl Fn(&str) -> Option<f64>) -> Option<f64> {
    let ops = compression_ops(isa);
    let mut fastest = f64::INFINITY;
    let mut slowest_class: f64 = 0.0;
    let mut total = 0.0;
    for &(op, count) in ops {
        let t = throughput_ns(op)?;
        fastest = fastest.min(t);
        slowest_class = slowest_class.max(count * t);
        total += count;
    }
    Some((total * fastest).max(slowest_class) / lanes(isa))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn input_phase_rows_read_under_both_names() {
        assert!(is_input_phase("input-phase") && is_input_phase("limit"));
        assert!(!is_input_phase("floor-throughput"));
        for s in [
            "floor-throughput",
            "floor-latency",
            "clock",
            "input-phase",
            "limit",
            "port-limit",
        ] {
            assert!(is_floor_row(s), "{s}");
        }
        assert!(!is_floor_row("batch"));
    }

    #[test]
    fn the_alu_bound_is_the_op_count_over_the_rate() {
        // Zen 5 AVX-512 in ns at 4 GHz: add and xor 4 per cycle, rotate 2 per cycle.
        let rate = |op: &str| match op {
            "add" | "xor" => Some(0.0625),
            "rotate" => Some(0.125),
            _ => None,
        };
        // 800 operations at 4 per cycle = 200 cycles = 50 ns, over 16 lanes; the 224
        // rotations alone at 2 per cycle take 28 ns.
        assert_eq!(
            compression_ops(Isa::Avx512)
                .iter()
                .map(|o| o.1)
                .sum::<f64>(),
            800.0
        );
        let bound = alu_bound_ns(Isa::Avx512, rate).unwrap();
        assert!((bound - 50.0 / 16.0).abs() < 1e-9, "{bound}");
        // With rotations at one per 4 cycles they bind: 224 × 1 ns / 16 lanes.
        let slow_rotate = |op: &str| if op == "rotate" { Some(1.0) } else { rate(op) };
        let bound = alu_bound_ns(Isa::Avx512, slow_rotate).unwrap();
        assert!((bound - 14.0).abs() < 1e-9, "{bound}");
        // AVX2: 1024 operations; without its shuffle row there is no bound.
        assert_eq!(
            compression_ops(Isa::Avx2).iter().map(|o| o.1).sum::<f64>(),
            1024.0
        );
        assert_eq!(alu_bound_ns(Isa::Avx2, rate), None);
    }
}
