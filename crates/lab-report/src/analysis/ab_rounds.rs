//! The measuring loop of `cargo xtask ab` and `--peer-path`, independent of how a process
//! is run (xtask's `commands/ab_pair.rs` runs them): for each
//! benchmark both revisions have, R rounds of three processes (A, a second A, B) in a
//! fresh random order; a process that fails is retried once, then the benchmark is
//! reported as failed and the next one measured. The process-running is behind
//! [`Runner`], so the tests drive the loop with a fake one.

use super::ab::{self, Round, Split};
use crate::error::Result;
use lab_record::sequential::Design;
use lab_record::{AbFailed, AbRow};
use set_reconcile::splitmix::splitmix64;

/// Which process of a round.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Side {
    A,
    /// The A/A control: A's binary in another process.
    AControl,
    B,
}

impl Side {
    pub fn name(self) -> &'static str {
        match self {
            Side::A => "A",
            Side::AControl => "A (control)",
            Side::B => "B",
        }
    }
}

/// Runs one benchmark of one side in a fresh process: criterion's estimate, ns per
/// iteration, or why it failed.
pub trait Runner {
    fn time(&mut self, side: Side, criterion_id: &str) -> std::result::Result<f64, String>;
}

/// The rounds' random order (and the tests' noise): the workspace's one SplitMix64
/// ([`set_reconcile::splitmix`]).
pub struct Rng(u64);

impl Rng {
    /// Seeded: the same order (and noise) every time.
    pub fn new(seed: u64) -> Self {
        Rng(seed)
    }

    /// Seeded from the clock and the process id.
    pub fn from_time() -> Self {
        let nanos = std::time::SystemTime::now()
            .duration_since(std::time::UNIX_EPOCH)
            .map(|d| d.as_nanos() as u64)
            .unwrap_or(0);
        Rng(nanos ^ (u64::from(std::process::id()) << 32))
    }

    pub fn next_u64(&mut self) -> u64 {
        splitmix64(&mut self.0)
    }

    /// Uniform in [0, 1).
    pub fn next_f64(&mut self) -> f64 {
        (self.next_u64() >> 11) as f64 / (1u64 << 53) as f64
    }

    /// A, A' and B in a uniformly random order (Fisher–Yates).
    pub fn order(&mut self) -> [Side; 3] {
        let mut sides = [Side::A, Side::AControl, Side::B];
        for i in (1..sides.len()).rev() {
            let j = (self.next_u64() % (i as u64 + 1)) as usize;
            sides.swap(i, j);
        }
        sides
    }
}

/// What was measured so far.
#[derive(Debug, Default)]
pub struct Tally {
    pub rows: Vec<AbRow>,
    pub failed: Vec<AbFailed>,
    pub interrupted: bool,
}

/// How the loop talks to its caller: whether to stop (Ctrl-C), where progress lines go,
/// and what to do after each benchmark (write the partial ab.json).
pub struct Hooks<'a> {
    pub stop: &'a dyn Fn() -> bool,
    pub progress: &'a mut dyn FnMut(&str),
    pub saved: &'a mut dyn FnMut(&Tally) -> Result<()>,
}

/// Measures every benchmark of `split.common`, `rounds` rounds each, each row decided by
/// `design` ([`ab::row`]): for `ab` and `--peer-path`, bench-all's paired design for the
/// profile of the processes with one look at `rounds` ([`Design::one_look`]: the rounds
/// never stop early, so the whole error rate is spent there).
pub fn measure_all(
    split: &Split,
    rounds: u32,
    design: &Design,
    runner: &mut dyn Runner,
    rng: &mut Rng,
    hooks: &mut Hooks,
) -> Result<Tally> {
    let mut tally = Tally::default();
    let total = split.common.len();
    for (i, id) in split.common.iter().enumerate() {
        if (hooks.stop)() {
            tally.interrupted = true;
            tally
                .failed
                .push(failed(id, "interrupted before it ran".into()));
            continue;
        }
        let at = Position {
            n: i + 1,
            total,
            rounds,
        };
        match measure_one(id, at, design, runner, rng, hooks) {
            Ok(row) => tally.rows.push(row),
            Err(reason) => tally.failed.push(failed(id, reason)),
        }
        tally.interrupted |= (hooks.stop)();
        (hooks.saved)(&tally)?;
    }
    Ok(tally)
}

fn failed(id: &str, reason: String) -> AbFailed {
    AbFailed {
        criterion_id: id.to_string(),
        reason,
    }
}

/// Where the loop is, for the progress line.
#[derive(Clone, Copy)]
struct Position {
    n: usize,
    total: usize,
    rounds: u32,
}

/// One benchmark's rounds; its row, or why it has none. Interrupted after two or more
/// whole rounds, the row keeps the rounds it has.
fn measure_one(
    id: &str,
    at: Position,
    design: &Design,
    runner: &mut dyn Runner,
    rng: &mut Rng,
    hooks: &mut Hooks,
) -> std::result::Result<AbRow, String> {
    let mut done = Vec::new();
    for r in 1..=at.rounds {
        if (hooks.stop)() {
            break;
        }
        (hooks.progress)(&format!(
            "[{}/{}] {id} round {r}/{}",
            at.n, at.total, at.rounds
        ));
        match one_round(id, runner, rng, hooks.stop) {
            Ok(round) => done.push(round),
            Err(_) if (hooks.stop)() => break,
            Err(reason) => return Err(reason),
        }
    }
    ab::row(id, &done, design).ok_or_else(|| match (hooks.stop)() {
        true => format!("interrupted after {} whole rounds", done.len()),
        false => "fewer than two rounds, or a time that is not positive".to_string(),
    })
}

/// Three processes in a random order; each failing process is retried once.
fn one_round(
    id: &str,
    runner: &mut dyn Runner,
    rng: &mut Rng,
    stop: &dyn Fn() -> bool,
) -> std::result::Result<Round, String> {
    let mut round = Round {
        a: 0.0,
        a2: 0.0,
        b: 0.0,
    };
    for side in rng.order() {
        let ns = runner.time(side, id).or_else(|first| {
            if stop() {
                return Err(first);
            }
            runner.time(side, id).map_err(|second| {
                format!(
                    "{} failed twice: {second} (first try: {first})",
                    side.name()
                )
            })
        })?;
        match side {
            Side::A => round.a = ns,
            Side::AControl => round.a2 = ns,
            Side::B => round.b = ns,
        }
    }
    Ok(round)
}
