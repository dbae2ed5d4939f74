//! Sealed item storages: items sorted by (timestamp, id), with range fingerprints.
//!
//! A storage is filled with [`Storage::insert`], then [`Storage::seal`]ed once; only a sealed
//! storage can reconcile. Sealing sorts the items by (timestamp, id) and applies the
//! **duplicate rule**, the reference crate's: items equal in both timestamp and id collapse
//! into one; the same id under two different timestamps is two items (both are counted in
//! fingerprints, as the reference does).
//!
//! Two storages, one interface:
//! - [`VecStorage`] keeps only the items; a range fingerprint sums the range's ids (linear),
//!   like the reference crate's vector storage;
//! - [`PrefixStorage`] also keeps a prefix sum per item, computed while sealing, so a range
//!   fingerprint is one subtraction and one SHA-256 block, whatever the range's length.
//!
//! Both are generic over the [`Accumulator`] that sums the ids, so the lab can measure every
//! accumulator × storage pair.

use core::cmp::Ordering;
use core::fmt;
use core::marker::PhantomData;

use crate::accumulator::{Accumulator, CarryChain, Fingerprint, Sum256, ID_SIZE};

/// A 32-byte item id. Orders by its bytes (lexicographically).
#[derive(Clone, Copy, PartialEq, Eq, Hash, Default)]
pub struct Id(pub [u8; ID_SIZE]);

/// Lexicographic order of two ids, deciding on the first 8 bytes (one integer compare)
/// unless they are equal.
#[inline]
pub(crate) fn cmp_id_bytes(a: &[u8; ID_SIZE], b: &[u8; ID_SIZE]) -> Ordering {
    let head = |id: &[u8; ID_SIZE]| {
        let mut lane = [0u8; 8];
        lane.copy_from_slice(&id[..8]);
        u64::from_be_bytes(lane)
    };
    head(a).cmp(&head(b)).then_with(|| a[8..].cmp(&b[8..]))
}

impl Ord for Id {
    #[inline]
    fn cmp(&self, other: &Self) -> Ordering {
        cmp_id_bytes(&self.0, &other.0)
    }
}

impl PartialOrd for Id {
    #[inline]
    fn partial_cmp(&self, other: &Self) -> Option<Ordering> {
        Some(self.cmp(other))
    }
}

impl Id {
    /// The id's bytes.
    #[inline]
    pub const fn as_bytes(&self) -> &[u8; ID_SIZE] {
        &self.0
    }

    /// Parses 64 hex digits (either case).
    pub fn from_hex(hex: &str) -> Result<Id, ParseIdError> {
        let digits = hex.as_bytes();
        if digits.len() != ID_SIZE * 2 {
            return Err(ParseIdError::Length(digits.len()));
        }
        let mut id = [0u8; ID_SIZE];
        for (byte, pair) in id.iter_mut().zip(digits.chunks_exact(2)) {
            *byte = (hex_digit(pair[0])? << 4) | hex_digit(pair[1])?;
        }
        Ok(Id(id))
    }
}

fn hex_digit(digit: u8) -> Result<u8, ParseIdError> {
    match digit {
        b'0'..=b'9' => Ok(digit - b'0'),
        b'a'..=b'f' => Ok(digit - b'a' + 10),
        b'A'..=b'F' => Ok(digit - b'A' + 10),
        _ => Err(ParseIdError::Digit(digit as char)),
    }
}

/// Why a hex id could not be parsed.
#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
pub enum ParseIdError {
    /// Not 64 hex digits.
    #[error("an id is 64 hex digits, got {0}")]
    Length(usize),
    /// A character that is not a hex digit.
    #[error("not a hex digit: {0:?}")]
    Digit(char),
}

impl fmt::Display for Id {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for byte in self.0 {
            write!(f, "{byte:02x}")?;
        }
        Ok(())
    }
}

impl fmt::Debug for Id {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Id({self})")
    }
}

/// One element of a set: a timestamp and an id. Orders by timestamp, then id bytes
/// (field order: the derived order is exactly that).
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Default, Debug)]
pub struct Item {
    /// Seconds, or any `u64` order key; `u64::MAX` is reserved (see [`StorageError`]).
    pub timestamp: u64,
    /// The item's id.
    pub id: Id,
}

