//! End-to-end test of the `negentropy-harness` binary: spawned as the reference test suite
//! spawns harnesses, driven line by line against the `negentropy` crate in both roles.

use std::collections::BTreeSet;
use std::io::{BufRead, BufReader, Write};
use std::process::{Child, ChildStdin, ChildStdout, Command, Stdio};

use negentropy::{Id as RefId, Negentropy, NegentropyStorageVector};
use set_reconcile::splitmix::splitmix64;

struct Harness {
    child: Child,
    stdin: ChildStdin,
    stdout: BufReader<ChildStdout>,
}

impl Harness {
    fn spawn(frame_size_limit: Option<u64>) -> Harness {
        let mut command = Command::new(env!("CARGO_BIN_EXE_negentropy-harness"));
        command
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped());
        match frame_size_limit {
            Some(limit) => command.env("FRAMESIZELIMIT", limit.to_string()),
            None => command.env_remove("FRAMESIZELIMIT"),
        };
        let mut child = command.spawn().expect("spawn harness");
        let stdin = child.stdin.take().unwrap();
        let stdout = BufReader::new(child.stdout.take().unwrap());
        Harness {
            child,
            stdin,
            stdout,
        }
    }

    fn send(&mut self, line: &str) {
        writeln!(self.stdin, "{line}").unwrap();
        self.stdin.flush().unwrap();
    }

    fn read_line(&mut self) -> String {
        let mut line = String::new();
        self.stdout.read_line(&mut line).unwrap();
        line.trim_end().to_string()
    }
}

fn hex(bytes: &[u8]) -> String {
    bytes.iter().map(|byte| format!("{byte:02x}")).collect()
}

fn unhex(text: &str) -> Vec<u8> {
    (0..text.len())
        .step_by(2)
        .map(|at| u8::from_str_radix(&text[at..at + 2], 16).unwrap())
        .collect()
}

struct Sets {
    ours: Vec<(u64, [u8; 32])>,
    theirs: Vec<(u64, [u8; 32])>,
}

/// Like the suite's fuzz.pl: shared items, and items on one side only (`one_sided` tenths
/// of the items on each side alone).
fn sets(size: usize, seed: u64, one_sided: u64) -> Sets {
    let mut state = seed;
    let (mut ours, mut theirs) = (Vec::new(), Vec::new());
    for _ in 0..size {
        let mut id = [0u8; 32];
        for chunk in id.chunks_exact_mut(8) {
            chunk.copy_from_slice(&splitmix64(&mut state).to_le_bytes());
        }
        let item = (1_677_970_534 + splitmix64(&mut state) % size as u64, id);
        match splitmix64(&mut state) % 10 {
            roll if roll < one_sided => ours.push(item),
            roll if roll < 2 * one_sided => theirs.push(item),
            _ => {
                ours.push(item);
                theirs.push(item);
            }
        }
    }
    Sets { ours, theirs }
}

fn reference_storage(items: &[(u64, [u8; 32])]) -> NegentropyStorageVector {
    let mut storage = NegentropyStorageVector::new();
    for &(timestamp, id) in items {
        storage
            .insert(timestamp, RefId::from_byte_array(id))
            .unwrap();
    }
    storage.seal().unwrap();
    storage
}

fn load(harness: &mut Harness, items: &[(u64, [u8; 32])]) {
    for (timestamp, id) in items {
        harness.send(&format!("item,{timestamp},{}", hex(id)));
    }
    harness.send("");
    harness.send("seal");
}

fn ids(items: &[(u64, [u8; 32])]) -> BTreeSet<String> {
    items.iter().map(|(_, id)| hex(id)).collect()
}

/// The harness as the client, the reference crate as the server.
fn harness_as_client(size: usize, seed: u64, one_sided: u64, limit: u64) {
    let sets = sets(size, seed, one_sided);
    let mut harness = Harness::spawn((limit != 0).then_some(limit));
    load(&mut harness, &sets.ours);
    let server_storage = reference_storage(&sets.theirs);
    let mut server = Negentropy::borrowed(&server_storage, limit).unwrap();
    let (mut have, mut need) = (BTreeSet::new(), BTreeSet::new());

    harness.send("initiate");
    let mut line = harness.read_line();
    loop {
        let msg = line.strip_prefix("msg,").expect("a message");
        if limit != 0 {
            assert!(msg.len() as u64 / 2 <= limit);
        }
        let reply = server.reconcile(&unhex(msg)).unwrap();
        harness.send(&format!("msg,{}", hex(&reply)));
        loop {
            line = harness.read_line();
            // Like the suite's fuzz.pl: a repeated line is a failure.
            if let Some(id) = line.strip_prefix("have,") {
                assert!(have.insert(id.to_string()), "have,{id} printed twice");
            } else if let Some(id) = line.strip_prefix("need,") {
                assert!(need.insert(id.to_string()), "need,{id} printed twice");
            } else {
                break;
            }
        }
        if line == "done" {
            break;
        }
    }
    let (ours, theirs) = (ids(&sets.ours), ids(&sets.theirs));
    assert_eq!(have, ours.difference(&theirs).cloned().collect());
    assert_eq!(need, theirs.difference(&ours).cloned().collect());
    drop(harness.stdin);
    assert!(harness.child.wait().unwrap().success());
}

