//! Reading accounts in the JSON shape of the Solana RPC.
//!
//! Accepted: JSON lines (one keyed account per line, as in the conformance vectors), one JSON
//! array of keyed accounts (a `getProgramAccounts` result), a whole RPC response whose
//! `result` (or `result.value`) is such an array, or a single keyed account object:
//!
//! ```json
//! {"pubkey": "<base58>", "account": {"lamports": 1, "data": ["<base64>", "base64"],
//!  "owner": "<base58>", "executable": false, "rentEpoch": 18446744073709551615, "space": 0},
//!  "hash": "<optional base58>", "lt_hash_checksum": "<optional base58>"}
//! ```
//!
//! Every problem is an [`InputError`] naming the file, the line and the field.

use std::fmt;
use std::path::Path;

use base64::Engine as _;
use serde_json::value::RawValue;
use serde_json::Value;

use crate::account::{decode_base58_32, Account, Pubkey};
use crate::digest::{AccountHash, LtChecksum};

/// One account read from a file, with the digests the file expects of it (if any).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct AccountRecord {
    /// The account.
    pub account: Account,
    /// Expected legacy hash (`hash`), when the file gives one.
    pub expected_hash: Option<AccountHash>,
    /// Expected LtHash checksum (`lt_hash_checksum`), when the file gives one.
    pub expected_lt_checksum: Option<LtChecksum>,
    /// 1-based line of the file where the record starts.
    pub line: usize,
}

/// A file that cannot be read as accounts: where (file, line, field) and why.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct InputError {
    /// The file (or the name given for in-memory text).
    pub path: String,
    /// 1-based line, when known.
    pub line: Option<usize>,
    /// Byte offset in the file (binary inputs: account storage), when known.
    pub offset: Option<u64>,
    /// Dotted field path such as `account.owner`, when one field is at fault.
    pub field: Option<String>,
    /// What is wrong.
    pub message: String,
}

impl fmt::Display for InputError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.path)?;
        if let Some(line) = self.line {
            write!(f, ":{line}")?;
        }
        if let Some(offset) = self.offset {
            write!(f, " at byte {offset}")?;
        }
        if let Some(field) = &self.field {
            write!(f, ": field `{field}`")?;
        }
        write!(f, ": {}", self.message)
    }
}

impl std::error::Error for InputError {}

/// Reads every account of a file (see the module docs for the accepted shapes).
///
/// JSON lines are read line by line, so the file's text is never held in memory: a file of
/// a million token accounts peaks at the decoded accounts plus one line. A JSON array or an
/// RPC response is one document: its text is held once while it is parsed (each element is
/// borrowed from it, never copied into a `serde_json::Value` tree of the whole document).
pub fn read_accounts(path: &Path) -> Result<Vec<AccountRecord>, InputError> {
    use std::io::{BufRead, BufReader, Read};
    let name = path.display().to_string();
    let io_error = |e: std::io::Error| InputError {
        path: name.clone(),
        line: None,
        offset: None,
        field: None,
        message: format!("cannot read: {e}"),
    };
    let mut reader = BufReader::new(std::fs::File::open(path).map_err(io_error)?);
    let mut text = String::new();
    let mut line = 0;
    loop {
        text.clear();
        if reader.read_line(&mut text).map_err(io_error)? == 0 {
            return Ok(Vec::new());
        }
        line += 1;
        if !text.trim().is_empty() {
            break;
        }
    }
    if let Some(first) = json_lines_record(&text) {
        let doc = Doc {
            text: "",
            path: &name,
        };
        let mut records = vec![doc.record(&first, line)?];
        for next in reader.lines() {
            let next = next.map_err(io_error)?;
            line += 1;
            if next.trim().is_empty() {
                continue;
            }
            let value: Value = serde_json::from_str(&next).map_err(|e| doc.syntax(&e, line))?;
            records.push(doc.record(&value, line)?);
        }
        return Ok(records);
    }
    // One document spread over lines: keep its text once, with blank lines in front
    // so that line numbers stay those of the file.
    let mut whole = "\n".repeat(line - 1);
    whole.push_str(&text);
    drop(text);
    reader.read_to_string(&mut whole).map_err(io_error)?;
    parse_accounts(&whole, &name)
}

/// The first line of a JSON-lines file: a complete keyed account object on one line (not an
/// RPC response, which has `result`).
fn json_lines_record(line: &str) -> Option<Value> {
    let trimmed = line.trim();
    if !trimmed.starts_with('{') {
        return None;
    }
    match serde_json::from_str::<Value>(trimmed) {
        Ok(Value::Object(obj)) if !obj.contains_key("result") => Some(Value::Object(obj)),
        _ => None,
    }
}

