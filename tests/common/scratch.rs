// Included (with `include!`) by the harnesses that make test directories.

/// Removes what earlier test processes left in the temporary folder: a `holotable-*` entry
/// none of whose numbers is a running process, untouched for an hour. Tests name their
/// directories with their process id and keep them for a failure's post-mortem; without this
/// every run would leave its databases, boards and PostgreSQL clusters behind for good.
pub fn sweep_stale() {
    static ONCE: std::sync::Once = std::sync::Once::new();
    ONCE.call_once(|| {
        let Ok(entries) = std::fs::read_dir(std::env::temp_dir()) else {
            return;
        };
        let hour_ago = std::time::SystemTime::now() - std::time::Duration::from_secs(3600);
        for e in entries.flatten() {
            let name = e.file_name().to_string_lossy().to_string();
            let Some(rest) = name.strip_prefix("holotable-") else {
                continue;
            };
            let live = rest
                .split('-')
                .filter(|part| !part.is_empty() && part.bytes().all(|b| b.is_ascii_digit()))
                .any(|pid| std::path::Path::new(&format!("/proc/{pid}")).exists());
            let old = e
                .metadata()
                .and_then(|m| m.modified())
                .is_ok_and(|t| t < hour_ago);
            if !live && old {
                let _ = std::fs::remove_dir_all(e.path());
                let _ = std::fs::remove_file(e.path());
            }
        }
    });
}
