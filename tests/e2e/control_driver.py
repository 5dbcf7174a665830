"""Drives `record --control=fifo:CTL,ACK` as a tool would: sends each command, waits for its
ack (a command perf does not know gets none: the next command's ack shows it was read), then
waits for the recorder to end. Prints one line per command: the command and the ack bytes.

usage: control_driver.py DIR -- RECORD-ARGV...   (ARGV gets --control=fifo:DIR/ctl,DIR/ack)
commands come on stdin, one per line; a line "NOACK cmd" sends cmd without waiting."""
import os
import select
import subprocess
import sys

TIMEOUT = 120  # seconds: a loaded machine may be slow, never this slow

def main():
    d = sys.argv[1]
    argv = sys.argv[3:]
    ctl_path, ack_path = os.path.join(d, "ctl"), os.path.join(d, "ack")
    for p in (ctl_path, ack_path):
        os.mkfifo(p)
    ctl = os.open(ctl_path, os.O_RDWR)
    ack = os.open(ack_path, os.O_RDWR | os.O_NONBLOCK)
    argv = argv[:1] + ["record", f"--control=fifo:{ctl_path},{ack_path}"] + argv[1:]
    with open(os.path.join(d, "rec.err"), "w") as err:
        rec = subprocess.Popen(argv, stdout=subprocess.DEVNULL, stderr=err)
        for line in sys.stdin.read().splitlines():
            wait = not line.startswith("NOACK ")
            cmd = line[6:] if not wait else line
            os.write(ctl, (cmd + "\n").encode())
            got = b""
            if wait:
                r, _, _ = select.select([ack], [], [], TIMEOUT)
                got = os.read(ack, 64) if r else b"(no ack)"
            print(f"{cmd}: {got!r}", flush=True)
        try:
            rc = rec.wait(TIMEOUT)
        except subprocess.TimeoutExpired:
            rec.kill()
            rc = "(did not end)"
    print(f"status: {rc}")

main()
