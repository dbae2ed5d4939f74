//! Every registered family under criterion. `cargo xtask bench-all` runs this binary once per
//! benchmark; `cargo bench -p bench-lab` runs all of it with the profile in `HASHLAB_PROFILE`.
bench_lab::criterion_target!(None);
