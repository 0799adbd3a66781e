//! A throwaway PostgreSQL server for the tests, started once per test binary: `initdb` into a
//! temporary directory, `postgres` on a free loopback port (as the `postgres` system user
//! when the tests run as root, which PostgreSQL refuses), each test on a database of its own.
//!
//! The server stops with the test binary: it is started with a parent-death signal (SIGINT,
//! PostgreSQL's fast shutdown) from a thread that lives as long as the binary. The
//! directories of servers whose test binary is gone are removed at the next start.
//!
//! Without PostgreSQL's programs the tests that need it say so on stderr and pass without
//! running, so that `cargo test` needs nothing but cargo; with `HOLOTABLE_REQUIRE_POSTGRES=1`
//! (set by `.ci/run`, which installs Debian's `postgresql`) they fail instead.

#![allow(dead_code)]

use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::OnceLock;
use std::time::{Duration, Instant};

pub struct Server {
    pub port: u16,
    pub dir: PathBuf,
}

/// Where PostgreSQL's server programs are: `HOLOTABLE_PG_BIN`, `pg_config --bindir`, or the
/// newest `/usr/lib/postgresql/<version>/bin`.
fn bin_dir() -> Option<PathBuf> {
    let has_initdb = |d: &Path| d.join("initdb").is_file();
    if let Ok(dir) = std::env::var("HOLOTABLE_PG_BIN") {
        return Some(PathBuf::from(dir)).filter(|d| has_initdb(d));
    }
    if let Ok(out) = Command::new("pg_config").arg("--bindir").output() {
        let dir = PathBuf::from(String::from_utf8_lossy(&out.stdout).trim());
        if has_initdb(&dir) {
            return Some(dir);
        }
    }
    let mut versions: Vec<(u32, PathBuf)> = std::fs::read_dir("/usr/lib/postgresql")
        .ok()?
        .filter_map(|e| {
            let e = e.ok()?;
            let v = e.file_name().to_string_lossy().parse().ok()?;
            Some((v, e.path().join("bin")))
        })
        .filter(|(_, d)| has_initdb(d))
        .collect();
    versions.sort();
    versions.pop().map(|(_, d)| d)
}

fn is_root() -> bool {
    Command::new("id")
        .arg("-u")
        .output()
        .map(|o| String::from_utf8_lossy(&o.stdout).trim() == "0")
        .unwrap_or(false)
}

/// `program` as the `postgres` user when we are root, with `setpriv`'s options first.
fn command(program: &Path, as_postgres: bool, pdeathsig: bool) -> Command {
    let mut c = Command::new("setpriv");
    if as_postgres {
        c.args(["--reuid=postgres", "--regid=postgres", "--init-groups"]);
    }
    if pdeathsig {
        c.arg("--pdeathsig=SIGINT");
    }
    c.arg(program);
    c
}

/// Removes the directories of earlier test servers whose process is gone.
fn sweep(parent: &Path) {
    let Ok(entries) = std::fs::read_dir(parent) else {
        return;
    };
    for e in entries.flatten() {
        let name = e.file_name().to_string_lossy().to_string();
        let pid = name
            .strip_prefix("holotable-pg-")
            .or_else(|| name.strip_prefix("holotable-pgtls-"));
        if let Some(pid) = pid {
            if !Path::new(&format!("/proc/{pid}")).exists() {
                let _ = std::fs::remove_dir_all(e.path());
            }
        }
    }
}

fn free_port() -> u16 {
    std::net::TcpListener::bind("127.0.0.1:0")
        .and_then(|l| l.local_addr())
        .map(|a| a.port())
        .expect("a free loopback port")
}

/// Starts the server of `dir` on `port` (again, after [`Server::stop`]).
fn launch(bin: &Path, dir: &Path, port: u16) -> Result<(), String> {
    launch_with(bin, dir, port, &[])
}

/// [`launch`] with more settings (`-c name=value` pairs).
fn launch_with(bin: &Path, dir: &Path, port: u16, extra: &[String]) -> Result<(), String> {
    let root = is_root();
    let data = dir.join("data");
    let log = std::fs::OpenOptions::new()
        .create(true)
        .append(true)
        .open(dir.join("server.log"))
        .map_err(|e| e.to_string())?;
    let mut server = command(&bin.join("postgres"), root, true);
    server
        .arg("-D")
        .arg(&data)
        .arg("-p")
        .arg(port.to_string())
        .arg("-k")
        .arg(dir)
        .args([
            "-c",
            "listen_addresses=127.0.0.1",
            "-c",
            "max_connections=300",
        ])
        .args(extra);
    // Tests need no durability; benchmarks (HOLOTABLE_PG_DURABLE=1) measure a server that
    // syncs every commit, as a production one does.
    if !std::env::var("HOLOTABLE_PG_DURABLE").is_ok_and(|v| v == "1") {
        server.args([
            "-c",
            "fsync=off",
            "-c",
            "synchronous_commit=off",
            "-c",
            "full_page_writes=off",
        ]);
    }
    server.stdout(Stdio::null()).stderr(log);
    // The parent-death signal follows the thread that started the server: one that lives
    // as long as the test binary.
    let (sent, started) = std::sync::mpsc::channel();
    std::thread::spawn(move || {
        let child = server.spawn();
        let failed = child.is_err();
        let _ = sent.send(child.map(|_| ()).map_err(|e| e.to_string()));
        if !failed {
            loop {
                std::thread::park();
            }
        }
    });
    started
        .recv()
        .map_err(|e| e.to_string())?
        .map_err(|e| format!("postgres: {e}"))
}

