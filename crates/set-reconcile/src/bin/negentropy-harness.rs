//! Line-protocol harness for the negentropy reference test suite
//! (<https://github.com/hoytech/negentropy/tree/master/test>), so hashlab's implementation
//! can run in that suite beside the others.
//!
//! Environment: `FRAMESIZELIMIT` (0 or unset = none, otherwise at least 4096).
//!
//! Input lines (stdin); empty lines are ignored:
//! - `item,<timestamp>,<64 hex digits>`: add an item (before `seal`);
//! - `seal`: seal the storage; the session starts;
//! - `initiate`: act as the client and print the first message;
//! - `msg,<hex>` (hex may be empty): a peer message. As the client, print the `have,<id>`
//!   and `need,<id>` lines it yields, then `done` or the next `msg,<hex>`; as the server,
//!   print the answer `msg,<hex>`.
//!
//! Each id is printed at most once per session: under a frame size limit the protocol can
//! report an id in two rounds (the `negentropy` crate does too), and the suite's `fuzz.pl`
//! rejects a repeated `have` / `need` line.
//!
//! Any bad line (unknown command, wrong field count, bad number or hex, a protocol error,
//! a message over the frame limit) prints `negentropy-harness: line N: <reason>` on stderr
//! and exits with status 1.

use std::collections::HashSet;
use std::io::{self, BufRead, BufWriter, Write};
use std::process::ExitCode;

use set_reconcile::{Client, ClientStep, Id, PrefixStorage, ProtocolError, Server, Storage};

type HarnessStorage = PrefixStorage<set_reconcile::CarryChain>;

/// A failure, with the line it happened on (0 = before any line).
struct Failure {
    line: usize,
    reason: String,
}

fn fail<T>(line: usize, reason: impl ToString) -> Result<T, Failure> {
    Err(Failure {
        line,
        reason: reason.to_string(),
    })
}

fn parse_hex(hex: &str) -> Result<Vec<u8>, String> {
    if !hex.len().is_multiple_of(2) {
        return Err(format!("odd number of hex digits ({})", hex.len()));
    }
    hex.as_bytes()
        .chunks_exact(2)
        .map(|pair| {
            let text = std::str::from_utf8(pair).map_err(|_| "non-ASCII hex".to_string())?;
            u8::from_str_radix(text, 16).map_err(|_| format!("bad hex digits {text:?}"))
        })
        .collect()
}

fn write_hex(out: &mut impl Write, bytes: &[u8]) -> io::Result<()> {
    for byte in bytes {
        write!(out, "{byte:02x}")?;
    }
    Ok(())
}

