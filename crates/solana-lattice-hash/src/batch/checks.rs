//! The accumulator on every backend this CPU has against the blake3 crate, one message at a
//! time: every length across the block, chunk, tree-flush and serial boundaries, every
//! batch size around the group and the single-message path, and random call sequences.

use super::*;
use proptest::prelude::*;

/// The lattice hash of one message by the blake3 crate.
fn oracle_one(message: &[u8]) -> LtHash {
    let mut hasher = blake3::Hasher::new();
    hasher.update(message);
    LtHash::with(&hasher)
}

fn oracle(messages: &[Vec<u8>]) -> LtHash {
    let mut total = LtHash::identity();
    for m in messages {
        total.mix_in(&oracle_one(m));
    }
    total
}

fn message(len: usize, seed: usize) -> Vec<u8> {
    (0..len)
        .map(|i| (i.wrapping_mul(31) ^ seed.wrapping_mul(101)) as u8)
        .collect()
}

fn backends() -> Vec<Backend> {
    Backend::available().collect()
}

#[test]
fn every_count_around_the_group_and_the_single_path() {
    for backend in backends() {
        for n in [0, 1, 2, 3, 4, 15, 16, 17, 18, 19, 31, 32, 33, 50] {
            let messages: Vec<Vec<u8>> = (0..n).map(|i| message(i * 37 % 1100, i)).collect();
            let mut acc = Accumulator::on(backend);
            for m in &messages {
                acc.add_message(m);
            }
            assert_eq!(
                acc.into_lt_hash(),
                oracle(&messages),
                "{backend:?}, {n} messages"
            );
        }
    }
}

#[test]
fn every_length_across_the_boundaries_in_parts() {
    let lens = [
        0,
        1,
        63,
        64,
        65,
        1023,
        1024,
        1025,
        2047,
        2048,
        2049,
        3835,
        SERIAL_FROM - 1,
        SERIAL_FROM,
        SERIAL_FROM + 1,
    ];
    for backend in backends() {
        for &len in &lens {
            let m = message(len, len);
            for splits in [1, 2, 3, 7] {
                let mut acc = Accumulator::on(backend);
                // A short message before and after, so the long one shares the call.
                acc.add_message(b"before");
                let mut builder = acc.start_message();
                let step = len.div_ceil(splits).max(1);
                for part in m.chunks(step) {
                    builder.add_part(part);
                }
                builder.finish();
                acc.add_message(b"after");
                let want = oracle(&[b"before".to_vec(), m.clone(), b"after".to_vec()]);
                assert_eq!(acc.into_lt_hash(), want, "{backend:?}, {len} B in {splits}");
            }
        }
    }
}

/// Accounts given as accounts-db gives them (lamports, data, executable, owner, address):
/// the fields after the data join a gathered message inline (`INLINE_PART`), also where
/// one of them is the part that meets the gather buffer's capacity (shrunk to it here).
#[test]
fn an_accounts_fields_after_its_data_join_a_gathered_message() {
    for backend in backends() {
        let mut acc = Accumulator::on(backend);
        let (mut messages, mut at_capacity) = (Vec::new(), 0);
        for i in 0..200 {
            // Data of 941 to 1140 bytes: messages of 1014 to 1213 bytes, one chunk and past.
            let data = message(941 + i, i);
            let (owner, address) = ([i as u8; 32], [!(i as u8); 32]);
            let mut builder = acc.start_message();
            builder.add_part(&(i as u64).to_le_bytes()).add_part(&data);
            if matches!(builder.acc.current, Current::Long { .. }) {
                // The buffer's capacity met by the executable flag, by the owner, or
                // exactly filled by the owner (then met by the address).
                let long = &mut builder.acc.long;
                match i % 4 {
                    1 => long.shrink_to_fit(),
                    2 => long.shrink_to(long.len() + 17),
                    3 => long.shrink_to(long.len() + 33),
                    _ => {}
                }
            }
            for part in [&[1u8][..], &owner, &address] {
                let long = &builder.acc.long;
                if matches!(builder.acc.current, Current::Long { .. })
                    && long.capacity() - long.len() < part.len()
                {
                    at_capacity += 1;
                }
                builder.add_part(part);
            }
            builder.finish();
            messages.push([&(i as u64).to_le_bytes()[..], &data, &[1], &owner, &address].concat());
        }
        assert_eq!(acc.into_lt_hash(), oracle(&messages), "{backend:?}");
        if backend != Backend::Portable {
            assert!(
                at_capacity > 0,
                "{backend:?}: no field met the buffer's capacity"
            );
        }
    }
}

