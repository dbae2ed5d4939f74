//! A small typed reader over `serde_json::Value` that remembers where it is, so an error
//! says `results[3].ns_per_iter.lower: expected a number, found a string` and the file.
//!
//! Used for every file a user or another machine can hand us (results.json, criterion's
//! estimates.json / benchmark.json): serde's own messages give a line and column but not
//! the field path.

use crate::error::{Error, Result};
use serde_json::Value;
use std::path::Path;

/// Parses `text` as JSON, naming `file` on failure.
pub fn parse(file: &Path, text: &str) -> Result<Value> {
    serde_json::from_str(text).map_err(|e| Error::Json {
        file: file.to_path_buf(),
        message: e.to_string(),
    })
}

fn kind(v: &Value) -> &'static str {
    match v {
        Value::Null => "null",
        Value::Bool(_) => "a boolean",
        Value::Number(_) => "a number",
        Value::String(_) => "a string",
        Value::Array(_) => "an array",
        Value::Object(_) => "an object",
    }
}

/// A position inside a JSON document: the file, the field path and the value there.
#[derive(Clone)]
pub struct At<'a> {
    pub file: &'a Path,
    pub path: String,
    pub value: &'a Value,
}

impl<'a> At<'a> {
    pub fn root(file: &'a Path, value: &'a Value) -> Self {
        At {
            file,
            path: String::new(),
            value,
        }
    }

    fn shown_path(&self) -> &str {
        if self.path.is_empty() {
            "(top level)"
        } else {
            &self.path
        }
    }

    pub fn error(&self, message: impl Into<String>) -> Error {
        Error::field(self.file, self.shown_path(), message)
    }

    fn child_path(&self, key: &str) -> String {
        if self.path.is_empty() {
            key.to_string()
        } else {
            format!("{}.{}", self.path, key)
        }
    }

    fn obj(&self) -> Result<&'a serde_json::Map<String, Value>> {
        self.value
            .as_object()
            .ok_or_else(|| self.error(format!("expected an object, found {}", kind(self.value))))
    }

    /// The field `key`, which must be present (null counts as present).
    pub fn field(&self, key: &str) -> Result<At<'a>> {
        let obj = self.obj()?;
        match obj.get(key) {
            Some(v) => Ok(At {
                file: self.file,
                path: self.child_path(key),
                value: v,
            }),
            None => Err(Error::field(
                self.file,
                self.child_path(key),
                "missing (is this a hashlab results file?)",
            )),
        }
    }

    /// The field `key` if present and not null.
    pub fn opt_field(&self, key: &str) -> Result<Option<At<'a>>> {
        let obj = self.obj()?;
        Ok(match obj.get(key) {
            None | Some(Value::Null) => None,
            Some(v) => Some(At {
                file: self.file,
                path: self.child_path(key),
                value: v,
            }),
        })
    }

    pub fn as_str(&self) -> Result<&'a str> {
        self.value
            .as_str()
            .ok_or_else(|| self.error(format!("expected a string, found {}", kind(self.value))))
    }

    pub fn as_f64(&self) -> Result<f64> {
        let n = self
            .value
            .as_f64()
            .ok_or_else(|| self.error(format!("expected a number, found {}", kind(self.value))))?;
        if n.is_finite() {
            Ok(n)
        } else {
            Err(self.error("expected a finite number"))
        }
    }

    pub fn as_u64(&self) -> Result<u64> {
        self.value.as_u64().ok_or_else(|| {
            self.error(format!(
                "expected a non-negative integer, found {}",
                match self.value {
                    Value::Number(n) => n.to_string(),
                    other => kind(other).to_string(),
                }
            ))
        })
    }

    pub fn as_bool(&self) -> Result<bool> {
        self.value
            .as_bool()
            .ok_or_else(|| self.error(format!("expected a boolean, found {}", kind(self.value))))
    }

    pub fn items(&self) -> Result<Vec<At<'a>>> {
        let arr = self
            .value
            .as_array()
            .ok_or_else(|| self.error(format!("expected an array, found {}", kind(self.value))))?;
        Ok(arr
            .iter()
            .enumerate()
            .map(|(i, v)| At {
                file: self.file,
                path: format!("{}[{}]", self.shown_path(), i),
                value: v,
            })
            .collect())
    }

    pub fn str_field(&self, key: &str) -> Result<String> {
        Ok(self.field(key)?.as_str()?.to_string())
    }

    pub fn opt_str_field(&self, key: &str) -> Result<Option<String>> {
        self.opt_field(key)?
            .map(|f| f.as_str().map(str::to_string))
            .transpose()
    }

    pub fn opt_f64_field(&self, key: &str) -> Result<Option<f64>> {
        self.opt_field(key)?.map(|f| f.as_f64()).transpose()
    }

    pub fn opt_u64_field(&self, key: &str) -> Result<Option<u64>> {
        self.opt_field(key)?.map(|f| f.as_u64()).transpose()
    }

    pub fn opt_bool_field(&self, key: &str) -> Result<Option<bool>> {
        self.opt_field(key)?.map(|f| f.as_bool()).transpose()
    }

    pub fn str_list_field(&self, key: &str) -> Result<Vec<String>> {
        match self.opt_field(key)? {
            None => Ok(Vec::new()),
            Some(f) => f
                .items()?
                .iter()
                .map(|i| i.as_str().map(str::to_string))
                .collect(),
        }
    }
}
