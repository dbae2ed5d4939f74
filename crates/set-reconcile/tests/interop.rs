//! Interop with the `negentropy` crate (the reference), in both roles.
//!
//! Each case runs four parties in lockstep: our client and the reference client hold the
//! same items, our server and the reference server hold the same items. Every message our
//! side writes must equal the reference's byte for byte; our client is fed the reference
//! server's replies and our server the reference client's messages (so each of ours talks to
//! the reference), and have/need must equal the reference's and the true set differences.

use std::collections::BTreeSet;

use negentropy::{Id as RefId, Negentropy, NegentropyStorageVector};
use set_reconcile::splitmix::splitmix64;
use set_reconcile::{
    Client, ClientStep, Id, InPlace, Item, PrefixStorage, ScratchVec, Server, Storage, U128Halves,
    VecStorage,
};

/// How the two sides' items relate.
#[derive(Clone, Copy, Debug)]
enum Overlap {
    Disjoint,
    Identical,
    ClientSubset,
    ServerSubset,
    Random,
}

struct Case {
    client: Vec<Item>,
    server: Vec<Item>,
}

fn make_case(size: usize, overlap: Overlap, seed: u64, timestamp_spread: u64) -> Case {
    let mut state = seed;
    let mut client = Vec::new();
    let mut server = Vec::new();
    for _ in 0..size {
        let mut id = [0u8; 32];
        for chunk in id.chunks_exact_mut(8) {
            chunk.copy_from_slice(&splitmix64(&mut state).to_le_bytes());
        }
        // Shared prefixes, so bounds need several id bytes.
        if splitmix64(&mut state).is_multiple_of(4) {
            id[..3].copy_from_slice(&[0xab, 0xcd, 0xef]);
        }
        let timestamp = 1_000 + splitmix64(&mut state) % timestamp_spread.max(1);
        let item = Item::new(timestamp, Id(id));
        let roll = splitmix64(&mut state) % 100;
        let (to_client, to_server) = match overlap {
            Overlap::Disjoint => (roll.is_multiple_of(2), roll % 2 == 1),
            Overlap::Identical => (true, true),
            Overlap::ClientSubset => (roll < 80, true),
            Overlap::ServerSubset => (true, roll < 80),
            Overlap::Random => (roll < 70, roll >= 30),
        };
        if to_client {
            client.push(item);
        }
        if to_server {
            server.push(item);
        }
    }
    Case { client, server }
}

fn ours<S: Storage>(items: &[Item]) -> S {
    let mut storage = S::with_capacity(items.len());
    for item in items {
        storage.insert(item.timestamp, item.id).unwrap();
    }
    storage.seal().unwrap();
    storage
}

fn reference(items: &[Item]) -> NegentropyStorageVector {
    let mut storage = NegentropyStorageVector::new();
    for item in items {
        storage
            .insert(item.timestamp, RefId::from_byte_array(item.id.0))
            .unwrap();
    }
    storage.seal().unwrap();
    storage
}

fn sorted(ids: impl IntoIterator<Item = [u8; 32]>) -> Vec<[u8; 32]> {
    let mut ids: Vec<[u8; 32]> = ids.into_iter().collect();
    ids.sort_unstable();
    ids
}

