//! The one error type of the crate.

use crate::backend::Backend;
use crate::words::CHUNK_LEN;
use std::fmt;

/// Why a batch operation refused its arguments. Nothing is written to the
/// output when an error is returned.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum Error {
    /// An input is longer than one chunk ([`CHUNK_LEN`] bytes).
    InputTooLong {
        /// Position of the input in the batch.
        index: usize,
        /// Its length in bytes.
        len: usize,
    },
    /// The output slice does not have the size the inputs require.
    OutputSize {
        /// Elements (hashes or bytes) the output must hold.
        expected: usize,
        /// Elements it holds.
        actual: usize,
    },
    /// `inputs.len() * out_len` does not fit in `usize`.
    OutputTooLarge,
    /// The backend was forced but this CPU lacks its instruction set.
    UnsupportedBackend(Backend),
}

impl fmt::Display for Error {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Error::InputTooLong { index, len } => write!(
                f,
                "input {index} is {len} bytes; one-chunk hashing takes at most {CHUNK_LEN} bytes"
            ),
            Error::OutputSize { expected, actual } => write!(
                f,
                "output slice has {actual} elements but the inputs need exactly {expected}"
            ),
            Error::OutputTooLarge => {
                write!(f, "requested output size overflows usize")
            }
            Error::UnsupportedBackend(backend) => write!(
                f,
                "backend {} is not supported by this CPU (or this target)",
                backend.name()
            ),
        }
    }
}

impl std::error::Error for Error {}
