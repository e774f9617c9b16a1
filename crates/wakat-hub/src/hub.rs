//! What the application implements: who may connect, and what its methods do.

use crate::clients::HubConnection;
use serde_json::Value;
use std::future::Future;
use tokio::sync::watch;

/// The authenticated user of a connection.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Caller<D> {
    /// Opaque to the hub: [`crate::HubClients::send`] reaches every open connection with this
    /// key. Make it unique across boards if one user key could mean two people on two boards.
    pub user_key: String,
    /// Whatever the application wants back with each invocation (a principal, the board…).
    pub data: D,
}

impl<D> Caller<D> {
    /// A caller with its user key and the application's data.
    pub fn new(user_key: impl Into<String>, data: D) -> Self {
        Caller { user_key: user_key.into(), data }
    }
}

/// Why a connection was refused; answered with HTTP 401.
#[derive(Debug, thiserror::Error, PartialEq, Eq)]
pub enum AuthError {
    /// No access token came with the request.
    #[error("no access token")]
    Missing,
    /// The token is unknown, expired, or not for this board.
    #[error("the access token is not valid for this board")]
    Invalid,
}

/// Why an invocation failed; the client's `invoke` rejects with an `Error` carrying the message.
#[derive(Debug, thiserror::Error, PartialEq, Eq)]
pub enum HubError {
    /// A failure the caller may read (a refused request, a validation error): sent as it is.
    #[error("{0}")]
    Client(String),
    /// No method of that name.
    #[error("Unknown hub method '{0}'")]
    UnknownMethod(String),
    /// A failure of the server: logged, and the caller gets a generic message without it.
    #[error("internal error: {0}")]
    Internal(String),
}

impl HubError {
    /// The text the client sees for a failed invocation of `target`.
    pub(crate) fn client_message(&self, target: &str) -> String {
        match self {
            HubError::Client(message) => message.clone(),
            HubError::UnknownMethod(_) => self.to_string(),
            HubError::Internal(_) => format!("An unexpected error occurred invoking '{target}' on the server."),
        }
    }
}

/// The application's side of a hub: authentication and methods, nothing of the transport.
///
/// Methods run on the connection's own task (an actix worker's), so their futures need not be
/// `Send`; they may run concurrently up to `HubSettings::max_parallel_invocations` per
/// connection.
pub trait Hub: Send + Sync + 'static {
    /// What the application keeps about a connection's user.
    type Data: Send + Sync + 'static;

    /// Checks `token` for `board` (the `{board}` segment of the hub's path), on negotiate and
    /// again on the WebSocket.
    fn authenticate(&self, board: &str, token: &str) -> impl Future<Output = Result<Caller<Self::Data>, AuthError>>;

    /// Runs the method `target`; its value becomes the Completion's result. `invocation` names
    /// the calling connection (pushes to it alone) and tells when the Completion is queued.
    fn invoke(
        &self,
        caller: &Caller<Self::Data>,
        invocation: &Invocation,
        target: &str,
        arguments: Vec<Value>,
    ) -> impl Future<Output = Result<Value, HubError>>;

    /// Called once the handshake of a connection of `caller` succeeded.
    fn connected(&self, caller: &Caller<Self::Data>) {
        let _ = caller;
    }

    /// Called once a connection of `caller` ended, for whatever reason.
    fn disconnected(&self, caller: &Caller<Self::Data>) {
        let _ = caller;
    }
}

/// Where an invocation came from: its connection, and the moment its Completion was queued, so
/// that what a method streams after answering (an assistant's reply) follows the answer.
#[derive(Clone)]
pub struct Invocation {
    connection: HubConnection,
    answered: watch::Receiver<bool>,
}

impl Invocation {
    pub(crate) fn new(connection: HubConnection, answered: watch::Receiver<bool>) -> Self {
        Invocation { connection, answered }
    }

    /// The calling connection.
    pub fn connection(&self) -> &HubConnection {
        &self.connection
    }

    /// Resolves once the invocation's Completion is queued on the connection (or the
    /// connection ended, or the client asked for no Completion): pushes made after it reach the
    /// client after the answer.
    pub fn answered(&self) -> impl Future<Output = ()> + Send + 'static {
        let mut answered = self.answered.clone();
        async move {
            // An error means the connection's task is gone: nothing more to wait for.
            let _ = answered.wait_for(|done| *done).await;
        }
    }
}