/// Parses accounts from text; `path` names the source in errors.
pub fn parse_accounts(text: &str, path: &str) -> Result<Vec<AccountRecord>, InputError> {
    #[derive(serde::Deserialize)]
    struct Probe<'a> {
        #[serde(borrow, default)]
        result: Option<&'a RawValue>,
    }
    let doc = Doc { text, path };
    let trimmed = text.trim_start();
    if trimmed.is_empty() {
        return Ok(Vec::new());
    }
    if trimmed.starts_with('[') {
        return doc.array(text);
    }
    // Probe without building a `Value` of the whole document (an RPC response can be
    // hundreds of megabytes).
    match serde_json::from_str::<Probe<'_>>(text) {
        Ok(Probe { result: Some(_) }) => doc.rpc_response(text),
        Ok(Probe { result: None }) => {
            let value: Value = serde_json::from_str(text).map_err(|e| doc.syntax(&e, 1))?;
            Ok(vec![doc.record(&value, doc.line_of(trimmed))?])
        }
        // Not one JSON document: JSON lines.
        Err(_) => doc.json_lines(),
    }
}

struct Doc<'a> {
    text: &'a str,
    path: &'a str,
}

impl Doc<'_> {
    fn err(&self, line: usize, field: Option<&str>, message: impl Into<String>) -> InputError {
        InputError {
            path: self.path.to_string(),
            line: Some(line),
            offset: None,
            field: field.map(str::to_string),
            message: message.into(),
        }
    }

    /// Line of a sub-slice of `self.text`.
    fn line_of(&self, part: &str) -> usize {
        LineCounter::new(self.text).line_of(part)
    }

    fn syntax(&self, e: &serde_json::Error, base_line: usize) -> InputError {
        let line = base_line + e.line().saturating_sub(1);
        self.err(line, None, format!("not valid JSON: {e}"))
    }

    fn array(&self, part: &str) -> Result<Vec<AccountRecord>, InputError> {
        let base = self.line_of(part);
        let items: Vec<&RawValue> =
            serde_json::from_str(part).map_err(|e| self.syntax(&e, base))?;
        // Elements come in file order: count lines incrementally (a million-element array
        // would otherwise rescan the text for each one).
        let mut lines = LineCounter::new(self.text);
        items
            .iter()
            .map(|raw| {
                let line = lines.line_of(raw.get());
                let value: Value =
                    serde_json::from_str(raw.get()).map_err(|e| self.syntax(&e, line))?;
                self.record(&value, line)
            })
            .collect()
    }

    fn rpc_response(&self, text: &str) -> Result<Vec<AccountRecord>, InputError> {
        #[derive(serde::Deserialize)]
        struct Response<'a> {
            #[serde(borrow)]
            result: &'a RawValue,
        }
        #[derive(serde::Deserialize)]
        struct WithContext<'a> {
            #[serde(borrow)]
            value: &'a RawValue,
        }
        let response: Response<'_> = serde_json::from_str(text).map_err(|e| self.syntax(&e, 1))?;
        let result = response.result.get();
        let list = if result.trim_start().starts_with('{') {
            let ctx: WithContext<'_> = serde_json::from_str(result).map_err(|_| {
                self.err(
                    self.line_of(result),
                    Some("result"),
                    "expected an array of keyed accounts, or an object with `value`",
                )
            })?;
            ctx.value.get()
        } else {
            result
        };
        if !list.trim_start().starts_with('[') {
            return Err(self.err(
                self.line_of(list),
                Some("result"),
                "expected an array of keyed accounts",
            ));
        }
        self.array(list)
    }

    fn json_lines(&self) -> Result<Vec<AccountRecord>, InputError> {
        let mut records = Vec::new();
        for (index, line_text) in self.text.lines().enumerate() {
            let line = index + 1;
            if line_text.trim().is_empty() {
                continue;
            }
            let value: Value =
                serde_json::from_str(line_text).map_err(|e| self.syntax(&e, line))?;
            records.push(self.record(&value, line)?);
        }
        Ok(records)
    }

    fn record(&self, value: &Value, line: usize) -> Result<AccountRecord, InputError> {
        let f = Fields { doc: self, line };
        let top = value.as_object().ok_or_else(|| {
            self.err(
                line,
                None,
                "expected a JSON object {\"pubkey\", \"account\"}",
            )
        })?;
        let pubkey = Pubkey(f.key(top.get("pubkey"), "pubkey")?);
        let account = f.object(top.get("account"), "account")?;
        let lamports = f.u64(account.get("lamports"), "account.lamports")?;
        let owner = Pubkey(f.key(account.get("owner"), "account.owner")?);
        let executable = match account.get("executable") {
            Some(Value::Bool(b)) => *b,
            other => return Err(f.wrong(other, "account.executable", "true or false")),
        };
        let rent_epoch = f.u64(account.get("rentEpoch"), "account.rentEpoch")?;
        let data = f.data(account.get("data"))?;
        if let Some(space) = account.get("space") {
            let space = f.u64(Some(space), "account.space")?;
            if space != data.len() as u64 {
                return Err(self.err(
                    line,
                    Some("account.space"),
                    format!(
                        "says {space} bytes but `data` decodes to {} bytes",
                        data.len()
                    ),
                ));
            }
        }
        let expected_hash = match top.get("hash") {
            None | Some(Value::Null) => None,
            some => Some(AccountHash(f.key(some, "hash")?)),
        };
        let expected_lt_checksum = match top.get("lt_hash_checksum") {
            None | Some(Value::Null) => None,
            some => Some(LtChecksum(f.key(some, "lt_hash_checksum")?)),
        };
        Ok(AccountRecord {
            account: Account {
                pubkey,
                lamports,
                rent_epoch,
                executable,
                owner,
                data,
            },
            expected_hash,
            expected_lt_checksum,
            line,
        })
    }
}