/// Runs the four-party session; returns the rounds.
fn run_lockstep<S: Storage>(case: &Case, client_limit: u64, server_limit: u64) -> usize {
    let our_client_storage: S = ours(&case.client);
    let our_server_storage: S = ours(&case.server);
    let ref_client_storage = reference(&case.client);
    let ref_server_storage = reference(&case.server);

    let mut our_client = Client::new(&our_client_storage, client_limit).unwrap();
    let mut our_server = Server::new(&our_server_storage, server_limit).unwrap();
    let mut ref_client = Negentropy::borrowed(&ref_client_storage, client_limit).unwrap();
    let mut ref_server = Negentropy::borrowed(&ref_server_storage, server_limit).unwrap();

    let (mut our_have, mut our_need) = (Vec::new(), Vec::new());
    let (mut ref_have, mut ref_need) = (Vec::new(), Vec::new());
    let mut our_msg = Vec::new();
    let mut our_reply = Vec::new();

    our_client.initiate(&mut our_msg).unwrap();
    let mut ref_msg = ref_client.initiate().unwrap();
    assert_eq!(our_msg, ref_msg, "initiate differs");

    let mut rounds = 0;
    loop {
        rounds += 1;
        assert!(rounds < 200, "no termination");
        // Our server answers the reference client's message.
        our_server.reconcile(&ref_msg, &mut our_reply).unwrap();
        let ref_reply = ref_server.reconcile(&ref_msg).unwrap();
        assert_eq!(
            our_reply, ref_reply,
            "server reply differs in round {rounds}"
        );
        if server_limit != 0 {
            assert!(our_reply.len() as u64 <= server_limit);
        }
        // Our client processes the reference server's reply.
        let step = our_client
            .reconcile(&ref_reply, &mut our_msg, &mut our_have, &mut our_need)
            .unwrap();
        let next = ref_client
            .reconcile_with_ids(&ref_reply, &mut ref_have, &mut ref_need)
            .unwrap();
        match (step, next) {
            (ClientStep::Done, None) => break,
            (ClientStep::Send, Some(next)) => {
                assert_eq!(our_msg, next, "client message differs in round {rounds}");
                if client_limit != 0 {
                    assert!(our_msg.len() as u64 <= client_limit);
                }
                ref_msg = next;
            }
            (step, next) => panic!("clients disagree on ending: {step:?} vs {next:?}"),
        }
    }

    let our_have = sorted(our_have.iter().map(|id| id.0));
    let our_need = sorted(our_need.iter().map(|id| id.0));
    assert!(
        our_have == sorted(ref_have.iter().map(|id| id.to_bytes())),
        "have differs from the reference's"
    );
    assert!(
        our_need == sorted(ref_need.iter().map(|id| id.to_bytes())),
        "need differs from the reference's"
    );

    // And, as sets, both equal the true differences (with a frame limit an id can be
    // reported in more than one round, by the reference too).
    let mut our_have = our_have;
    let mut our_need = our_need;
    our_have.dedup();
    our_need.dedup();
    let client_ids: BTreeSet<[u8; 32]> = case.client.iter().map(|item| item.id.0).collect();
    let server_ids: BTreeSet<[u8; 32]> = case.server.iter().map(|item| item.id.0).collect();
    let true_have: Vec<[u8; 32]> = client_ids.difference(&server_ids).copied().collect();
    let true_need: Vec<[u8; 32]> = server_ids.difference(&client_ids).copied().collect();
    assert!(
        our_have == true_have,
        "have differs from the true difference"
    );
    assert!(
        our_need == true_need,
        "need differs from the true difference"
    );
    rounds
}

const SIZES: [usize; 9] = [0, 1, 31, 32, 33, 100, 1_000, 3_000, 10_000];
const OVERLAPS: [Overlap; 5] = [
    Overlap::Disjoint,
    Overlap::Identical,
    Overlap::ClientSubset,
    Overlap::ServerSubset,
    Overlap::Random,
];

fn run_matrix<S: Storage>(limits: &[(u64, u64)]) {
    for (size_index, &size) in SIZES.iter().enumerate() {
        for (overlap_index, &overlap) in OVERLAPS.iter().enumerate() {
            // Large cases only for two overlaps, to keep debug runs short.
            if size >= 3_000 && !matches!(overlap, Overlap::Random | Overlap::Disjoint) {
                continue;
            }
            let seed = (size_index * 16 + overlap_index) as u64;
            // Narrow timestamp spread: many items share a second.
            let case = make_case(size, overlap, seed, (size as u64 / 3).max(1));
            for &(client_limit, server_limit) in limits {
                run_lockstep::<S>(&case, client_limit, server_limit);
            }
        }
    }
}

#[test]
fn prefix_storage_matches_reference_without_frame_limit() {
    run_matrix::<PrefixStorage>(&[(0, 0)]);
}

#[test]
fn prefix_storage_matches_reference_with_frame_limits() {
    run_matrix::<PrefixStorage<U128Halves>>(&[(4096, 4096), (4096, 4767), (0, 4096), (4096, 0)]);
}

