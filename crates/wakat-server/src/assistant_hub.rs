//! The job-ad assistant's real-time hub (`/hubs/{board}/assistant`): `wakat-hub`'s SignalR
//! transport with the assistant's authentication, methods and events.
//!
//! - **Who connects:** an employer user (owner or recruiter) with a token of the board
//!   (`POST …/v2/employer-panel/assistant/hub-token`, `wakat_app::hub_tokens`, purpose
//!   `assistant-hub`); the user key is `{board}/assistant/{company}/{user}`.
//! - **Methods:** `UpdateContextV2(tenant, jobAdId, locale?)` binds the connection to the
//!   conversation of one offer of the company (kept per connection: two tabs may draft two
//!   offers) in the language of the employer's panel (`pl` | `en`; left out, the board's default);
//!   `SendMessage(text)` answers the stored message and streams the answer;
//!   `ScoreMessage(messageId, 1 | -1)`. A refusal rejects with `"{code}: {message}"`.
//! - **Events** go to the calling connection only ([`wakat_hub::HubConnection`]), after the
//!   invocation's Completion ([`wakat_hub::Invocation::answered`]): `MessageStart`,
//!   `MessagePart`, `InternetSearchStart`/`End`, `JobAdProposing`, `JobAdProposed`,
//!   `MessageEnd`, `RateLimit`, `AssistantError`.

use std::sync::{Arc, Mutex, OnceLock};

use actix_web::web;
use serde_json::{json, Value};
use wakat_app::assistant::{AssistantContext, AssistantError, AssistantEvent, AssistantService, AssistantSink, Streaming};
use wakat_app::{AppError, Principal};
use wakat_engine::{Engine, Tenant};
use wakat_hub::{AuthError, Caller, Hub, HubConnection, HubError, HubRuntime, Invocation};

use crate::chat_hub::refusal;
use crate::dto::assistant::{context_view, event_call, AssistantMessageView};

/// The path the hub is mounted at.
pub const HUB_PATH: &str = "/hubs/{board}/assistant";

/// The assistant hub's runtime, once built (the metrics read it; the shutdown stops it).
pub type AssistantHubHandle = Arc<OnceLock<HubRuntime<AssistantHub>>>;

/// What the hub keeps about a connection: its board, who it acts as, and the conversation
/// `UpdateContextV2` opened.
pub struct AssistantCaller {
    tenant: Arc<Tenant>,
    principal: Principal,
    context: Mutex<Option<AssistantContext>>,
}

/// The assistant's side of the hub.
pub struct AssistantHub {
    engine: Arc<Engine>,
    assistant: AssistantService,
}

impl AssistantHub {
    /// The hub over the boards of `engine` and the assistant service.
    pub fn new(engine: Arc<Engine>, assistant: AssistantService) -> AssistantHub {
        AssistantHub { engine, assistant }
    }
}

/// The events of one connection's answers.
struct ConnectionSink(HubConnection);

impl AssistantSink for ConnectionSink {
    fn send(&self, event: AssistantEvent) -> bool {
        let (target, arguments) = event_call(event);
        self.0.send(target, arguments)
    }
}

fn argument<'a>(arguments: &'a [Value], index: usize, name: &str) -> Result<&'a Value, HubError> {
    arguments.get(index).ok_or_else(|| HubError::Client(format!("invalid_assistant_input: {name} is missing")))
}

fn text_argument(arguments: &[Value], index: usize, name: &str) -> Result<String, HubError> {
    argument(arguments, index, name)?.as_str().map(str::to_owned).ok_or_else(|| HubError::Client(format!("invalid_assistant_input: {name} must be a string")))
}

/// An argument the caller may leave out or send as null.
fn optional_text_argument(arguments: &[Value], index: usize, name: &str) -> Result<Option<String>, HubError> {
    match arguments.get(index) {
        None | Some(Value::Null) => Ok(None),
        Some(Value::String(text)) => Ok(Some(text.clone())),
        Some(_) => Err(HubError::Client(format!("invalid_assistant_input: {name} must be a string"))),
    }
}

