//! The job-ad assistant's brains (issue 26): what answers an employer drafting an offer.
//!
//! - [`brain`]: the one trait every brain implements ([`Brain`]), the request it reads (the
//!   conversation so far and the form as it stands) and the events it streams (message parts,
//!   internet search start and end, job ad proposing and proposed).
//! - [`openai`]: the real adapter, any OpenAI-compatible chat-completions endpoint
//!   ([`OpenAiBrain`], configured by [`OpenAiSettings`]).
//! - [`proposal`]: the AI-proposed ad (spec `employer-side.md` §3), what a brain proposes and the
//!   web app applies to the form.
//!
//! The hub, the conversation store, the per-company limits and the message start and end events
//! are the application's (`wakat-app::assistant`); a brain only answers one turn.

pub mod brain;
pub mod drafter;
pub mod openai;
pub mod proposal;

pub use brain::{Brain, BrainError, BrainEvent, BrainRequest, Turn};
pub use drafter::{greeting, OfflineDrafter};
pub use openai::{OpenAiBrain, OpenAiSettings, SearchToolSettings, SettingsError};
pub use proposal::{ProposedAd, ProposedAddress, ProposedLanguage, ProposedSalary, ProposedSkill, ProposedSkills};