/// Line numbers of sub-slices of one text, asked in increasing order.
struct LineCounter<'a> {
    text: &'a str,
    offset: usize,
    line: usize,
}

impl<'a> LineCounter<'a> {
    fn new(text: &'a str) -> Self {
        LineCounter {
            text,
            offset: 0,
            line: 1,
        }
    }

    fn line_of(&mut self, part: &str) -> usize {
        let at = (part.as_ptr() as usize)
            .saturating_sub(self.text.as_ptr() as usize)
            .min(self.text.len());
        if at >= self.offset {
            self.line += self.text.as_bytes()[self.offset..at]
                .iter()
                .filter(|&&b| b == b'\n')
                .count();
            self.offset = at;
        }
        self.line
    }
}

/// Typed field readers for one record.
struct Fields<'d, 'a> {
    doc: &'d Doc<'a>,
    line: usize,
}

fn describe(value: Option<&Value>) -> String {
    match value {
        None => "nothing (the field is missing)".to_string(),
        Some(Value::Null) => "null".to_string(),
        Some(v) => {
            let text = v.to_string();
            if text.chars().count() > 40 {
                format!("{}…", text.chars().take(40).collect::<String>())
            } else {
                text
            }
        }
    }
}

impl Fields<'_, '_> {
    fn wrong(&self, value: Option<&Value>, field: &str, expected: &str) -> InputError {
        self.doc.err(
            self.line,
            Some(field),
            format!("expected {expected}, found {}", describe(value)),
        )
    }

    fn object<'v>(
        &self,
        value: Option<&'v Value>,
        field: &str,
    ) -> Result<&'v serde_json::Map<String, Value>, InputError> {
        value
            .and_then(Value::as_object)
            .ok_or_else(|| self.wrong(value, field, "an object"))
    }

    fn u64(&self, value: Option<&Value>, field: &str) -> Result<u64, InputError> {
        value
            .and_then(Value::as_u64)
            .ok_or_else(|| self.wrong(value, field, "an integer from 0 to 18446744073709551615"))
    }

    fn str<'v>(&self, value: Option<&'v Value>, field: &str) -> Result<&'v str, InputError> {
        value
            .and_then(Value::as_str)
            .ok_or_else(|| self.wrong(value, field, "a string"))
    }

    fn key(&self, value: Option<&Value>, field: &str) -> Result<[u8; 32], InputError> {
        let text = self.str(value, field)?;
        decode_base58_32(text).map_err(|e| {
            self.doc.err(
                self.line,
                Some(field),
                format!("{} is not a 32-byte base58 value: {e}", describe(value)),
            )
        })
    }

    fn data(&self, value: Option<&Value>) -> Result<Vec<u8>, InputError> {
        const FIELD: &str = "account.data";
        let (text, encoding) = match value {
            // The RPC's legacy "binary" form: a bare base58 string.
            Some(Value::String(s)) => (s.as_str(), "base58"),
            Some(Value::Array(items)) if items.len() == 2 => (
                self.str(items.first(), "account.data[0]")?,
                self.str(items.get(1), "account.data[1]")?,
            ),
            other => {
                return Err(self.wrong(other, FIELD, "[\"<data>\", \"base64\"] or a base58 string"))
            }
        };
        let decoded = match encoding {
            "base64" => base64::engine::general_purpose::STANDARD
                .decode(text)
                .map_err(|e| e.to_string()),
            "base58" => bs58::decode(text).into_vec().map_err(|e| e.to_string()),
            other => {
                return Err(self.doc.err(
                    self.line,
                    Some("account.data[1]"),
                    format!("unknown encoding {other:?} (supported: \"base64\", \"base58\")"),
                ))
            }
        };
        decoded.map_err(|e| {
            self.doc
                .err(self.line, Some(FIELD), format!("not valid {encoding}: {e}"))
        })
    }
}
