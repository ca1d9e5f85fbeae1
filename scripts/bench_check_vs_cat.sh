#!/usr/bin/env bash
# `tavolo check` of 10,000 MOON records against `cat` of the same files, in CPU time
# (user + system), for one or more tavolo binaries side by side in one run:
#
#     scripts/bench_check_vs_cat.sh BIN [BIN...]      # e.g. an old commit's build and main's
#
# The records: 10,000 MOON games written once with the first binary's `tavolo play moon`
# (seeds bench-1 .. bench-10000, 2-4 players, one process each: minutes) into
# BENCH_TMP/check10k/ (ignored by git). Then each round runs `cat` and every binary's `check`
# over them in turn (ROUNDS rounds, default 5), so that a busy machine weighs on all alike.
# Printed: each run's CPU seconds (user + system, /usr/bin/time) and its ratio to the round's
# `cat`.
set -euo pipefail
cd "$(dirname "$0")/.."
[ $# -ge 1 ] || { echo "usage: $0 BIN [BIN...]" >&2; exit 2; }
rounds=${ROUNDS:-5}
dir=BENCH_TMP/check10k
mkdir -p "$dir"
for i in $(seq 1 10000); do
  f="$dir/game-$i.toml"
  [ -f "$f" ] || "$1" play moon --seed "bench-$i" --players $((2 + i % 3)) --out "$f" >/dev/null
done
echo "records: $(ls "$dir" | wc -l), $(cat "$dir"/*.toml | wc -c) bytes"
cpu() { # CPU seconds (user + system) of a command, its output dropped
  /usr/bin/time -f "%U %S" -o /tmp/bench_cpu.$$ "$@" >/dev/null 2>&1 || true
  awk '{printf "%.3f", $1 + $2}' /tmp/bench_cpu.$$
}
for r in $(seq 1 "$rounds"); do
  c=$(cpu cat "$dir"/*.toml)
  line="round $r: cat ${c}s"
  for bin in "$@"; do
    t=$(cpu "$bin" check "$dir"/*.toml)
    line="$line | $bin ${t}s = $(awk -v t="$t" -v c="$c" 'BEGIN {printf "%.1f", t / c}')x cat"
  done
  echo "$line"
done
rm -f /tmp/bench_cpu.$$
