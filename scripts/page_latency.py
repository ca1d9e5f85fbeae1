#!/usr/bin/env python3
"""How light and how quick `tavolo serve`'s pages are (issue 47), on 127.0.0.1, bounded:

    python3 scripts/page_latency.py [TABLES] [MOVES]      (defaults 12 and 48)

Starts `tavolo serve` on a free port in a temporary folder, deals TABLES MOON tables, and
polls every seat's `state.json` as the page's script does (every 2 s, naming the ETag it
holds, gzip accepted). Then posts MOVES moves, one at a time at random tables (from
`tavolo play moon`'s games), and times each from the POST sent to the other seat's poll
seeing the new move count and its page fetched again (the page "showing it"). Prints
the bytes of an idle poll (request and answer), of a page load (gzipped: the page, then
the stylesheet and the script, which are kept afterwards), and the latency's median, 90th
percentile and slowest. Uses target/release/tavolo when present, else target/debug
(TAVOLO=path to choose). Stops by itself: every thread ends after the last move.
"""
import os
import random
import re
import socket
import statistics
import subprocess
import sys
import tempfile
import threading
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
TAVOLO = os.environ.get("TAVOLO") or next(
    p for p in (os.path.join(ROOT, "target", b, "tavolo") for b in ("release", "debug"))
    if os.path.exists(p)
)
POLL = 2.0


def http(addr, method, path, headers=(), body=b""):
    """One exchange: (status, head dict, body bytes, bytes sent, bytes received)."""
    host, port = addr.split(":")
    lines = [f"{method} {path} HTTP/1.1", f"Host: {addr}", "Accept-Encoding: gzip"]
    lines += list(headers)
    if body:
        lines += ["Content-Type: application/x-www-form-urlencoded", f"Content-Length: {len(body)}"]
    lines += ["Connection: close", "", ""]
    req = "\r\n".join(lines).encode() + body
    with socket.create_connection((host, int(port)), timeout=30) as s:
        s.sendall(req)
        data = b""
        while True:
            chunk = s.recv(65536)
            if not chunk:
                break
            data += chunk
    head, _, rest = data.partition(b"\r\n\r\n")
    first, *fields = head.decode("latin-1").split("\r\n")
    h = {k.strip().lower(): v.strip() for k, v in (f.split(":", 1) for f in fields if ":" in f)}
    return int(first.split()[1]), h, rest, len(req), len(data)


def text(h, body):
    if h.get("content-encoding") == "gzip":
        import gzip
        body = gzip.decompress(body)
    return body.decode()


def enc(s):
    from urllib.parse import quote_plus
    return quote_plus(s)


