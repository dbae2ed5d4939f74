#!/usr/bin/env bash
# Runs each fuzz target under AFL++ for a bounded time and fails when one found a crash or
# a hang. Usage: fuzz/run.sh [SECONDS per target, default 20] [TARGET...] (default: all).
# Needs `cargo install cargo-afl` (it builds AFL++ on first use: `cargo afl config --build`).
# Findings land in fuzz/out/<target>/default/{crashes,hangs}/ (FUZZ_OUT=DIR for another place); copy each into
# fuzz/regressions/<target>/ (replayed by `cargo test`) once fixed.
set -euo pipefail
cd "$(dirname "$0")"
seconds="${1:-20}"
shift || true
targets=("$@")
if [ ${#targets[@]} -eq 0 ]; then
    targets=(negentropy_decode negentropy_server negentropy_client negentropy_session
             accounts results_json ab_json lab_plan lattice_dropin)
fi
# The released solana-lattice-hash (lattice_dropin) declares a newer rust-version than the toolchain.
cargo afl build --release --quiet --ignore-rust-version
export AFL_NO_UI=1 AFL_NO_AFFINITY=1 AFL_SKIP_CPUFREQ=1 AFL_I_DONT_CARE_ABOUT_MISSING_CRASHES=1
found=0
mkdir -p "${FUZZ_OUT:-out}"
for t in "${targets[@]}"; do
    out="${FUZZ_OUT:-out}/$t"
    rm -rf "$out"
    cargo afl fuzz -i "corpus/$t" -o "$out" -V "$seconds" "target/release/$t" >"$out.log" 2>&1 || {
        echo "fuzz $t: afl-fuzz failed ($out.log):"; tail -20 "$out.log"; exit 1; }
    stats="$out/default/fuzzer_stats"
    execs=$(awk '$1 == "execs_done" {print $3}' "$stats")
    crashes=$(find "$out/default/crashes" "$out/default/hangs" -type f ! -name README.txt | wc -l)
    echo "fuzz $t: $execs executions in ${seconds}s, $crashes crashes or hangs"
    if [ "$crashes" -ne 0 ]; then
        found=1
        find "$out/default/crashes" "$out/default/hangs" -type f ! -name README.txt
    fi
done
exit "$found"
