//! Reading accounts from Agave's account storage: append-vec files (`<slot>.<id>`), a
//! directory of them, and (feature `snapshot`) a snapshot archive (`.tar.zst`).
//!
//! ## The record
//!
//! An append-vec is a sequence of records, each starting at an 8-byte aligned offset
//! (accounts-db `append_vec.rs`; the structs are `repr(C)` in `append_vec/meta.rs`), all
//! integers little-endian:
//!
//! | offset | bytes | field |
//! |---|---|---|
//! | 0 | 8 | `StoredMeta.write_version` (obsolete, ignored) |
//! | 8 | 8 | `StoredMeta.data_len` |
//! | 16 | 32 | `StoredMeta.pubkey` |
//! | 48 | 8 | `AccountMeta.lamports` |
//! | 56 | 8 | `AccountMeta.rent_epoch` |
//! | 64 | 32 | `AccountMeta.owner` |
//! | 96 | 1 | `AccountMeta.executable` (0 or 1) |
//! | 97 | 7 | padding |
//! | 104 | 32 | the obsolete account hash (ignored) |
//! | 136 | `data_len` | the data |
//!
//! The next record starts at `136 + data_len` rounded up to 8: a token account (165 bytes)
//! takes 304. As in Agave's own sanitizing, `executable` must be 0 or 1 and an account with
//! zero lamports must be the default account (no data, owner, rent epoch or executable).
//! Data longer than 10 MiB (the runtime's limit) is refused.
//!
//! ## How much of a storage is read
//!
//! A snapshot's manifest (`snapshots/<slot>/<slot>`, a bincode blob of the bank) holds each
//! storage's written length. This reader does not decode the manifest (the bank's bincode
//! layout changes between releases): a storage is read to its end, the archive entry's size
//! or, for a file read alone, the file's size. A storage longer than its written records
//! (a file from a running validator's `accounts/` directory is preallocated) is zero past
//! them: reading stops at a record header that is all zeros, and every byte after it must
//! be zero too. Anything else there is an error, never a silent partial read.
//!
//! ## Bad input
//!
//! A corrupt field, a record header cut short by the end of the storage, or an archive that
//! is not valid tar / zstd, is an [`InputError`] naming the file (for an archive also the
//! entry), the byte offset and the field. A record whose data runs past the storage's valid
//! length is a [`StorageWarning`]: the rest of that storage is skipped, the next one read.
//!
//! ## Sampling
//!
//! [`Sample`] keeps a seeded uniform sample of fixed size (reservoir sampling, Algorithm R)
//! while every record is streamed: memory stays at the sample plus one record, whatever the
//! snapshot's size. The size histogram of every record read is kept whole
//! ([`StorageRead::sizes`]: one counter per distinct data length). Records are counted as
//! stored: an account updated in several slots' storages counts once per stored version
//! (telling versions apart needs an index of every pubkey).

use std::collections::BTreeMap;
use std::fmt;
use std::io::{self, Read, Write};
use std::path::{Path, PathBuf};

use crate::account::{Account, AccountRef, Pubkey};
use crate::input::InputError;

/// `StoredMeta`: write_version, data_len, pubkey.
pub const STORED_META_LEN: usize = 48;
/// `AccountMeta`: lamports, rent_epoch, owner, executable and 7 bytes of padding.
pub const ACCOUNT_META_LEN: usize = 56;
/// The obsolete 32-byte account hash after the metas.
pub const OBSOLETE_HASH_LEN: usize = 32;
/// Bytes of a record before its data.
pub const RECORD_HEADER_LEN: usize = STORED_META_LEN + ACCOUNT_META_LEN + OBSOLETE_HASH_LEN;
/// The runtime's largest account data (10 MiB).
pub const MAX_DATA_LEN: u64 = 10 * 1024 * 1024;

/// Bytes a record of `data_len` data bytes takes in a storage, alignment included.
pub const fn stored_size(data_len: u64) -> u64 {
    (RECORD_HEADER_LEN as u64 + data_len).div_ceil(8) * 8
}

