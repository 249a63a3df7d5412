"""A cmd: program that reads its first request and exits with code 3 without a word."""

import sys

sys.stdin.readline()
sys.exit(3)