impl Item {
    /// Builds an item.
    #[inline]
    pub const fn new(timestamp: u64, id: Id) -> Self {
        Item { timestamp, id }
    }
}

/// Misuse of a storage.
#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
pub enum StorageError {
    /// `insert` or `seal` on a sealed storage.
    #[error("storage is already sealed")]
    AlreadySealed,
    /// Reading or reconciling before `seal`.
    #[error("storage is not sealed")]
    NotSealed,
    /// `u64::MAX` is the protocol's "infinity" bound: an item there would sort above the
    /// bound that closes every message and could never be reconciled.
    #[error("timestamp u64::MAX is reserved for the protocol's infinity bound")]
    ReservedTimestamp,
    /// A range outside the storage or with `begin > end`.
    #[error("bad range {begin}..{end} in a storage of {len} items")]
    BadRange {
        /// Start index.
        begin: usize,
        /// End index (exclusive).
        end: usize,
        /// Items in the storage.
        len: usize,
    },
}

/// A set of items that is filled, sealed once, then reconciled.
pub trait Storage {
    /// The storage's fixed name, as the lab reports it (`vec`, `prefix`).
    const NAME: &'static str;

    /// An empty, unsealed storage with room for `capacity` items.
    fn with_capacity(capacity: usize) -> Self
    where
        Self: Sized;

    /// Adds an item. Fails once sealed, or on the reserved timestamp `u64::MAX`.
    fn insert(&mut self, timestamp: u64, id: Id) -> Result<(), StorageError>;

    /// Sorts by (timestamp, id), collapses exact duplicates, and builds whatever the storage
    /// precomputes. Fails if already sealed.
    fn seal(&mut self) -> Result<(), StorageError>;

    /// Whether [`seal`](Storage::seal) has run.
    fn is_sealed(&self) -> bool;

    /// The items: in insertion order before sealing, sorted and deduplicated after.
    fn items(&self) -> &[Item];

    /// Number of items.
    #[inline]
    fn len(&self) -> usize {
        self.items().len()
    }

    /// Whether the storage holds no item.
    #[inline]
    fn is_empty(&self) -> bool {
        self.items().is_empty()
    }

    /// Fingerprint of the sealed items `begin..end`.
    fn fingerprint(&self, begin: usize, end: usize) -> Result<Fingerprint, StorageError>;
}

fn check_range(begin: usize, end: usize, len: usize) -> Result<(), StorageError> {
    if begin > end || end > len {
        return Err(StorageError::BadRange { begin, end, len });
    }
    Ok(())
}

fn check_insert(sealed: bool, timestamp: u64) -> Result<(), StorageError> {
    if sealed {
        return Err(StorageError::AlreadySealed);
    }
    if timestamp == u64::MAX {
        return Err(StorageError::ReservedTimestamp);
    }
    Ok(())
}

/// Sorts by (timestamp, id) and drops exact duplicates, without allocating.
///
/// Stores are usually filled in timestamp order with only local disorder (items sharing a
/// second come in any id order). An insertion pass sorts such input in linear time; it gives
/// up after a bounded number of moves and leaves the rest to `sort_unstable`, so unordered
/// input costs at most one extra linear pass.
pub(crate) fn sort_and_dedup(items: &mut Vec<Item>) {
    let move_budget = items.len().saturating_mul(2).saturating_add(64);
    let mut moves = 0usize;
    let mut sorted_by_insertion = true;
    let mut saw_equal = false;
    for i in 1..items.len() {
        match items[i].cmp(&items[i - 1]) {
            Ordering::Greater => continue,
            Ordering::Equal => {
                saw_equal = true;
                continue;
            }
            Ordering::Less => {}
        }
        let item = items[i];
        let mut j = i;
        while j > 0 {
            match items[j - 1].cmp(&item) {
                Ordering::Greater => {
                    items[j] = items[j - 1];
                    j -= 1;
                    moves += 1;
                }
                Ordering::Equal => {
                    saw_equal = true;
                    break;
                }
                Ordering::Less => break,
            }
        }
        items[j] = item;
        if moves > move_budget {
            sorted_by_insertion = false;
            break;
        }
    }
    if !sorted_by_insertion {
        items.sort_unstable();
        saw_equal = true;
    }
    // Duplicates are adjacent once sorted, and the passes above saw every adjacent pair
    // that ended up equal.
    if saw_equal {
        items.dedup();
    }
}