/// A storage's record that could not be read, and the rest of the storage skipped.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct StorageWarning {
    /// The file (for an archive: the archive and its entry).
    pub path: String,
    /// Byte offset of the record in the storage.
    pub offset: u64,
    /// What was skipped and why.
    pub message: String,
}

impl fmt::Display for StorageWarning {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{} at byte {}: {}", self.path, self.offset, self.message)
    }
}

/// A seeded uniform sample of `size` accounts.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Sample {
    /// Accounts kept.
    pub size: usize,
    /// Seed of the generator that picks them: the same input and seed give the same sample.
    pub seed: u64,
}

/// What the input was.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum StorageKind {
    /// One append-vec file.
    File,
    /// A directory of append-vec files (or one holding `accounts/`).
    Directory,
    /// A snapshot archive: a tar stream, compressed with zstd unless it ends in `.tar`.
    Archive,
}

/// The accounts read from storages.
#[derive(Debug)]
pub struct StorageRead {
    /// What the input was.
    pub kind: StorageKind,
    /// The accounts kept: every one, or the sample.
    pub accounts: Vec<Account>,
    /// Records read (every stored account, before sampling).
    pub records: u64,
    /// Records read by data length (before sampling).
    pub sizes: BTreeMap<u64, u64>,
    /// Storage files read.
    pub storages: u64,
    /// The snapshot's slot (from the archive's name or its manifest's path), when known.
    pub slot: Option<u64>,
    /// Records skipped, one per storage at most.
    pub warnings: Vec<StorageWarning>,
    /// The sample taken, when one was asked.
    pub sample: Option<Sample>,
}

/// Whether `path` names account storage rather than RPC JSON: a directory, an archive
/// (`.tar.zst`, `.tar.zstd`, `.tzst`, `.tar`), a `<slot>.<id>` file or a `.appendvec` file.
pub fn storage_kind(path: &Path) -> Option<StorageKind> {
    if path.is_dir() {
        return Some(StorageKind::Directory);
    }
    let name = path.file_name()?.to_str()?;
    if [".tar.zst", ".tar.zstd", ".tzst", ".tar"]
        .iter()
        .any(|ext| name.ends_with(ext))
    {
        return Some(StorageKind::Archive);
    }
    if storage_file_name(name).is_some() || name.ends_with(".appendvec") {
        return Some(StorageKind::File);
    }
    None
}

/// `<slot>.<id>` as numbers.
fn storage_file_name(name: &str) -> Option<(u64, u64)> {
    let (slot, id) = name.split_once('.')?;
    Some((slot.parse().ok()?, id.parse().ok()?))
}

/// The slot in a snapshot archive's name: `snapshot-<slot>-<hash>.tar.zst` or
/// `incremental-snapshot-<base>-<slot>-<hash>.tar.zst`.
pub fn archive_slot(name: &str) -> Option<u64> {
    let rest = name
        .strip_prefix("incremental-snapshot-")
        .and_then(|r| r.split_once('-').map(|(_, r)| r))
        .or_else(|| name.strip_prefix("snapshot-"))?;
    rest.split('-').next()?.parse().ok()
}

/// Reads the accounts of storage at `path` (see [`storage_kind`]), every one or a sample.
pub fn read_storage_accounts(
    path: &Path,
    sample: Option<Sample>,
) -> Result<StorageRead, InputError> {
    let kind = storage_kind(path).ok_or_else(|| {
        error(
            &path.display().to_string(),
            None,
            None,
            "not account storage: expected a directory, a `<slot>.<id>` or `.appendvec` file, or a snapshot archive (.tar.zst)",
        )
    })?;
    let mut reader = Reader::new(kind, sample);
    match kind {
        StorageKind::File => reader.file(path)?,
        StorageKind::Directory => reader.directory(path)?,
        StorageKind::Archive => reader.archive(path)?,
    }
    Ok(reader.finish())
}

