//! Long builds say how far they are. Building a list (a second or two) and above all the
//! word graph (tens of seconds, once per lexicon) happen deep inside whatever first needs
//! them (a machine player, a solver, a check), so the library reports to one watcher that
//! the command line installs for the run ([`watch`]); it draws a bar on a terminal and
//! nothing elsewhere. Without a watcher, nothing is reported.

use std::sync::OnceLock;

/// What the command line does with a build's progress.
pub trait Watch: Send + Sync {
    /// A build starts: what it does, briefly ("building the word graph (once)"), where its
    /// result goes ("cached in DIR: later runs read it"), and how many steps it takes (0
    /// when not known). Dropping the returned step ends it.
    fn begin(&self, what: &str, result: &str, total: u64) -> Box<dyn Step>;
}

/// A build under way.
pub trait Step {
    /// `done` steps of the total are done.
    fn at(&mut self, done: u64);
}

static WATCHER: OnceLock<Box<dyn Watch>> = OnceLock::new();

/// Install the run's watcher; the first one installed stays.
pub fn watch(w: Box<dyn Watch>) {
    let _ = WATCHER.set(w);
}

/// A step that reports nothing.
struct Quiet;

impl Step for Quiet {
    fn at(&mut self, _: u64) {}
}

/// Begin a build: reported to the watcher, if any.
pub fn begin(what: &str, result: &str, total: u64) -> Box<dyn Step> {
    match WATCHER.get() {
        Some(w) => w.begin(what, result, total),
        None => Box::new(Quiet),
    }
}

/// Where a build's result goes, for [`Watch::begin`].
pub fn cached_in(dir: Option<&std::path::Path>) -> String {
    match dir {
        Some(d) => format!("cached in {}: later runs read it", d.display()),
        None => "not cached (--no-cache): every run builds it".into(),
    }
}
