"""Sansu: accept (exit 42) exactly three lines of three digits 1..9 separated
by single spaces, each digit once, every line ending in a newline."""

import re
import sys

data = sys.stdin.buffer.read()
if not re.fullmatch(rb"([1-9] [1-9] [1-9]\n){3}", data):
    sys.exit("expected three lines of three digits 1..9 separated by single spaces")
if sorted(data.split()) != [str(digit).encode() for digit in range(1, 10)]:
    sys.exit("each digit 1..9 must appear exactly once")
sys.exit(42)
