"""``castletui list --games``: the games castletui plays and their variants."""

from __future__ import annotations

import argparse

from castletui.rules import registry


def run(args: argparse.Namespace) -> int:
    for game_id in registry.ids():
        info = registry.get(game_id).INFO
        variants = ", ".join(
            f"{v.name} ({v.min_seats}{'' if v.min_seats == v.max_seats else f'-{v.max_seats}'})"
            for v in info.variants
        )
        print(f"{game_id:<18} {info.title}: {variants}")
    return 0
