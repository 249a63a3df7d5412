"""A cmd: program that answers each request with a 100 KB line (no answer is that long)."""

import sys

for _request in sys.stdin:
    sys.stdout.write("x" * 100_000 + "\n")
    sys.stdout.flush()
