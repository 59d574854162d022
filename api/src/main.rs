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
    /// Apply database migrations and exit
    Migrate,
    /// Make an admin: promotes an existing account, or creates one that signs in with an e-mail code
    CreateAdmin {
        #[arg(long)]
        email: String,
        #[arg(long)]
        name: String,
    },
}

#[tokio::main]
async fn main() -> anyhow::Result<()> {
    tracing_subscriber::fmt()
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
        Command::Openapi => {
            println!("{}", api::app::openapi_json());
            Ok(())
        }
    }
}
