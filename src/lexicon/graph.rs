//! The lexicon as a word graph for Natura Shakerata's move generation (issue 14): one GADDAG
//! over the words of every list. The one place the CLI gets a graph from, so that caching it
//! on disk beside the lists' automata changes nothing for its callers.

use std::sync::Arc;

use fst::Streamer;

use super::Lexicon;
use crate::error::Error;
use crate::games::natura::movegen::Gaddag;

/// The word graph of every word the lexicon holds.
pub fn gaddag(lexicon: &Lexicon) -> Result<Arc<Gaddag>, Error> {
    let mut words: Vec<Vec<u8>> = Vec::new();
    for list in &lexicon.lists {
        let mut stream = list.set.stream();
        while let Some(w) = stream.next() {
            words.push(w.to_vec());
        }
    }
    Gaddag::from_words(&words)
        .map(Arc::new)
        .map_err(|e| Error::input("lexicon.graph", e.to_string()))
}
