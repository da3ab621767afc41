"""What a seed a player types may be: a whole number a save can hold (TOML
integers are 64-bit) and a person can read back, so that a typo of six
thousand digits gets a sentence, not Python's own limit on long numbers."""

from __future__ import annotations

SEED_DIGITS = 18
"""The longest seed, in digits: below 2**63, so every save format holds it."""


def read_seed(text: str) -> int:
    """``text`` as a seed, or ValueError saying what a seed is. Checked
    before ``int`` sees it: ``int`` refuses 4,300 digits and more with a
    message about Python's limits, and takes its time on long ones."""
    digits = text.strip()
    if not digits.isascii() or not digits.isdigit() or len(digits) > SEED_DIGITS:
        shown = repr(digits if len(digits) <= 12 else digits[:12] + "...")
        raise ValueError(f"A seed is a whole number of 1 to {SEED_DIGITS} digits, not {shown}.")
    return int(digits)
