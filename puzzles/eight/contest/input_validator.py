"""Eight puzzle: accept (exit 42) exactly three lines of three digits
separated by single spaces, every line ending in a newline: nine distinct
digits 0..9 with 0 (the empty cell) among them, so one of 1..9 is missing."""

import re
import sys

data = sys.stdin.buffer.read()
if not re.fullmatch(rb"([0-9] [0-9] [0-9]\n){3}", data):
    sys.exit("expected three lines of three digits separated by single spaces")
digits = data.split()
if len(set(digits)) != 9 or b"0" not in digits:
    sys.exit("the nine digits must be distinct, one of them 0")
sys.exit(42)
