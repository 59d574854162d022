//! Delivery of e-mail and SMS.
//!
//! Two kinds of message:
//! - messages that carry a secret (a sign-in code, a verification or reset
//!   link) go through [`Mailer::send_secret`]: in dev mode into the outbox
//!   table (read back at `/api/dev/outbox`), in production straight to the
//!   SMTP relay or the SMS provider (`sms`), never stored;
//! - everything else (order confirmations) is written to the outbox in the
//!   transaction that caused it, and [`run_outbox_worker`] delivers it, so a
//!   crash loses nothing; in production the body is blanked once delivered.
//!   The file an e-mail attaches is drawn by the function the worker is
//!   given at start-up (the tax invoice PDF: `core::documents::tax_pdf`).

use std::future::Future;
use std::sync::Arc;
use std::sync::atomic::{AtomicU64, Ordering};
use std::time::Duration;

use lettre::message::header::ContentType;
use lettre::message::{Attachment, Mailbox, MultiPart, SinglePart};
use lettre::{AsyncSmtpTransport, AsyncTransport, Tokio1Executor};

use anyhow::Context;

use crate::db::{Db, now_ms, outbox};
use crate::env::Secret;
use crate::error::Failure;
use crate::sms::{SmsConfig, SmsSender};

/// `SMTP_URL` and `MAIL_FROM`: the e-mail relay.
#[derive(Clone, Debug)]
pub struct SmtpConfig {
    /// `SMTP_URL`, e.g. `smtps://user:pass@smtp.example.com` (implicit TLS,
    /// port 465) or `smtp://user:pass@smtp.example.com:587?tls=required`.
    pub url: Secret,
    /// `MAIL_FROM`, e.g. `Legacy Threads <orders@example.com>`.
    pub from: String,
}

impl SmtpConfig {
    /// None without `SMTP_URL`: production then answers 503 to e-mail code sends.
    pub fn from_env() -> anyhow::Result<Option<SmtpConfig>> {
        let Some(url) = std::env::var("SMTP_URL")
            .ok()
            .filter(|s| !s.trim().is_empty())
        else {
            return Ok(None);
        };
        Ok(Some(SmtpConfig {
            url: Secret::new(url.trim()),
            from: std::env::var("MAIL_FROM")
                .ok()
                .filter(|s| !s.trim().is_empty())
                .context("SMTP_URL needs MAIL_FROM (the sender address)")?,
        }))
    }
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Channel {
    Email,
    Sms,
}

impl Channel {
    pub fn key(self) -> &'static str {
        match self {
            Channel::Email => "email",
            Channel::Sms => "sms",
        }
    }
}

/// One message to one recipient.
pub struct Message<'a> {
    pub channel: Channel,
    pub to: &'a str,
    pub subject: &'a str,
    pub body: String,
    /// The one-time code the body carries: an SMS provider's template takes
    /// the code alone, as a variable.
    pub code: Option<&'a str>,
    /// The recipient's language (an SMS provider picks its template by it).
    pub language: crate::domain::Language,
}

#[derive(Clone)]
struct Smtp {
    transport: AsyncSmtpTransport<Tokio1Executor>,
    from: Mailbox,
}

impl Smtp {
    fn new(config: &SmtpConfig) -> anyhow::Result<Smtp> {
        use anyhow::Context;
        let transport = AsyncSmtpTransport::<Tokio1Executor>::from_url(config.url.expose())
            .context("SMTP_URL is not a valid smtp:// or smtps:// URL")?
            .timeout(Some(Duration::from_secs(15)))
            .build();
        let from = config
            .from
            .parse()
            .context("MAIL_FROM is not an e-mail address")?;
        Ok(Smtp { transport, from })
    }

