//! What xtask and the lab's processes share beyond the record: the environment variables a
//! lab process reads (with the `lab` flag each filter variable stands for) and how a
//! process ends when its reader closes the pipe.

use std::ffi::OsString;

/// The account files of `--accounts` (absolute paths, the platform's path-list
/// separator); the lab registers a workload `user_accounts/<file stem>` per file.
pub const ACCOUNTS_ENV: &str = "HASHLAB_ACCOUNTS";

/// The path of `--mix-from`'s `mix.json`, from which the `mainnet_mix/*` rows draw their
/// data sizes.
pub const MIX_ENV: &str = "HASHLAB_MIX";

/// The profile of a criterion process (it also decides some workloads' parameters).
pub const PROFILE_ENV: &str = "HASHLAB_PROFILE";

/// The strategies filter (`--peer-path` sets it to the adapter's row).
pub const STRATEGIES_ENV: &str = "HASHLAB_STRATEGIES";

/// The selection filters, in the order bench-all records them: the variable the criterion
/// binary reads each from, and the `lab` flag that says the same.
pub const FILTERS: [(&str, &str); 4] = [
    ("HASHLAB_FAMILIES", "--families"),
    (STRATEGIES_ENV, "--strategies"),
    ("HASHLAB_SIZES", "--sizes"),
    ("HASHLAB_WORKLOADS", "--workloads"),
];

/// The filters given: `given` holds the values of [`FILTERS`] in its order; each given one
/// with its variable and flag.
pub fn given_filters(
    given: [&Option<String>; 4],
) -> impl Iterator<Item = (&'static str, &'static str, &String)> {
    FILTERS
        .into_iter()
        .zip(given)
        .filter_map(|((env, flag), v)| Some((env, flag, v.as_ref()?)))
}

/// The filter variables of `env` as `lab` flags (`HASHLAB_SIZES` -> `--sizes`), in the
/// order of `env`; other variables are left out.
pub fn filter_flags(env: &[(OsString, OsString)]) -> Vec<OsString> {
    env.iter()
        .filter_map(|(k, v)| {
            let (_, flag) = FILTERS.iter().find(|(e, _)| k == e)?;
            Some([OsString::from(flag), v.clone()])
        })
        .flatten()
        .collect()
}

/// A write to a closed pipe (`lab list --json | head`, `cargo xtask compare A B | head`)
/// ends the process quietly with status 0, as ripgrep does. Rust ignores SIGPIPE, so
/// `println!` to a closed pipe panics with "failed printing to stdout: Broken pipe"; this
/// panic hook turns that one panic into `exit(0)` and leaves every other panic to the
/// default hook.
pub fn quiet_on_closed_pipe() {
    let default = std::panic::take_hook();
    std::panic::set_hook(Box::new(move |info| {
        let payload = info.payload();
        let message = payload
            .downcast_ref::<String>()
            .map(String::as_str)
            .or_else(|| payload.downcast_ref::<&str>().copied())
            .unwrap_or_default();
        if message.starts_with("failed printing to stdout") && message.contains("Broken pipe") {
            std::process::exit(0);
        }
        default(info);
    }));
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn filters_given_read_as_lab_flags_in_order() {
        let (families, sizes) = (Some("lt-hash".to_string()), Some("165".to_string()));
        let given: Vec<_> = given_filters([&families, &None, &sizes, &None]).collect();
        assert_eq!(
            given,
            [
                ("HASHLAB_FAMILIES", "--families", &families.clone().unwrap()),
                ("HASHLAB_SIZES", "--sizes", &sizes.clone().unwrap())
            ]
        );
        let env: Vec<(OsString, OsString)> = [("HASHLAB_SIZES", "165"), (ACCOUNTS_ENV, "a")]
            .map(|(k, v)| (k.into(), v.into()))
            .to_vec();
        assert_eq!(filter_flags(&env), ["--sizes", "165"]);
    }
}
