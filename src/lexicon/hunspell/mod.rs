//! A hunspell `.dic`/`.aff` pair, read and expanded by tavolo itself (no libhunspell):
//! the `.aff` gives the affix classes ([`aff`]), the `.dic` the stems and their flags
//! ([`dic`]), and [`expand`] generates every word they accept.

pub mod aff;
pub mod dic;
pub mod expand;

use std::path::Path;

use crate::error::Error;

/// A flag as hunspell numbers it: a byte, a byte pair, a number or a code point.
pub type Flag = u32;

/// A parsed dictionary, ready to expand.
#[derive(Debug, Clone)]
pub struct Dictionary {
    pub aff: aff::Aff,
    pub stems: Vec<dic::Stem>,
}

impl Dictionary {
    /// Parse both files from their bytes; the `.aff`'s `SET` (default ISO8859-1, as in
    /// hunspell) decides the encoding of both.
    pub fn parse(dic_path: &Path, dic: &[u8], aff_path: &Path, aff: &[u8]) -> Result<Self, Error> {
        let encoding = aff::declared_encoding(aff_path, aff)?;
        let aff_text = encoding.decode(aff_path, aff)?;
        let aff = aff::parse(aff_path, &aff_text, encoding)?;
        let dic_text = encoding.decode(dic_path, dic)?;
        let stems = dic::parse(dic_path, &dic_text, &aff)?;
        Ok(Dictionary { aff, stems })
    }

    /// Every accepted form, passed to `sink` (see [`expand::expand`]).
    pub fn expand(&self, sink: &mut dyn FnMut(&str)) -> u64 {
        expand::expand(&self.aff, &self.stems, &|_| false, &mut |w, _| sink(w))
    }

    /// The forms without those made by a prefix for which `skip_prefix(appended text)`.
    pub fn expand_skipping(
        &self,
        skip_prefix: &dyn Fn(&str) -> bool,
        sink: &mut dyn FnMut(&str),
    ) -> u64 {
        expand::expand(&self.aff, &self.stems, skip_prefix, &mut |w, _| sink(w))
    }

    /// [`Dictionary::expand_skipping`], telling the sink how each form was made.
    pub fn expand_how<'a>(
        &'a self,
        skip_prefix: &dyn Fn(&str) -> bool,
        sink: &mut dyn FnMut(&str, &expand::How<'a>),
    ) -> u64 {
        expand::expand(&self.aff, &self.stems, skip_prefix, sink)
    }

    /// Every accepted form, sorted and without duplicates (for tests and small files).
    pub fn forms(&self) -> Vec<String> {
        let mut out = Vec::new();
        self.expand(&mut |w| out.push(w.to_string()));
        out.sort();
        out.dedup();
        out
    }
}
