//! Typo corrections from the term dictionary: a Levenshtein automaton (with transpositions, so
//! `pyhton` is one edit from `python`) intersected with each segment's term FST. Corrections are
//! enumerated rather than hidden in a `FuzzyTermQuery`, so the answer and the explain call can
//! say which were used, and each is scored by BM25 like any term.

use std::collections::HashMap;
use std::sync::{Mutex, OnceLock};

use levenshtein_automata::{Distance, LevenshteinAutomatonBuilder, DFA};
use tantivy::schema::Field;
use tantivy::Searcher;

use crate::Result;

/// Words of this many characters or more get one edit.
pub const ONE_EDIT_CHARS: usize = 5;
/// Words of this many characters or more get two edits.
pub const TWO_EDITS_CHARS: usize = 9;

/// Edits allowed for a query term: none for technology tokens (anything but letters: `c#`,
/// `node.js`, `k8s`) and short words (`go`, `qa`, `java`), one from 5 letters, two from 9.
pub fn allowed_edits(term: &str) -> u8 {
    if !term.chars().all(char::is_alphabetic) {
        return 0;
    }
    match term.chars().count() {
        n if n >= TWO_EDITS_CHARS => 2,
        n if n >= ONE_EDIT_CHARS => 1,
        _ => 0,
    }
}

fn builder(edits: u8) -> &'static LevenshteinAutomatonBuilder {
    static BUILDERS: OnceLock<[LevenshteinAutomatonBuilder; 2]> = OnceLock::new();
    // Building the parametric tables takes milliseconds; once per process.
    let builders = BUILDERS.get_or_init(|| [LevenshteinAutomatonBuilder::new(1, true), LevenshteinAutomatonBuilder::new(2, true)]);
    &builders[(edits.clamp(1, 2) - 1) as usize]
}

/// Terms starting with something within `edits` of `prefix` (suggestions).
pub(crate) fn prefix_automaton(prefix: &str, edits: u8) -> impl tantivy_fst::Automaton<State = u32> {
    Automaton(builder(edits).build_prefix_dfa(prefix))
}

struct Automaton(DFA);

impl tantivy_fst::Automaton for Automaton {
    type State = u32;

    fn start(&self) -> u32 {
        self.0.initial_state()
    }

    fn is_match(&self, state: &u32) -> bool {
        matches!(self.0.distance(*state), Distance::Exact(_))
    }

    fn can_match(&self, state: &u32) -> bool {
        *state != levenshtein_automata::SINK_STATE
    }

    fn accept(&self, state: &u32, byte: u8) -> u32 {
        self.0.transition(*state, byte)
    }
}

/// A term of the dictionary near a typed one.
#[derive(Debug, Clone, PartialEq)]
pub struct Correction {
    /// The dictionary term.
    pub term: String,
    /// Documents carrying it in any of the searched fields.
    pub doc_freq: u64,
}

/// Dictionary terms within `edits` of `term` (not `term` itself) in any of `fields`, most
/// frequent first, at most `limit`.
pub fn corrections(searcher: &Searcher, fields: &[Field], term: &str, edits: u8, limit: usize) -> Result<Vec<Correction>> {
    if edits == 0 || limit == 0 {
        return Ok(Vec::new());
    }
    let mut found: HashMap<String, u64> = HashMap::new();
    // One automaton for every segment and field: building it costs more than a stream over it.
    let automaton = Automaton(builder(edits).build_dfa(term));
    for segment in searcher.segment_readers() {
        for &field in fields {
            let inverted = segment.inverted_index(field)?;
            let mut stream = inverted.terms().search(&automaton).into_stream()?;
            while stream.advance() {
                let Ok(key) = std::str::from_utf8(stream.key()) else { continue };
                if key != term {
                    *found.entry(key.to_string()).or_default() += stream.value().doc_freq as u64;
                }
            }
        }
    }
    let mut corrections: Vec<Correction> = found.into_iter().map(|(term, doc_freq)| Correction { term, doc_freq }).collect();
    corrections.sort_by(|a, b| b.doc_freq.cmp(&a.doc_freq).then_with(|| a.term.cmp(&b.term)));
    corrections.truncate(limit);
    Ok(corrections)
}

/// Most corrections remembered for one index generation; past it the cache starts over.
const CACHED_CORRECTIONS: usize = 4096;

/// What [`corrections`] found, per word, for the index generation searches see now. Visitors type
/// the same few hundred words; walking every segment's dictionary with an automaton for each of
/// them was a tenth of an uncached listing's time. A commit changes the dictionary, and with it
/// the generation: the cache then starts over.
#[derive(Default)]
pub(crate) struct CorrectionCache {
    /// The generation, and the corrections by (fields, word, edits, limit).
    entries: Mutex<(u64, HashMap<CorrectionKey, Vec<Correction>>)>,
}

type CorrectionKey = (Vec<u32>, String, u8, usize);

impl CorrectionCache {
    /// [`corrections`] of the searcher's generation, computed once.
    pub(crate) fn corrections(&self, searcher: &Searcher, fields: &[Field], term: &str, edits: u8, limit: usize) -> Result<Vec<Correction>> {
        let generation = searcher.generation().generation_id();
        let key = (fields.iter().map(|f| f.field_id()).collect::<Vec<_>>(), term.to_string(), edits, limit);
        {
            let entries = self.entries.lock().unwrap_or_else(|poisoned| poisoned.into_inner());
            if entries.0 == generation {
                if let Some(found) = entries.1.get(&key) {
                    return Ok(found.clone());
                }
            }
        }
        let found = corrections(searcher, fields, term, edits, limit)?;
        let mut entries = self.entries.lock().unwrap_or_else(|poisoned| poisoned.into_inner());
        if entries.0 != generation || entries.1.len() >= CACHED_CORRECTIONS {
            *entries = (generation, HashMap::new());
        }
        entries.1.insert(key, found.clone());
        Ok(found)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn short_words_and_technology_tokens_stay_exact() {
        for term in ["go", "c#", "r", "qa", "java", "node.js", "k8s", "c++", ".net"] {
            assert_eq!(allowed_edits(term), 0, "{term}");
        }
        assert_eq!(allowed_edits("pyhton"), 1);
        assert_eq!(allowed_edits("kubernets"), 2);
        assert_eq!(allowed_edits("javascirpt"), 2);
    }
}