    async fn send(
        &self,
        to: &str,
        subject: &str,
        body: &str,
        attachment: Option<File>,
    ) -> anyhow::Result<()> {
        let builder = lettre::Message::builder()
            .from(self.from.clone())
            .to(to.parse()?)
            .subject(subject);
        let email = match attachment {
            None => builder
                .header(ContentType::TEXT_PLAIN)
                .body(body.to_string())?,
            Some(file) => builder.multipart(
                MultiPart::mixed()
                    .singlepart(SinglePart::plain(body.to_string()))
                    .singlepart(
                        Attachment::new(file.name).body(file.bytes, ContentType::parse(file.kind)?),
                    ),
            )?,
        };
        self.transport.send(email).await?;
        Ok(())
    }
}

/// A file an e-mail carries.
pub struct File {
    pub name: String,
    /// Its media type.
    pub kind: &'static str,
    pub bytes: Vec<u8>,
}

/// The file an outbox e-mail attaches, drawn by `attach`; none when the
/// message names none.
async fn attachment_of<F, Fut>(attach: &F, m: &outbox::Pending) -> anyhow::Result<Option<File>>
where
    F: Fn(outbox::Attachment) -> Fut,
    Fut: Future<Output = anyhow::Result<Option<File>>>,
{
    match m.attachment() {
        Some(a) => attach(a).await,
        None => Ok(None),
    }
}

/// Where messages go: the dev outbox, an SMTP relay, an SMS provider.
#[derive(Clone)]
pub struct Mailer {
    db: Db,
    /// Dev mode (`TEST_PROVIDERS=on`): messages are kept whole in the outbox.
    dev: bool,
    smtp: Option<Smtp>,
    sms: Option<Arc<dyn SmsSender>>,
    /// The outbox worker's failed sends (`/metrics`).
    failures: Arc<OutboxFailures>,
}

/// E-mails the relay did not take, since the process started.
#[derive(Debug, Default)]
pub struct OutboxFailures {
    /// Failed for now and put back (the relay was down, say).
    pub transient: AtomicU64,
    /// Refused for good (a malformed address): given up.
    pub undeliverable: AtomicU64,
}

impl Mailer {
    /// The outbox worker's failed sends so far: (transient, undeliverable).
    pub fn failures(&self) -> (u64, u64) {
        (
            self.failures.transient.load(Ordering::Relaxed),
            self.failures.undeliverable.load(Ordering::Relaxed),
        )
    }

    pub fn new(
        db: Db,
        dev: bool,
        smtp: Option<&SmtpConfig>,
        sms: &SmsConfig,
    ) -> anyhow::Result<Mailer> {
        Ok(Mailer {
            db,
            dev,
            smtp: smtp.map(Smtp::new).transpose()?,
            sms: sms.sender(),
            failures: Arc::default(),
        })
    }

    /// Whether a message on this channel can reach anybody; asked before any
    /// work, so an unconfigured relay is a clear 503 rather than a code sent nowhere.
    pub fn check_available(&self, channel: Channel) -> Result<(), Failure> {
        match channel {
            _ if self.dev => Ok(()),
            Channel::Email if self.smtp.is_some() => Ok(()),
            Channel::Email => Err(Failure::unavailable(
                "Email delivery is not configured. Please try again later.",
            )),
            Channel::Sms if self.sms.is_some() => Ok(()),
            Channel::Sms => Err(Failure::unavailable(
                "SMS delivery is not configured. Please sign in with your email.",
            )),
        }
    }

