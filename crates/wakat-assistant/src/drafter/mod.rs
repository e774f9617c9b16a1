//! The offline drafter (issue 26): the embedded default brain. No network, no model: it reads
//! the whole conversation again on every turn (stateless), extracts the ad's fields with the
//! board's dictionaries, asks one question at a time for what is missing and, once the
//! essentials are there or the employer asks for it, proposes the ad.
//!
//! - [`text`]: language detection, folding, sentences; [`salary`], [`skills`], [`places`],
//!   [`languages`], [`position`], [`terms`]: one extractor each;
//! - [`draft`]: what the conversation (and the form) says, and what is still to be asked;
//! - [`describe`]: the proposal, its HTML description and summary.

pub mod describe;
pub mod draft;
pub mod languages;
pub mod places;
pub mod position;
pub mod role;
pub mod role_words;
pub mod salary;
pub mod skill_items;
pub mod skills;
pub mod terms;
pub mod text;
pub mod title;
pub mod title_labels;

use std::collections::HashMap;
use std::sync::Arc;

use futures_util::future::BoxFuture;
use tokio::sync::mpsc;
use wakat_core::offer_form::SkillDictionary;
use wakat_core::{CategoryTree, Gazetteer};

use crate::brain::{Brain, BrainError, BrainEvent, BrainRequest};
use draft::{Dictionaries, Draft, Need};
use text::{detect_lang, fold, Lang};

/// The offline drafter, built from the dictionaries of `index-data/`.
/// Cheap to clone (the dictionaries are shared): each answer runs on a blocking thread with its own
/// handle.
#[derive(Debug, Default, Clone)]
pub struct OfflineDrafter {
    skills: Arc<SkillDictionary>,
    gazetteer: Arc<Gazetteer>,
    boards: Arc<HashMap<String, CategoryTree>>,
}

/// What the employer writes to get the proposal now.
const PROPOSE: &[&str] = &[
    "propos",
    "propozyc",
    "draft the ad",
    "draft it",
    "write the ad",
    "generate",
    "go ahead",
    "that's all",
    "thats all",
    "nothing more",
    "nothing else",
    "to wszystko",
    "nic wiecej",
    "przygotuj",
    "wygeneruj",
    "zaproponuj",
    "stworz ogloszenie",
    "napisz ogloszenie",
    "gotowe",
    "draft",
    "write it up",
    "put the ad together",
    "put it together",
    "szkic",
    "prosze o ogloszenie",
    "poprosze o ogloszenie",
    "przygotowac ogloszenie",
    "mozesz pisac",
    "napisac ogloszenie",
    "to tyle",
    "chyba tyle",
    "that's it",
    "thats it",
    "that's everything",
    "that is all",
    "that is everything",
];
/// Words of a closing line ("Thanks!", "Z góry dziękuję.", "Kind regards", "… Scrum. dzięki"):
/// the employer is done, so the drafter proposes with what it knows.
const CLOSINGS: &[&str] = &["dzieki", "dziekuje", "dziekujemy", "thanks", "thank you", "thx", "regards", "pozdrawiam", "pozdrowienia", "cheers"];
/// The longest closing line, in words.
const CLOSING_WORDS: usize = 4;

/// Whether the message ends with a short closing line: a sentence of at most
/// [`CLOSING_WORDS`] words that thanks or signs off.
fn closes_chat(folded: &str) -> bool {
    let last = folded.split(['.', '!', '?', '\n']).map(str::trim).rfind(|s| !s.is_empty()).unwrap_or_default();
    last.split_whitespace().count() <= CLOSING_WORDS && CLOSINGS.iter().any(|c| last.contains(c))
}

/// What the employer writes to ask what the assistant is.
const WHO: &[&str] = &[
    "kim jestes",
    "czym jestes",
    "co potrafisz",
    "jestes ai",
    "jestes botem",
    "internet",
    "who are you",
    "what are you",
    "are you a bot",
    "are you an ai",
    "chatgpt",
    "gpt",
    "are you human",
    "czy jestes",
];

/// The first assistant message of a conversation, in the web app's language.
pub fn greeting(locale: &str) -> String {
    if locale == "pl" {
        "Cześć! Jestem offline'owym asystentem ogłoszeń: działam bez internetu i bez modelu AI, składam ogłoszenie z tego, co napiszesz. \
         Opisz stanowisko, poziom, wymagane umiejętności, widełki i miejsce pracy – dopytam o to, czego zabraknie, i zaproponuję ogłoszenie."
            .to_string()
    } else {
        "Hi! I'm the offline job-ad drafter: I work without the internet or an AI model, and build the ad from what you write. \
         Describe the position, seniority, required skills, salary range and workplace – I'll ask about whatever is missing and propose the ad."
            .to_string()
    }
}

fn identity(lang: Lang) -> &'static str {
    lang.pick(
        "Jestem offline'owym asystentem: nie korzystam z internetu ani z modelu AI, tylko odczytuję z rozmowy stanowisko, umiejętności, widełki i miejsce pracy. ",
        "I'm an offline drafter: I don't use the internet or an AI model, I read the position, skills, salary and workplace from our conversation. ",
    )
}

impl OfflineDrafter {
    /// A drafter with the skills dictionary and the gazetteer; boards are added with
    /// [`OfflineDrafter::with_board`].
    pub fn new(skills: SkillDictionary, gazetteer: Gazetteer) -> OfflineDrafter {
        OfflineDrafter { skills: Arc::new(skills), gazetteer: Arc::new(gazetteer), boards: Arc::default() }
    }

