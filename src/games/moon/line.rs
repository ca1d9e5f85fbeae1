//! MOON's boards as lines for batches ([`crate::games::line::writer`]):
//! each board's setup written straight out, the same bytes as the deal's
//! JSON flattened (`centre:VV hands.P1:BB,BV,.. hands.P2:..`, or for the
//! solitaire `centre:VV draw:..`).

use std::io::Write as _;

use super::game::MoonSetup;
use super::record::dealt;
use crate::deal::Provenance;
use crate::games::line::{list, Writer};

/// The writer for `variant` and these players (their names as path keys).
pub fn writer(variant: String, seed: String, names: Vec<String>) -> Writer {
    Box::new(move |b, out| {
        let p = Provenance::new("moon", &variant, &seed, b);
        match dealt(&variant, names.len(), &p)? {
            MoonSetup::Standard(s) => {
                let _ = write!(out, "centre:{}", s.centre);
                for (name, hand) in names.iter().zip(&s.hands) {
                    let _ = write!(out, " hands.{name}:");
                    list(out, hand.iter());
                }
            }
            MoonSetup::Solitaire(s) => {
                let _ = write!(out, "centre:{} draw:", s.centre);
                list(out, s.draw.iter().flatten());
            }
        }
        out.push(b'\n');
        Ok(())
    })
}
