#!/usr/bin/env bash
# `tavolo solve` on 1,000 deals of each solitaire and variant (issue 5 target:
# Il Muro decided, solved or proven unsolvable, for at least 95% of 1,000 seeds
# in under 60 s). Prints each batch's summary line and its wall and CPU time.
#
#     scripts/bench_solve.sh              # default bound, 1,000,000 positions per deal
#     MAX_NODES=2000000 SEEDS=1..100 scripts/bench_solve.sh
set -euo pipefail
cd "$(dirname "$0")/.."
cargo build --release --quiet
bin=target/release/tavolo
nodes=${MAX_NODES:-1000000}
seeds=${SEEDS:-1..1000}
for run in "muro standard" "muro six-down" "mosaico standard" "mosaico hard"; do
  set -- $run
  start=$(date +%s%N)
  summary=$(/usr/bin/env time -f "%U %S" -o /tmp/bench_solve.$$ \
    "$bin" solve "$1" --variant "$2" --seeds "$seeds" --jobs 2 --max-nodes "$nodes" | tail -n 1)
  end=$(date +%s%N)
  read -r user sys < /tmp/bench_solve.$$
  rm -f /tmp/bench_solve.$$
  echo "$summary"
  echo "  wall $(( (end - start) / 1000000 )) ms, cpu ${user}+${sys} s (user+sys), load $(cut -d' ' -f1 /proc/loadavg)"
done