/// Items in a `Vec`; a range fingerprint sums the range with accumulator `A` (linear time).
#[derive(Clone, Debug, Default)]
pub struct VecStorage<A: Accumulator = CarryChain> {
    items: Vec<Item>,
    sealed: bool,
    accumulator: PhantomData<A>,
}

impl<A: Accumulator> VecStorage<A> {
    /// An empty, unsealed storage.
    pub fn new() -> Self {
        Self::with_capacity(0)
    }
}

impl<A: Accumulator> Storage for VecStorage<A> {
    const NAME: &'static str = "vec";

    fn with_capacity(capacity: usize) -> Self {
        VecStorage {
            items: Vec::with_capacity(capacity),
            sealed: false,
            accumulator: PhantomData,
        }
    }

    #[inline]
    fn insert(&mut self, timestamp: u64, id: Id) -> Result<(), StorageError> {
        check_insert(self.sealed, timestamp)?;
        self.items.push(Item::new(timestamp, id));
        Ok(())
    }

    fn seal(&mut self) -> Result<(), StorageError> {
        if self.sealed {
            return Err(StorageError::AlreadySealed);
        }
        sort_and_dedup(&mut self.items);
        self.sealed = true;
        Ok(())
    }

    #[inline]
    fn is_sealed(&self) -> bool {
        self.sealed
    }

    #[inline]
    fn items(&self) -> &[Item] {
        &self.items
    }

    fn fingerprint(&self, begin: usize, end: usize) -> Result<Fingerprint, StorageError> {
        if !self.sealed {
            return Err(StorageError::NotSealed);
        }
        check_range(begin, end, self.items.len())?;
        let mut accumulator = A::default();
        for item in &self.items[begin..end] {
            accumulator.add(&item.id.0);
        }
        Ok(accumulator.fingerprint((end - begin) as u64))
    }
}

/// Items plus prefix sums built at seal with accumulator `A`: `prefix[i]` is the sum of the
/// first `i` ids, so the range `begin..end` sums to `prefix[end] - prefix[begin]` (mod 2^256)
/// and its fingerprint costs O(1). Costs 32 bytes per item more than [`VecStorage`].
#[derive(Clone, Debug, Default)]
pub struct PrefixStorage<A: Accumulator = CarryChain> {
    items: Vec<Item>,
    prefix: Vec<Sum256>,
    sealed: bool,
    accumulator: PhantomData<A>,
}

impl<A: Accumulator> PrefixStorage<A> {
    /// An empty, unsealed storage.
    pub fn new() -> Self {
        Self::with_capacity(0)
    }

    /// Sum of the ids in `begin..end`.
    pub fn range_sum(&self, begin: usize, end: usize) -> Result<Sum256, StorageError> {
        if !self.sealed {
            return Err(StorageError::NotSealed);
        }
        check_range(begin, end, self.items.len())?;
        Ok(self.prefix[end].wrapping_sub(self.prefix[begin]))
    }
}

impl<A: Accumulator> Storage for PrefixStorage<A> {
    const NAME: &'static str = "prefix";

    fn with_capacity(capacity: usize) -> Self {
        PrefixStorage {
            items: Vec::with_capacity(capacity),
            prefix: Vec::new(),
            sealed: false,
            accumulator: PhantomData,
        }
    }

    #[inline]
    fn insert(&mut self, timestamp: u64, id: Id) -> Result<(), StorageError> {
        check_insert(self.sealed, timestamp)?;
        self.items.push(Item::new(timestamp, id));
        Ok(())
    }

    fn seal(&mut self) -> Result<(), StorageError> {
        if self.sealed {
            return Err(StorageError::AlreadySealed);
        }
        sort_and_dedup(&mut self.items);
        let mut prefix = Vec::with_capacity(self.items.len() + 1);
        prefix.push(Sum256::ZERO);
        let mut accumulator = A::default();
        for item in &self.items {
            accumulator.add(&item.id.0);
            prefix.push(accumulator.sum());
        }
        self.prefix = prefix;
        self.sealed = true;
        Ok(())
    }