fn error(
    path: &str,
    offset: Option<u64>,
    field: Option<&str>,
    message: impl Into<String>,
) -> InputError {
    InputError {
        path: path.to_string(),
        line: None,
        offset,
        field: field.map(str::to_string),
        message: message.into(),
    }
}

/// Where accounts go: all of them, or a reservoir.
enum Keep {
    All(Vec<Account>),
    Reservoir {
        sample: Sample,
        rng: SplitMix,
        kept: Vec<Account>,
    },
}

struct Reader {
    kind: StorageKind,
    keep: Keep,
    records: u64,
    sizes: BTreeMap<u64, u64>,
    storages: u64,
    slot: Option<u64>,
    warnings: Vec<StorageWarning>,
    data: Vec<u8>,
}

impl Reader {
    fn new(kind: StorageKind, sample: Option<Sample>) -> Self {
        let keep = match sample {
            None => Keep::All(Vec::new()),
            Some(sample) => Keep::Reservoir {
                sample,
                rng: SplitMix(sample.seed),
                kept: Vec::with_capacity(sample.size.min(1 << 20)),
            },
        };
        Reader {
            kind,
            keep,
            records: 0,
            sizes: BTreeMap::new(),
            storages: 0,
            slot: None,
            warnings: Vec::new(),
            data: Vec::new(),
        }
    }

    fn finish(self) -> StorageRead {
        let (accounts, sample) = match self.keep {
            Keep::All(all) => (all, None),
            Keep::Reservoir { sample, kept, .. } => (kept, Some(sample)),
        };
        StorageRead {
            kind: self.kind,
            accounts,
            records: self.records,
            sizes: self.sizes,
            storages: self.storages,
            slot: self.slot,
            warnings: self.warnings,
            sample,
        }
    }

