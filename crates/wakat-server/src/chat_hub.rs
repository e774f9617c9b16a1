//! The chat's real-time hub (`/hubs/{board}/chat`): `wakat-hub`'s SignalR transport with the
//! chat's authentication, methods and pushes.
//!
//! - **Who connects:** a hub token of the board (`POST …/chat/hub-token`, see
//!   `wakat_app::chat::tokens`); its caller becomes the user key `{board}/candidate/{id}` or
//!   `{board}/company/{companyId}`, so every tab of a candidate, and every user of a company,
//!   receives the same events.
//! - **Methods:** `SendMessage(conversationId, clientMessageId, text)` → `MessageView` and
//!   `MarkRead(conversationId, upToSeq)` → `ConversationView`, through the same service calls as
//!   REST; a refusal rejects with `"{code}: {message}"` (the API's error code first).
//! - **Pushes:** [`HubEvents`] is the service's [`ChatEvents`]: `messageReceived`,
//!   `conversationUpdated`, `inviteReceived`, `unreadChanged`, as REST and hub writes happen.
//! - **Origins:** each board's web-app origins ([`origins`]).

use std::sync::{Arc, OnceLock};

use actix_web::web;
use serde_json::{json, Value};
use wakat_app::chat::tokens::hub_user_key;
use wakat_app::chat::{ChatEvent, ChatEvents, ChatService, Recipient};
use wakat_app::Principal;
use wakat_engine::{Engine, Tenant};
use wakat_hub::{AuthError, Caller, Hub, HubClients, HubError, HubRuntime, Invocation, OriginAllowList};

use crate::dto::chat::{ConversationView, InviteDto, MessageView};
use crate::error::ApiError;

/// The path the hub is mounted at.
pub const HUB_PATH: &str = "/hubs/{board}/chat";

/// The chat hub's runtime, once built (the metrics read it; the shutdown stops it).
pub type HubHandle = Arc<OnceLock<HubRuntime<ChatHub>>>;

/// What the hub keeps about a connection: its board and who it acts as.
pub struct HubCaller {
    tenant: Arc<Tenant>,
    principal: Principal,
}

/// The chat's side of the hub.
pub struct ChatHub {
    engine: Arc<Engine>,
    chat: ChatService,
}

impl ChatHub {
    /// The hub over the boards of `engine` and the chat service.
    pub fn new(engine: Arc<Engine>, chat: ChatService) -> ChatHub {
        ChatHub { engine, chat }
    }
}

/// A refusal as the client reads it: the API's code, `: `, its message. Server failures stay
/// generic (logged by the error's own mapping).
pub(crate) fn refusal(error: ApiError) -> HubError {
    let body = error.body();
    if actix_web::ResponseError::status_code(&error).is_server_error() && body.code != wakat_core::ErrorCode::ChatMaintenance.as_str() {
        HubError::Internal(format!("{}: {}", body.code, body.message))
    } else {
        HubError::Client(format!("{}: {}", body.code, body.message))
    }
}

fn text_argument(arguments: &[Value], index: usize, name: &str) -> Result<String, HubError> {
    arguments.get(index).and_then(Value::as_str).map(str::to_owned).ok_or_else(|| HubError::Client(format!("invalid_chat_input: {name} must be a string")))
}

impl Hub for ChatHub {
    type Data = HubCaller;

    async fn authenticate(&self, board: &str, token: &str) -> Result<Caller<HubCaller>, AuthError> {
        let tenant = self.engine.tenants.get(board).cloned().ok_or(AuthError::Invalid)?;
        let (chat, checked, token) = (self.chat.clone(), tenant.clone(), token.to_owned());
        // Reads the account or the company user: the store, off the connection's task.
        let identity = web::block(move || chat.authenticate_hub(&checked, &token)).await.map_err(|_| AuthError::Invalid)?.map_err(|_| AuthError::Invalid)?;
        Ok(Caller::new(identity.user_key, HubCaller { tenant, principal: identity.principal }))
    }

