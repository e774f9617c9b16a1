//! Each board's brain, built once at start from `[assistant]` and the board's overrides: the
//! offline drafter (one for every board, with the shared skills dictionary and gazetteer and
//! each board's categories) or the OpenAI-compatible adapter (its settings checked now, so a
//! wrong configuration stops the server at start instead of failing every message).

use std::sync::Arc;

use wakat_assistant::{Brain, OfflineDrafter, OpenAiBrain};
use wakat_core::offer_form::SkillDictionary;
use wakat_engine::Engine;

use super::settings::{AssistantSettings, BrainKind, SettingsError};
use super::Brains;

/// The brain of every board of `engine`.
pub fn build(engine: &Engine, skills: &SkillDictionary, settings: &AssistantSettings) -> Result<Brains, SettingsError> {
    let mut drafter = OfflineDrafter::new(skills.clone(), engine.gazetteer.clone());
    let mut boards = Vec::new();
    for (slug, tenant) in &engine.tenants {
        let board = settings.for_board(slug, &tenant.settings.assistant)?;
        drafter = drafter.with_board(slug.clone(), tenant.categories.clone());
        boards.push((slug.clone(), board));
    }
    let drafter: Arc<dyn Brain> = Arc::new(drafter);
    let mut brains = Brains::new();
    for (slug, board) in boards {
        let brain = match board.brain {
            BrainKind::Offline => drafter.clone(),
            BrainKind::Openai => {
                let categories = engine.tenants[&slug].categories.iter().map(|category| category.slug.clone()).collect::<Vec<_>>();
                let brain = OpenAiBrain::new(board.openai.clone()).map_err(|error| SettingsError { board: slug.clone(), reason: error.to_string() })?;
                Arc::new(brain.with_categories(categories)) as Arc<dyn Brain>
            }
        };
        brains.insert(slug, brain);
    }
    Ok(brains)
}
