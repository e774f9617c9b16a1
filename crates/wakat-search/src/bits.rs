//! Fixed-size sets of a segment's document ids, one bit each, and a tantivy [`DocSet`] over one.
//! The active sets ([`crate::active`]) and the cached filters ([`crate::filtercache`]) keep them.

use std::sync::Arc;

use tantivy::query::Scorer;
use tantivy::{DocId, DocSet, Score, TERMINATED};

/// A set of document ids below a fixed bound.
#[derive(Clone, Debug, PartialEq)]
pub(crate) struct Bits(Box<[u64]>);

impl Bits {
    /// An empty set of ids below `len`.
    pub(crate) fn new(len: u32) -> Bits {
        Bits(vec![0; (len as usize).div_ceil(64)].into_boxed_slice())
    }

    #[inline]
    pub(crate) fn insert(&mut self, doc: DocId) {
        self.0[(doc / 64) as usize] |= 1 << (doc % 64);
    }

    #[inline]
    pub(crate) fn contains(&self, doc: DocId) -> bool {
        self.0.get((doc / 64) as usize).is_some_and(|word| word & (1 << (doc % 64)) != 0)
    }

    /// Every id below `len`.
    pub(crate) fn full(len: u32) -> Bits {
        let mut bits = Bits(vec![u64::MAX; (len as usize).div_ceil(64)].into_boxed_slice());
        if let Some(last) = bits.0.last_mut() {
            if !len.is_multiple_of(64) {
                *last = (1u64 << (len % 64)) - 1;
            }
        }
        bits
    }

    /// How many ids the set holds.
    pub(crate) fn count(&self) -> u32 {
        self.0.iter().map(|word| word.count_ones()).sum()
    }

    /// Keeps only the ids `other` holds too (ids past `other`'s bound are dropped).
    pub(crate) fn intersect_with(&mut self, other: &Bits) {
        for (idx, word) in self.0.iter_mut().enumerate() {
            *word &= other.0.get(idx).copied().unwrap_or(0);
        }
    }

    /// The ids, in order.
    pub(crate) fn iter(&self) -> impl Iterator<Item = DocId> + '_ {
        self.0.iter().enumerate().flat_map(|(idx, &word)| {
            let mut remaining = word;
            std::iter::from_fn(move || {
                (remaining != 0).then(|| {
                    let bit = remaining.trailing_zeros();
                    remaining &= remaining - 1;
                    idx as DocId * 64 + bit
                })
            })
        })
    }

    /// The set's words: id `64 × i + b` is bit `b` of word `i`.
    #[inline]
    pub(crate) fn words(&self) -> &[u64] {
        &self.0
    }

    /// Bytes the set takes.
    pub(crate) fn heap_bytes(&self) -> usize {
        self.0.len() * 8
    }
}

/// Iterates a [`Bits`] as a tantivy doc set; scores 0 (a filter).
pub(crate) struct BitsDocSet {
    bits: Arc<Bits>,
    /// Index of the word `remaining` came from.
    word: usize,
    /// The bits of that word not visited yet.
    remaining: u64,
    doc: DocId,
    len: u32,
}

impl BitsDocSet {
    pub(crate) fn new(bits: Arc<Bits>) -> BitsDocSet {
        let len = bits.count();
        let remaining = bits.0.first().copied().unwrap_or(0);
        let mut docs = BitsDocSet { bits, word: 0, remaining, doc: 0, len };
        docs.advance();
        docs
    }
}

impl DocSet for BitsDocSet {
    #[inline]
    fn advance(&mut self) -> DocId {
        while self.remaining == 0 {
            self.word += 1;
            match self.bits.0.get(self.word) {
                Some(&word) => self.remaining = word,
                None => {
                    self.doc = TERMINATED;
                    return TERMINATED;
                }
            }
        }
        let bit = self.remaining.trailing_zeros();
        self.remaining &= self.remaining - 1;
        self.doc = self.word as DocId * 64 + bit;
        self.doc
    }

    fn seek(&mut self, target: DocId) -> DocId {
        if self.doc >= target {
            return self.doc;
        }
        let word = (target / 64) as usize;
        if word >= self.bits.0.len() {
            self.doc = TERMINATED;
            return TERMINATED;
        }
        if word > self.word {
            self.word = word;
            self.remaining = self.bits.0[word];
        }
        // Drop the bits below the target inside its word.
        self.remaining &= u64::MAX << (target % 64);
        self.advance()
    }

    fn doc(&self) -> DocId {
        self.doc
    }

    fn size_hint(&self) -> u32 {
        self.len
    }
}

impl Scorer for BitsDocSet {
    fn score(&mut self) -> Score {
        0.0
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    fn bits_of(len: u32, docs: &[DocId]) -> Bits {
        let mut bits = Bits::new(len);
        docs.iter().filter(|&&doc| doc < len).for_each(|&doc| bits.insert(doc));
        bits
    }

    #[test]
    fn bits_hold_exactly_what_was_inserted() {
        let bits = bits_of(130, &[0, 63, 64, 129]);
        let held: Vec<DocId> = (0..200).filter(|&doc| bits.contains(doc)).collect();
        assert_eq!(held, vec![0, 63, 64, 129]);
        assert_eq!(bits.count(), 4);
    }

    #[test]
    fn a_full_set_holds_every_id_below_its_bound() {
        for len in [0, 1, 63, 64, 65, 130] {
            let bits = Bits::full(len);
            assert_eq!(bits.count(), len);
            assert!((0..len).all(|doc| bits.contains(doc)));
            assert!(!bits.contains(len));
        }
    }

    proptest! {
        #[test]
        fn the_doc_set_visits_and_seeks_like_a_sorted_list(
            len in 1u32..700, docs in proptest::collection::vec(0u32..700, 0..80), other in proptest::collection::vec(0u32..700, 0..80),
            seeks in proptest::collection::vec(0u32..800, 0..10),
        ) {
            let mut bits = bits_of(len, &docs);
            bits.intersect_with(&bits_of(len, &other));
            let mut expected: Vec<DocId> = docs.iter().copied().filter(|d| *d < len && other.contains(d)).collect();
            expected.sort_unstable();
            expected.dedup();

            let mut visited = Vec::new();
            let bits = Arc::new(bits);
            let mut set = BitsDocSet::new(Arc::clone(&bits));
            prop_assert_eq!(set.size_hint() as usize, expected.len());
            while set.doc() != TERMINATED {
                visited.push(set.doc());
                set.advance();
            }
            prop_assert_eq!(&visited, &expected);

            let mut set = BitsDocSet::new(bits);
            let mut seeks = seeks;
            seeks.sort_unstable();
            for target in seeks {
                let target = target.max(set.doc().min(TERMINATED));
                let want = expected.iter().copied().find(|&d| d >= target).unwrap_or(TERMINATED);
                let got = if set.doc() == TERMINATED { TERMINATED } else { set.seek(target) };
                prop_assert_eq!(got, want);
            }
        }
    }
}
