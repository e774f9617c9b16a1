//! Suggestions from the term dictionary: every title word-suffix, company and skill is a term
//! `{tenant}␟{kind}␟{folded key}␟{display}`, so a prefix is a range scan and the document
//! frequency is the number of offers behind a suggestion. No second structure to keep in sync.

use std::collections::HashMap;

use wakat_core::text::fold;

use crate::index::{Suggestion, Suggestions};
use crate::schema::SUGGEST_SEPARATOR;
use crate::{Result, SearchIndex};

/// Most dictionary terms read per kind and segment; bounds the cost of one-letter prefixes.
const MAX_TERMS_SCANNED: usize = 20_000;

impl SearchIndex {
    /// Suggests titles, companies and skills starting with `prefix` (any word of a title may start it).
    pub fn suggest(&self, tenant: &str, prefix: &str, limit: usize) -> Result<Suggestions> {
        let folded: String = fold(prefix).replace(SUGGEST_SEPARATOR, "").split_whitespace().collect::<Vec<_>>().join(" ");
        if folded.is_empty() || limit == 0 {
            return Ok(Suggestions::default());
        }
        Ok(Suggestions {
            titles: self.suggest_with_typos(tenant, 't', &folded, limit)?,
            companies: self.suggest_with_typos(tenant, 'c', &folded, limit)?,
            skills: self.suggest_with_typos(tenant, 's', &folded, limit)?,
        })
    }

    /// Suggestions starting with the prefix, topped up (after them) with those whose start is
    /// within the typo budget of the prefix (one edit from 5 letters, two from 9; none for
    /// technology tokens), when typo tolerance is on.
    fn suggest_with_typos(&self, tenant: &str, kind: char, folded_prefix: &str, limit: usize) -> Result<Vec<Suggestion>> {
        let mut suggestions = self.suggest_kind(tenant, kind, folded_prefix, limit)?;
        let edits = crate::fuzzy::allowed_edits(&folded_prefix.replace(' ', ""));
        if suggestions.len() >= limit || edits == 0 || !self.config.ranking.typo_tolerance {
            return Ok(suggestions);
        }
        let sep = SUGGEST_SEPARATOR;
        let head = format!("{tenant}{sep}{kind}{sep}");
        let mut counts: HashMap<String, u64> = HashMap::new();
        for segment in self.reader.searcher().segment_readers() {
            let inverted = segment.inverted_index(self.fields.suggest)?;
            let automaton = crate::fuzzy::prefix_automaton(&format!("{head}{folded_prefix}"), edits);
            let mut stream = inverted.terms().search(automaton).into_stream()?;
            let mut in_segment: HashMap<String, u64> = HashMap::new();
            let mut scanned = 0;
            while stream.advance() && scanned < MAX_TERMS_SCANNED {
                scanned += 1;
                let Ok(key) = std::str::from_utf8(stream.key()) else { continue };
                // Edits may not reach into the board or the kind.
                if !key.starts_with(&head) {
                    continue;
                }
                let Some(display) = key.rsplit(sep).next() else { continue };
                let entry = in_segment.entry(display.to_string()).or_default();
                *entry = (*entry).max(stream.value().doc_freq as u64);
            }
            for (display, count) in in_segment {
                *counts.entry(display).or_default() += count;
            }
        }
        let mut corrected: Vec<Suggestion> =
            counts.into_iter().filter(|(text, _)| !suggestions.iter().any(|s| &s.text == text)).map(|(text, count)| Suggestion { text, count }).collect();
        corrected.sort_by(|a, b| b.count.cmp(&a.count).then_with(|| a.text.len().cmp(&b.text.len())).then_with(|| a.text.cmp(&b.text)));
        suggestions.extend(corrected.into_iter().take(limit - suggestions.len()));
        Ok(suggestions)
    }

    fn suggest_kind(&self, tenant: &str, kind: char, folded_prefix: &str, limit: usize) -> Result<Vec<Suggestion>> {
        let sep = SUGGEST_SEPARATOR;
        let lower = format!("{tenant}{sep}{kind}{sep}{folded_prefix}");
        let mut upper = lower.clone().into_bytes();
        // 0xFF never occurs in UTF-8, so it bounds every key that starts with the prefix.
        upper.push(0xFF);
        let mut counts: HashMap<String, u64> = HashMap::new();
        for segment in self.reader.searcher().segment_readers() {
            let inverted = segment.inverted_index(self.fields.suggest)?;
            let mut stream = inverted.terms().range().ge(lower.as_bytes()).lt(&upper).into_stream()?;
            let mut in_segment: HashMap<String, u64> = HashMap::new();
            let mut scanned = 0;
            while stream.advance() && scanned < MAX_TERMS_SCANNED {
                scanned += 1;
                let Ok(key) = std::str::from_utf8(stream.key()) else { continue };
                let Some(display) = key.rsplit(sep).next() else { continue };
                let doc_freq = stream.value().doc_freq as u64;
                let entry = in_segment.entry(display.to_string()).or_default();
                // Two suffixes of one title may both match; they count the same offers.
                *entry = (*entry).max(doc_freq);
            }
            for (display, count) in in_segment {
                *counts.entry(display).or_default() += count;
            }
        }
        let mut suggestions: Vec<Suggestion> = counts.into_iter().map(|(text, count)| Suggestion { text, count }).collect();
        suggestions.sort_by(|a, b| b.count.cmp(&a.count).then_with(|| a.text.len().cmp(&b.text.len())).then_with(|| a.text.cmp(&b.text)));
        suggestions.truncate(limit);
        Ok(suggestions)
    }
}
