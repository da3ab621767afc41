#!/usr/bin/env python3
"""A castletui bot: it reads JSON lines on stdin and answers each decision
with one of its choices, at random. Standard library only; it reads
nothing but the JSON castletui writes.

    castletui new castlecards --players 2 --json < fifo | python3 random_bot.py > fifo
    castletui new castlecards --players 2 --seat 2=exec:"python3 random_bot.py"

A seed as first argument makes its choices repeatable.
"""

import json
import random
import sys


def answer(message, rng):
    """The answer line to one message, or None when none is wanted."""
    if message["type"] != "decision":
        return None  # start, log, error, refused, end: nothing to answer
    choice = rng.choice(message["choices"])
    return json.dumps({"choose": choice["id"]})


def main():
    rng = random.Random(sys.argv[1] if len(sys.argv) > 1 else None)
    for text in sys.stdin:
        reply = answer(json.loads(text), rng)
        if reply is not None:
            print(reply, flush=True)


if __name__ == "__main__":
    main()