fn refused(error: AppError) -> HubError {
    refusal(error.into())
}

/// Runs a blocking service call off the connection's task.
async fn blocking<T: Send + 'static>(call: impl FnOnce() -> wakat_app::error::Result<T> + Send + 'static) -> Result<T, HubError> {
    web::block(call).await.map_err(|error| HubError::Internal(error.to_string()))?.map_err(refused)
}

/// Streams `streaming` once the invocation's Completion is queued.
fn after_answer(invocation: &Invocation, streaming: Streaming) {
    let answered = invocation.answered();
    actix_web::rt::spawn(async move {
        answered.await;
        streaming.await;
    });
}

impl Hub for AssistantHub {
    type Data = AssistantCaller;

    async fn authenticate(&self, board: &str, token: &str) -> Result<Caller<AssistantCaller>, AuthError> {
        let tenant = self.engine.tenants.get(board).cloned().ok_or(AuthError::Invalid)?;
        let (assistant, checked, token) = (self.assistant.clone(), tenant.clone(), token.to_owned());
        // Reads the company user: the store, off the connection's task.
        let principal =
            web::block(move || assistant.authenticate_hub(&checked, &token)).await.map_err(|_| AuthError::Invalid)?.map_err(|_| AuthError::Invalid)?;
        let Principal::EmployerUser { company_id, account_id, .. } = &principal else { return Err(AuthError::Invalid) };
        let user_key = format!("{board}/assistant/{company_id}/{account_id}");
        Ok(Caller::new(user_key, AssistantCaller { tenant, principal, context: Mutex::default() }))
    }

    async fn invoke(&self, caller: &Caller<AssistantCaller>, invocation: &Invocation, target: &str, arguments: Vec<Value>) -> Result<Value, HubError> {
        let data = &caller.data;
        let (assistant, tenant, principal) = (self.assistant.clone(), data.tenant.clone(), data.principal.clone());
        let sink: Arc<dyn AssistantSink> = Arc::new(ConnectionSink(invocation.connection().clone()));
        let context = || {
            data.context
                .lock()
                .unwrap_or_else(std::sync::PoisonError::into_inner)
                .clone()
                .ok_or_else(|| refused(AppError::Assistant(AssistantError::NoContext)))
        };
        match target {
            "UpdateContextV2" => {
                let board = text_argument(&arguments, 0, "tenant")?;
                if board != tenant.settings.slug {
                    return Err(HubError::Client("invalid_assistant_input: tenant must be this hub's board".into()));
                }
                let slug = text_argument(&arguments, 1, "jobAdId")?;
                let locale = optional_text_argument(&arguments, 2, "locale")?;
                let opened = blocking(move || assistant.open(tenant, &principal, &slug, locale.as_deref())).await?;
                *data.context.lock().unwrap_or_else(std::sync::PoisonError::into_inner) = Some(opened.context.clone());
                if let Some(greeting) = opened.greeting.clone() {
                    after_answer(invocation, self.assistant.greet(greeting, sink));
                }
                Ok(context_view(&opened))
            }
            "SendMessage" => {
                let text = text_argument(&arguments, 0, "text")?;
                let context = context()?;
                let (message, streaming) = blocking(move || assistant.send_message(&context, &text, sink)).await?;
                after_answer(invocation, streaming);
                Ok(json!(AssistantMessageView::from(&message)))
            }
            "ScoreMessage" => {
                let message_id = text_argument(&arguments, 0, "messageId")?;
                let score = argument(&arguments, 1, "score")?
                    .as_i64()
                    .filter(|score| *score == 1 || *score == -1)
                    .ok_or_else(|| HubError::Client("invalid_assistant_input: score must be 1 or -1".into()))?;
                let context = context()?;
                let scored = blocking(move || assistant.score_message(&context, &message_id, if score > 0 { 1 } else { -1 })).await?;
                Ok(json!({"id": scored.id, "score": scored.score}))
            }
            other => Err(HubError::UnknownMethod(other.to_owned())),
        }
    }
}
