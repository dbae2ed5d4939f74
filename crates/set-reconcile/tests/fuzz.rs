//! Randomised robustness test of the message parser and the reconcile loops: arbitrary bytes
//! and mutations of valid messages go to both a client and a server. Whatever comes in, the
//! result is `Ok` or a `ProtocolError`; nothing panics, a server's answer respects its frame
//! limit, and an error leaves a client's have/need untouched.
//!
//! Bounded to a few seconds in a debug build (a few thousand cases, small storages).

use proptest::prelude::*;
use set_reconcile::splitmix::splitmix64;
use set_reconcile::{Client, Id, PrefixStorage, Server, Storage, VecStorage};

fn storage<S: Storage>(size: usize, seed: u64) -> S {
    let mut state = seed;
    let mut storage = S::with_capacity(size);
    for _ in 0..size {
        let mut id = [0u8; 32];
        for chunk in id.chunks_exact_mut(8) {
            chunk.copy_from_slice(&splitmix64(&mut state).to_le_bytes());
        }
        if splitmix64(&mut state).is_multiple_of(3) {
            id[..2].copy_from_slice(&[0x77, 0x77]);
        }
        let timestamp = splitmix64(&mut state) % 40;
        storage.insert(timestamp, Id(id)).unwrap();
    }
    storage.seal().unwrap();
    storage
}

/// Valid messages of a session between two storages, client's and server's, every round.
fn valid_messages(client: &PrefixStorage, server: &PrefixStorage, limit: u64) -> Vec<Vec<u8>> {
    let mut messages = Vec::new();
    let mut c = Client::new(client, limit).unwrap();
    let mut s = Server::new(server, limit).unwrap();
    let (mut have, mut need) = (Vec::new(), Vec::new());
    let (mut up, mut down) = (Vec::new(), Vec::new());
    c.initiate(&mut up).unwrap();
    for _ in 0..50 {
        messages.push(up.clone());
        s.reconcile(&up, &mut down).unwrap();
        messages.push(down.clone());
        if c.reconcile(&down, &mut up, &mut have, &mut need).unwrap()
            == set_reconcile::ClientStep::Done
        {
            break;
        }
    }
    messages
}

/// Feeds `msg` to a fresh server and to a client that has initiated.
fn feed<S: Storage>(storage: &S, limit: u64, msg: &[u8]) {
    let mut out = Vec::new();
    let mut server = Server::new(storage, limit).unwrap();
    if server.reconcile(msg, &mut out).is_ok() && limit != 0 {
        assert!(
            out.len() as u64 <= limit,
            "server answer over its frame limit"
        );
    }
    let mut client = Client::new(storage, limit).unwrap();
    client.initiate(&mut out).unwrap();
    let sentinel = Id([0xee; 32]);
    let (mut have, mut need) = (vec![sentinel], vec![sentinel]);
    if client
        .reconcile(msg, &mut out, &mut have, &mut need)
        .is_err()
    {
        assert_eq!(have, [sentinel]);
        assert_eq!(need, [sentinel]);
    }
}

#[derive(Clone, Debug)]
enum Mutation {
    Flip {
        at: prop::sample::Index,
        bits: u8,
    },
    Truncate {
        at: prop::sample::Index,
    },
    Insert {
        at: prop::sample::Index,
        bytes: Vec<u8>,
    },
    Delete {
        at: prop::sample::Index,
        len: usize,
    },
    AppendGarbage {
        bytes: Vec<u8>,
    },
}

fn mutation() -> impl Strategy<Value = Mutation> {
    prop_oneof![
        (any::<prop::sample::Index>(), 1u8..).prop_map(|(at, bits)| Mutation::Flip { at, bits }),
        any::<prop::sample::Index>().prop_map(|at| Mutation::Truncate { at }),
        (
            any::<prop::sample::Index>(),
            prop::collection::vec(any::<u8>(), 1..12)
        )
            .prop_map(|(at, bytes)| Mutation::Insert { at, bytes }),
        (any::<prop::sample::Index>(), 1usize..40)
            .prop_map(|(at, len)| Mutation::Delete { at, len }),
        prop::collection::vec(any::<u8>(), 1..40)
            .prop_map(|bytes| Mutation::AppendGarbage { bytes }),
    ]
}

