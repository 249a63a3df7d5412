"""A cmd: program that starts a child that would outlive it, answers its first tic-tac-toe
move, then sleeps past its time: ending it must end the child too (no orphan)."""

import json
import subprocess
import sys
import time

child = subprocess.Popen([sys.executable, "-c", "import time; time.sleep(60)"])
print(child.pid, file=sys.stderr, flush=True)
request = json.loads(sys.stdin.readline())
empty = request["position"].index("-")
print(json.dumps({"move": "abc"[empty % 3] + str(empty // 3 + 1)}), flush=True)
sys.stdin.readline()
time.sleep(60)
