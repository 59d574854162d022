use clap::{Parser, Subcommand};

#[derive(Parser)]
#[command(name = "api", about = "The custom apparel store's server")]
struct Cli {
    #[command(subcommand)]
    command: Option<Command>,
}

#[derive(Subcommand)]
enum Command {
    /// Serve the store (the default)
    Serve,
    /// Print the OpenAPI document
    Openapi,
    /// Print the engine's facts (colours, print areas, limits, fees) as the web app's TypeScript module
    Facts,
    /// Apply database migrations and exit
    Migrate,
    /// Back the store up into a new or empty directory while it serves: the database (SQLite's
    /// consistent copy, or pg_dump when on the PATH), the local storage's files, the generated
    /// secrets, and a manifest with every file's checksum. The settings are `serve`'s; nothing
    /// is migrated
    Backup {
        /// The directory to make (or an empty one)
        #[arg(long)]
        to: std::path::PathBuf,
    },
    /// Restore a backup into an empty DATA_DIR (and, with SQLite, a new database file; with
    /// PostgreSQL, an empty database through pg_restore), after checking every file's checksum
    /// and the schema version
    Restore {
        /// The backup's directory (holding manifest.json)
        #[arg(long)]
        from: std::path::PathBuf,
        /// Replace a non-empty DATA_DIR's files and secrets, and a database that has tables
        #[arg(long)]
        force: bool,
    },
    /// Make an admin: promotes an existing account, or creates one that signs in with an e-mail code
    /// (and, in production, a second factor set up on the first sign-in)
    CreateAdmin {
        #[arg(long)]
        email: String,
        #[arg(long)]
        name: String,
    },
    /// Remove an admin's second factor (a lost authenticator app), with its recovery codes and any
    /// lock: the next sign-in sets it up again. With --unlock: only unlock a factor locked after 10
    /// wrong codes and clear its count of wrong codes, keeping the app
    ResetSecondFactor {
        #[arg(long)]
        email: String,
        /// Only unlock the factor and clear its count of wrong codes; the authenticator app stays
        #[arg(long)]
        unlock: bool,
    },
}

#[tokio::main]
async fn main() -> anyhow::Result<()> {
    // Colours only on a terminal: a log file or collector gets plain text.
    tracing_subscriber::fmt()
        .with_ansi(std::io::IsTerminal::is_terminal(&std::io::stdout()))
        .with_env_filter(
            tracing_subscriber::EnvFilter::try_from_default_env()
                .unwrap_or_else(|_| "info,sqlx=warn".into()),
        )
        .init();
    match Cli::parse().command.unwrap_or(Command::Serve) {
        Command::Serve => api::serve(api::prepare(api::config::Config::from_env()?).await?).await,
        Command::Migrate => api::prepare(api::config::Config::from_env()?)
            .await
            .map(|_| ()),
        Command::CreateAdmin { email, name } => {
            let state = api::prepare(api::config::Config::from_env()?).await?;
            let outcome = api::create_admin(&state, &email, &name).await?;
            println!("{outcome}");
            Ok(())
        }
        Command::ResetSecondFactor { email, unlock } => {
            let state = api::prepare(api::config::Config::from_env()?).await?;
            let outcome = if unlock {
                api::unlock_second_factor(&state, &email).await?
            } else {
                api::reset_second_factor(&state, &email).await?
            };
            println!("{outcome}");
            Ok(())
        }
        Command::Backup { to } => {
            let config = api::config::Config::from_env()?;
            // Connect only: a backup never migrates or seeds the store it copies.
            let db = api::db::connect(&config.database_url, Some(2)).await?;
            let site = api::backup::Site {
                data_dir: config.data_dir.clone(),
                database_url: config.database_url.clone(),
                storage: config.storage.clone(),
            };
            let summary = api::backup::take(&db, &site, &to).await;
            db.close().await;
            print!("{}", summary?);
            Ok(())
        }
        Command::Restore { from, force } => {
            // Not Config::from_env: it would make DATA_DIR and secrets in it before the restore.
            let data_dir = api::config::data_dir_from_env();
            let site = api::backup::Site {
                database_url: api::config::database_url_from_env(&data_dir),
                data_dir,
                storage: api::storage::config::StorageConfig::from_env()?,
            };
            print!("{}", api::backup::restore(&site, &from, force).await?);
            Ok(())
        }
        Command::Openapi => {
            println!("{}", api::http::app::openapi_json());
            Ok(())
        }
        Command::Facts => {
            let facts = serde_json::to_string_pretty(&design_engine::facts::facts())?;
            println!(
                "// Generated by `just gen` (api facts) from the design engine's constants: do not edit.\n\
                 import type {{ Facts }} from 'design-engine';\n\n\
                 export const FACTS: Facts = {facts};"
            );
            Ok(())
        }
    }
}
