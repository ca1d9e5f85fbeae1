#!/usr/bin/env bash
# Wall-clock time of `tavolo kit all` (release build, PDFs written to disk),
# best and median of N runs, and the size of each PDF.
# Usage: scripts/bench-kit-all.sh [runs, default 20]
set -euo pipefail
cd "$(dirname "$0")/.."
runs=${1:-20}
cargo build --release --quiet
out=$(mktemp -d)
times=()
for _ in $(seq "$runs"); do
  t0=$(date +%s%N)
  target/release/tavolo kit all --out "$out" >/dev/null
  t1=$(date +%s%N)
  times+=($(( (t1 - t0) / 1000 )))
done
sorted=($(printf '%s\n' "${times[@]}" | sort -n))
echo "tavolo kit all: best $(( sorted[0] / 1000 )) ms, median $(( sorted[runs / 2] / 1000 )) ms over $runs runs"
for f in "$out"/*.pdf; do
  echo "$(basename "$f"): $(stat -c %s "$f") bytes"
done
rm -rf "$out"
