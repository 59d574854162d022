//! A real S3-compatible server for the tests: moto's standalone server, the
//! executable `S3_TEST_SERVER` names (`just s3-tools` installs it and prints
//! its path; `just test` sets it). One server per test process, started on
//! first use on a free loopback port; every test gets its own new buckets.
//!
//! Without `S3_TEST_SERVER` the S3 cases are skipped, except in CI (`CI` set),
//! where that is an error: the S3 backend must be tested there.

use std::collections::VecDeque;
use std::io::{BufRead, BufReader, Read, Write};
use std::net::{TcpListener, TcpStream};
use std::process::{Command, Stdio};
use std::sync::{Arc, Mutex, OnceLock};
use std::time::{Duration, Instant};

use api::storage::config::{S3Config, StorageConfig};

/// What a test prints when it runs without the S3 backend.
pub const SKIP_MESSAGE: &str = "skipping S3: set S3_TEST_SERVER (just s3-tools)";

/// The credentials and region every S3 client in the test process uses (moto accepts any).
const ACCESS_KEY: &str = "test";
const REGION: &str = "us-east-1";

/// The running server: its URL (`http://127.0.0.1:PORT`).
struct Server {
    url: String,
}

static SERVER: OnceLock<Option<Server>> = OnceLock::new();

/// Whether the S3 cases run: `S3_TEST_SERVER` is set. In CI its absence is
/// an error (a panic), not a reason to skip.
pub fn available() -> bool {
    let set = std::env::var_os("S3_TEST_SERVER").is_some_and(|v| !v.is_empty());
    if !set && std::env::var_os("CI").is_some_and(|v| !v.is_empty()) {
        panic!(
            "CI is set but S3_TEST_SERVER is not: the S3 storage tests must run in CI. \
             Run `just s3-tools` and set S3_TEST_SERVER to the path it prints (`just test` does)."
        );
    }
    set
}

/// The server's URL, starting it on first use; None when S3 is not available.
pub fn endpoint() -> Option<&'static str> {
    SERVER
        .get_or_init(|| {
            if !available() {
                return None;
            }
            // Before any S3 client exists, and once: the SDK's standard chain reads these.
            // SAFETY: set once, under the OnceLock, before this process makes its first S3 client.
            unsafe {
                std::env::set_var("AWS_ACCESS_KEY_ID", ACCESS_KEY);
                std::env::set_var("AWS_SECRET_ACCESS_KEY", ACCESS_KEY);
                std::env::set_var("AWS_REGION", REGION);
            }
            let program = std::env::var("S3_TEST_SERVER").unwrap();
            Some(start(&program))
        })
        .as_ref()
        .map(|s| s.url.as_str())
}

/// Starts `program -H 127.0.0.1 -p PORT` and waits until it answers HTTP.
fn start(program: &str) -> Server {
    let mut last_error = String::new();
    // A free port can be taken between the probe and the server's bind: try a few.
    for _ in 0..3 {
        let port = TcpListener::bind("127.0.0.1:0")
            .unwrap()
            .local_addr()
            .unwrap()
            .port();
        let (exited, log) = spawn_owned(program, port);
        let url = format!("http://127.0.0.1:{port}");
        let deadline = Instant::now() + Duration::from_secs(60);
        loop {
            if answers_http(port) {
                return Server { url };
            }
            if exited.lock().unwrap().is_some() || Instant::now() > deadline {
                let exited = exited.lock().unwrap().clone();
                let log: Vec<String> = log.lock().unwrap().iter().cloned().collect();
                last_error = format!(
                    "{program} on port {port} {}:\n{}",
                    exited.unwrap_or_else(|| "did not answer HTTP within 60 s".into()),
                    log.join("\n")
                );
                break;
            }
            std::thread::sleep(Duration::from_millis(50));
        }
    }
    panic!("the S3 test server (S3_TEST_SERVER) did not start: {last_error}");
}

