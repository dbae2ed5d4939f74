//! One measuring run at a time per reports directory: `reports/run.lock` is held with an OS
//! file lock (`File::try_lock`, `flock` on Linux) by the `bench-all` or `ab` that measures,
//! and names its process id, run id and command. Two runs at once would time each other's
//! load, so a second run refuses, naming the first's pid. The kernel releases the lock when
//! its holder ends in any way (`kill -9` included), so a killed run's lock is free at once,
//! and of two runs starting together exactly one gets it.
//!
//! The file stays in place when its holder ends (removing it would let a run that opened it
//! just before lock a file no longer at the path); a lock file that no process holds names
//! no run.

use crate::error::{Error, Result};
use std::fs::{File, OpenOptions, TryLockError};
use std::io::{Read, Seek, Write};
use std::path::Path;

/// The lock's file name in a reports directory.
pub const FILE: &str = "run.lock";

/// Who holds a lock.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Holder {
    pub pid: u32,
    pub run_id: String,
    pub command: String,
}

/// A held lock: released when dropped (or when the process ends), its file emptied first.
#[derive(Debug)]
pub struct RunLock {
    file: File,
}

impl Drop for RunLock {
    fn drop(&mut self) {
        let _ = self.file.set_len(0);
        let _ = self.file.unlock();
    }
}

fn open(path: &Path) -> Result<File> {
    OpenOptions::new()
        .read(true)
        .write(true)
        .create(true)
        .truncate(false)
        .open(path)
        .map_err(|e| Error::io(path, "cannot open the run lock", e))
}

/// Takes the reports directory's lock for `run_id`, or says which live process has it.
pub fn acquire(reports: &Path, run_id: &str, command: &str) -> Result<RunLock> {
    std::fs::create_dir_all(reports)
        .map_err(|e| Error::io(reports, "cannot create directory", e))?;
    let path = reports.join(FILE);
    let mut file = open(&path)?;
    match file.try_lock() {
        Ok(()) => {}
        Err(TryLockError::WouldBlock) => {
            let h = read_holder(&mut file);
            return Err(Error::Other(format!(
                "another run is measuring in {}: `{}` run `{}`, process id {} (lock file {}); \
                 two runs at once would time each other's load. Wait for it, stop it, or use \
                 another --reports-dir",
                reports.display(),
                h.as_ref().map_or("?", |h| h.command.as_str()),
                h.as_ref().map_or("?", |h| h.run_id.as_str()),
                h.as_ref()
                    .map_or_else(|| "?".to_string(), |h| h.pid.to_string()),
                path.display()
            )));
        }
        Err(TryLockError::Error(e)) => return Err(Error::io(&path, "cannot lock the run lock", e)),
    }
    let text = format!("{}\n{run_id}\n{command}\n", std::process::id());
    let written = file
        .set_len(0)
        .and_then(|()| file.rewind())
        .and_then(|()| file.write_all(text.as_bytes()))
        .and_then(|()| file.sync_data());
    let lock = RunLock { file };
    written.map_err(|e| Error::io(&path, "cannot write the run lock", e))?;
    Ok(lock)
}

/// The holder named in an open lock file (read from its start).
fn read_holder(file: &mut File) -> Option<Holder> {
    let mut text = String::new();
    file.rewind().ok()?;
    file.read_to_string(&mut text).ok()?;
    let mut lines = text.lines();
    let pid: u32 = lines.next()?.trim().parse().ok()?;
    Some(Holder {
        pid,
        run_id: lines.next().unwrap_or_default().to_string(),
        command: lines.next().unwrap_or_default().to_string(),
    })
}

/// The live holder of the lock of `run_dir`'s reports directory (its parent), when it is
/// measuring that run.
pub fn measuring(run_dir: &Path) -> Option<Holder> {
    live_holder(run_dir.parent()?).filter(|h| run_dir.file_name().is_some_and(|n| *n == *h.run_id))
}

/// The holder of the reports directory's lock, when a live process holds it (this
/// process included).
pub fn live_holder(reports: &Path) -> Option<Holder> {
    let path = reports.join(FILE);
    let mut file = OpenOptions::new().read(true).open(&path).ok()?;
    let holder = read_holder(&mut file)?;
    if holder.pid == std::process::id() {
        return Some(holder);
    }
    // A shared lock is refused while a run holds the exclusive one.
    match file.try_lock_shared() {
        Ok(()) => {
            let _ = file.unlock();
            None
        }
        Err(TryLockError::WouldBlock) => Some(holder),
        Err(TryLockError::Error(_)) => None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_second_run_refuses_naming_the_first_pid() {
        let tmp = tempfile::tempdir().unwrap();
        let d = &tmp.path().join("reports");
        let lock = acquire(d, "run-a", "bench-all").unwrap();
        let held = live_holder(d).unwrap();
        assert_eq!(held.pid, std::process::id());
        assert_eq!(held.run_id, "run-a");
        let e = acquire(d, "run-b", "ab").unwrap_err().to_string();
        assert!(
            e.contains(&format!("process id {}", std::process::id())) && e.contains("run-a"),
            "{e}"
        );
        drop(lock);
        assert_eq!(live_holder(d), None);
        let _again = acquire(d, "run-b", "ab").unwrap();
    }

    #[test]
    fn a_lock_file_no_process_holds_is_taken_over() {
        let tmp = tempfile::tempdir().unwrap();
        let d = tmp.path();
        // What a killed run leaves: its lines, with no lock on the file. The pid is this
        // process's parent's, alive, so only the OS lock can tell that nobody holds it.
        let pid = std::os::unix::process::parent_id();
        std::fs::write(d.join(FILE), format!("{pid}\nold-run\nbench-all\n")).unwrap();
        assert_eq!(live_holder(d), None);
        let _lock = acquire(d, "new-run", "bench-all").unwrap();
        assert_eq!(live_holder(d).unwrap().run_id, "new-run");
    }

    /// Another process holding the lock (a shell that takes it with util-linux's `flock`
    /// and becomes `sleep`, keeping the locked descriptor) is refused and named.
    #[test]
    fn a_lock_held_by_another_process_refuses() {
        let tmp = tempfile::tempdir().unwrap();
        let d = tmp.path();
        let lock = d.join(FILE);
        if std::process::Command::new("flock")
            .arg("--version")
            .output()
            .is_err()
        {
            eprintln!("flock(1) not installed: skipped");
            return;
        }
        let mut child = std::process::Command::new("sh")
            .arg("-c")
            .arg(format!(
                "exec 9>>'{}' && flock 9 && exec sleep 30",
                lock.display()
            ))
            .spawn()
            .unwrap();
        std::fs::write(&lock, format!("{}\nheld-run\nbench-all\n", child.id())).unwrap();
        let t = std::time::Instant::now();
        while live_holder(d).is_none() && t.elapsed().as_secs() < 10 {
            std::thread::sleep(std::time::Duration::from_millis(10));
        }
        assert_eq!(live_holder(d).unwrap().run_id, "held-run");
        let e = acquire(d, "run-b", "ab").unwrap_err().to_string();
        assert!(e.contains(&format!("process id {}", child.id())), "{e}");
        child.kill().unwrap();
        child.wait().unwrap();
        assert_eq!(live_holder(d), None);
        assert!(acquire(d, "run-b", "ab").is_ok());
    }
}