enum Role<'s> {
    Undecided,
    Client(Box<Client<'s, HarnessStorage>>),
    Server(Server<'s, HarnessStorage>),
}

fn frame_size_limit() -> Result<u64, Failure> {
    match std::env::var("FRAMESIZELIMIT") {
        Ok(text) if text.trim().is_empty() => Ok(0),
        Ok(text) => text
            .trim()
            .parse()
            .or_else(|_| fail(0, format!("FRAMESIZELIMIT is not a number: {text:?}"))),
        Err(std::env::VarError::NotPresent) => Ok(0),
        Err(error) => fail(0, format!("FRAMESIZELIMIT: {error}")),
    }
}

fn run() -> Result<(), Failure> {
    let limit = frame_size_limit()?;
    let stdin = io::stdin();
    let mut lines = stdin.lock().lines().enumerate();
    let mut out = BufWriter::new(io::stdout().lock());
    let io_error = |line: usize| {
        move |error: io::Error| Failure {
            line,
            reason: format!("I/O error: {error}"),
        }
    };

    // Phase 1: items until `seal`.
    let mut storage = HarnessStorage::new();
    let mut sealed_at = None;
    for (index, line) in lines.by_ref() {
        let number = index + 1;
        let line = line.map_err(io_error(number))?;
        let line = line.trim_end_matches('\r');
        if line.is_empty() {
            continue;
        }
        let fields: Vec<&str> = line.split(',').collect();
        match fields[0] {
            "item" => {
                if fields.len() != 3 {
                    return fail(number, format!("item needs 3 fields, got {}", fields.len()));
                }
                let timestamp: u64 = match fields[1].parse() {
                    Ok(timestamp) => timestamp,
                    Err(_) => return fail(number, format!("bad timestamp {:?}", fields[1])),
                };
                let id = Id::from_hex(fields[2]).or_else(|error| fail(number, error))?;
                storage
                    .insert(timestamp, id)
                    .or_else(|error| fail(number, error))?;
            }
            "seal" => {
                storage.seal().or_else(|error| fail(number, error))?;
                // The session starts here, so a bad limit fails here (as in the C++ harness).
                if limit != 0 && limit < set_reconcile::MIN_FRAME_SIZE_LIMIT {
                    return fail(number, ProtocolError::FrameSizeLimitTooSmall(limit));
                }
                sealed_at = Some(number);
                break;
            }
            command => return fail(number, format!("{command:?} before seal")),
        }
    }
    let Some(sealed_at) = sealed_at else {
        return Ok(());
    };

    // Phase 2: the session.
    let storage = &storage;
    let mut role = Role::Undecided;
    let mut message = Vec::new();
    let mut answer = Vec::new();
    let (mut have, mut need) = (Vec::new(), Vec::new());
    let (mut printed_have, mut printed_need) = (HashSet::new(), HashSet::new());
    for (index, line) in lines {
        let number = index + 1;
        let line = line.map_err(io_error(number))?;
        let line = line.trim_end_matches('\r');
        if line.is_empty() {
            continue;
        }
        let (command, argument) = match line.split_once(',') {
            Some((command, argument)) => (command, Some(argument)),
            None => (line, None),
        };
        match command {
            "initiate" if argument.is_none() => {
                if !matches!(role, Role::Undecided) {
                    return fail(number, "initiate after the session started");
                }
                let mut client =
                    Box::new(Client::new(storage, limit).or_else(|error| fail(number, error))?);
                client
                    .initiate(&mut answer)
                    .or_else(|error| fail(number, error))?;
                if limit != 0 && answer.len() as u64 > limit {
                    return fail(
                        number,
                        format!(
                            "initiate message over the frame limit: {} > {limit}",
                            answer.len()
                        ),
                    );
                }
                role = Role::Client(client);
                write!(out, "msg,").map_err(io_error(number))?;
                write_hex(&mut out, &answer).map_err(io_error(number))?;
                writeln!(out).map_err(io_error(number))?;
            }
            "msg" => {
                message.clear();
                let hex = argument.unwrap_or("");
                message.extend(parse_hex(hex).or_else(|error| fail(number, error))?);
                if matches!(role, Role::Undecided) {
                    role = Role::Server(
                        Server::new(storage, limit).or_else(|error| fail(number, error))?,
                    );
                }
                match &mut role {
                    Role::Client(client) => {
                        have.clear();
                        need.clear();
                        let step = client
                            .reconcile(&message, &mut answer, &mut have, &mut need)
                            .or_else(|error| fail(number, error))?;
                        for id in have.iter().filter(|id| printed_have.insert(**id)) {
                            writeln!(out, "have,{id}").map_err(io_error(number))?;
                        }
                        for id in need.iter().filter(|id| printed_need.insert(**id)) {
                            writeln!(out, "need,{id}").map_err(io_error(number))?;
                        }
                        if step == ClientStep::Done {
                            writeln!(out, "done").map_err(io_error(number))?;
                            out.flush().map_err(io_error(number))?;
                            continue;
                        }
                    }
                    Role::Server(server) => {
                        server
                            .reconcile(&message, &mut answer)
                            .or_else(|error| fail(number, error))?;
                    }
                    Role::Undecided => unreachable!("role decided above"),
                }
                if limit != 0 && answer.len() as u64 > limit {
                    return fail(
                        number,
                        format!("message over the frame limit: {} > {limit}", answer.len()),
                    );
                }
                write!(out, "msg,").map_err(io_error(number))?;
                write_hex(&mut out, &answer).map_err(io_error(number))?;
                writeln!(out).map_err(io_error(number))?;
            }
            "item" | "seal" => {
                return fail(number, format!("{command} after seal (line {sealed_at})"));
            }
            _ => return fail(number, format!("unknown command {line:?}")),
        }
        out.flush().map_err(io_error(number))?;
    }
    out.flush().map_err(io_error(0))
}

fn main() -> ExitCode {
    match run() {
        Ok(()) => ExitCode::SUCCESS,
        Err(Failure { line: 0, reason }) => {
            eprintln!("negentropy-harness: {reason}");
            ExitCode::FAILURE
        }
        Err(Failure { line, reason }) => {
            eprintln!("negentropy-harness: line {line}: {reason}");
            ExitCode::FAILURE
        }
    }
}
