//! Property tests: every consensus strategy agrees on any account; meta-first never does
//! once there is data.
#![cfg(all(feature = "copy-buffer", feature = "streaming", feature = "meta-first"))]

mod common;

use account_hash::{
    copy_buffer, Account, AccountHasher, DigestBytes, MetaFirst, Pubkey, Streaming,
};
use proptest::prelude::*;

/// Data lengths weighted towards the edges of every capacity under test (0, 47, 200, 1024)
/// and of BLAKE3's 64-byte blocks and 1024-byte chunks.
fn data_len() -> impl Strategy<Value = usize> {
    let edges: Vec<usize> = [0usize, 47, 64, 128, 200, 1024, 2048]
        .iter()
        .flat_map(|&e| [e.saturating_sub(1), e, e + 1])
        .collect();
    prop_oneof![
        3 => proptest::sample::select(edges),
        2 => 0usize..4096,
    ]
}

fn account() -> impl Strategy<Value = Account> {
    common::account_of(
        prop_oneof![Just(0u64), Just(1), Just(u64::MAX), any::<u64>()],
        prop_oneof![Just(0u64), Just(u64::MAX), any::<u64>()],
        data_len(),
    )
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(256))]

    #[test]
    fn copy_buffer_at_any_capacity_equals_streaming(a in account()) {
        let a = a.as_ref();
        let reference = Streaming.hash(&a);
        let reference_lt = Streaming.lt_hash(&a);
        prop_assert_eq!(<copy_buffer!(0)>::default().hash(&a), reference);
        prop_assert_eq!(<copy_buffer!(47)>::default().hash(&a), reference);
        prop_assert_eq!(<copy_buffer!(200)>::default().hash(&a), reference);
        prop_assert_eq!(<copy_buffer!(1024)>::default().hash(&a), reference);
        prop_assert_eq!(&<copy_buffer!(0)>::default().lt_hash(&a), &reference_lt);
        prop_assert_eq!(&<copy_buffer!(200)>::default().lt_hash(&a), &reference_lt);
        prop_assert_eq!(&<copy_buffer!(1024)>::default().lt_hash(&a), &reference_lt);
    }

    #[test]
    fn consensus_hash_is_blake3_of_the_fields_in_order(a in account()) {
        // An independent statement of the rule: one contiguous message, one blake3::hash call.
        let mut message = Vec::new();
        message.extend_from_slice(&a.lamports.to_le_bytes());
        message.extend_from_slice(&a.rent_epoch.to_le_bytes());
        message.extend_from_slice(&a.data);
        message.push(a.executable as u8);
        message.extend_from_slice(&a.owner.0);
        message.extend_from_slice(&a.pubkey.0);
        let expected = if a.lamports == 0 { [0; 32] } else { *blake3::hash(&message).as_bytes() };
        prop_assert_eq!(<copy_buffer!(200)>::default().hash(&a.as_ref()).0, expected);
    }

    #[test]
    fn meta_first_differs_whenever_there_are_lamports_and_data(a in account()) {
        prop_assume!(a.lamports != 0 && !a.data.is_empty());
        let a = a.as_ref();
        prop_assert_ne!(MetaFirst.hash(&a).digest_bytes(), Streaming.hash(&a).0);
        prop_assert_ne!(MetaFirst.lt_hash(&a).digest_bytes(), Streaming.lt_hash(&a).digest_bytes());
    }

    #[test]
    fn lt_mix_out_undoes_mix_in(a in account(), b in account()) {
        let (ha, hb) = (Streaming.lt_hash(&a.as_ref()), Streaming.lt_hash(&b.as_ref()));
        let mut set = ha.clone();
        set.mix_in(&hb);
        set.mix_out(&hb);
        prop_assert_eq!(set, ha);
    }

    #[test]
    fn keys_round_trip_through_base58(bytes in any::<[u8; 32]>()) {
        let key = Pubkey(bytes);
        prop_assert_eq!(key.to_string().parse::<Pubkey>().unwrap(), key);
    }
}