/// Spawns the server from a thread of its own that lives as long as the
/// server does (it keeps the server's last log lines), so that on Linux the
/// server can be tied to it: the kernel kills the server when this test
/// process ends, however it ends. Returns (how it exited, once it has; its log).
#[allow(clippy::type_complexity)]
fn spawn_owned(
    program: &str,
    port: u16,
) -> (Arc<Mutex<Option<String>>>, Arc<Mutex<VecDeque<String>>>) {
    let exited = Arc::new(Mutex::new(None));
    let log = Arc::new(Mutex::new(VecDeque::new()));
    let (exited2, log2) = (exited.clone(), log.clone());
    let program = program.to_string();
    std::thread::Builder::new()
        .name(format!("s3-test-server-{port}"))
        .spawn(move || {
            let mut command = Command::new(&program);
            command
                .args(["-H", "127.0.0.1", "-p", &port.to_string()])
                .stdin(Stdio::null())
                .stdout(Stdio::null())
                .stderr(Stdio::piped());
            die_with_parent_thread(&mut command);
            let mut child = match command.spawn() {
                Ok(child) => child,
                Err(e) => {
                    *exited2.lock().unwrap() = Some(format!("could not be started ({e})"));
                    return;
                }
            };
            // moto logs every request on stderr: keep the last lines for a failure message.
            let stderr = child.stderr.take().unwrap();
            for line in BufReader::new(stderr).lines() {
                let Ok(line) = line else { break };
                let mut log = log2.lock().unwrap();
                if log.len() == 40 {
                    log.pop_front();
                }
                log.push_back(line);
            }
            let status = child
                .wait()
                .map(|s| s.to_string())
                .unwrap_or_else(|e| e.to_string());
            *exited2.lock().unwrap() = Some(format!("exited ({status})"));
            // The server is gone; this thread may end.
        })
        .unwrap();
    (exited, log)
}

/// Linux: the child gets SIGKILL when the thread that spawned it ends, which
/// for the thread above is when the test process ends (even by a signal).
#[cfg(target_os = "linux")]
fn die_with_parent_thread(command: &mut Command) {
    use std::ffi::{c_int, c_ulong};
    use std::os::unix::process::CommandExt;
    unsafe extern "C" {
        fn prctl(option: c_int, ...) -> c_int;
    }
    const PR_SET_PDEATHSIG: c_int = 1;
    const SIGKILL: c_ulong = 9;
    // SAFETY: prctl is a plain system call, safe between fork and exec.
    unsafe {
        command.pre_exec(|| {
            if prctl(PR_SET_PDEATHSIG, SIGKILL) == 0 {
                Ok(())
            } else {
                Err(std::io::Error::last_os_error())
            }
        });
    }
}

/// Elsewhere the server outlives a test process that ends abnormally; CI runs on Linux.
#[cfg(not(target_os = "linux"))]
fn die_with_parent_thread(_command: &mut Command) {}

/// Whether something on the port answers an HTTP request.
fn answers_http(port: u16) -> bool {
    let Ok(mut stream) = TcpStream::connect(("127.0.0.1", port)) else {
        return false;
    };
    let _ = stream.set_read_timeout(Some(Duration::from_secs(5)));
    if stream
        .write_all(b"GET / HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n")
        .is_err()
    {
        return false;
    }
    let mut head = [0u8; 5];
    stream.read_exact(&mut head).is_ok() && &head == b"HTTP/"
}

/// A client of the test server, for arranging and checking what the storage
/// layer does not expose (buckets, a multipart upload's parts, content types).
/// Made per call: each `#[tokio::test]` has its own runtime.
pub fn client() -> Option<aws_sdk_s3::Client> {
    let url = endpoint()?;
    let config = aws_sdk_s3::config::Builder::new()
        .behavior_version(aws_sdk_s3::config::BehaviorVersion::latest())
        .http_client(api::storage::s3::http_client())
        .endpoint_url(url)
        .force_path_style(true)
        .region(aws_sdk_s3::config::Region::new(REGION))
        .credentials_provider(aws_sdk_s3::config::Credentials::new(
            ACCESS_KEY, ACCESS_KEY, None, None, "s3-tests",
        ))
        .build();
    Some(aws_sdk_s3::Client::from_conf(config))
}

/// Three new buckets (`models-*`, `images-*`, `artwork-*`) on the test server,
/// as the S3 storage configuration for one test; None when S3 is not available.
pub async fn storage_config() -> Option<StorageConfig> {
    let client = client()?;
    let suffix = api::ids::random_hex(6);
    let buckets = ["models", "images", "artwork"].map(|b| format!("{b}-{suffix}"));
    for name in &buckets {
        client
            .create_bucket()
            .bucket(name)
            .send()
            .await
            .unwrap_or_else(|e| {
                panic!(
                    "creating the test bucket {name}: {}",
                    aws_sdk_s3::error::DisplayErrorContext(e)
                )
            });
    }
    Some(StorageConfig::S3(S3Config {
        endpoint: endpoint().map(str::to_string),
        force_path_style: true,
        buckets,
    }))
}