/// A small part that brings a gathered message to `SERIAL_FROM` bytes moves it to the
/// blake3 crate, inline or not, as a large part does; one that stays below keeps it gathered.
#[test]
fn a_small_part_at_the_serial_boundary_routes_as_a_large_one() {
    let Some(backend) = backends().into_iter().find(|b| *b != Backend::Portable) else {
        return;
    };
    for (gathered, long) in [
        (SERIAL_FROM - 33, true),
        (SERIAL_FROM - 32, false),
        (SERIAL_FROM - 1, false),
    ] {
        let mut acc = Accumulator::on(backend);
        acc.long.reserve(SERIAL_FROM + CHUNK_LEN);
        let m = message(gathered + 32, gathered);
        let mut builder = acc.start_message();
        // Two parts, so the message is gathered (a long first part would stream whole).
        builder.add_part(&m[..8]).add_part(&m[8..gathered]);
        assert!(
            matches!(builder.acc.current, Current::Long { .. }),
            "{gathered}"
        );
        builder.add_part(&m[gathered..]);
        let routed = builder.acc.current;
        assert_eq!(
            matches!(routed, Current::Long { .. }),
            long,
            "{gathered}: {routed:?}"
        );
        builder.finish();
        assert_eq!(acc.into_lt_hash(), oracle_one(&m), "{gathered}");
    }
}

#[test]
fn long_messages_past_a_tree_flush() {
    for backend in backends() {
        // 100 messages of 3835 B (vote accounts' messages, three whole chunks each) make
        // one tree call at 64 messages: past TREE_FLUSH_LEN, with 192 whole chunks.
        let messages: Vec<Vec<u8>> = (0..100).map(|i| message(3835 + i % 3, i)).collect();
        let mut acc = Accumulator::on(backend);
        for (i, m) in messages.iter().enumerate() {
            // In parts, as accounts-db feeds an account.
            let (lamports, rest) = m.split_at(8);
            let mut builder = acc.start_message();
            builder.add_part(lamports).add_part(rest);
            builder.finish();
            if i == 70 {
                assert!(acc.long.len() < TREE_FLUSH_LEN, "flushed at the threshold");
            }
        }
        assert_eq!(acc.into_lt_hash(), oracle(&messages), "{backend:?}");
    }
}

#[test]
fn a_tree_call_takes_whole_chunks_in_pairs_of_groups_where_it_can() {
    for backend in backends().into_iter().filter(|b| *b != Backend::Portable) {
        // (message length, messages gathered when the call is made): one whole chunk each
        // (192 whole chunks, 210 KB), three (192, 245 KB), two (96 messages), and 33,
        // whose first multiple of 32 lies past TREE_FLUSH_MAX (10 messages, 339 KB).
        for (len, at) in [(1097, 192), (3835, 64), (2121, 96), (33 * 1024 + 73, 10)] {
            let messages: Vec<Vec<u8>> = (0..at + 3).map(|i| message(len, i)).collect();
            let mut acc = Accumulator::on(backend);
            for (i, m) in messages.iter().enumerate() {
                // In parts, as accounts-db feeds an account: given whole, a message of some
                // of these lengths would stream into the blake3 crate while nothing is
                // gathered.
                let (lamports, rest) = m.split_at(8);
                let mut builder = acc.start_message();
                builder.add_part(lamports);
                builder.add_part(rest);
                builder.finish();
                let gathered = acc.long_ends.len();
                if i + 1 < at {
                    assert_eq!(gathered, i + 1, "{backend:?}, {len} B: flushed early");
                } else if i + 1 == at {
                    assert_eq!(gathered, 0, "{backend:?}, {len} B: not flushed at {at}");
                }
            }
            assert_eq!(
                acc.into_lt_hash(),
                oracle(&messages),
                "{backend:?}, {len} B"
            );
        }
    }
}

