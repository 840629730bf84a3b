"""The Clocks: accept (exit 42) exactly three lines of three dial readings,
each 3, 6, 9 or 12, separated by single spaces, every line ending in a newline."""

import re
import sys

data = sys.stdin.buffer.read()
dial = rb"(3|6|9|12)"
if not re.fullmatch(rb"(%s %s %s\n){3}" % (dial, dial, dial), data):
    sys.exit("expected three lines of three values 3, 6, 9 or 12 separated by single spaces")
sys.exit(42)