def moves_of(seed, workdir):
    rec = os.path.join(workdir, f"{seed}.toml")
    subprocess.run([TAVOLO, "play", "moon", "--seed", seed, "-o", rec], check=True,
                   stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    out = subprocess.run([TAVOLO, "table", "--from", rec, "-o", os.path.join(workdir, f"{seed}-x.toml")],
                         input=b"moves\n", capture_output=True, check=True).stdout.decode()
    return [m.group(1) for m in (re.match(r"^\d+\. [^:]+: (.*?): ", l) for l in out.splitlines()) if m]


def main():
    tables = int(sys.argv[1]) if len(sys.argv) > 1 else 12
    total = int(sys.argv[2]) if len(sys.argv) > 2 else 48
    work = tempfile.mkdtemp()
    srv = subprocess.Popen([TAVOLO, "serve", "--port", "0", "--dir", os.path.join(work, "s")],
                           stdout=subprocess.PIPE, stderr=subprocess.DEVNULL)
    try:
        addr = None
        while addr is None:
            m = re.search(rb"http://([0-9.]+:\d+)/", srv.stdout.readline())
            addr = m and m.group(1).decode()
        _, h, body, _, _ = http(addr, "GET", "/")
        token = re.search(r'name="tavolo-form" content="([^"]+)"', text(h, body)).group(1)
        desks = []
        for t in range(tables):
            seed = f"bench{t}"
            form = f"game=moon&seed={seed}&form={enc(token)}".encode()
            st, h, _, _, _ = http(addr, "POST", "/new", body=form)
            assert st == 303, st
            director = h["location"]
            _, h, body, _, _ = http(addr, "GET", director)
            page = text(h, body)
            seats = [l.replace("&amp;", "&") for l in re.findall(r'href="http://[^/]+(/t/[^"]+/seat/\d[^"]*)"', page)]
            dtoken = re.search(r'name="tavolo-form" content="([^"]+)"', page).group(1)
            desks.append({"director": director, "token": dtoken, "seats": seats,
                          "moves": moves_of(seed, work), "at": 0, "seen": {}})
        # A page load, gzipped: the page, the stylesheet and the script (first time).
        st, h, body, sent, got = http(addr, "GET", desks[0]["seats"][0])
        page = text(h, body)
        load = got
        for url in re.findall(r'"(/static/[^"]+)"', page):
            load += http(addr, "GET", url.replace("&amp;", "&"))[4]
        reload_bytes = got

        stop = threading.Event()
        lock = threading.Lock()
        idle = []

        def poll(d, seat):
            url = seat.replace("?k=", "/state.json?k=")
            tag = None
            time.sleep(random.random() * POLL)
            while not stop.is_set():
                hs = [f"If-None-Match: {tag}"] if tag else []
                st, h, body, sent, got = http(addr, "GET", url, hs)
                if st == 304:
                    with lock:
                        idle.append(sent + got)
                elif st == 200:
                    tag = h.get("etag")
                    import json
                    n = json.loads(text(h, body))["moves"]
                    if n != d["seen"].get(seat, 0):
                        # The page loads itself again.
                        http(addr, "GET", seat)
                        with lock:
                            d["seen"][seat] = n
                            d.setdefault("shown", {})[(seat, n)] = time.perf_counter()
                stop.wait(POLL)

        threads = [threading.Thread(target=poll, args=(d, s)) for d in desks for s in d["seats"]]
        for t in threads:
            t.start()
        time.sleep(POLL + 0.5)
        lat = []
        posted = []
        for _ in range(total):
            d = random.choice([d for d in desks if d["at"] < len(d["moves"])])
            mv = d["moves"][d["at"]]
            form = f"move={enc(mv)}&at={d['at']}&form={enc(d['token'])}".encode()
            t0 = time.perf_counter()
            st, _, _, _, _ = http(addr, "POST", d["director"].replace("?k=", "/move?k="), body=form)
            assert st == 303, (st, mv)
            d["at"] += 1
            # The other seat: the one not to move before this move (MOON: two seats).
            mover = d["at"] % 2  # seat index of the next mover = the one waiting before
            posted.append((d, d["seats"][mover], d["at"], t0))
            time.sleep(random.uniform(0.2, 0.6))
        time.sleep(POLL + 1.5)
        stop.set()
        for t in threads:
            t.join()
        for d, seat, n, t0 in posted:
            shown = d.get("shown", {}).get((seat, n))
            if shown is None:
                # A later move came before this poll: it was shown with the next.
                later = [v for (s, m), v in d.get("shown", {}).items() if s == seat and m > n]
                shown = min(later) if later else None
            if shown is not None:
                lat.append((shown - t0) * 1000)
        lat.sort()
        print(f"tavolo: {TAVOLO}")
        print(f"{tables} MOON tables, {len(threads)} seat pages polling every {POLL:.0f} s; {total} moves posted")
        print(f"idle poll (304): request + answer {statistics.median(idle):.0f} bytes (median of {len(idle)})")
        print(f"page load, gzipped: {load} bytes with the stylesheet and script, {reload_bytes} bytes again later")
        print(f"move posted -> other seat's page loaded again: median {statistics.median(lat):.0f} ms, "
              f"90th percentile {lat[int(len(lat) * 0.9) - 1]:.0f} ms, slowest {lat[-1]:.0f} ms ({len(lat)} moves)")
    finally:
        srv.terminate()
        srv.wait()


if __name__ == "__main__":
    main()