    async fn invoke(&self, caller: &Caller<HubCaller>, _invocation: &Invocation, target: &str, arguments: Vec<Value>) -> Result<Value, HubError> {
        let (chat, tenant, principal) = (self.chat.clone(), caller.data.tenant.clone(), caller.data.principal.clone());
        match target {
            "SendMessage" => {
                let conversation_id = text_argument(&arguments, 0, "conversationId")?;
                let client_message_id = text_argument(&arguments, 1, "clientMessageId")?;
                let text = text_argument(&arguments, 2, "text")?;
                let sent = web::block(move || chat.send_message(&tenant, &principal, &conversation_id, &client_message_id, &text))
                    .await
                    .map_err(|error| HubError::Internal(error.to_string()))?
                    .map_err(|error| refusal(error.into()))?;
                Ok(json!(MessageView::new(&sent.conversation.conversation.id, &sent.message, sent.conversation.viewer)))
            }
            "MarkRead" => {
                let conversation_id = text_argument(&arguments, 0, "conversationId")?;
                let up_to_seq =
                    arguments.get(1).and_then(Value::as_u64).ok_or_else(|| HubError::Client("invalid_chat_input: upToSeq must be a number".into()))?;
                let view = web::block(move || chat.mark_read(&tenant, &principal, &conversation_id, up_to_seq))
                    .await
                    .map_err(|error| HubError::Internal(error.to_string()))?
                    .map_err(|error| refusal(error.into()))?;
                Ok(json!(ConversationView::from(&view)))
            }
            other => Err(HubError::UnknownMethod(other.to_owned())),
        }
    }
}

/// The service's live events, pushed through the hub once it runs.
#[derive(Default)]
pub struct HubEvents {
    clients: OnceLock<HubClients>,
}

impl HubEvents {
    /// Starts delivering through `clients` (events before are dropped: nobody was connected).
    pub fn attach(&self, clients: HubClients) {
        let _ = self.clients.set(clients);
    }
}

impl ChatEvents for HubEvents {
    fn publish(&self, board: &str, to: &Recipient, event: ChatEvent) {
        let Some(clients) = self.clients.get() else { return };
        let (target, argument) = match &event {
            ChatEvent::MessageReceived { conversation, message } => {
                ("messageReceived", json!(MessageView::new(&conversation.conversation.id, message, conversation.viewer)))
            }
            ChatEvent::ConversationUpdated(conversation) => ("conversationUpdated", json!(ConversationView::from(conversation))),
            ChatEvent::InviteReceived(invite) => ("inviteReceived", json!(InviteDto::from(invite))),
            ChatEvent::UnreadChanged { unread_total } => ("unreadChanged", json!({"unreadTotal": unread_total})),
        };
        clients.send(&hub_user_key(board, to), target, vec![argument]);
    }
}

/// The origins allowed to open each board's hub: the board's web app (`public_url`, else
/// `server.public_url`) and that address on each of the board's hosts (same scheme and port), plus
/// `https://{host}` for each host. Browsers send the origin of the page, which is the web app.
pub fn origins(engine: &Engine, server_public_url: &str) -> OriginAllowList {
    let mut list = OriginAllowList::new();
    for tenant in engine.tenants.values() {
        let settings = &tenant.settings;
        let web_url = settings.web_url(server_public_url);
        let mut allowed = Vec::new();
        if let Ok(url) = url::Url::parse(web_url) {
            allowed.push(url.origin().ascii_serialization());
            for host in &settings.hosts {
                let mut on_host = url.clone();
                if on_host.set_host(Some(host)).is_ok() {
                    allowed.push(on_host.origin().ascii_serialization());
                }
                allowed.push(format!("https://{host}"));
            }
        }
        list = list.allow(&settings.slug, allowed);
    }
    list
}
