//! See DESIGN.md: the deal part of tavolo.
