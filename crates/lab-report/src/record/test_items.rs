//! The top-level `#[cfg(test)]` items of a Rust source file, read with `syn`: how
//! `cargo xtask upstream` finds the released crate's own tests (to append them to the
//! drop-in's files) and removes the drop-in's (docs/upstream.md).

use crate::error::{Error, Result};
use std::path::Path;
use syn::spanned::Spanned;

/// A top-level item of a source file carrying `#[cfg(test)]`: what it is and where.
#[derive(Clone, Debug, PartialEq)]
pub struct CfgTestItem {
    /// `mod tests`, `impl LtHash`, `fn helper`, ...
    pub label: String,
    /// Its first and last line (1-based, inclusive), attributes and doc comments included.
    pub first_line: usize,
    pub last_line: usize,
    /// Its text, those lines whole.
    pub text: String,
}

/// The top-level `#[cfg(test)]` items of `source` (`file` names it in the error).
pub fn cfg_test_items(source: &str, file: &Path) -> Result<Vec<CfgTestItem>> {
    let parsed = syn::parse_file(source).map_err(|e| {
        let at = e.span().start();
        Error::Other(format!(
            "{}:{}:{}: cannot parse: {e}",
            file.display(),
            at.line,
            at.column + 1
        ))
    })?;
    let lines: Vec<&str> = source.split_inclusive('\n').collect();
    let mut items = Vec::new();
    for item in &parsed.items {
        let attrs = match item_attrs(item) {
            Some(attrs) => attrs,
            None => continue,
        };
        if !attrs.iter().any(is_cfg_test) {
            continue;
        }
        let span = item.span();
        let (first_line, last_line) = (span.start().line, span.end().line);
        let first = attrs
            .iter()
            .map(|a| a.span().start().line)
            .chain([first_line])
            .min()
            .unwrap_or(first_line);
        items.push(CfgTestItem {
            label: item_label(item),
            first_line: first,
            last_line,
            text: lines[first - 1..last_line].concat(),
        });
    }
    Ok(items)
}

fn item_attrs(item: &syn::Item) -> Option<&[syn::Attribute]> {
    use syn::Item::*;
    Some(match item {
        Const(i) => &i.attrs,
        Enum(i) => &i.attrs,
        ExternCrate(i) => &i.attrs,
        Fn(i) => &i.attrs,
        ForeignMod(i) => &i.attrs,
        Impl(i) => &i.attrs,
        Macro(i) => &i.attrs,
        Mod(i) => &i.attrs,
        Static(i) => &i.attrs,
        Struct(i) => &i.attrs,
        Trait(i) => &i.attrs,
        TraitAlias(i) => &i.attrs,
        Type(i) => &i.attrs,
        Union(i) => &i.attrs,
        Use(i) => &i.attrs,
        _ => return None,
    })
}

/// `#[cfg(test)]` exactly (not `cfg(not(test))`, not `cfg(all(test, ...))`).
fn is_cfg_test(attr: &syn::Attribute) -> bool {
    attr.path().is_ident("cfg")
        && attr
            .parse_args::<syn::Ident>()
            .is_ok_and(|ident| ident == "test")
}

fn item_label(item: &syn::Item) -> String {
    use syn::Item::*;
    match item {
        Mod(i) => format!("mod {}", i.ident),
        Fn(i) => format!("fn {}", i.sig.ident),
        Struct(i) => format!("struct {}", i.ident),
        Enum(i) => format!("enum {}", i.ident),
        Const(i) => format!("const {}", i.ident),
        Static(i) => format!("static {}", i.ident),
        Trait(i) => format!("trait {}", i.ident),
        Type(i) => format!("type {}", i.ident),
        Impl(_) => "impl".to_string(),
        Use(_) => "use".to_string(),
        _ => "item".to_string(),
    }
}

/// `source` without the given items' lines.
pub fn without_items(source: &str, items: &[CfgTestItem]) -> String {
    source
        .split_inclusive('\n')
        .enumerate()
        .filter(|(i, _)| {
            !items
                .iter()
                .any(|it| (it.first_line..=it.last_line).contains(&(i + 1)))
        })
        .map(|(_, line)| line)
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    const SOURCE: &str = "\
//! A crate.
pub struct LtHash(pub [u16; 4]);

#[cfg(test)]
mod checks;

/// Helpers.
#[cfg(test)]
pub(super) mod test_util {
    pub fn one() -> u8 { 1 }
}

#[cfg(not(test))]
fn not_in_tests() {}

#[cfg(test)]
impl Copy for LtHash {}

#[cfg(test)]
mod tests {
    #[test]
    fn a() { assert_eq!(\"}\", \"}\"); }
}
";

    #[test]
    fn finds_the_cfg_test_items_with_their_doc_comments() {
        let items = cfg_test_items(SOURCE, Path::new("src/x.rs")).unwrap();
        let got: Vec<(&str, usize, usize)> = items
            .iter()
            .map(|i| (i.label.as_str(), i.first_line, i.last_line))
            .collect();
        assert_eq!(
            got,
            [
                ("mod checks", 4, 5),
                ("mod test_util", 7, 11),
                ("impl", 16, 17),
                ("mod tests", 19, 23)
            ]
        );
        assert!(items[1].text.starts_with("/// Helpers.\n#[cfg(test)]\n"));
        assert!(items[3].text.ends_with("}\n"));
    }

    #[test]
    fn removing_the_items_keeps_the_rest() {
        let items = cfg_test_items(SOURCE, Path::new("src/x.rs")).unwrap();
        let rest = without_items(SOURCE, &items);
        assert!(rest.contains("pub struct LtHash"));
        assert!(rest.contains("#[cfg(not(test))]\nfn not_in_tests() {}"));
        assert!(!rest.contains("cfg(test)"), "{rest}");
        assert!(cfg_test_items(&rest, Path::new("src/x.rs"))
            .unwrap()
            .is_empty());
    }

    #[test]
    fn a_source_that_does_not_parse_names_file_and_line() {
        let err = cfg_test_items("fn a() {}\nfn b( {}\n", Path::new("src/bad.rs"))
            .unwrap_err()
            .to_string();
        assert!(err.starts_with("src/bad.rs:2:"), "{err}");
    }
}