    fn offer(&mut self, account: AccountRef<'_>) {
        self.records += 1;
        *self.sizes.entry(account.data.len() as u64).or_default() += 1;
        let owned = |a: AccountRef<'_>| Account {
            pubkey: *a.pubkey,
            lamports: a.lamports,
            rent_epoch: a.rent_epoch,
            executable: a.executable,
            owner: *a.owner,
            data: a.data.to_vec(),
        };
        match &mut self.keep {
            Keep::All(all) => all.push(owned(account)),
            Keep::Reservoir { sample, rng, kept } => {
                if kept.len() < sample.size {
                    kept.push(owned(account));
                } else {
                    // Algorithm R: the n-th record replaces a kept one with probability k/n.
                    let j = rng.below(self.records);
                    if let Some(slot) = kept.get_mut(j as usize) {
                        *slot = owned(account);
                    }
                }
            }
        }
    }

    fn file(&mut self, path: &Path) -> Result<(), InputError> {
        let name = path.display().to_string();
        let io = |e: io::Error| error(&name, None, None, format!("cannot read: {e}"));
        let file = std::fs::File::open(path).map_err(io)?;
        let len = file.metadata().map_err(io)?.len();
        self.storage(io::BufReader::with_capacity(1 << 16, file), len, &name)
    }

    fn directory(&mut self, dir: &Path) -> Result<(), InputError> {
        let dir_name = dir.display().to_string();
        let nested = dir.join("accounts");
        let dir = if nested.is_dir() {
            nested.as_path()
        } else {
            dir
        };
        let mut files: Vec<((u64, u64), PathBuf)> = std::fs::read_dir(dir)
            .map_err(|e| error(&dir_name, None, None, format!("cannot read directory: {e}")))?
            .filter_map(|entry| {
                let path = entry.ok()?.path();
                let key = storage_file_name(path.file_name()?.to_str()?)?;
                path.is_file().then_some((key, path))
            })
            .collect();
        if files.is_empty() {
            return Err(error(
                &dir_name,
                None,
                None,
                "no account storage files (`<slot>.<id>`) in the directory or its `accounts/`",
            ));
        }
        files.sort();
        for (_, path) in files {
            self.file(&path)?;
        }
        Ok(())
    }

    #[cfg(not(feature = "snapshot"))]
    fn archive(&mut self, path: &Path) -> Result<(), InputError> {
        Err(error(
            &path.display().to_string(),
            None,
            None,
            "snapshot archives need account-hash's feature `snapshot` (cargo xtask turns it on)",
        ))
    }

    #[cfg(feature = "snapshot")]
    fn archive(&mut self, path: &Path) -> Result<(), InputError> {
        let name = path.display().to_string();
        let file = std::fs::File::open(path)
            .map_err(|e| error(&name, None, None, format!("cannot read: {e}")))?;
        self.slot = path
            .file_name()
            .and_then(|n| archive_slot(&n.to_string_lossy()));
        let file = io::BufReader::with_capacity(1 << 16, file);
        if name.ends_with(".tar") {
            self.tar(Counting::new(file), &name)
        } else {
            let decoder = zstd::Decoder::with_buffer(file)
                .map_err(|e| error(&name, Some(0), Some("zstd frame"), format!("not zstd: {e}")))?;
            self.tar(Counting::new(decoder), &name)
        }
    }

    /// Every `accounts/<slot>.<id>` entry of a tar stream, streamed.
    #[cfg(feature = "snapshot")]
    fn tar<R: Read>(&mut self, stream: Counting<R>, name: &str) -> Result<(), InputError> {
        let consumed = stream.count.clone();
        let at = move || consumed.get();
        let stream_error = |e: io::Error, at: u64| {
            error(
                name,
                Some(at),
                Some("tar stream"),
                format!("not a valid tar stream (offset in the decompressed stream): {e}"),
            )
        };
        let mut archive = tar::Archive::new(stream);
        let entries = archive.entries().map_err(|e| stream_error(e, at()))?;
        for entry in entries {
            let entry = entry.map_err(|e| stream_error(e, at()))?;
            let entry_path = entry.path().map_err(|e| stream_error(e, at()))?;
            let entry_name = entry_path.to_string_lossy().into_owned();
            let mut parts = entry_name.trim_start_matches("./").split('/');
            match (parts.next(), parts.next(), parts.next()) {
                (Some("accounts"), Some(file), None) if storage_file_name(file).is_some() => {
                    let len = entry.size();
                    let label = format!("{name} (entry {entry_name})");
                    self.storage(entry, len, &label)?;
                }
                (Some("snapshots"), Some(slot), Some(again)) if slot == again => {
                    self.slot = self.slot.or(slot.parse().ok());
                }
                _ => {}
            }
        }
        Ok(())
    }

    /// Reads one storage of `len` valid bytes.
    fn storage<R: Read>(&mut self, mut r: R, len: u64, name: &str) -> Result<(), InputError> {
        self.storages += 1;
        let mut offset = 0u64;
        let mut header = [0u8; RECORD_HEADER_LEN];
        let io = |e: io::Error, at: u64, field: &str| {
            let message = if e.kind() == io::ErrorKind::UnexpectedEof {
                format!("the input ends inside `{field}` (truncated)")
            } else {
                format!("cannot read `{field}`: {e}")
            };
            error(name, Some(at), Some(field), message)
        };
        while offset < len {
            let remaining = len - offset;
            if remaining < RECORD_HEADER_LEN as u64 {
                let tail = &mut header[..remaining as usize];
                r.read_exact(tail)
                    .map_err(|e| io(e, offset, "stored_meta"))?;
                if tail.iter().all(|&b| b == 0) {
                    return Ok(());
                }
                return Err(error(
                    name,
                    Some(offset),
                    Some("stored_meta"),
                    format!(
                        "the storage ends {remaining} bytes into a record header of {RECORD_HEADER_LEN} (truncated)"
                    ),
                ));
            }
            r.read_exact(&mut header)
                .map_err(|e| io(e, offset, "stored_meta"))?;
            if header.iter().all(|&b| b == 0) {
                return zero_tail(&mut r, offset, remaining, name);
            }
            let field = |at: usize, n: usize| &header[at..at + n];
            let u64_at = |at: usize| u64::from_le_bytes(field(at, 8).try_into().expect("8 bytes"));
            let key_at = |at: usize| Pubkey(field(at, 32).try_into().expect("32 bytes"));
            let data_len = u64_at(8);
            let (lamports, rent_epoch) = (u64_at(48), u64_at(56));
            let (pubkey, owner) = (key_at(16), key_at(64));
            let executable = header[96];
            let bad =
                |field: &str, message: String| error(name, Some(offset), Some(field), message);
            if data_len > MAX_DATA_LEN {
                return Err(bad(
                    "stored_meta.data_len",
                    format!("{data_len} bytes is more than the runtime's {MAX_DATA_LEN} (corrupt record)"),
                ));
            }
            if executable > 1 {
                return Err(bad(
                    "account_meta.executable",
                    format!("byte {executable:#04x}, expected 0 or 1 (corrupt record)"),
                ));
            }
            if lamports == 0
                && (data_len != 0
                    || executable != 0
                    || rent_epoch != 0
                    || owner != Pubkey::default())
            {
                return Err(bad(
                    "account_meta.lamports",
                    "zero lamports on an account that is not the default one (data, owner, rent epoch or executable set): corrupt record".into(),
                ));
            }
            let end = RECORD_HEADER_LEN as u64 + data_len;
            if end > remaining {
                self.warnings.push(StorageWarning {
                    path: name.to_string(),
                    offset,
                    message: format!(
                        "the record's data ({data_len} bytes) runs past the storage's valid length {len} by {} bytes; the rest of this storage is skipped",
                        end - remaining
                    ),
                });
                return Ok(());
            }
            self.data.resize(data_len as usize, 0);
            let mut data = std::mem::take(&mut self.data);
            r.read_exact(&mut data)
                .map_err(|e| io(e, offset + RECORD_HEADER_LEN as u64, "data"))?;
            self.offer(AccountRef {
                lamports,
                rent_epoch,
                executable: executable == 1,
                owner: &owner,
                pubkey: &pubkey,
                data: &data,
            });
            self.data = data;
            let next = stored_size(data_len).min(remaining);
            let mut pad = [0u8; 8];
            let pad = &mut pad[..(next - end) as usize];
            r.read_exact(pad)
                .map_err(|e| io(e, offset + end, "alignment padding"))?;
            offset += next;
        }
        Ok(())
    }
}

