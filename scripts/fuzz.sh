#!/usr/bin/env bash
# Fuzz every reader, then soak the CLI: scripts/fuzz.sh MINUTES [TARGET...]
#
# MINUTES is the whole run's wall-clock time, shared evenly by every target
# and the soak (JOBS=2 runs two at once: twice the fuzzing in the same time).
# TARGET... (or TARGETS="a b", space or comma separated) runs only those:
# names as `tavolo-fuzz list` prints them, `soak` for the CLI soak, and a name
# ending in `*` for every target it starts (`sheet-*`, `record:*`).
# SEED (default 1) makes a run repeatable. Builds what it needs: the harness
# in fuzz/ (its own target folder), with coverage counters on the stable
# toolchain. Findings go to fuzz/out/<target>/ (see docs/fuzzing.md); the
# exit status is 1 when anything was found.
set -euo pipefail
cd "$(dirname "$0")/.."

minutes=${1:?usage: scripts/fuzz.sh MINUTES [TARGET...]  (e.g. JOBS=2 SEED=7 scripts/fuzz.sh 30)}
shift
chosen=("$@")
if [ ${#chosen[@]} -eq 0 ]; then t=${TARGETS:-}; read -r -a chosen <<< "${t//,/ }"; fi
jobs=${JOBS:-1}
seed=${SEED:-1}
out=${OUT:-fuzz/out}

host=$(rustc -vV | sed -n 's/^host: //p')
# Coverage for the harness's loop: one byte counter per edge (stable rustc);
# --target keeps these flags off build scripts and proc macros.
export RUSTFLAGS="-Cpasses=sancov-module -Cllvm-args=-sanitizer-coverage-level=3 -Cllvm-args=-sanitizer-coverage-inline-8bit-counters"
echo "== building the harness (release, $host)"
cargo build --release --quiet --manifest-path fuzz/Cargo.toml --target "$host"
bin=fuzz/target/$host/release
command -v prlimit >/dev/null || { echo "prlimit (util-linux) is needed for the soak" >&2; exit 2; }

mapfile -t all < <("$bin/tavolo-fuzz" list | cut -f1)
all+=(soak)
targets=()
if [ ${#chosen[@]} -eq 0 ]; then
  targets=("${all[@]}")
else
  for c in "${chosen[@]}"; do
    found=0
    for t in "${all[@]}"; do
      # shellcheck disable=SC2053 # a trailing * is a pattern on purpose
      if [[ $t == $c ]]; then
        [[ " ${targets[*]} " == *" $t "* ]] || targets+=("$t")
        found=1
      fi
    done
    [ "$found" = 1 ] || { echo "no target \`$c\` (tavolo-fuzz list, or soak)" >&2; exit 2; }
  done
fi
n=${#targets[@]}
# Rounds of JOBS at a time: each target gets MINUTES divided by the rounds.
rounds=$(( (n + jobs - 1) / jobs ))
each=$(( minutes * 60 / rounds ))
[ "$each" -ge 5 ] || each=5
echo "== ${n} runs (${targets[*]}), ${each}s each, $jobs at a time, seed $seed"
mkdir -p "$out"
summary=$out/summary.tsv
: > "$summary"

run_one() {
  local t=$1 log
  log="$out/${t//:/-}.log"
  if [ "$t" = soak ]; then
    "$bin/tavolo-fuzz" soak --cli "$bin/tavolo-cli" --seconds "$each" --seed "$seed" --out "$out" >"$log.txt" 2>"$log" || true
  else
    "$bin/tavolo-fuzz" run "$t" --seconds "$each" --seed "$seed" --out "$out" >"$log.txt" 2>"$log" || true
  fi
  cat "$log.txt" >> "$summary"
  head -1 "$log.txt"
}

running=0
for t in "${targets[@]}"; do
  if [ "$running" -ge "$jobs" ]; then
    wait -n || true
    running=$((running - 1))
  fi
  run_one "$t" &
  running=$((running + 1))
done
wait

echo "== summary ($summary)"
cat "$summary"
if grep -qE 'findings=[1-9]|slow=[1-9]' "$summary"; then
  echo "== findings: see $out/ (reproduce with $bin/tavolo-fuzz repro TARGET FILE)"
  exit 1
fi
echo "== nothing found"
