//! The tavolo CLI, built inside the harness (same code as `src/main.rs`) so the
//! soak drives exactly what users run without a second release build.
// The coverage counters' start-up hook (the library is built instrumented too).
#[path = "cov.rs"]
#[allow(dead_code)]
mod cov;

fn main() -> std::process::ExitCode {
    tavolo::cli::main()
}
