#!/usr/bin/env python3
"""tui-latency.py — how fast the report browser answers keys on a large real profile (issue 30):
cperf's (and perf 7.2's, when given) `report` runs in a detached tmux terminal of 150x30; once
the first screen is drawn, each key of a fixed walk (moving, paging, unfolding and folding
call graphs, expanding all of them, the Enter menu, a thread zoom and back, the help window) is
sent and the time until the screen changes is measured (tmux polled every few ms: the figures
are upper bounds). Prints each key's time and the worst, per tool. Results are printed, never
asserted: a benchmark, not a test.

  bench/tui-latency.py FILE [--perf7 PATH] [--cperf PATH] [-- EXTRA REPORT ARGS]
"""
import argparse
import os
import shlex
import subprocess
import sys
import time

KEYS = ["Down", "Down", "Down", "Up", "NPage", "NPage", "PPage", "End", "Home", "Down", "+", "+",
        "E", "C", "Enter", "Escape", "Enter", "Enter", "Escape", "h", "Escape"]


def tmux(sock, *args):
    return subprocess.run(["tmux", "-L", sock, "-f", "/dev/null", *args], capture_output=True, text=True).stdout


def screen(sock):
    return tmux(sock, "capture-pane", "-p", "-e", "-t", "lat")


def wait_change(sock, before, limit):
    """Seconds until the screen differs from `before` (None after `limit`)."""
    t0 = time.monotonic()
    while time.monotonic() - t0 < limit:
        cur = screen(sock)
        if cur != before:
            return time.monotonic() - t0, cur
        time.sleep(0.002)
    return None, before


def run(tool, cmd):
    sock = "cperf-lat-%d" % os.getpid()
    tmux(sock, "kill-server")
    tmux(sock, "new-session", "-d", "-s", "lat", "-x", "150", "-y", "30",
         "env TERM=tmux-256color " + " ".join(shlex.quote(c) for c in cmd) + "; sleep 60")
    t0 = time.monotonic()
    cur = ""
    while time.monotonic() - t0 < 300:  # the first screen: the title bar has text
        cur = screen(sock)
        if cur.strip().splitlines() and any(ch.isalpha() for ch in cur.splitlines()[0]):
            break
        time.sleep(0.05)
    first = time.monotonic() - t0
    time.sleep(1.0)  # let it settle (perf draws its first screen in steps)
    cur = screen(sock)
    times = []
    for key in KEYS:
        tmux(sock, "send-keys", "-t", "lat", key)
        t, cur = wait_change(sock, cur, 10.0)
        times.append((key, t))
        time.sleep(0.05)
    tmux(sock, "kill-server")
    print("%s: first screen after %.2f s" % (tool, first))
    print("  " + "  ".join("%s %s" % (k, "%.0fms" % (t * 1000) if t is not None else "no-change") for k, t in times))
    answered = [t for _, t in times if t is not None]
    if answered:
        print("  worst %.0f ms, median %.0f ms, %d of %d keys changed the screen" %
              (max(answered) * 1000, sorted(answered)[len(answered) // 2] * 1000, len(answered), len(times)))


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("file")
    ap.add_argument("--cperf", default=os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "cperf"))
    ap.add_argument("--perf7")
    ap.add_argument("extra", nargs="*")
    a = ap.parse_args()
    run("cperf", [a.cperf, "report", "-i", a.file, *a.extra])
    if a.perf7:
        run("perf 7.2", [a.perf7, "report", "-i", a.file, *a.extra])


if __name__ == "__main__":
    sys.exit(main())
