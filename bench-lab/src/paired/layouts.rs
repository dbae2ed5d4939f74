//! Memory layouts: a random stack offset and a random heap padding per layout.

use super::*;

/// A heap block of random size in `0..max` bytes, written so it is really allocated:
/// whatever is allocated after it lands at a different offset.
pub(super) fn padding(rng: &mut SplitMix64, max: u64) -> Vec<u8> {
    let n = if max == 0 { 0 } else { rng.below(max) as usize };
    black_box(vec![1u8; n])
}

/// Runs `f` with the stack pointer moved down by roughly `offset` bytes (0..~4 KiB, in
/// steps of about 16): a chain of `offset / 256` frames of 256 bytes, then one frame of
/// 16, 32, ..., 240 bytes. Each frame's buffer goes through `black_box`, so neither the
/// frames nor the recursion can be optimised away. Stack arrays cannot be sized at run
/// time, hence the chain.
pub fn with_stack_offset<R>(offset: usize, f: &mut dyn FnMut() -> R) -> R {
    #[inline(never)]
    fn chain<R>(depth: usize, rest: usize, f: &mut dyn FnMut() -> R) -> R {
        if depth == 0 {
            return tail(rest, f);
        }
        let buf = [0u8; 256];
        black_box(&buf);
        let r = chain(depth - 1, rest, f);
        black_box(&buf);
        r
    }
    #[inline(never)]
    fn frame<const N: usize, R>(f: &mut dyn FnMut() -> R) -> R {
        let buf = [0u8; N];
        black_box(&buf);
        let r = f();
        black_box(&buf);
        r
    }
    fn tail<R>(rest: usize, f: &mut dyn FnMut() -> R) -> R {
        match rest / 16 {
            0 => f(),
            1 => frame::<16, R>(f),
            2 => frame::<32, R>(f),
            3 => frame::<48, R>(f),
            4 => frame::<64, R>(f),
            5 => frame::<80, R>(f),
            6 => frame::<96, R>(f),
            7 => frame::<112, R>(f),
            8 => frame::<128, R>(f),
            9 => frame::<144, R>(f),
            10 => frame::<160, R>(f),
            11 => frame::<176, R>(f),
            12 => frame::<192, R>(f),
            13 => frame::<208, R>(f),
            14 => frame::<224, R>(f),
            _ => frame::<240, R>(f),
        }
    }
    chain(offset / 256, offset % 256, f)
}