/// The rest of a storage after an all-zero header at `offset`: must be zero.
fn zero_tail<R: Read>(
    r: &mut R,
    offset: u64,
    remaining: u64,
    name: &str,
) -> Result<(), InputError> {
    let mut at = offset + RECORD_HEADER_LEN as u64;
    let mut left = remaining - RECORD_HEADER_LEN as u64;
    let mut buf = vec![0u8; 1 << 16];
    while left > 0 {
        let n = left.min(buf.len() as u64) as usize;
        r.read_exact(&mut buf[..n]).map_err(|e| {
            error(
                name,
                Some(at),
                Some("unwritten tail"),
                format!("cannot read: {e}"),
            )
        })?;
        if let Some(i) = buf[..n].iter().position(|&b| b != 0) {
            return Err(error(
                name,
                Some(at + i as u64),
                Some("unwritten tail"),
                format!(
                    "non-zero byte after the all-zero record header at byte {offset}: a record with zero fields or a corrupt storage"
                ),
            ));
        }
        at += n as u64;
        left -= n as u64;
    }
    Ok(())
}

/// Writes one record in the layout above (8-byte aligned after it): for fixtures and for
/// the lab's sample files. `write_version` is stored as given; the obsolete hash is zero.
pub fn write_record(
    out: &mut impl Write,
    account: &AccountRef<'_>,
    write_version: u64,
) -> io::Result<()> {
    let data_len = account.data.len() as u64;
    let mut header = [0u8; RECORD_HEADER_LEN];
    header[0..8].copy_from_slice(&write_version.to_le_bytes());
    header[8..16].copy_from_slice(&data_len.to_le_bytes());
    header[16..48].copy_from_slice(account.pubkey.as_bytes());
    header[48..56].copy_from_slice(&account.lamports.to_le_bytes());
    header[56..64].copy_from_slice(&account.rent_epoch.to_le_bytes());
    header[64..96].copy_from_slice(account.owner.as_bytes());
    header[96] = u8::from(account.executable);
    out.write_all(&header)?;
    out.write_all(account.data)?;
    let pad = stored_size(data_len) - RECORD_HEADER_LEN as u64 - data_len;
    out.write_all(&[0u8; 8][..pad as usize])
}

