//! Every accumulator computes the same sum modulo 2^256, on any input.

use proptest::prelude::*;
use set_reconcile::{
    Accumulator, CarryChain, DeferredCarry, InPlace, ScratchVec, Sum256, U128Halves, ID_SIZE,
};

fn sum_with<A: Accumulator>(ids: &[[u8; ID_SIZE]]) -> Sum256 {
    let mut accumulator = A::default();
    for id in ids {
        accumulator.add(id);
    }
    accumulator.sum()
}

/// Schoolbook byte-wise addition, the specification.
fn sum_bytewise(ids: &[[u8; ID_SIZE]]) -> [u8; ID_SIZE] {
    let mut total = [0u8; ID_SIZE];
    for id in ids {
        let mut carry = 0u16;
        for (byte, &add) in total.iter_mut().zip(id) {
            let wide = *byte as u16 + add as u16 + carry;
            *byte = wide as u8;
            carry = wide >> 8;
        }
    }
    total
}

fn check_all(ids: &[[u8; ID_SIZE]]) -> Result<(), TestCaseError> {
    let expected = sum_bytewise(ids);
    prop_assert_eq!(sum_with::<ScratchVec>(ids).to_le_bytes(), expected);
    prop_assert_eq!(sum_with::<InPlace>(ids).to_le_bytes(), expected);
    prop_assert_eq!(sum_with::<CarryChain>(ids).to_le_bytes(), expected);
    prop_assert_eq!(sum_with::<U128Halves>(ids).to_le_bytes(), expected);
    prop_assert_eq!(sum_with::<DeferredCarry>(ids).to_le_bytes(), expected);
    Ok(())
}

/// Ids biased towards all-ones and all-zero lanes, so carries ripple across lanes.
fn carry_heavy_id() -> impl Strategy<Value = [u8; ID_SIZE]> {
    prop::array::uniform4(prop_oneof![
        Just(u64::MAX),
        Just(0u64),
        Just(1u64),
        Just(u64::MAX - 1),
        any::<u64>(),
    ])
    .prop_map(|lanes| {
        let mut id = [0u8; ID_SIZE];
        for (chunk, lane) in id.chunks_exact_mut(8).zip(lanes) {
            chunk.copy_from_slice(&lane.to_le_bytes());
        }
        id
    })
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(256))]

    #[test]
    fn strategies_agree_on_random_ids(ids in prop::collection::vec(any::<[u8; ID_SIZE]>(), 0..64)) {
        check_all(&ids)?;
    }

    #[test]
    fn strategies_agree_on_carry_heavy_ids(ids in prop::collection::vec(carry_heavy_id(), 0..64)) {
        check_all(&ids)?;
    }

    #[test]
    fn prefix_difference_is_the_range_sum(
        ids in prop::collection::vec(carry_heavy_id(), 1..40),
        split in any::<prop::sample::Index>(),
    ) {
        let at = split.index(ids.len() + 1);
        let whole = sum_with::<CarryChain>(&ids);
        let head = sum_with::<CarryChain>(&ids[..at]);
        prop_assert_eq!(whole.wrapping_sub(head).to_le_bytes(), sum_bytewise(&ids[at..]));
    }
}

#[test]
fn carry_ripples_through_all_lanes_and_wraps_at_2_256() {
    let mut one = [0u8; ID_SIZE];
    one[0] = 1;
    // (2^256 - 1) + 1 = 0: the carry crosses every lane and leaves the top.
    check_all(&[[0xff; ID_SIZE], one]).unwrap();
    assert_eq!(
        sum_with::<CarryChain>(&[[0xff; ID_SIZE], one]),
        Sum256::ZERO
    );
    assert_eq!(
        sum_with::<DeferredCarry>(&[[0xff; ID_SIZE], one]),
        Sum256::ZERO
    );
    // Many all-ones ids: (2^256 - 1) * n = -n mod 2^256.
    let ids = vec![[0xff; ID_SIZE]; 1000];
    check_all(&ids).unwrap();
    let minus_1000 = Sum256::ZERO.wrapping_sub(Sum256::from_limbs([1000, 0, 0, 0]));
    assert_eq!(sum_with::<U128Halves>(&ids), minus_1000);
}
