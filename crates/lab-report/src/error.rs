//! One error type for every xtask command: each variant names the file and, where there is
//! one, the field that was wrong, so a user can fix the input without reading code.

use std::path::{Path, PathBuf};

#[derive(Debug, thiserror::Error)]
pub enum Error {
    /// A file could not be read or written.
    #[error("{}: {action}: {source}", file.display())]
    Io {
        file: PathBuf,
        action: &'static str,
        source: std::io::Error,
    },
    /// A JSON file (results.json, `lab` output, criterion's files) that does not parse or
    /// has a field missing or of the wrong type: names file, line, column and field path.
    #[error(transparent)]
    Record(#[from] lab_record::RecordError),
    /// The file parsed but a value breaks a rule the types cannot state.
    #[error("{}: field `{field}`: {message}", file.display())]
    Field {
        file: PathBuf,
        field: String,
        message: String,
    },
    /// A command could not be run or failed.
    #[error("{0}")]
    Command(String),
    /// Anything else, with a sentence that says what happened.
    #[error("{0}")]
    Other(String),
}

impl Error {
    pub fn io(file: &Path, action: &'static str, source: std::io::Error) -> Self {
        Error::Io {
            file: file.to_path_buf(),
            action,
            source,
        }
    }

    pub fn field(file: &Path, field: impl Into<String>, message: impl Into<String>) -> Self {
        Error::Field {
            file: file.to_path_buf(),
            field: field.into(),
            message: message.into(),
        }
    }
}

pub type Result<T> = std::result::Result<T, Error>;

/// Reads a whole file, naming it in the error.
pub fn read_to_string(path: &Path) -> Result<String> {
    std::fs::read_to_string(path).map_err(|e| Error::io(path, "cannot read", e))
}

/// Writes a whole file (creating parent directories), naming it in the error.
pub fn write(path: &Path, contents: impl AsRef<[u8]>) -> Result<()> {
    if let Some(parent) = path.parent() {
        if !parent.as_os_str().is_empty() {
            std::fs::create_dir_all(parent)
                .map_err(|e| Error::io(parent, "cannot create directory", e))?;
        }
    }
    std::fs::write(path, contents).map_err(|e| Error::io(path, "cannot write", e))
}