#[test]
fn messages_not_gathered_count_no_whole_chunks_toward_a_tree_call() {
    for backend in backends().into_iter().filter(|b| *b != Backend::Portable) {
        // 191 messages of one whole chunk gathered; then a builder dropped unfinished past
        // one chunk, and a message gathered until it grows long enough to go to the blake3
        // crate (three whole chunks and far more, if they counted); then the 192nd
        // gathered message makes the call, as with nothing between.
        let messages: Vec<Vec<u8>> = (0..192).map(|i| message(1097, i)).collect();
        let serial = message(SERIAL_FROM + 3 * CHUNK_LEN, 7);
        let mut acc = Accumulator::on(backend);
        let feed = |acc: &mut Accumulator, m: &[u8]| {
            let (lamports, rest) = m.split_at(8);
            let mut builder = acc.start_message();
            builder.add_part(lamports).add_part(rest);
            builder.finish();
        };
        for m in &messages[..191] {
            feed(&mut acc, m);
        }
        {
            let mut abandoned = acc.start_message();
            abandoned.add_part(&[1; 8]).add_part(&[2; 3 * CHUNK_LEN]);
        }
        {
            // Gathered past one chunk by its second part, then past SERIAL_FROM by its
            // third: moved to the blake3 crate.
            let mut builder = acc.start_message();
            builder
                .add_part(&serial[..8])
                .add_part(&serial[8..2000])
                .add_part(&serial[2000..]);
            builder.finish();
        }
        assert_eq!(acc.long_ends.len(), 191, "{backend:?}");
        feed(&mut acc, &messages[191]);
        assert_eq!(acc.long_ends.len(), 0, "{backend:?}: not flushed at 192");
        let mut all = messages.clone();
        all.push(serial);
        assert_eq!(acc.into_lt_hash(), oracle(&all), "{backend:?}");
    }
}

#[test]
fn abandoned_builders_leave_nothing_in_every_state() {
    for backend in backends() {
        let mut acc = Accumulator::on(backend);
        acc.add_message(b"kept");
        for len in [10, 2000, SERIAL_FROM + 10] {
            let mut builder = acc.start_message();
            builder.add_part(&message(len, 1));
            builder.add_part(b"more");
        }
        acc.add_message(&message(1500, 2));
        let want = oracle(&[b"kept".to_vec(), message(1500, 2)]);
        assert_eq!(acc.take_lt_hash(), want, "{backend:?}");
        assert_eq!(acc.take_lt_hash(), LtHash::identity(), "{backend:?}: reset");
    }
}

/// One call on an accumulator.
#[derive(Clone, Debug)]
enum Op {
    /// A message given whole.
    Whole(Vec<u8>),
    /// A message given in parts, cut at these offsets.
    Parts(Vec<u8>, Vec<usize>),
    /// A message started and dropped unfinished.
    Abandoned(Vec<u8>),
    /// A precomputed hash mixed in (the hash of this message).
    MixIn(Vec<u8>),
    /// `take_lt_hash`, its result kept.
    Take,
}

fn op() -> impl Strategy<Value = Op> {
    let len = prop_oneof![
        8 => 0usize..=1100,
        2 => 1000usize..=5000,
        1 => Just(SERIAL_FROM - 1),
    ];
    let bytes = len.prop_flat_map(|n| proptest::collection::vec(any::<u8>(), n));
    prop_oneof![
        6 => bytes.clone().prop_map(Op::Whole),
        4 => (bytes.clone(), proptest::collection::vec(any::<usize>(), 0..6)).prop_map(|(m, cuts)| Op::Parts(m, cuts)),
        1 => bytes.clone().prop_map(Op::Abandoned),
        1 => bytes.prop_map(Op::MixIn),
        1 => Just(Op::Take),
    ]
}