/// The reference crate as the client, the harness as the server.
fn harness_as_server(size: usize, seed: u64, one_sided: u64, limit: u64) {
    let sets = sets(size, seed, one_sided);
    let mut harness = Harness::spawn((limit != 0).then_some(limit));
    load(&mut harness, &sets.theirs);
    let client_storage = reference_storage(&sets.ours);
    let mut client = Negentropy::borrowed(&client_storage, limit).unwrap();
    let (mut have, mut need) = (Vec::new(), Vec::new());

    let mut msg = client.initiate().unwrap();
    loop {
        harness.send(&format!("msg,{}", hex(&msg)));
        let line = harness.read_line();
        let reply = unhex(line.strip_prefix("msg,").expect("a message"));
        match client
            .reconcile_with_ids(&reply, &mut have, &mut need)
            .unwrap()
        {
            Some(next) => msg = next,
            None => break,
        }
    }
    let have: BTreeSet<String> = have.iter().map(|id| hex(id.as_bytes())).collect();
    let need: BTreeSet<String> = need.iter().map(|id| hex(id.as_bytes())).collect();
    let (ours, theirs) = (ids(&sets.ours), ids(&sets.theirs));
    assert_eq!(have, ours.difference(&theirs).cloned().collect());
    assert_eq!(need, theirs.difference(&ours).cloned().collect());
    drop(harness.stdin);
    assert!(harness.child.wait().unwrap().success());
}

#[test]
fn harness_client_round_trips_against_reference_server() {
    harness_as_client(2_000, 1, 1, 0);
    harness_as_client(2_000, 2, 1, 4096);
    // Disjoint halves under a frame limit: the protocol reports some ids in two rounds,
    // and the harness must print each once.
    harness_as_client(2_000, 2, 5, 4096);
    harness_as_client(0, 3, 1, 0);
}

#[test]
fn harness_server_round_trips_against_reference_client() {
    harness_as_server(2_000, 4, 1, 0);
    harness_as_server(2_000, 5, 1, 4096);
    harness_as_server(2_000, 2, 5, 4096);
    harness_as_server(1, 6, 1, 0);
}

#[test]
fn harness_answers_unknown_version_with_its_own() {
    let mut harness = Harness::spawn(None);
    harness.send(&format!("item,12345,{}", "ee".repeat(32)));
    harness.send("seal");
    harness.send("msg,62aabbccddeeff");
    assert_eq!(harness.read_line(), "msg,61");
    harness.send("msg,6100000200");
    // Full range, empty id list: the server lists its one id.
    assert_eq!(
        harness.read_line(),
        format!("msg,61000002{}{}", "01", "ee".repeat(32))
    );
    drop(harness.stdin);
    assert!(harness.child.wait().unwrap().success());
}

fn run_script(script: &str, limit: Option<&str>) -> (bool, String, String) {
    let mut command = Command::new(env!("CARGO_BIN_EXE_negentropy-harness"));
    command
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped());
    match limit {
        Some(limit) => command.env("FRAMESIZELIMIT", limit),
        None => command.env_remove("FRAMESIZELIMIT"),
    };
    let mut child = command.spawn().unwrap();
    // The harness may exit at a bad line before reading the rest: a broken pipe is fine.
    let _ = child.stdin.take().unwrap().write_all(script.as_bytes());
    let output = child.wait_with_output().unwrap();
    (
        output.status.success(),
        String::from_utf8_lossy(&output.stdout).into_owned(),
        String::from_utf8_lossy(&output.stderr).into_owned(),
    )
}

#[test]
fn bad_lines_fail_naming_the_line() {
    let id = "ab".repeat(32);
    let cases = [
        (format!("item,1,{id}\nitem,x,{id}\n"), "line 2", None),
        (format!("item,1,{id}\nitem,2,abc\n"), "line 2", None),
        (format!("item,1,{id},extra\n"), "line 1", None),
        (format!("item,1,{id}\n\nfrobnicate\n"), "line 3", None),
        (format!("item,1,{id}\nseal\nmsg,zz\n"), "line 3", None),
        (format!("item,1,{id}\nseal\nmsg,6102\n"), "line 3", None),
        (format!("item,1,{id}\nseal\nmsg,20\n"), "line 3", None),
        (format!("item,1,{id}\nseal\nitem,2,{id}\n"), "line 3", None),
        ("seal\ninitiate\ninitiate\n".to_string(), "line 3", None),
        (
            format!("item,1,{id}\nseal\n"),
            "FRAMESIZELIMIT",
            Some("abc"),
        ),
        (
            format!("item,1,{id}\nseal\ninitiate\n"),
            "line 2: frame size limit 100",
            Some("100"),
        ),
    ];
    for (script, expected, limit) in cases {
        let (success, _, stderr) = run_script(&script, limit);
        assert!(!success, "{script:?} succeeded");
        assert!(stderr.contains(expected), "{script:?}: {stderr}");
    }
    // A good script succeeds, with the C++ harness's output shape.
    let (success, stdout, stderr) = run_script(&format!("item,1,{id}\nseal\ninitiate\n"), None);
    assert!(success, "{stderr}");
    assert_eq!(stdout, format!("msg,6100000201{id}\n"));
}
