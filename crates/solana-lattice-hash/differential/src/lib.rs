//! The drop-in `solana-lattice-hash` against the released crate, call for call.
//!
//! A [`Case`] is a sequence of [`Op`]s on a `batch::Accumulator`; [`run`] applies it to
//! both crates' accumulators and compares, at every `take_lt_hash` and at the end, the
//! `LtHash` elements, its `Checksum`, and their `Display` texts, plus each message's own
//! `LtHash::with`, `mix_out` and the builder-as-`SingleLtHashUpdater` path. [`random_case`]
//! draws cases for the long run (`src/main.rs`), [`fuzz`] decodes one from fuzzer bytes.

use std::fmt;

/// One call on an accumulator.
#[derive(Clone, Debug)]
pub enum Op {
    /// `add_message`.
    Whole(Vec<u8>),
    /// `start_message`, `add_part` at each cut (or `write_part` when `by_trait`), `finish`.
    Parts {
        message: Vec<u8>,
        cuts: Vec<usize>,
        by_trait: bool,
    },
    /// `start_message`, one `add_part`, dropped unfinished.
    Abandoned(Vec<u8>),
    /// `mix_in` of this message's `LtHash::with`.
    MixIn(Vec<u8>),
    /// `take_lt_hash`.
    Take,
}

/// A sequence of calls, ended by `into_lt_hash`.
pub type Case = Vec<Op>;

/// Where the two crates disagreed.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Mismatch {
    /// Index of the op (the case's length for the final `into_lt_hash`).
    pub op: usize,
    pub what: String,
}

impl fmt::Display for Mismatch {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "op {}: {}", self.op, self.what)
    }
}

fn with_released(message: &[u8]) -> released::lt_hash::LtHash {
    let mut h = blake3::Hasher::new();
    h.update(message);
    released::lt_hash::LtHash::with(&h)
}

fn with_dropin(message: &[u8]) -> dropin::lt_hash::LtHash {
    let mut h = blake3::Hasher::new();
    h.update(message);
    dropin::lt_hash::LtHash::with(&h)
}

/// Compares two results element for element, by checksum and by their texts.
fn compare(
    op: usize,
    what: &str,
    r: &released::lt_hash::LtHash,
    d: &dropin::lt_hash::LtHash,
) -> Result<(), Mismatch> {
    let fail = |detail: String| {
        Err(Mismatch {
            op,
            what: format!("{what}: {detail}"),
        })
    };
    if r.0 != d.0 {
        let i = (0..r.0.len()).find(|&i| r.0[i] != d.0[i]).unwrap_or(0);
        return fail(format!(
            "element {i}: released {:#06x}, drop-in {:#06x}",
            r.0[i], d.0[i]
        ));
    }
    let (rc, dc) = (r.checksum(), d.checksum());
    if rc.0 != dc.0 {
        return fail("checksums differ".into());
    }
    if rc.to_string() != dc.to_string() {
        return fail(format!("checksum texts: {rc} vs {dc}"));
    }
    if r.to_string() != d.to_string() {
        return fail("LtHash texts differ".into());
    }
    if format!("{r:?}") != format!("{d:?}") || format!("{rc:?}") != format!("{dc:?}") {
        return fail("Debug texts differ".into());
    }
    Ok(())
}

fn cut_points(len: usize, cuts: &[usize]) -> Vec<usize> {
    let mut points: Vec<usize> = cuts.iter().map(|c| c % (len + 1)).collect();
    points.sort_unstable();
    points.push(len);
    points
}

