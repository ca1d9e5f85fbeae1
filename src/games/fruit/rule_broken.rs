//! A rule broken by a move in Il Muro, Mosaico or Domino della frutta: the
//! ruling, a stable error code and what happened. (Scalafrutta's also says
//! which declaration it concerns, so it has its own.)

use std::fmt;

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct RuleBroken {
    pub rule: &'static str,
    pub code: &'static str,
    pub message: String,
}

impl RuleBroken {
    pub(crate) fn new(rule: &'static str, code: &'static str, message: impl Into<String>) -> Self {
        RuleBroken {
            rule,
            code,
            message: message.into(),
        }
    }
}

impl fmt::Display for RuleBroken {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{} ({})", self.message, self.rule)
    }
}

impl std::error::Error for RuleBroken {}
