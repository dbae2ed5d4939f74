//! Heap allocations of the seed's scenario, counted exactly by this binary's allocator.
//!
//! Only allocations made on the test's own thread while counting is switched on are
//! counted, so the test harness's threads do not disturb the figures.

use std::alloc::{GlobalAlloc, Layout, System};
use std::cell::Cell;
use std::sync::Mutex;

use set_reconcile::scenario::{
    build_storage, client_build_and_reconcile, record_relay_replies, RelayReplies, Scenario,
    ScenarioSpec,
};
use set_reconcile::{
    CarryChain, Client, ClientStep, InPlace, PrefixStorage, ScratchVec, Server, Storage, VecStorage,
};

struct CountingAllocator;

thread_local! {
    static COUNTING: Cell<bool> = const { Cell::new(false) };
    static ALLOCATIONS: Cell<u64> = const { Cell::new(0) };
    static LARGEST: Cell<usize> = const { Cell::new(0) };
}

fn note(size: usize) {
    // `try_with`: the thread-locals may already be gone while a thread shuts down.
    let _ = COUNTING.try_with(|counting| {
        if counting.get() {
            let _ = ALLOCATIONS.try_with(|count| count.set(count.get() + 1));
            let _ = LARGEST.try_with(|largest| largest.set(largest.get().max(size)));
        }
    });
}

// SAFETY: every call is forwarded unchanged to the system allocator; counting only reads and
// writes const-initialised thread-locals, which never allocate.
unsafe impl GlobalAlloc for CountingAllocator {
    unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
        note(layout.size());
        // SAFETY: same contract as ours.
        unsafe { System.alloc(layout) }
    }

    unsafe fn alloc_zeroed(&self, layout: Layout) -> *mut u8 {
        note(layout.size());
        // SAFETY: same contract as ours.
        unsafe { System.alloc_zeroed(layout) }
    }

    unsafe fn realloc(&self, ptr: *mut u8, layout: Layout, new_size: usize) -> *mut u8 {
        note(new_size);
        // SAFETY: same contract as ours.
        unsafe { System.realloc(ptr, layout, new_size) }
    }

    unsafe fn dealloc(&self, ptr: *mut u8, layout: Layout) {
        // SAFETY: same contract as ours.
        unsafe { System.dealloc(ptr, layout) }
    }
}

#[global_allocator]
static ALLOCATOR: CountingAllocator = CountingAllocator;

/// Allocations (and the largest one, in bytes) made by `run` on this thread.
fn count<T>(run: impl FnOnce() -> T) -> (u64, usize, T) {
    ALLOCATIONS.with(|count| count.set(0));
    LARGEST.with(|largest| largest.set(0));
    COUNTING.with(|counting| counting.set(true));
    let value = run();
    COUNTING.with(|counting| counting.set(false));
    (ALLOCATIONS.with(Cell::get), LARGEST.with(Cell::get), value)
}

/// The scenario is built once and shared (debug builds take a moment for 210,000 items).
static SEED_SCENARIO: Mutex<Option<(Scenario, RelayReplies)>> = Mutex::new(None);

fn with_seed_scenario<T>(run: impl FnOnce(&Scenario, &RelayReplies) -> T) -> T {
    let mut guard = SEED_SCENARIO
        .lock()
        .unwrap_or_else(|poison| poison.into_inner());
    let (scenario, replies) = guard.get_or_insert_with(|| {
        let scenario = Scenario::generate(ScenarioSpec::SEED);
        let relay: PrefixStorage = build_storage(&scenario.relay).unwrap();
        let replies = record_relay_replies(&scenario.client, &relay, 0).unwrap();
        (scenario, replies)
    });
    run(scenario, replies)
}

/// The best storage's client: 100,000 items inserted and sealed, initiate, every reply.
///
/// The exact figure, by source (deterministic: same items, same replies, same growth):
/// - 2: the item `Vec` (sized up front) and the prefix sums;
/// - 14: the client's output buffer, reused across rounds, doubling from 8 bytes to the
///   largest message (~80 KB: 4,096 fingerprints);
/// - 13: `need` doubling from 4 to 16,384 ids (10,000 needed).
///
/// Sorting, hashing and fingerprinting allocate nothing; the relay's id lists (under 64 ids
/// here) are matched in a table on the stack; `have` stays empty.
const BEST_CLIENT_ALLOCATIONS: u64 = 29;