fn give_in_parts(builder: &mut MessageBuilder<'_>, m: &[u8], cuts: &[usize]) {
    let mut cuts: Vec<usize> = cuts.iter().map(|c| c % (m.len() + 1)).collect();
    cuts.sort_unstable();
    let mut start = 0;
    for cut in cuts.into_iter().chain([m.len()]) {
        builder.write_part(&m[start..cut]);
        start = cut;
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(48))]

    /// Any sequence of calls gives, at every take and at the end, the blake3 crate's sum of
    /// what was committed since the last take.
    #[test]
    fn any_call_sequence_matches_the_blake3_crate(ops in proptest::collection::vec(op(), 0..60)) {
        for backend in backends() {
            let mut acc = Accumulator::on(backend);
            let mut want = LtHash::identity();
            for op in &ops {
                match op {
                    Op::Whole(m) => {
                        acc.add_message(m);
                        want.mix_in(&oracle_one(m));
                    }
                    Op::Parts(m, cuts) => {
                        let mut builder = acc.start_message();
                        give_in_parts(&mut builder, m, cuts);
                        builder.finish();
                        want.mix_in(&oracle_one(m));
                    }
                    Op::Abandoned(m) => {
                        let mut builder = acc.start_message();
                        builder.add_part(m);
                    }
                    Op::MixIn(m) => {
                        acc.mix_in(&oracle_one(m));
                        want.mix_in(&oracle_one(m));
                    }
                    Op::Take => {
                        prop_assert_eq!(acc.take_lt_hash(), core::mem::replace(&mut want, LtHash::identity()), "{:?}", backend);
                    }
                }
            }
            prop_assert_eq!(acc.into_lt_hash(), want, "{:?}", backend);
        }
    }
}

/// A lone long message takes the tree only where the blake3 crate would compress many of
/// its blocks one after another and the tree would not (its whole chunks share a pass, a
/// partial last chunk is compressed block by block): the estimates on 16 lanes, at the
/// sizes `call_shapes` measures, the powers of two, just below and above them.
#[test]
fn a_lone_long_message_takes_the_tree_only_where_the_blake3_crate_is_sequential() {
    for (len, blocks) in [
        (1025, 17),
        (2048, 16),
        (2049, 17),
        (3072, 32),
        (3835, 44),
        (4096, 16),
        (40000, 81),
    ] {
        assert_eq!(blake3_sequential_blocks(len, 16), blocks, "{len}");
    }
    // The 8-lane degree: a part of 16 chunks is two passes.
    assert_eq!(blake3_sequential_blocks(16 * 1024, 8), 32);
    // The tree on 8 lanes against the blake3 crate on 16 (a build capped at AVX2 on an
    // AVX-512 CPU): twice the passes, so the tree keeps fewer sizes.
    assert!(tree_for_one(20000, 16, 16) && !tree_for_one(20000, 8, 16));
    assert!(tree_for_one(3835, 8, 16));
    for (len, tree) in [
        (1025, false),
        (2000, false),
        (2047, false),
        (2048, false),
        (2049, false),
        (2800, false),
        (3071, false),
        (3072, true),
        (3835, true),
        (4096, false),
        (4500, false),
        (5119, false),
        (5120, true),
        (9215, false),
        (15000, true),
        (16 * 1024, false),
        (19455, false),
        (20000, true),
        (24576, false),
        (30000, true),
        (36863, false),
        (40000, true),
        (50000, false),
        (64 * 1024, false),
    ] {
        assert_eq!(tree_for_one(len, 16, 16), tree, "{len}");
    }
}

