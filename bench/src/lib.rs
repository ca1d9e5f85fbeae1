//! Nothing: this package holds tavolo's benchmarks (see `benches/`).
