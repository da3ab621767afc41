"""What every benchmark's ``--quick`` means: a smoke run that shows the script
still works against today's castletui (tests/test_benchmarks.py runs each one
that way), not a figure to quote."""

QUICK = "a smoke run: a few seconds at the smallest sizes, to show it still runs (its figures mean nothing)"