    /// Sends a message that carries a secret. Dev mode keeps it in the outbox
    /// (the worker also relays e-mail when SMTP is configured); production
    /// hands it to the relay or the SMS provider now and keeps nothing. A
    /// refusal is logged with the provider's reason (never the secret) and
    /// answered 503.
    pub async fn send_secret(&self, msg: Message<'_>) -> Result<(), Failure> {
        self.check_available(msg.channel)?;
        if self.dev {
            let mut tx = crate::db::begin_write(&self.db).await?;
            outbox::put(&mut tx, msg.channel.key(), msg.to, msg.subject, &msg.body).await?;
            tx.commit().await?;
            return Ok(());
        }
        let sent = match msg.channel {
            Channel::Email => {
                let smtp = self.smtp.as_ref().expect("checked above");
                smtp.send(msg.to, msg.subject, &msg.body, None).await
            }
            Channel::Sms => {
                let sms = self.sms.as_ref().expect("checked above");
                // A provider's template takes the code alone: an SMS without one has nothing to send.
                match msg.code {
                    Some(code) => sms
                        .send_code(msg.to, code, msg.language)
                        .await
                        .map_err(Into::into),
                    None => Err(anyhow::anyhow!("an SMS without a code ({})", msg.subject)),
                }
            }
        };
        sent.map_err(|e| {
            let error = crate::log_mask::contacts(&e.to_string());
            tracing::error!(%error, channel = msg.channel.key(), "the provider refused a message");
            Failure::unavailable("We could not send the message. Please try again later.")
        })
    }
}

/// Delivers the outbox's undelivered e-mails through the relay, every few
/// seconds, until the process ends. Without a relay there is nothing to do.
/// `attach` draws the file a message names (once; none when the document is
/// not there, which the e-mail then goes without).
pub async fn run_outbox_worker<F, Fut>(mailer: Mailer, attach: F)
where
    F: Fn(outbox::Attachment) -> Fut,
    Fut: Future<Output = anyhow::Result<Option<File>>>,
{
    let Some(smtp) = mailer.smtp.clone() else {
        return;
    };
    loop {
        match deliver_pending(&mailer, &smtp, &attach).await {
            Ok(0) => tokio::time::sleep(Duration::from_secs(3)).await,
            Ok(_) => {}
            Err(e) => {
                mailer.failures.transient.fetch_add(1, Ordering::Relaxed);
                let error = crate::log_mask::contacts(&e.to_string());
                tracing::warn!(%error, "outbox delivery failed; retrying");
                tokio::time::sleep(Duration::from_secs(15)).await;
            }
        }
    }
}

/// Claims and sends up to 20 undelivered e-mails; returns how many were sent.
async fn deliver_pending<F, Fut>(mailer: &Mailer, smtp: &Smtp, attach: &F) -> anyhow::Result<usize>
where
    F: Fn(outbox::Attachment) -> Fut,
    Fut: Future<Output = anyhow::Result<Option<File>>>,
{
    let (db, blank_bodies) = (&mailer.db, !mailer.dev);
    let pending = outbox::claim_undelivered(db, now_ms(), 20).await?;
    let mut sent = 0;
    for (i, m) in pending.iter().enumerate() {
        // A message the relay refuses for good (a malformed address) is marked
        // failed, so it cannot block the queue.
        let outcome = match attachment_of(attach, m).await {
            Ok(file) => smtp.send(&m.recipient, &m.subject, &m.body, file).await,
            Err(e) => {
                // Drawing or reading the document failed: try again later.
                let unsent: Vec<&str> = pending[i..].iter().map(|m| m.id.as_str()).collect();
                outbox::release(db, &unsent).await?;
                return Err(e);
            }
        };
        if let Err(e) = &outcome {
            if is_transient(e) {
                // The rest go back at once, for whichever worker is next.
                let unsent: Vec<&str> = pending[i..].iter().map(|m| m.id.as_str()).collect();
                outbox::release(db, &unsent).await?;
                return Err(anyhow::anyhow!("{e}"));
            }
            let error = crate::log_mask::contacts(&e.to_string());
            tracing::warn!(%error, id = m.id, "outbox message undeliverable");
            mailer
                .failures
                .undeliverable
                .fetch_add(1, Ordering::Relaxed);
        }
        outbox::mark_delivered(db, &m.id, now_ms(), blank_bodies).await?;
        sent += 1;
    }
    Ok(sent)
}

fn is_transient(e: &anyhow::Error) -> bool {
    match e.downcast_ref::<lettre::transport::smtp::Error>() {
        Some(smtp) => !smtp.is_permanent(),
        // An address that does not parse will never send.
        None => false,
    }
}