#[test]
fn vec_storage_matches_reference() {
    run_matrix::<VecStorage<InPlace>>(&[(0, 0), (4096, 4096)]);
}

#[test]
fn scratch_vec_baseline_matches_reference() {
    let case = make_case(1_000, Overlap::Random, 99, 300);
    run_lockstep::<PrefixStorage<ScratchVec>>(&case, 0, 0);
    run_lockstep::<VecStorage<ScratchVec>>(&case, 4096, 4096);
}

#[test]
fn frame_limit_forces_several_rounds() {
    let case = make_case(10_000, Overlap::Disjoint, 5, 100_000);
    let rounds = run_lockstep::<PrefixStorage>(&case, 4096, 4096);
    assert!(rounds > 5, "only {rounds} rounds");
}

#[test]
fn same_id_at_two_timestamps_and_duplicates_match_reference() {
    // The reference keeps the same id under two timestamps as two items and collapses
    // exact duplicates; have/need must agree with it, multiplicities included.
    let mut case = make_case(200, Overlap::Random, 3, 50);
    let extra = case.client[0];
    case.client.push(Item::new(extra.timestamp + 7, extra.id));
    case.client.push(extra);
    case.server.push(case.server[1]);
    let client: PrefixStorage = ours(&case.client);
    let server: PrefixStorage = ours(&case.server);
    let ref_client_storage = reference(&case.client);
    let ref_server_storage = reference(&case.server);
    assert_eq!(client.len(), ref_client_storage_len(&ref_client_storage));

    let mut our_client = Client::new(&client, 0).unwrap();
    let mut our_server = Server::new(&server, 0).unwrap();
    let mut ref_client = Negentropy::borrowed(&ref_client_storage, 0).unwrap();
    let mut ref_server = Negentropy::borrowed(&ref_server_storage, 0).unwrap();
    let (mut have, mut need, mut ref_have, mut ref_need) =
        (Vec::new(), Vec::new(), Vec::new(), Vec::new());
    let mut msg = Vec::new();
    let mut reply = Vec::new();
    our_client.initiate(&mut msg).unwrap();
    assert_eq!(msg, ref_client.initiate().unwrap());
    loop {
        our_server.reconcile(&msg, &mut reply).unwrap();
        assert_eq!(reply, ref_server.reconcile(&msg).unwrap());
        let next = ref_client
            .reconcile_with_ids(&reply, &mut ref_have, &mut ref_need)
            .unwrap();
        let step = our_client
            .reconcile(&reply, &mut msg, &mut have, &mut need)
            .unwrap();
        match next {
            Some(next) => assert_eq!(msg, next),
            None => {
                assert_eq!(step, ClientStep::Done);
                break;
            }
        }
    }
    assert_eq!(
        sorted(have.iter().map(|id| id.0)),
        sorted(ref_have.iter().map(|id| id.to_bytes()))
    );
    assert_eq!(
        sorted(need.iter().map(|id| id.0)),
        sorted(ref_need.iter().map(|id| id.to_bytes()))
    );
}

fn ref_client_storage_len(storage: &NegentropyStorageVector) -> usize {
    use negentropy::NegentropyStorageBase;
    storage.size().unwrap()
}

#[test]
fn unknown_version_is_answered_like_the_reference() {
    let storage: PrefixStorage = ours(&make_case(10, Overlap::Identical, 1, 5).server);
    let ref_storage = reference(&make_case(10, Overlap::Identical, 1, 5).server);
    let mut server = Server::new(&storage, 0).unwrap();
    let mut ref_server = Negentropy::borrowed(&ref_storage, 0).unwrap();
    let mut reply = Vec::new();
    for msg in [&[0x62u8, 0xaa, 0xbb][..], &[0x60], &[0x6f, 0x00]] {
        server.reconcile(msg, &mut reply).unwrap();
        assert_eq!(reply, [0x61]);
        assert_eq!(reply, ref_server.reconcile(msg).unwrap());
    }
    for msg in [&[0x5f_u8][..], &[0x70], &[0x00]] {
        assert!(server.reconcile(msg, &mut reply).is_err());
        assert!(ref_server.reconcile(msg).is_err());
    }
}
