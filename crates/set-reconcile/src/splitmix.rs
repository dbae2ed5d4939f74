//! The SplitMix64 generator (Steele, Lea, Flood 2014), the one the workspace uses for
//! every generated input: the scenario's ids here, bench-lab's accounts and mix.

/// One step of the SplitMix64 generator: deterministic, well mixed, no dependency.
#[inline]
pub fn splitmix64(state: &mut u64) -> u64 {
    *state = state.wrapping_add(0x9e37_79b9_7f4a_7c15);
    let mut z = *state;
    z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
    z ^ (z >> 31)
}