/// Writes `accounts` as one storage (records in order, write versions 0, 1, ...).
pub fn write_storage<'a>(
    out: &mut impl Write,
    accounts: impl IntoIterator<Item = AccountRef<'a>>,
) -> io::Result<()> {
    for (version, account) in accounts.into_iter().enumerate() {
        write_record(out, &account, version as u64)?;
    }
    Ok(())
}

/// A reader that counts the bytes read through it (the tar stream's offset in errors).
#[cfg(feature = "snapshot")]
struct Counting<R> {
    inner: R,
    count: std::rc::Rc<std::cell::Cell<u64>>,
}

#[cfg(feature = "snapshot")]
impl<R> Counting<R> {
    fn new(inner: R) -> Self {
        Counting {
            inner,
            count: Default::default(),
        }
    }
}

#[cfg(feature = "snapshot")]
impl<R: Read> Read for Counting<R> {
    fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
        let n = self.inner.read(buf)?;
        self.count.set(self.count.get() + n as u64);
        Ok(n)
    }
}

/// SplitMix64: the reservoir's seeded generator.
struct SplitMix(u64);

impl SplitMix {
    fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9e37_79b9_7f4a_7c15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
        z ^ (z >> 31)
    }

    /// Uniform in `0..n` (`n > 0`), without modulo bias (Lemire's multiply and reject).
    fn below(&mut self, n: u64) -> u64 {
        let threshold = n.wrapping_neg() % n;
        loop {
            let m = u128::from(self.next()) * u128::from(n);
            if (m as u64) >= threshold {
                return (m >> 64) as u64;
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn record_sizes_follow_the_layout() {
        assert_eq!(RECORD_HEADER_LEN, 136);
        assert_eq!(stored_size(165), 304);
        assert_eq!(stored_size(0), 136);
        assert_eq!(stored_size(1), 144);
        assert_eq!(stored_size(200), 336);
    }

    #[test]
    fn names_are_recognised() {
        assert_eq!(storage_kind(Path::new("/x/123.4")), Some(StorageKind::File));
        assert_eq!(
            storage_kind(Path::new("s.appendvec")),
            Some(StorageKind::File)
        );
        assert_eq!(
            storage_kind(Path::new("snapshot-5-abc.tar.zst")),
            Some(StorageKind::Archive)
        );
        assert_eq!(storage_kind(Path::new("mine.jsonl")), None);
        assert_eq!(storage_kind(Path::new("1.x")), None);
        assert_eq!(
            archive_slot("snapshot-440284702-D17v.tar.zst"),
            Some(440_284_702)
        );
        assert_eq!(
            archive_slot("incremental-snapshot-10-20-abc.tar.zst"),
            Some(20)
        );
        assert_eq!(archive_slot("mine.tar.zst"), None);
    }

    #[test]
    fn below_is_in_range_and_reaches_both_ends() {
        let mut rng = SplitMix(7);
        let draws: Vec<u64> = (0..1000).map(|_| rng.below(3)).collect();
        assert!(draws.iter().all(|&d| d < 3));
        assert!(draws.contains(&0) && draws.contains(&2));
    }
}