fn apply(msg: &mut Vec<u8>, mutation: &Mutation) {
    if msg.is_empty() {
        return;
    }
    match mutation {
        Mutation::Flip { at, bits } => {
            let at = at.index(msg.len());
            msg[at] ^= bits;
        }
        Mutation::Truncate { at } => msg.truncate(at.index(msg.len())),
        Mutation::Insert { at, bytes } => {
            let at = at.index(msg.len() + 1);
            msg.splice(at..at, bytes.iter().copied());
        }
        Mutation::Delete { at, len } => {
            let at = at.index(msg.len());
            let end = (at + len).min(msg.len());
            msg.drain(at..end);
        }
        Mutation::AppendGarbage { bytes } => msg.extend_from_slice(bytes),
    }
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 1500, failure_persistence: None, ..ProptestConfig::default() })]

    #[test]
    fn arbitrary_bytes_never_panic(
        body in prop::collection::vec(any::<u8>(), 0..600),
        version in prop_oneof![Just(0x61u8), any::<u8>()],
        size in 0usize..80,
        limit in prop_oneof![Just(0u64), Just(4096u64)],
    ) {
        let mut msg = vec![version];
        msg.extend_from_slice(&body);
        feed(&storage::<PrefixStorage>(size, 1), limit, &msg);
        feed(&storage::<VecStorage>(size, 2), limit, &msg);
        feed(&storage::<PrefixStorage>(size, 3), limit, &body);
    }
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 400, failure_persistence: None, ..ProptestConfig::default() })]

    #[test]
    fn mutated_valid_messages_never_panic(
        seed in any::<u64>(),
        client_size in 0usize..300,
        server_size in 0usize..300,
        limit in prop_oneof![Just(0u64), Just(4096u64)],
        mutations in prop::collection::vec(mutation(), 1..4),
    ) {
        let client: PrefixStorage = storage(client_size, seed);
        let server: PrefixStorage = storage(server_size, seed.wrapping_add(1));
        for mut msg in valid_messages(&client, &server, limit) {
            for mutation in &mutations {
                apply(&mut msg, mutation);
            }
            feed(&client, limit, &msg);
            feed(&server, limit, &msg);
        }
    }
}

/// Each kind of malformed input named in the issue gives its own error.
#[test]
fn malformed_messages_give_clear_errors() {
    use set_reconcile::ProtocolError as E;
    let storage: PrefixStorage = storage(50, 9);
    let mut server = Server::new(&storage, 0).unwrap();
    let mut out = Vec::new();
    let mut answer = |msg: &[u8]| server.reconcile(msg, &mut out);

    assert_eq!(answer(&[]), Err(E::EmptyMessage));
    assert_eq!(answer(&[0x20]), Err(E::InvalidVersion(0x20)));
    // Truncated varint in the bound's timestamp.
    assert_eq!(answer(&[0x61, 0x85]), Err(E::TruncatedVarint { offset: 1 }));
    // Varint over 64 bits.
    assert_eq!(
        answer(&[0x61, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0x00]),
        Err(E::VarintOverflow { offset: 1 })
    );
    // Id prefix of 33 bytes.
    assert_eq!(
        answer(&[0x61, 0x00, 0x21]),
        Err(E::IdPrefixTooLong { len: 33, offset: 2 })
    );
    // Prefix longer than what follows.
    assert_eq!(
        answer(&[0x61, 0x00, 0x05, 0xaa]),
        Err(E::Truncated {
            field: "bound id prefix",
            offset: 3
        })
    );
    // Unknown mode.
    assert_eq!(
        answer(&[0x61, 0x00, 0x00, 0x07]),
        Err(E::UnexpectedMode { mode: 7, offset: 3 })
    );
    // Fingerprint cut short.
    assert_eq!(
        answer(&[0x61, 0x00, 0x00, 0x01, 0xaa]),
        Err(E::Truncated {
            field: "fingerprint",
            offset: 4
        })
    );
    // Absurd id count.
    assert_eq!(
        answer(&[0x61, 0x00, 0x00, 0x02, 0xff, 0xff, 0x7f]),
        Err(E::IdListTooLong {
            count: 2_097_151,
            remaining: 0,
            offset: 4
        })
    );
    // Bounds out of order: (5, "b") then (5, "a").
    assert_eq!(
        answer(&[0x61, 0x06, 0x01, b'b', 0x00, 0x01, 0x01, b'a', 0x00]),
        Err(E::BoundsOutOfOrder { offset: 5 })
    );
    // Trailing garbage after a complete range: an incomplete range.
    assert_eq!(
        answer(&[0x61, 0x00, 0x00, 0x00, 0x03]),
        Err(E::TruncatedVarint { offset: 5 })
    );

    // A client rejects a server speaking another version; a server answers 0x61.
    let mut client = Client::new(&storage, 0).unwrap();
    let mut first = Vec::new();
    client.initiate(&mut first).unwrap();
    let (mut have, mut need) = (Vec::new(), Vec::new());
    assert_eq!(
        client.reconcile(&[0x62], &mut out, &mut have, &mut need),
        Err(E::UnsupportedVersion(0x62))
    );
    let mut server = Server::new(&storage, 0).unwrap();
    server.reconcile(&[0x62, 0xff], &mut out).unwrap();
    assert_eq!(out, [0x61]);

    // Misuse.
    assert_eq!(
        Client::new(&storage, 100).err(),
        Some(E::FrameSizeLimitTooSmall(100))
    );
    assert_eq!(client.initiate(&mut out), Err(E::AlreadyInitiated));
    let mut fresh = Client::new(&storage, 0).unwrap();
    assert_eq!(
        fresh.reconcile(&[0x61], &mut out, &mut have, &mut need),
        Err(E::NotInitiated)
    );
    let unsealed = PrefixStorage::<set_reconcile::CarryChain>::new();
    assert!(matches!(Server::new(&unsealed, 0), Err(E::Storage(_))));
}
