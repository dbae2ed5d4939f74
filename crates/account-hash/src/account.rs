//! Accounts: the borrowed view every strategy hashes, and an owned form for tests and the lab.

use std::fmt;
use std::str::FromStr;

/// Length of a public key (account address or owner program id) in bytes.
pub const PUBKEY_LEN: usize = 32;

/// A 32-byte key: an account address or an owner program id. Prints and parses as base58.
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Default)]
pub struct Pubkey(pub [u8; PUBKEY_LEN]);

impl Pubkey {
    /// The key's bytes.
    pub const fn as_bytes(&self) -> &[u8; PUBKEY_LEN] {
        &self.0
    }
}

impl fmt::Display for Pubkey {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&bs58::encode(self.0).into_string())
    }
}

impl fmt::Debug for Pubkey {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Pubkey({self})")
    }
}

/// Why a base58 string is not a 32-byte value.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum ParseKeyError {
    /// Not base58 at all.
    #[error("not base58: {0}")]
    Base58(String),
    /// Valid base58 of the wrong length.
    #[error("decodes to {0} bytes, expected 32")]
    Length(usize),
}

/// Decodes base58 into exactly 32 bytes.
pub fn decode_base58_32(s: &str) -> Result<[u8; 32], ParseKeyError> {
    let bytes = bs58::decode(s)
        .into_vec()
        .map_err(|e| ParseKeyError::Base58(e.to_string()))?;
    <[u8; 32]>::try_from(bytes.as_slice()).map_err(|_| ParseKeyError::Length(bytes.len()))
}

impl FromStr for Pubkey {
    type Err = ParseKeyError;
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        decode_base58_32(s).map(Pubkey)
    }
}

/// A borrowed view of one account: everything a strategy hashes, nothing it does not.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct AccountRef<'a> {
    /// Balance in lamports. Zero marks a deleted account, whose hash is all zeros.
    pub lamports: u64,
    /// Epoch at which rent is next due (part of the legacy hash only). Can be `u64::MAX`.
    pub rent_epoch: u64,
    /// Whether the account holds a loaded program.
    pub executable: bool,
    /// The program that owns the account.
    pub owner: &'a Pubkey,
    /// The account's address.
    pub pubkey: &'a Pubkey,
    /// The account's data, 0 bytes to 10 MiB.
    pub data: &'a [u8],
}

/// An owned account, for tests, vectors and the lab.
#[derive(Clone, Debug, PartialEq, Eq, Default)]
pub struct Account {
    /// The account's address.
    pub pubkey: Pubkey,
    /// Balance in lamports.
    pub lamports: u64,
    /// Epoch at which rent is next due.
    pub rent_epoch: u64,
    /// Whether the account holds a loaded program.
    pub executable: bool,
    /// The owning program.
    pub owner: Pubkey,
    /// The account's data.
    pub data: Vec<u8>,
}

impl Account {
    /// Borrows the account as the view strategies hash.
    pub fn as_ref(&self) -> AccountRef<'_> {
        AccountRef {
            lamports: self.lamports,
            rent_epoch: self.rent_epoch,
            executable: self.executable,
            owner: &self.owner,
            pubkey: &self.pubkey,
            data: &self.data,
        }
    }
}
