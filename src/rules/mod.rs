//! See DESIGN.md: the rules part of tavolo.
