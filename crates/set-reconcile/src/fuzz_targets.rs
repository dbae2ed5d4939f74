//! Fuzz target bodies: the decoder and both roles of a session fed untrusted bytes. The
//! coverage-guided fuzzer (`fuzz/`, outside the workspace) and the corpus replay test
//! (`tests/fuzz_corpus.rs`) call these same functions, so every input the fuzzer keeps or a
//! crash it found is replayed by `cargo test`.
//!
//! Each function panics only when an invariant of the protocol breaks: a server answer over
//! its frame limit, a client error that changed `have` / `need`, or a completed session whose
//! differences are not the true set differences.

use crate::protocol::{Client, ClientStep, Server};
use crate::splitmix::splitmix64;
use crate::storage::{Id, PrefixStorage, Storage, VecStorage};

/// Frame size limits a target picks from (0 = none).
const LIMITS: [u64; 4] = [0, 4096, 5000, 65536];

/// A sealed storage of `size` pseudo-random items; some ids share a prefix and timestamps
/// collide, so bounds need id prefixes.
fn storage<S: Storage>(size: usize, seed: u64) -> S {
    let mut state = seed;
    let mut storage = S::with_capacity(size);
    for _ in 0..size {
        storage
            .insert(splitmix64(&mut state) % 40, random_id(&mut state))
            .expect("a storage being filled takes items");
    }
    storage.seal().expect("a storage seals once");
    storage
}

fn random_id(state: &mut u64) -> Id {
    let mut id = [0u8; 32];
    for chunk in id.chunks_exact_mut(8) {
        chunk.copy_from_slice(&splitmix64(state).to_le_bytes());
    }
    if splitmix64(state).is_multiple_of(3) {
        id[..2].copy_from_slice(&[0x77, 0x77]);
    }
    Id(id)
}

/// Splits the input's first two bytes off as a storage size (0..=127) and a frame limit.
fn header(data: &[u8]) -> (usize, u64, &[u8]) {
    match data {
        [a, b, rest @ ..] => (usize::from(a & 0x7f), LIMITS[usize::from(b & 3)], rest),
        _ => (0, 0, data),
    }
}

/// The message decoder: `data` is one message from a peer, given to a server over a fixed
/// 50-item storage (both storage kinds) and to a client that has initiated.
pub fn decode(data: &[u8]) {
    let prefix: PrefixStorage = storage(50, 7);
    let vec: VecStorage = storage(50, 7);
    for limit in [0, 4096] {
        server_answer(&prefix, limit, data);
        server_answer(&vec, limit, data);
        client_answer(&prefix, limit, data);
    }
}

/// The server role: the header picks the storage and frame limit, the rest is the message.
pub fn server(data: &[u8]) {
    let (size, limit, msg) = header(data);
    let s: PrefixStorage = storage(size, size as u64);
    server_answer(&s, limit, msg);
}

/// The client role: the header picks the storage and frame limit, the rest is a sequence
/// of server messages (each a little-endian u16 length and that many bytes), fed in order
/// until the client finishes or errs.
pub fn client(data: &[u8]) {
    let (size, limit, mut rest) = header(data);
    let s: PrefixStorage = storage(size, size as u64);
    let mut c = Client::new(&s, limit).expect("limits of the table are valid");
    let mut out = Vec::new();
    c.initiate(&mut out).expect("a fresh client initiates");
    let sentinel = Id([0xee; 32]);
    let (mut have, mut need) = (vec![sentinel], vec![sentinel]);
    while let [lo, hi, tail @ ..] = rest {
        let len = usize::from(u16::from_le_bytes([*lo, *hi])).min(tail.len());
        let (msg, tail) = tail.split_at(len);
        rest = tail;
        let (have_len, need_len) = (have.len(), need.len());
        match c.reconcile(msg, &mut out, &mut have, &mut need) {
            Ok(ClientStep::Send) => check_limit(limit, &out),
            Ok(ClientStep::Done) => break,
            Err(_) => {
                assert_eq!((have.len(), need.len()), (have_len, need_len));
                assert_eq!((have[0], need[0]), (sentinel, sentinel));
                break;
            }
        }
    }
}

/// A whole session between two storages drawn from the input: both sides take items from
/// one pool (a byte per pool item says client, server or both), run to completion under the
/// header's frame limit, and the client's `have` / `need` must be the true differences.
pub fn session(data: &[u8]) {
    let (_, limit, rest) = header(data);
    let mut state = 0x5eed_u64;
    let mut ours: PrefixStorage = PrefixStorage::new();
    let mut theirs: PrefixStorage = PrefixStorage::new();
    let (mut want_have, mut want_need) = (Vec::new(), Vec::new());
    for (i, b) in rest.iter().take(400).enumerate() {
        let id = random_id(&mut state);
        let timestamp = u64::from(b >> 2) + (i as u64 % 3);
        let side = b & 3;
        if side != 1 {
            ours.insert(timestamp, id).expect("filling");
        }
        if side != 0 {
            theirs.insert(timestamp, id).expect("filling");
        }
        match side {
            0 => want_have.push(id),
            1 => want_need.push(id),
            _ => {}
        }
    }
    ours.seal().expect("seals once");
    theirs.seal().expect("seals once");
    let mut c = Client::new(&ours, limit).expect("valid limit");
    let mut s = Server::new(&theirs, limit).expect("valid limit");
    let (mut up, mut down, mut have, mut need) = (Vec::new(), Vec::new(), Vec::new(), Vec::new());
    c.initiate(&mut up).expect("fresh client");
    for _ in 0..1000 {
        check_limit(limit, &up);
        s.reconcile(&up, &mut down)
            .expect("valid messages between two sessions");
        check_limit(limit, &down);
        let step = c
            .reconcile(&down, &mut up, &mut have, &mut need)
            .expect("valid messages between two sessions");
        if step == ClientStep::Done {
            for v in [&mut have, &mut need, &mut want_have, &mut want_need] {
                v.sort_unstable();
                v.dedup();
            }
            assert_eq!(have, want_have, "have");
            assert_eq!(need, want_need, "need");
            return;
        }
    }
    panic!("session did not finish in 1000 rounds");
}

fn check_limit(limit: u64, msg: &[u8]) {
    if limit != 0 {
        assert!(
            msg.len() as u64 <= limit,
            "message over the frame size limit"
        );
    }
}

fn server_answer<S: Storage>(s: &S, limit: u64, msg: &[u8]) {
    let mut server = Server::new(s, limit).expect("limits of the table are valid");
    let mut out = Vec::new();
    if server.reconcile(msg, &mut out).is_ok() {
        check_limit(limit, &out);
    }
}

fn client_answer<S: Storage>(s: &S, limit: u64, msg: &[u8]) {
    let mut c = Client::new(s, limit).expect("limits of the table are valid");
    let mut out = Vec::new();
    c.initiate(&mut out).expect("a fresh client initiates");
    let sentinel = Id([0xee; 32]);
    let (mut have, mut need) = (vec![sentinel], vec![sentinel]);
    if c.reconcile(msg, &mut out, &mut have, &mut need).is_err() {
        assert_eq!((have, need), (vec![sentinel], vec![sentinel]));
    }
}