    /// Adds a board's category tree (the proposal's category is one of its keys).
    pub fn with_board(mut self, board: impl Into<String>, categories: CategoryTree) -> OfflineDrafter {
        Arc::make_mut(&mut self.boards).insert(board.into(), categories);
        self
    }

    /// The answer to `request`'s last turn, as the events it streams.
    pub fn answer(&self, request: &BrainRequest) -> Vec<BrainEvent> {
        let texts: Vec<&str> = request.history.iter().filter(|t| t.from_user).map(|t| t.text.as_str()).collect();
        let fallback = if request.locale == "pl" { Lang::Pl } else { Lang::En };
        let lang = detect_lang(&texts, fallback);
        let dictionaries = Dictionaries { skills: &self.skills, gazetteer: &self.gazetteer, categories: self.boards.get(&request.board) };
        let mut draft = Draft::read(&texts, &dictionaries);
        draft.complete_from(&request.form, &self.gazetteer);
        let last = texts.last().map(|t| fold(t)).unwrap_or_default();
        let mut intro = String::new();
        if WHO.iter().any(|w| last.contains(w)) {
            intro.push_str(identity(lang));
        }
        // What the form already had is not news either ("Noted: position …" on every message).
        let mut earlier = Draft::read(&texts[..texts.len().saturating_sub(1)], &dictionaries);
        earlier.complete_from(&request.form, &self.gazetteer);
        intro.push_str(&noted(&draft, &earlier, lang));
        let missing = draft.missing(&request.form);
        let knows_something = draft.title.is_some() || !draft.skills.required.is_empty() || !draft.salaries.is_empty();
        let wants = PROPOSE.iter().any(|w| last.contains(w)) || closes_chat(&last);
        let mut events: Vec<BrainEvent> = chunks(&intro).into_iter().map(BrainEvent::Part).collect();
        if missing.is_empty() || (wants && knows_something) {
            // Asked for the draft with no title said: the chat's most title-like words, rather
            // than the question again.
            if draft.title.is_none() {
                draft.title = title::guess(&texts);
            }
            events.push(BrainEvent::Proposing);
            for line in describe::summary(&draft, lang) {
                events.push(BrainEvent::Part(format!("{line}\n")));
            }
            events.push(BrainEvent::Proposed(Box::new(describe::proposal(&draft, lang))));
        } else {
            let question = missing.first().copied().unwrap_or(Need::Title).question(lang);
            events.extend(chunks(question).into_iter().map(BrainEvent::Part));
        }
        events
    }
}

/// "Noted: …" for what the last message added; nothing when it added nothing.
fn noted(now: &Draft, before: &Draft, lang: Lang) -> String {
    let mut got: Vec<String> = Vec::new();
    if now.title != before.title {
        if let Some(title) = &now.title {
            got.push(format!("{} „{title}”", lang.pick("stanowisko", "position")));
        }
    }
    if now.seniority != before.seniority {
        if let Some(level) = now.seniority {
            got.push(format!("{} {}", lang.pick("poziom", "seniority"), level.label(lang.code())));
        }
    }
    let new_skills = now.skills.required.len() + now.skills.nice.len();
    if new_skills != before.skills.required.len() + before.skills.nice.len() {
        got.push(format!("{} {new_skills}", lang.pick("umiejętności:", "skills:")));
    }
    if now.salaries != before.salaries {
        got.extend(now.salaries.iter().map(|s| describe::salary_line(s, lang)));
    }
    if now.workplace != before.workplace {
        if let Some(w) = now.workplace {
            got.push(w.label(lang.code()).to_string());
        }
    }
    if now.places.len() != before.places.len() {
        got.extend(now.places.iter().map(|p| p.name.clone()));
    }
    if got.is_empty() {
        return String::new();
    }
    format!("{} {}. ", lang.pick("Zanotowałem:", "Noted:"), got.join(", "))
}

/// The text as a few parts (by sentence), as a model would stream it.
fn chunks(text: &str) -> Vec<String> {
    let mut parts = Vec::new();
    let mut current = String::new();
    for word in text.split_inclusive(' ') {
        current.push_str(word);
        if current.len() > 40 && (word.trim_end().ends_with(['.', ',', '?', ':']) || current.len() > 120) {
            parts.push(std::mem::take(&mut current));
        }
    }
    if !current.is_empty() {
        parts.push(current);
    }
    parts
}

impl Brain for OfflineDrafter {
    fn name(&self) -> String {
        "offline-drafter".to_string()
    }

    fn reply(&self, request: BrainRequest, events: mpsc::Sender<BrainEvent>) -> BoxFuture<'static, Result<(), BrainError>> {
        // Reading the conversation is CPU work (the whole chat re-read against the dictionaries):
        // on a blocking thread, so that a burst of answers never stalls the hub's connections.
        let drafter = self.clone();
        Box::pin(async move {
            let answer = tokio::task::spawn_blocking(move || drafter.answer(&request))
                .await
                .map_err(|error| BrainError::Unavailable(format!("the drafter stopped: {error}")))?;
            for event in answer {
                events.send(event).await.map_err(|_| BrainError::Cancelled)?;
            }
            Ok(())
        })
    }
}

#[cfg(test)]
#[path = "tests.rs"]
mod tests;