fn start() -> Result<Server, String> {
    let (bin, dir) = initialised("holotable-pg-")?;
    let port = free_port();
    launch(&bin, &dir, port)?;
    let server = Server { port, dir };
    answering(&server, &server.url("postgres"))?;
    Ok(server)
}

/// A fresh cluster in a directory named `prefix` and this process's id: the server
/// programs' folder and the directory (its data in `data`).
fn initialised(prefix: &str) -> Result<(PathBuf, PathBuf), String> {
    let bin = bin_dir().ok_or("no PostgreSQL server programs (initdb) found")?;
    let parent = std::env::temp_dir();
    sweep(&parent);
    let dir = parent.join(format!("{prefix}{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).map_err(|e| e.to_string())?;
    let root = is_root();
    if root {
        let status = Command::new("chown")
            .args(["-R", "postgres:postgres"])
            .arg(&dir)
            .status()
            .map_err(|e| e.to_string())?;
        if !status.success() {
            return Err("cannot give the test directory to the postgres user".into());
        }
    }
    let data = dir.join("data");
    let init = command(&bin.join("initdb"), root, false)
        .arg("-D")
        .arg(&data)
        .args(["-U", "postgres", "-A", "trust", "-E", "UTF8", "--no-sync"])
        .stdout(Stdio::null())
        .output()
        .map_err(|e| format!("initdb: {e}"))?;
    if !init.status.success() {
        return Err(format!(
            "initdb failed: {}",
            String::from_utf8_lossy(&init.stderr)
        ));
    }
    Ok((bin, dir))
}

/// Waits until `server` answers at `url` (plain).
fn answering(server: &Server, url: &str) -> Result<(), String> {
    let deadline = Instant::now() + Duration::from_secs(30);
    loop {
        match postgres::Client::connect(url, postgres::NoTls) {
            Ok(_) => return Ok(()),
            Err(_) if Instant::now() < deadline => std::thread::sleep(Duration::from_millis(50)),
            Err(e) => {
                let log =
                    std::fs::read_to_string(server.dir.join("server.log")).unwrap_or_default();
                return Err(format!("the server did not answer: {e}\n{log}"));
            }
        }
    }
}

/// A second server that takes TCP connections only over TLS (`hostssl`; plain ones are
/// rejected), with a certificate made now by `openssl` for `localhost` and 127.0.0.1,
/// signed by a root made with it (`dir/root.crt`).
fn start_tls() -> Result<Server, String> {
    let (bin, dir) = initialised("holotable-pgtls-")?;
    let data = dir.join("data");
    // A root of its own, and the server's certificate signed by it for localhost and
    // 127.0.0.1 (a self-signed root cannot be the server's own certificate under webpki).
    let openssl = |args: &[&str]| -> Result<(), String> {
        let made = Command::new("openssl")
            .current_dir(&data)
            .args(args)
            .stdout(Stdio::null())
            .stderr(Stdio::piped())
            .output()
            .map_err(|e| format!("openssl: {e}"))?;
        if made.status.success() {
            Ok(())
        } else {
            Err(format!(
                "openssl: {}",
                String::from_utf8_lossy(&made.stderr)
            ))
        }
    };
    std::fs::write(
        data.join("server.ext"),
        "subjectAltName=DNS:localhost,IP:127.0.0.1\n",
    )
    .map_err(|e| e.to_string())?;
    openssl(&[
        "req",
        "-new",
        "-x509",
        "-days",
        "2",
        "-nodes",
        "-subj",
        "/CN=Holotable test root",
        "-keyout",
        "root.key",
        "-out",
        "root.crt",
    ])?;
    openssl(&[
        "req",
        "-new",
        "-nodes",
        "-subj",
        "/CN=localhost",
        "-keyout",
        "server.key",
        "-out",
        "server.csr",
    ])?;
    openssl(&[
        "x509",
        "-req",
        "-in",
        "server.csr",
        "-CA",
        "root.crt",
        "-CAkey",
        "root.key",
        "-CAcreateserial",
        "-days",
        "2",
        "-extfile",
        "server.ext",
        "-out",
        "server.crt",
    ])?;
    std::fs::copy(data.join("root.crt"), dir.join("root.crt")).map_err(|e| e.to_string())?;
    std::fs::write(
        data.join("pg_hba.conf"),
        "local all all trust\nhostssl all all 127.0.0.1/32 trust\nhostnossl all all 127.0.0.1/32 reject\n",
    )
    .map_err(|e| e.to_string())?;
    if is_root() {
        Command::new("chown")
            .args(["-R", "postgres:postgres"])
            .arg(&data)
            .status()
            .map_err(|e| e.to_string())?;
    }
    let mut permissions = std::fs::metadata(data.join("server.key"))
        .map_err(|e| e.to_string())?
        .permissions();
    std::os::unix::fs::PermissionsExt::set_mode(&mut permissions, 0o600);
    std::fs::set_permissions(data.join("server.key"), permissions).map_err(|e| e.to_string())?;
    let port = free_port();
    let settings: Vec<String> = [
        "ssl=on",
        "ssl_cert_file=server.crt",
        "ssl_key_file=server.key",
    ]
    .iter()
    .flat_map(|s| ["-c".to_string(), s.to_string()])
    .collect();
    launch_with(&bin, &dir, port, &settings)?;
    let server = Server { port, dir };
    // Ready when it answers on its socket (TCP wants TLS, which this check does not speak).
    let local = format!(
        "host={} port={} user=postgres dbname=postgres",
        server.dir.display(),
        server.port
    );
    answering(&server, &local)?;
    Ok(server)
}

/// The test binary's TLS-only server, or `None` where PostgreSQL is not installed (a
/// failure with `HOLOTABLE_REQUIRE_POSTGRES=1`).
pub fn tls_server() -> Option<&'static Server> {
    static SERVER: OnceLock<Result<Server, String>> = OnceLock::new();
    match SERVER.get_or_init(start_tls) {
        Ok(server) => Some(server),
        Err(why) => {
            if std::env::var("HOLOTABLE_REQUIRE_POSTGRES").is_ok_and(|v| v == "1") {
                panic!("PostgreSQL with TLS is required (HOLOTABLE_REQUIRE_POSTGRES=1): {why}");
            }
            eprintln!("PostgreSQL TLS test NOT RUN: {why}");
            None
        }
    }
}

impl Server {
    pub fn url(&self, database: &str) -> String {
        format!("postgres://postgres@127.0.0.1:{}/{database}", self.port)
    }

    /// Stops the server (PostgreSQL's fast shutdown) and waits until it is gone. Only for
    /// a test binary whose other tests do not use the server meanwhile.
    pub fn stop(&self) {
        let pid_file = self.dir.join("data").join("postmaster.pid");
        let pid = std::fs::read_to_string(&pid_file).expect("a running server");
        let pid = pid.lines().next().unwrap().trim().to_string();
        let status = Command::new("kill").args(["-INT", &pid]).status().unwrap();
        assert!(status.success(), "kill -INT {pid}");
        let deadline = Instant::now() + Duration::from_secs(30);
        // The server removes its pid file last; its process stays a zombie of this binary.
        while pid_file.exists() {
            assert!(Instant::now() < deadline, "the server did not stop");
            std::thread::sleep(Duration::from_millis(50));
        }
    }

    /// Starts the server again after [`Server::stop`], on the same port and data.
    pub fn restart(&self) {
        launch(&bin_dir().unwrap(), &self.dir, self.port).unwrap();
        let deadline = Instant::now() + Duration::from_secs(30);
        while postgres::Client::connect(&self.url("postgres"), postgres::NoTls).is_err() {
            assert!(Instant::now() < deadline, "the server did not come back");
            std::thread::sleep(Duration::from_millis(50));
        }
    }
}

/// The test binary's server, or `None` (said on stderr) where PostgreSQL is not installed.
pub fn server() -> Option<&'static Server> {
    static SERVER: OnceLock<Result<Server, String>> = OnceLock::new();
    match SERVER.get_or_init(start) {
        Ok(server) => Some(server),
        Err(why) => {
            if std::env::var("HOLOTABLE_REQUIRE_POSTGRES").is_ok_and(|v| v == "1") {
                panic!("PostgreSQL is required (HOLOTABLE_REQUIRE_POSTGRES=1): {why}");
            }
            None
        }
    }
}

/// A new, empty database for the test `name`, as a URL; `None`, with a line on stderr
/// naming the test, where PostgreSQL is not installed.
pub fn database(name: &str) -> Option<String> {
    static COUNT: AtomicUsize = AtomicUsize::new(0);
    let Some(server) = server() else {
        eprintln!(
            "PostgreSQL test '{name}' NOT RUN: PostgreSQL's server programs are not installed \
             (Debian: apt-get install postgresql; or set HOLOTABLE_PG_BIN)"
        );
        return None;
    };
    let db = format!(
        "t{}_{}",
        COUNT.fetch_add(1, Ordering::Relaxed),
        name.chars()
            .map(|c| if c.is_ascii_alphanumeric() { c } else { '_' })
            .collect::<String>()
            .to_ascii_lowercase()
    );
    let db: String = db.chars().take(60).collect();
    let mut admin = postgres::Client::connect(&server.url("postgres"), postgres::NoTls)
        .expect("the test server answers");
    admin
        .batch_execute(&format!("CREATE DATABASE \"{db}\""))
        .expect("a test database");
    Some(server.url(&db))
}
