#!/usr/bin/env bash
# Boards in bulk must never change: compares, byte for byte, two tavolo
# binaries' `deal --format line` and `--format jsonl` of boards 1..300 and
# 4294967000..4294967295 for every game, every variant and every number of
# players (1 to 6; what one binary refuses the other must refuse alike, with
# the same message), with a player name holding a space and a seed holding
# a quote. Prints each difference and exits 1 if there is one.
#
#   scripts/compare_deals.sh OLD_TAVOLO NEW_TAVOLO
set -uo pipefail
OLD=${1:?usage: compare_deals.sh OLD_TAVOLO NEW_TAVOLO}
NEW=${2:?usage: compare_deals.sh OLD_TAVOLO NEW_TAVOLO}
TMP=$(mktemp -d)
trap 'rm -rf "$TMP"' EXIT
games=$("$NEW" deal --help | sed -n "s/.*possible values: \(.*\)\]/\1/p" | head -1 | tr -d ",")
variants=$("$NEW" deal --help | sed -n "s/.*possible values: \(.*\)\]/\1/p" | sed -n 2p | tr -d ",")
seed='cmp "quoted" seed'
names=("Anna Rossi" P2 P3 P4 P5 P6)
compared=0
differ=0
for g in $games; do
    for v in $variants; do
        for n in 1 2 3 4 5 6; do
            list=$(IFS=,; echo "${names[*]:0:n}")
            for f in line jsonl; do
                for boards in 1..300 4294967000..4294967295; do
                    args=(deal "$g" --variant "$v" --players "$n" --names "$list" --seed "$seed" --boards "$boards" --format "$f")
                    "$OLD" "${args[@]}" > "$TMP/old" 2> "$TMP/old.err"; old=$?
                    "$NEW" "${args[@]}" > "$TMP/new" 2> "$TMP/new.err"; new=$?
                    if [ "$old" != "$new" ] || ! cmp -s "$TMP/old" "$TMP/new" || ! cmp -s "$TMP/old.err" "$TMP/new.err"; then
                        echo "DIFFERS: tavolo ${args[*]} (exit $old, $new)"
                        differ=$((differ + 1))
                    elif [ "$old" = 0 ]; then
                        compared=$((compared + 1))
                    fi
                done
            done
        done
    done
done
echo "$compared dealt runs the same; $differ differ"
[ "$differ" = 0 ]
