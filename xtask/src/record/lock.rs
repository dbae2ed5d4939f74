//! One measuring run at a time per reports directory: `reports/run.lock` holds the process
//! id and run id of the `bench-all` or `ab` that measures. Two runs at once would time each
//! other's load, so a second run refuses, naming the first's pid; a lock left by a process
//! that no longer exists (killed with `kill -9`) is taken over.
//!
//! The lock is created with `O_EXCL` (`create_new`), so of two runs starting together exactly
//! one gets it. Taking over a stale lock (remove, then create) is not atomic: two runs that
//! both start just after a killed one may both see it stale; one of them then fails to create
//! and refuses, unless the other already removed and re-created it in between.

use crate::error::{Error, Result};
use std::io::Write;
use std::path::{Path, PathBuf};

/// The lock's file name in a reports directory.
pub const FILE: &str = "run.lock";

/// Who holds a lock.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Holder {
    pub pid: u32,
    pub run_id: String,
    pub command: String,
}

/// A held lock; removed when dropped (a killed run's lock is detected as stale instead).
#[derive(Debug)]
pub struct RunLock {
    path: PathBuf,
}

impl Drop for RunLock {
    fn drop(&mut self) {
        let _ = std::fs::remove_file(&self.path);
    }
}

/// Takes the reports directory's lock for `run_id`, or says which live process has it.
pub fn acquire(reports: &Path, run_id: &str, command: &str) -> Result<RunLock> {
    std::fs::create_dir_all(reports)
        .map_err(|e| Error::io(reports, "cannot create directory", e))?;
    let path = reports.join(FILE);
    for _ in 0..2 {
        match std::fs::OpenOptions::new()
            .write(true)
            .create_new(true)
            .open(&path)
        {
            Ok(mut f) => {
                let text = format!("{}\n{run_id}\n{command}\n", std::process::id());
                let written = f.write_all(text.as_bytes()).and_then(|()| f.sync_data());
                let lock = RunLock { path: path.clone() };
                written.map_err(|e| Error::io(&path, "cannot write the run lock", e))?;
                return Ok(lock);
            }
            Err(e) if e.kind() == std::io::ErrorKind::AlreadyExists => {
                if let Some(h) = live_holder(reports) {
                    return Err(Error::Other(format!(
                        "another run is measuring in {}: `{}` run `{}`, process id {} (lock \
                         file {}); two runs at once would time each other's load. Wait for \
                         it, stop it, or use another --reports-dir",
                        reports.display(),
                        h.command,
                        h.run_id,
                        h.pid,
                        path.display()
                    )));
                }
                // Stale: its process is gone.
                match std::fs::remove_file(&path) {
                    Ok(()) => {}
                    Err(e) if e.kind() == std::io::ErrorKind::NotFound => {}
                    Err(e) => return Err(Error::io(&path, "cannot remove the stale run lock", e)),
                }
            }
            Err(e) => return Err(Error::io(&path, "cannot create the run lock", e)),
        }
    }
    Err(Error::Other(format!(
        "{}: another run took the lock while this one replaced a stale one; try again",
        path.display()
    )))
}

/// The holder of the reports directory's lock, when its process is alive.
pub fn live_holder(reports: &Path) -> Option<Holder> {
    let text = std::fs::read_to_string(reports.join(FILE)).ok()?;
    let mut lines = text.lines();
    let pid: u32 = lines.next()?.trim().parse().ok()?;
    let holder = Holder {
        pid,
        run_id: lines.next().unwrap_or_default().to_string(),
        command: lines.next().unwrap_or_default().to_string(),
    };
    is_alive(pid).then_some(holder)
}

/// Whether process `pid` exists (on Linux, through `/proc`; elsewhere every pid is taken
/// as alive, so a stale lock must be removed by hand).
fn is_alive(pid: u32) -> bool {
    if pid == std::process::id() {
        return true;
    }
    let proc = Path::new("/proc");
    if !proc.join("self").exists() {
        return true;
    }
    // A zombie (killed, not yet reaped) holds nothing.
    match std::fs::read_to_string(proc.join(pid.to_string()).join("stat")) {
        Ok(stat) => !stat
            .rsplit_once(')')
            .is_some_and(|(_, rest)| rest.trim_start().starts_with('Z')),
        Err(_) => false,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn dir(name: &str) -> PathBuf {
        let d = std::env::temp_dir().join(format!("hashlab-lock-{name}-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&d);
        d
    }

    #[test]
    fn a_second_run_refuses_naming_the_first_pid() {
        let d = dir("second");
        let lock = acquire(&d, "run-a", "bench-all").unwrap();
        let held = live_holder(&d).unwrap();
        assert_eq!(held.pid, std::process::id());
        assert_eq!(held.run_id, "run-a");
        let e = acquire(&d, "run-b", "ab").unwrap_err().to_string();
        assert!(
            e.contains(&format!("process id {}", std::process::id())) && e.contains("run-a"),
            "{e}"
        );
        drop(lock);
        assert!(!d.join(FILE).exists());
        let _again = acquire(&d, "run-b", "ab").unwrap();
        let _ = std::fs::remove_dir_all(&d);
    }

    #[test]
    fn a_dead_holder_is_taken_over() {
        let d = dir("stale");
        std::fs::create_dir_all(&d).unwrap();
        // A child that has exited and been reaped: its pid names no process.
        let mut child = std::process::Command::new("true").spawn().unwrap();
        let pid = child.id();
        child.wait().unwrap();
        std::fs::write(d.join(FILE), format!("{pid}\nold-run\nbench-all\n")).unwrap();
        assert_eq!(live_holder(&d), None);
        let _lock = acquire(&d, "new-run", "bench-all").unwrap();
        assert_eq!(live_holder(&d).unwrap().run_id, "new-run");
        let _ = std::fs::remove_dir_all(&d);
    }
}