/// Where a long message goes at the part that makes it long: into the blake3 crate with no
/// copy when it is the message's first part, no other long message is gathered, and the
/// tree is not estimated faster alone; gathered for the tree otherwise. Checked at each
/// boundary size, whole and behind a prefix, alone and after a gathered one; every result
/// against the blake3 crate.
#[test]
fn a_long_message_is_routed_at_the_part_that_makes_it_long() {
    let Some(backend) = backends().into_iter().find(|b| *b != Backend::Portable) else {
        return;
    };
    let streams = |acc: &Accumulator| acc.current == Current::Serial;
    for len in [
        1025,
        2048,
        2049,
        3071,
        3072,
        3835,
        4096,
        5120,
        16 * 1024,
        20000,
        50000,
    ] {
        let whole_streams = !tree_for_one(len, backend.lanes(), blake3_degree());
        let m = message(len, len);
        // Whole, alone: streams unless the tree is faster.
        let mut acc = Accumulator::on(backend);
        let mut builder = acc.start_message();
        builder.add_part(&m);
        assert_eq!(streams(builder.acc), whole_streams, "{len} B whole");
        builder.add_part(b"tail");
        builder.finish();
        let mut with_tail = m.clone();
        with_tail.extend_from_slice(b"tail");
        assert_eq!(acc.take_lt_hash(), oracle(&[with_tail]), "{len} B whole");
        // Behind an 8-byte prefix (accounts-db's lamports): always gathered.
        let mut builder = acc.start_message();
        builder.add_part(&m[..8]).add_part(&m[8..]);
        assert!(!streams(builder.acc), "{len} B behind a prefix");
        builder.finish();
        assert_eq!(
            acc.take_lt_hash(),
            oracle(std::slice::from_ref(&m)),
            "{len} B in two parts"
        );
        // After a gathered long message: joins it in the tree.
        let gathered = message(3835, 1);
        acc.add_message(&gathered);
        assert_eq!(acc.long_ends.len(), 1, "3835 B is gathered");
        let mut builder = acc.start_message();
        builder.add_part(&m);
        assert!(!streams(builder.acc), "{len} B after a gathered one");
        builder.finish();
        assert_eq!(acc.long_ends.len(), 2, "{len} B after a gathered one");
        assert_eq!(
            acc.take_lt_hash(),
            oracle(&[gathered, m]),
            "{len} B after one"
        );
    }
}

/// An accumulator consumed by `into_lt_hash` hands its buffers to the thread's next one
/// (the gather buffer keeps the capacity of a tree flush, emptied), whose sums stay right
/// over the stale bytes; one dropped unconsumed hands nothing on.
#[test]
fn the_next_accumulator_on_the_thread_takes_over_the_buffers() {
    for backend in backends() {
        let long: Vec<Vec<u8>> = (0..300)
            .map(|i| message(CHUNK_LEN + 1 + i * 13 % 2000, i))
            .collect();
        let mut acc = Accumulator::on(backend);
        for m in &long {
            // In two parts, as accounts-db gives them: a message made long by a later
            // part is gathered, never streamed.
            let mut builder = acc.start_message();
            builder.add_part(&m[..8]).add_part(&m[8..]);
            builder.finish();
        }
        assert_eq!(acc.into_lt_hash(), oracle(&long), "{backend:?}");
        let mut next = Accumulator::on(backend);
        assert!(next.long.is_empty() && next.long_ends.is_empty());
        if backend != Backend::Portable {
            assert!(next.long.capacity() >= TREE_FLUSH_LEN, "{backend:?}");
        }
        let few: Vec<Vec<u8>> = (0..20).map(|i| message(100 + i * 61, i + 7)).collect();
        for m in &few {
            next.add_message(m);
        }
        assert_eq!(next.into_lt_hash(), oracle(&few), "{backend:?}");
        drop(Accumulator::on(backend));
        assert_eq!(Accumulator::on(backend).long.capacity(), 0, "{backend:?}");
    }
}
