//! The lab's errors: what went wrong, naming the file, process, benchmark or argument.

use lab_record::Profile;
use std::path::PathBuf;
use std::process::ExitStatus;

/// Everything a lab command or the paired pass can fail with.
#[derive(Debug, thiserror::Error)]
pub enum LabError {
    /// A bad command-line or environment value (a size, a profile, a family, a flag).
    #[error("{0}")]
    Argument(String),
    /// A criterion id that the profile does not define.
    #[error("no benchmark `{id}` in profile {profile}")]
    UnknownBench { id: String, profile: Profile },
    /// A paired request that cannot be measured as asked.
    #[error("{0}")]
    Request(String),
    /// Reading or writing a file.
    #[error("{}: {source}", path.display())]
    Io {
        path: PathBuf,
        source: std::io::Error,
    },
    /// A program that could not be started.
    #[error("cannot run {program}: {source}")]
    Spawn {
        program: String,
        source: std::io::Error,
    },
    /// A child process that exited with an error.
    #[error("{command}: {status}\n{stderr}")]
    Child {
        command: String,
        status: ExitStatus,
        stderr: String,
    },
    /// A child process's output that is not what it should print.
    #[error("{what}: {detail}")]
    ChildOutput { what: String, detail: String },
    /// Encoding this process's JSON output.
    #[error("cannot encode JSON: {0}")]
    Encode(#[from] serde_json::Error),
    /// A user's accounts file (`HASHLAB_ACCOUNTS`).
    #[error(transparent)]
    Accounts(#[from] account_hash::InputError),
    /// A user's accounts file with no accounts.
    #[error("{}: no accounts in file", path.display())]
    NoAccounts { path: PathBuf },
}

/// The lab's results.
pub type Result<T, E = LabError> = std::result::Result<T, E>;
