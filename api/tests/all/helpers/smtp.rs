//! A local stand-in for an SMTP relay: it speaks enough of the protocol
//! (EHLO, AUTH PLAIN, MAIL, RCPT, DATA, RSET, QUIT) for the server's real
//! SMTP client, and keeps every message it accepts.

use std::net::SocketAddr;
use std::sync::{Arc, Mutex};

use tokio::io::{AsyncBufReadExt, AsyncWriteExt, BufReader};
use tokio::net::TcpListener;

#[derive(Clone, Debug, Default)]
pub struct Received {
    /// The `AUTH PLAIN` payload (base64 of "\0user\0password"), if any.
    pub auth: Option<String>,
    pub rcpt: Vec<String>,
    /// The raw message (headers and body) as sent after DATA.
    pub data: String,
}

pub struct SmtpStandIn {
    pub addr: SocketAddr,
    pub received: Arc<Mutex<Vec<Received>>>,
}

impl SmtpStandIn {
    pub async fn start() -> SmtpStandIn {
        let listener = TcpListener::bind("127.0.0.1:0").await.unwrap();
        let addr = listener.local_addr().unwrap();
        let received = Arc::new(Mutex::new(Vec::new()));
        let store = received.clone();
        tokio::spawn(async move {
            while let Ok((socket, _)) = listener.accept().await {
                tokio::spawn(session(socket, store.clone()));
            }
        });
        SmtpStandIn { addr, received }
    }

    /// `smtp://user:secret@127.0.0.1:PORT` (plain: it is on loopback).
    pub fn url(&self) -> String {
        format!("smtp://mailer:relay-secret@{}", self.addr)
    }

    pub fn messages(&self) -> Vec<Received> {
        self.received.lock().unwrap().clone()
    }

    /// Waits up to 10 s for a message to `to`; returns its text.
    pub async fn wait_for(&self, to: &str) -> Received {
        for _ in 0..200 {
            if let Some(m) = self
                .messages()
                .into_iter()
                .rev()
                .find(|m| m.rcpt.iter().any(|r| r.contains(to)))
            {
                return m;
            }
            tokio::time::sleep(std::time::Duration::from_millis(50)).await;
        }
        panic!("the relay got no message for {to}");
    }
}

async fn session(socket: tokio::net::TcpStream, store: Arc<Mutex<Vec<Received>>>) {
    let (read, mut write) = socket.into_split();
    let mut lines = BufReader::new(read).lines();
    let mut current = Received::default();
    let _ = write.write_all(b"220 stand-in ESMTP\r\n").await;
    while let Ok(Some(line)) = lines.next_line().await {
        let upper = line.to_ascii_uppercase();
        let reply: &[u8] = if upper.starts_with("EHLO") || upper.starts_with("HELO") {
            b"250-stand-in\r\n250-AUTH PLAIN\r\n250 8BITMIME\r\n"
        } else if upper.starts_with("AUTH PLAIN") {
            current.auth = line.split_whitespace().nth(2).map(str::to_string);
            b"235 2.7.0 Authenticated\r\n"
        } else if upper.starts_with("MAIL FROM") {
            b"250 OK\r\n"
        } else if upper.starts_with("RCPT TO") {
            current.rcpt.push(line[8..].trim().to_string());
            b"250 OK\r\n"
        } else if upper == "DATA" {
            let _ = write
                .write_all(b"354 End data with <CR><LF>.<CR><LF>\r\n")
                .await;
            let mut data = String::new();
            while let Ok(Some(l)) = lines.next_line().await {
                if l == "." {
                    break;
                }
                data.push_str(&l);
                data.push('\n');
            }
            current.data = data;
            store.lock().unwrap().push(std::mem::take(&mut current));
            b"250 OK queued\r\n"
        } else if upper == "RSET" || upper == "NOOP" {
            b"250 OK\r\n"
        } else if upper == "QUIT" {
            let _ = write.write_all(b"221 Bye\r\n").await;
            break;
        } else {
            b"502 Command not implemented\r\n"
        };
        if write.write_all(reply).await.is_err() {
            break;
        }
    }
}
