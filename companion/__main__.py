"""`python -m companion` runs the command line."""

from companion.cli import main

main(prog_name="companion")
