//! The strategy names of the floor rows: written by bench-lab, read by xtask's floor tables.

/// The register-only throughput rows (time per lane-compression: two independent chains
/// of compressions per lane, interleaved, nothing loaded or stored).
pub const THROUGHPUT_ROW: &str = "floor-throughput";
/// The single-message latency rows (time per compression of one dependent chain).
pub const LATENCY_ROW: &str = "floor-latency";
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
    [THROUGHPUT_ROW, LATENCY_ROW, CLOCK_ROW].contains(&strategy) || is_input_phase(strategy)
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
        ] {
            assert!(is_floor_row(s), "{s}");
        }
        assert!(!is_floor_row("batch"));
    }
}
