//! The JSON reader: every accepted shape, and every bad input named by line and field.

use account_hash::{parse_accounts, read_accounts, InputError};

const GOOD: &str = r#"{"pubkey":"2teoVg1vu4JNCQszbq5SwK5G5djoi2MWkyqNA9WewCBs","account":{"lamports":1,"data":["qg==","base64"],"owner":"7xWAiJiED5StugJd1HgmpMHrxyXo4gVht6WkjxV5LiF6","executable":true,"rentEpoch":18446744073709551615,"space":1}}"#;

fn err(text: &str) -> InputError {
    parse_accounts(text, "in.json").expect_err("must be rejected")
}

/// GOOD with one substring replaced.
fn good_with(from: &str, to: &str) -> String {
    assert!(GOOD.contains(from), "{from}");
    GOOD.replacen(from, to, 1)
}

#[test]
fn reads_json_lines_with_u64_max_rent_epoch() {
    let text = format!("{GOOD}\n\n{GOOD}\n");
    let records = parse_accounts(&text, "x").unwrap();
    assert_eq!(records.len(), 2);
    assert_eq!(records[0].account.rent_epoch, u64::MAX);
    assert_eq!(records[0].account.data, vec![0xaa]);
    assert!(records[0].account.executable);
    assert_eq!((records[0].line, records[1].line), (1, 3));
    assert_eq!(records[0].expected_hash, None);
}