    #[inline]
    fn is_sealed(&self) -> bool {
        self.sealed
    }

    #[inline]
    fn items(&self) -> &[Item] {
        &self.items
    }

    #[inline]
    fn fingerprint(&self, begin: usize, end: usize) -> Result<Fingerprint, StorageError> {
        Ok(self
            .range_sum(begin, end)?
            .fingerprint((end - begin) as u64))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::accumulator::InPlace;

    fn id(byte: u8) -> Id {
        Id([byte; ID_SIZE])
    }

    fn seal_entries<S: Storage>(entries: &[(u64, u8)]) -> S {
        let mut storage = S::with_capacity(entries.len());
        for &(timestamp, byte) in entries {
            storage.insert(timestamp, id(byte)).unwrap();
        }
        storage.seal().unwrap();
        storage
    }

    #[test]
    fn seal_sorts_and_collapses_exact_duplicates_only() {
        let entries = [
            (7, 0x22),
            (3, 0x11),
            (7, 0x11),
            (3, 0x11),
            (1, 0xff),
            (7, 0x22),
            (3, 0x22),
        ];
        let expected = vec![
            Item::new(1, id(0xff)),
            Item::new(3, id(0x11)),
            Item::new(3, id(0x22)),
            Item::new(7, id(0x11)),
            Item::new(7, id(0x22)),
        ];
        assert_eq!(seal_entries::<VecStorage>(&entries).items(), expected);
        assert_eq!(seal_entries::<PrefixStorage>(&entries).items(), expected);
    }

    #[test]
    fn storages_agree_on_every_range() {
        let entries: Vec<(u64, u8)> = (0..40u8)
            .map(|i| ((i / 3) as u64, i.wrapping_mul(37)))
            .collect();
        let vec: VecStorage<InPlace> = seal_entries(&entries);
        let prefix: PrefixStorage<CarryChain> = seal_entries(&entries);
        for begin in 0..=vec.len() {
            for end in begin..=vec.len() {
                assert_eq!(vec.fingerprint(begin, end), prefix.fingerprint(begin, end));
            }
        }
    }

    #[test]
    fn misuse_is_an_error() {
        let mut storage = PrefixStorage::<CarryChain>::new();
        assert_eq!(storage.fingerprint(0, 0), Err(StorageError::NotSealed));
        assert_eq!(
            storage.insert(u64::MAX, id(1)),
            Err(StorageError::ReservedTimestamp)
        );
        storage.insert(1, id(1)).unwrap();
        storage.seal().unwrap();
        assert_eq!(storage.seal(), Err(StorageError::AlreadySealed));
        assert_eq!(storage.insert(2, id(2)), Err(StorageError::AlreadySealed));
        assert!(matches!(
            storage.fingerprint(1, 0),
            Err(StorageError::BadRange { .. })
        ));
        assert!(matches!(
            storage.fingerprint(0, 2),
            Err(StorageError::BadRange { .. })
        ));
    }

    #[test]
    fn duplicate_found_while_shifting_is_removed() {
        // The second (1, a) is out of order and meets its twin only while moving back.
        let mut items = vec![
            Item::new(1, id(0xaa)),
            Item::new(2, id(0xbb)),
            Item::new(1, id(0xaa)),
        ];
        sort_and_dedup(&mut items);
        assert_eq!(items, [Item::new(1, id(0xaa)), Item::new(2, id(0xbb))]);
    }

    #[test]
    fn insertion_sort_falls_back_on_unordered_input() {
        let mut items: Vec<Item> = (0..500u64)
            .rev()
            .map(|i| Item::new(i % 7, Id([(i % 251) as u8; ID_SIZE])))
            .collect();
        let mut expected = items.clone();
        expected.sort();
        expected.dedup();
        sort_and_dedup(&mut items);
        assert_eq!(items, expected);
    }

    #[test]
    fn hex_ids() {
        let hex = "00ff".repeat(16);
        let parsed = Id::from_hex(&hex).unwrap();
        assert_eq!(parsed.to_string(), hex);
        assert_eq!(Id::from_hex("00"), Err(ParseIdError::Length(2)));
        assert_eq!(
            Id::from_hex(&"zz".repeat(32)),
            Err(ParseIdError::Digit('z'))
        );
    }
}
