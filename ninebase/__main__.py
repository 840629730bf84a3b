"""`python -m ninebase`: the `ninebase` command."""

from ninebase.lookup.cli import main

main(prog_name="ninebase")