#[test]
fn reads_a_json_array_and_an_rpc_response() {
    let array = format!("[\n  {GOOD},\n  {GOOD}\n]");
    let records = parse_accounts(&array, "x").unwrap();
    assert_eq!(records.len(), 2);
    assert_eq!((records[0].line, records[1].line), (2, 3));

    let rpc = format!(r#"{{"jsonrpc":"2.0","result":[{GOOD}],"id":1}}"#);
    assert_eq!(parse_accounts(&rpc, "x").unwrap().len(), 1);
    let ctx = format!(
        r#"{{"jsonrpc":"2.0","result":{{"context":{{"slot":1}},"value":[{GOOD}]}},"id":1}}"#
    );
    assert_eq!(parse_accounts(&ctx, "x").unwrap().len(), 1);
    assert_eq!(parse_accounts(GOOD, "x").unwrap().len(), 1);
}

#[test]
fn reads_base58_data() {
    let text = good_with(r#"["qg==","base64"]"#, r#"["3w","base58"]"#);
    assert_eq!(
        parse_accounts(&text, "x").unwrap()[0].account.data,
        vec![0xaa]
    );
}

#[test]
fn bad_base58_names_line_and_field() {
    let bad = good_with("7xWAiJiED5StugJd1HgmpMHrxyXo4gVht6WkjxV5LiF6", "0OIl");
    let e = err(&format!("{GOOD}\n{bad}"));
    assert_eq!(
        (e.line, e.field.as_deref()),
        (Some(2), Some("account.owner"))
    );
    let text = e.to_string();
    assert!(
        text.starts_with("in.json:2: field `account.owner`:"),
        "{text}"
    );
    assert!(text.contains("base58"), "{text}");
}

#[test]
fn wrong_key_length_is_reported() {
    let e = err(&good_with(
        "2teoVg1vu4JNCQszbq5SwK5G5djoi2MWkyqNA9WewCBs",
        "2teoVg1vu4",
    ));
    assert_eq!(e.field.as_deref(), Some("pubkey"));
    assert!(e.message.contains("expected 32"), "{}", e.message);
}

#[test]
fn unknown_encoding_is_reported() {
    let e = err(&good_with(r#""base64"]"#, r#""base64+zstd"]"#));
    assert_eq!(e.field.as_deref(), Some("account.data[1]"));
    assert!(e.message.contains("base64+zstd"), "{}", e.message);
}

#[test]
fn space_disagreeing_with_data_is_reported() {
    let e = err(&good_with(r#""space":1"#, r#""space":2"#));
    assert_eq!(e.field.as_deref(), Some("account.space"));
    assert!(e.message.contains("says 2 bytes"), "{}", e.message);
}

#[test]
fn missing_field_is_reported() {
    let e = err(&good_with(r#""lamports":1,"#, ""));
    assert_eq!(e.field.as_deref(), Some("account.lamports"));
    assert!(e.message.contains("missing"), "{}", e.message);
    let e = err(&good_with(r#""executable":true,"#, ""));
    assert_eq!(e.field.as_deref(), Some("account.executable"));
}

#[test]
fn wrong_types_and_out_of_range_numbers_are_reported() {
    let e = err(&good_with(r#""lamports":1"#, r#""lamports":-1"#));
    assert_eq!(e.field.as_deref(), Some("account.lamports"));
    let e = err(&good_with("18446744073709551615", "18446744073709551616"));
    assert_eq!(e.field.as_deref(), Some("account.rentEpoch"));
    let e = err(&good_with(r#""executable":true"#, r#""executable":"yes""#));
    assert_eq!(e.field.as_deref(), Some("account.executable"));
    let e = err(&good_with(r#"["qg==","base64"]"#, r#"["@@","base64"]"#));
    assert_eq!(e.field.as_deref(), Some("account.data"));
}

#[test]
fn broken_json_names_the_line() {
    let e = err(&format!("{GOOD}\n{GOOD}\n{{\"pubkey\": \n"));
    assert_eq!(e.line, Some(3));
    assert!(e.message.contains("not valid JSON"), "{}", e.message);
    let e = err(&format!("[\n{GOOD},\n{GOOD}\n"));
    assert!(e.message.contains("not valid JSON"), "{}", e.message);
    let e = err("[1]");
    assert_eq!(e.line, Some(1));
}

#[test]
fn a_missing_file_is_an_error_naming_it() {
    let e = read_accounts(std::path::Path::new("/nonexistent/accounts.jsonl")).unwrap_err();
    assert!(
        e.to_string()
            .starts_with("/nonexistent/accounts.jsonl: cannot read"),
        "{e}"
    );
}

/// `read_accounts` streams JSON lines and reads other shapes whole: every shape, read from a
/// file, gives what `parse_accounts` gives for the same text, with the same line numbers.
#[test]
fn files_read_like_text_in_every_shape() {
    let tmp = tempfile::tempdir().unwrap();
    let dir = tmp.path();
    let shapes = [
        ("lines", format!("\n{GOOD}\n\n{GOOD}\n")),
        ("array", format!("\n\n[\n  {GOOD},\n  {GOOD}\n]\n")),
        (
            "rpc-one-line",
            format!(r#"{{"jsonrpc":"2.0","result":[{GOOD},{GOOD}],"id":1}}"#),
        ),
        (
            "rpc-pretty",
            format!("{{\n \"jsonrpc\": \"2.0\",\n \"result\": [\n{GOOD},\n{GOOD}\n]}}"),
        ),
        ("single", GOOD.to_string()),
        ("empty", "\n \n".to_string()),
    ];
    for (name, text) in shapes {
        let path = dir.join(format!("{name}.json"));
        std::fs::write(&path, &text).unwrap();
        let from_file = read_accounts(&path).unwrap();
        let from_text = parse_accounts(&text, &path.display().to_string()).unwrap();
        assert_eq!(from_file, from_text, "{name}");
    }
    // Errors keep the file's line numbers on both paths.
    let bad = good_with("\"lamports\":1", "\"lamports\":-1");
    for (name, text) in [
        ("bad-lines", format!("{GOOD}\n\n{bad}\n")),
        ("bad-array", format!("\n[\n{GOOD},\n{bad}\n]")),
    ] {
        let path = dir.join(format!("{name}.json"));
        std::fs::write(&path, &text).unwrap();
        let e = read_accounts(&path).unwrap_err();
        assert_eq!(e.field.as_deref(), Some("account.lamports"), "{name}: {e}");
        assert_eq!(
            e.line,
            Some(if name == "bad-lines" { 3 } else { 4 }),
            "{name}: {e}"
        );
        assert!(
            e.to_string().starts_with(&path.display().to_string()),
            "{e}"
        );
    }
}
