//! `bench-all --isa-builds`: right after the main build, the lab is built twice more with
//! the blake3 crate capped (`blake3-no-avx512`, `blake3-no-avx2`: bench-lab features that
//! forward to blake3's `no_avx512` / `no_avx2`), into the workspace's target directory
//! (cargo keeps each feature set's artifacts apart: only blake3 and what depends on it
//! rebuild, and the main build stays fresh; each build's executables are pinned under
//! `target/hashlab-lab/<tag>/`), and after the main build's criterion pass only the
//! benchmarks whose `isa` the cap changes are run again (`analysis::isa::capped_reruns`), with their own `CRITERION_HOME`. Their rows carry
//! `build`; the report shows them in "Per instruction set" only.

use lab_record::{Isa, Profile};
use std::path::{Path, PathBuf};

/// One capped build of the lab.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct CappedBuild {
    /// The bench-lab feature, also written to the rows' `build`.
    pub feature: &'static str,
    /// The widest instruction set the blake3 crate may use in it.
    pub isa: Isa,
}

pub const BUILDS: [CappedBuild; 2] = [
    CappedBuild {
        feature: "blake3-no-avx512",
        isa: Isa::Avx2,
    },
    CappedBuild {
        feature: "blake3-no-avx2",
        isa: Isa::Sse41,
    },
];

impl CappedBuild {
    /// `isa-avx2`: the name of its pinned executables' folder and criterion home.
    pub fn tag(self) -> String {
        format!("isa-{}", self.isa)
    }

    /// `reports/<run>/criterion-isa-avx2`.
    pub fn criterion_home(self, run_dir: &Path) -> PathBuf {
        run_dir.join(format!("criterion-{}", self.tag()))
    }
}

/// Whether the capped builds run: `--isa-builds` / `--no-isa-builds`, else on for the
/// quick and full profiles and off for smoke.
pub fn enabled(profile: Profile, on: bool, off: bool) -> bool {
    if off {
        false
    } else {
        on || profile != Profile::Smoke
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn defaults_follow_the_profile() {
        assert!(enabled(Profile::Quick, false, false));
        assert!(enabled(Profile::Full, false, false));
        assert!(!enabled(Profile::Smoke, false, false));
        assert!(enabled(Profile::Smoke, true, false));
        assert!(!enabled(Profile::Quick, false, true));
        let b = BUILDS[0];
        assert_eq!(
            b.criterion_home(Path::new("/r/run")),
            Path::new("/r/run/criterion-isa-avx2")
        );
        assert_eq!(BUILDS[1].tag(), "isa-sse41");
    }
}