#[test]
fn client_build_and_reconcile_allocates_at_most_100_times() {
    with_seed_scenario(|scenario, replies| {
        let (allocations, _, outcome) = count(|| {
            client_build_and_reconcile::<PrefixStorage<CarryChain>>(&scenario.client, replies)
                .unwrap()
        });
        assert_eq!((outcome.have, outcome.need), (0, 10_000));
        assert!(allocations <= 100, "{allocations} allocations");
        assert_eq!(allocations, BEST_CLIENT_ALLOCATIONS);

        // The in-place accumulator behaves the same (the accumulator never allocates).
        let (in_place, _, _) = count(|| {
            client_build_and_reconcile::<PrefixStorage<InPlace>>(&scenario.client, replies).unwrap()
        });
        assert_eq!(in_place, BEST_CLIENT_ALLOCATIONS);
    });
}

#[test]
fn scratch_vec_allocates_once_per_add() {
    with_seed_scenario(|scenario, replies| {
        let (in_place, _, _) = count(|| {
            client_build_and_reconcile::<PrefixStorage<InPlace>>(&scenario.client, replies).unwrap()
        });
        let (scratch, _, _) = count(|| {
            client_build_and_reconcile::<PrefixStorage<ScratchVec>>(&scenario.client, replies)
                .unwrap()
        });
        // A prefix storage adds each of the 100,000 ids exactly once, at seal.
        assert_eq!(scratch - in_place, 100_000);

        // A vector storage adds ids again for every fingerprint it computes.
        let (vec_in_place, _, _) = count(|| {
            client_build_and_reconcile::<VecStorage<InPlace>>(&scenario.client, replies).unwrap()
        });
        let (vec_scratch, _, _) = count(|| {
            client_build_and_reconcile::<VecStorage<ScratchVec>>(&scenario.client, replies).unwrap()
        });
        eprintln!(
            "client build and reconcile allocations: prefix/in-place {in_place}, \
             prefix/scratch-vec {scratch}, vec/in-place {vec_in_place}, \
             vec/scratch-vec {vec_scratch}"
        );
        assert_eq!(vec_in_place, in_place - 1, "no prefix sums");
        assert!(
            vec_scratch - vec_in_place > 200_000,
            "{vec_scratch} - {vec_in_place}"
        );
    });
}

#[test]
fn a_peer_cannot_make_us_allocate_beyond_its_message() {
    let mut storage = PrefixStorage::<CarryChain>::new();
    for index in 0..100u8 {
        storage
            .insert(index as u64, set_reconcile::Id([index; 32]))
            .unwrap();
    }
    storage.seal().unwrap();
    let mut server = Server::new(&storage, 0).unwrap();
    let mut client = Client::new(&storage, 0).unwrap();
    let mut out = Vec::with_capacity(64 * 1024);
    let mut first = Vec::new();
    client.initiate(&mut first).unwrap();
    let (mut have, mut need) = (Vec::with_capacity(1024), Vec::with_capacity(1024));

    // An id list claiming 2^62 ids, followed by none; and one claiming 2^20 ids with 64 bytes.
    let absurd: [&[u8]; 2] = [
        &[
            0x61, 0x00, 0x00, 0x02, 0xc0, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x00,
        ],
        &[
            0x61, 0x00, 0x00, 0x02, 0xc0, 0x80, 0x00, 0x01, 0x02, 0x03, 0x04, 0x05, 0x06, 0x07,
            0x08, 0x09, 0x0a, 0x0b, 0x0c, 0x0d, 0x0e, 0x0f, 0x10, 0x11, 0x12, 0x13, 0x14, 0x15,
            0x16, 0x17, 0x18, 0x19, 0x1a, 0x1b, 0x1c, 0x1d, 0x1e, 0x1f, 0x20, 0x21, 0x22, 0x23,
            0x24, 0x25, 0x26, 0x27, 0x28, 0x29, 0x2a, 0x2b, 0x2c, 0x2d, 0x2e, 0x2f, 0x30, 0x31,
            0x32, 0x33, 0x34, 0x35, 0x36, 0x37, 0x38, 0x39, 0x3a, 0x3b, 0x3c, 0x3d, 0x3e, 0x3f,
        ],
    ];
    for msg in absurd {
        let (allocations, largest, result) = count(|| server.reconcile(msg, &mut out));
        assert!(result.is_err());
        assert_eq!((allocations, largest), (0, 0));
        let (allocations, largest, result) =
            count(|| client.reconcile(msg, &mut out, &mut have, &mut need));
        assert!(result.is_err());
        assert_eq!((allocations, largest), (0, 0));
    }

    // A valid id list: the client's scratch grows to the list's length, not beyond.
    let mut msg = vec![0x61, 0x00, 0x00, 0x02, 0x64];
    for index in 0..100u8 {
        msg.extend_from_slice(&[index.wrapping_add(50); 32]);
    }
    let (_, largest, result) = count(|| client.reconcile(&msg, &mut out, &mut have, &mut need));
    assert_eq!(result, Ok(ClientStep::Done));
    assert!(largest <= msg.len(), "largest allocation {largest} bytes");
}
