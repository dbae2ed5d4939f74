//! `HASHLAB_FORCE_PORTABLE=1` turns detection off: this test runs itself again with the
//! variable set, and in that process only the portable backend is available and every
//! operation still equals the blake3 crate.

use blake3_lanes::{Backend, U16Sum, FORCE_PORTABLE_ENV, OUT_LEN};
use std::process::Command;

#[test]
fn detection_is_off_with_hashlab_force_portable() {
    if !blake3_lanes::forced_portable() {
        let out = Command::new(std::env::current_exe().unwrap())
            .args(["--exact", "detection_is_off_with_hashlab_force_portable"])
            .args(["--test-threads", "1", "--nocapture"])
            .env(FORCE_PORTABLE_ENV, "1")
            .output()
            .unwrap();
        let log = String::from_utf8_lossy(&out.stdout);
        assert!(
            out.status.success(),
            "{log}{}",
            String::from_utf8_lossy(&out.stderr)
        );
        assert!(log.contains("forced portable: ok"), "{log}");
        return;
    }
    assert_eq!(Backend::detect(), Backend::Portable);
    assert_eq!(
        Backend::available().collect::<Vec<_>>(),
        [Backend::Portable]
    );
    for b in [Backend::Sse41, Backend::Avx2, Backend::Avx512] {
        assert!(!b.is_supported());
        let mut out = [[0u8; OUT_LEN]; 1];
        assert!(b.hash_many(&[b"abc"], &mut out).is_err());
    }
    let messages: [&[u8]; 3] = [b"a", &[7u8; 300], &[9u8; 1024]];
    let mut hashes = [[0u8; OUT_LEN]; 3];
    Backend::detect().hash_many(&messages, &mut hashes).unwrap();
    for (m, h) in messages.iter().zip(&hashes) {
        assert_eq!(h, blake3::hash(m).as_bytes());
    }
    let mut sum = U16Sum::new();
    sum.add_xof(Backend::detect(), &messages).unwrap();
    sum.sub_xof(Backend::detect(), &messages).unwrap();
    assert!(sum.is_zero());
    println!("forced portable: ok");
}
