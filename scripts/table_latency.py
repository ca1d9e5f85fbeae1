#!/usr/bin/env python3
"""How long `tavolo table` takes to answer a move: from the line written to its standard
input to the verdict line read from its standard output, for every move of a whole game.

    python3 scripts/table_latency.py [GAME] [SEED] [-- EXTRA PLAY ARGS]
    python3 scripts/table_latency.py natura golden

The moves are those of `tavolo play GAME --seed SEED`, fed one at a time to
`tavolo table GAME --seed SEED` (a pipe, so one verdict line a move). Prints the count, the
median, mean and slowest answer in milliseconds. Uses target/release/tavolo.
"""
import os
import re
import statistics
import subprocess
import sys
import tempfile
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
TAVOLO = os.path.join(ROOT, "target", "release", "tavolo")
VERDICT = re.compile(rb"^(move \d+, |refused |not a move )")


def moves(game, seed, extra, workdir):
    record = os.path.join(workdir, "play.toml")
    subprocess.run([TAVOLO, "play", game, "--seed", seed, "-o", record] + extra, check=True)
    out = subprocess.run(
        [TAVOLO, "table", "--from", record, "-o", os.path.join(workdir, "from.toml")],
        input=b"moves\n", capture_output=True, check=True,
    ).stdout.decode()
    found = []
    for line in out.splitlines():
        m = re.match(r"^\d+\. [^:]+: (.*?): ", line)
        if m:
            found.append(m.group(1))
    return found


def main():
    args = sys.argv[1:]
    extra = []
    if "--" in args:
        extra = args[args.index("--") + 1:]
        args = args[: args.index("--")]
    game = args[0] if args else "natura"
    seed = args[1] if len(args) > 1 else "golden"
    with tempfile.TemporaryDirectory() as d:
        lines = moves(game, seed, extra, d)
        p = subprocess.Popen(
            [TAVOLO, "table", game, "--seed", seed, "-o", os.path.join(d, "t.toml")] + extra,
            stdin=subprocess.PIPE, stdout=subprocess.PIPE, bufsize=0,
        )
        # The session's start: everything up to the position's last line.
        while not p.stdout.readline().endswith(b"to move\n"):
            pass
        times = []
        for mv in lines:
            start = time.perf_counter()
            p.stdin.write(mv.encode() + b"\n")
            while not VERDICT.match(p.stdout.readline()):
                pass
            times.append((time.perf_counter() - start) * 1000)
        p.stdin.close()
        p.wait()
    print(f"{game} seed {seed}: {len(times)} moves; answer median {statistics.median(times):.2f} ms, "
          f"mean {statistics.mean(times):.2f} ms, slowest {max(times):.2f} ms")


if __name__ == "__main__":
    main()
