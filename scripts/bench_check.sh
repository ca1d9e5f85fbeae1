#!/usr/bin/env bash
# `tavolo check` on 1,000 record files (target: under 1 s). Writes the records
# with `tavolo play` into BENCH_TMP/check/ (ignored by git), then times one
# `tavolo check` over all of them, best of 5.
#
#     scripts/bench_check.sh
set -euo pipefail
cd "$(dirname "$0")/.."
cargo build --release --quiet
bin=target/release/tavolo
dir=BENCH_TMP/check
rm -rf "$dir" && mkdir -p "$dir"
for i in $(seq 1 1000); do
  "$bin" play moon --seed "bench-$i" --players $((2 + i % 3)) --out "$dir/game-$i.toml"
done
echo "records: $(ls "$dir" | wc -l), $(cat "$dir"/*.toml | wc -c) bytes, $(grep -c '^\[\[move\]\]' "$dir"/*.toml | awk -F: '{s+=$2} END {print s}') moves"
best=""
for run in 1 2 3 4 5; do
  start=$(date +%s%N)
  "$bin" check "$dir"/*.toml >/dev/null
  end=$(date +%s%N)
  ms=$(( (end - start) / 1000000 ))
  echo "run $run: ${ms} ms"
  if [ -z "$best" ] || [ "$ms" -lt "$best" ]; then best=$ms; fi
done
echo "best: ${best} ms for 1000 files"