/// Applies `case` to both crates' accumulators and compares every result.
pub fn run(case: &[Op]) -> Result<(), Mismatch> {
    use dropin::lt_hash::SingleLtHashUpdater as _;
    use released::lt_hash::SingleLtHashUpdater as _;
    let mut r = released::batch::Accumulator::new();
    let mut d = dropin::batch::Accumulator::new();
    for (i, op) in case.iter().enumerate() {
        match op {
            Op::Whole(m) => {
                r.add_message(m);
                d.add_message(m);
            }
            Op::Parts {
                message,
                cuts,
                by_trait,
            } => {
                let mut rb = r.start_message();
                let mut db = d.start_message();
                let mut start = 0;
                for end in cut_points(message.len(), cuts) {
                    let part = &message[start..end];
                    if *by_trait {
                        rb.write_part(part);
                        db.write_part(part);
                    } else {
                        rb.add_part(part);
                        db.add_part(part);
                    }
                    start = end;
                }
                rb.finish();
                db.finish();
            }
            Op::Abandoned(m) => {
                r.start_message().add_part(m);
                d.start_message().add_part(m);
            }
            Op::MixIn(m) => {
                let (rw, dw) = (with_released(m), with_dropin(m));
                compare(i, "LtHash::with", &rw, &dw)?;
                let (mut ro, mut dout) = (rw.clone(), dw.clone());
                ro.mix_out(&with_released(b"out"));
                dout.mix_out(&with_dropin(b"out"));
                compare(i, "mix_out", &ro, &dout)?;
                r.mix_in(&rw);
                d.mix_in(&dw);
            }
            Op::Take => compare(i, "take_lt_hash", &r.take_lt_hash(), &d.take_lt_hash())?,
        }
    }
    compare(
        case.len(),
        "into_lt_hash",
        &r.into_lt_hash(),
        &d.into_lt_hash(),
    )
}

/// SplitMix64: the cases' random numbers.
#[derive(Clone, Debug)]
pub struct SplitMix(pub u64);

impl SplitMix {
    pub fn next_u64(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }

    /// Uniform in `0..n` (`n > 0`).
    pub fn below(&mut self, n: usize) -> usize {
        (self.next_u64() % n as u64) as usize
    }

    pub fn bytes(&mut self, len: usize) -> Vec<u8> {
        (0..len).map(|_| self.next_u64() as u8).collect()
    }
}

/// A message length: mostly under one chunk, some of a few chunks, a few up to 64 KiB,
/// with the block and chunk edges drawn often.
fn length(rng: &mut SplitMix) -> usize {
    const EDGES: [usize; 10] = [0, 1, 63, 64, 65, 1023, 1024, 1025, 2048, 65536];
    match rng.below(20) {
        0..=11 => rng.below(1025),
        12..=15 => 1025 + rng.below(4 * 1024),
        16 => rng.below(65537),
        _ => EDGES[rng.below(EDGES.len())],
    }
}

/// A random case of up to `max_ops` calls.
pub fn random_case(rng: &mut SplitMix, max_ops: usize) -> Case {
    let ops = rng.below(max_ops + 1);
    (0..ops)
        .map(|_| {
            let message = |rng: &mut SplitMix| {
                let len = length(rng);
                rng.bytes(len)
            };
            match rng.below(16) {
                0..=6 => Op::Whole(message(rng)),
                7..=11 => {
                    let m = message(rng);
                    let cuts = (0..rng.below(6)).map(|_| rng.next_u64() as usize).collect();
                    Op::Parts {
                        message: m,
                        cuts,
                        by_trait: rng.below(2) == 0,
                    }
                }
                12 => Op::Abandoned(message(rng)),
                13 | 14 => Op::MixIn(message(rng)),
                _ => Op::Take,
            }
        })
        .collect()
}

/// The fuzz body: the input decoded into a case (each op: a kind byte, a two-byte length,
/// a seed byte for its bytes and cuts), run on both crates; a disagreement panics.
pub fn fuzz(data: &[u8]) {
    let mut case = Vec::new();
    for op in data.chunks_exact(4).take(64) {
        let len = usize::from(u16::from_le_bytes([op[1], op[2]]));
        // Lengths above 4 KiB are rare in accounts: fold most of them below it.
        let len = if op[0] & 0x80 == 0 { len % 4097 } else { len };
        let mut rng = SplitMix(u64::from(op[3]) | (len as u64) << 8);
        let message = rng.bytes(len);
        case.push(match op[0] % 6 {
            0 | 1 => Op::Whole(message),
            2 => Op::Parts {
                cuts: (0..op[3] % 5).map(|_| rng.next_u64() as usize).collect(),
                message,
                by_trait: op[0] & 0x40 != 0,
            },
            3 => Op::Abandoned(message),
            4 => Op::MixIn(message),
            _ => Op::Take,
        });
    }
    if let Err(m) = run(&case) {
        panic!("the drop-in differs from the released crate: {m}");
    }
}
