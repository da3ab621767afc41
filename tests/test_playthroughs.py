"""Playthrough files: one seeded game per game, variant and seat count,
kept as a readable trace in tests/playthroughs/. Any rule change shows up
here as a diff of what happened in those games.

After a deliberate rule change, regenerate them and read the diff:

    CASTLETUI_UPDATE_PLAYTHROUGHS=1 .venv/bin/pytest tests/test_playthroughs.py
"""

from __future__ import annotations

import os
from pathlib import Path

import msgspec
import pytest
from castletui.rules.core import CHANCE, name_seats, state_hash

from tests.playing import case_id, playout, variants

FOLDER = Path(__file__).parent / "playthroughs"
SEED = 2026
CASES = variants()


def trace(game_id, config) -> str:
    run = playout(game_id, config, SEED)
    game = run.game
    names = [f"P{seat + 1}" for seat in range(config.seats)]
    lines = [
        f"# {game.INFO.title}: {config.variant}, {config.seats} player(s), seed {SEED}",
        f"# edition {game.INFO.edition}",
        "# ply  seat    what happened  |  the action as saved",
    ]
    effects = getattr(game, "effects", None)
    for ply, (seat, action, before) in enumerate(zip(run.seats, run.actions, run.states, strict=False)):
        who = "chance" if seat == CHANCE else names[seat]
        text = name_seats(game.describe(before, action), names)
        lines.append(f"{ply + 1:5d}  {who:<6}  {text}  |  {msgspec.json.encode(action).decode()}")
        if effects is not None:
            after = run.states[ply + 1]
            lines += [
                f"               -> {name_seats(line, names)}" for line in effects(before, action, after)
            ]
    result = game.result(run.state)
    lines.append("# result")
    for line in result.lines:
        lines.append(
            f"#   {line.label}: " + ", ".join(f"{names[s]} {p:g}" for s, p in enumerate(line.points))
        )
    winners = ", ".join(names[s] for s in result.winners) or "none"
    lines.append(
        f"#   winners: {winners}{' (lost)' if result.lost else ''}; decided by: {result.decided_by or '-'}"
    )
    if result.rating:
        lines.append(f"#   rating: {result.rating}")
    lines.append(f"# final state hash {state_hash(run.state)}")
    return "\n".join(lines) + "\n"


@pytest.mark.parametrize("case", CASES, ids=[case_id(c) for c in CASES])
def test_playthrough_matches_its_file(case):
    game_id, config = case
    path = FOLDER / f"{case_id(case)}.txt"
    text = trace(game_id, config)
    if os.environ.get("CASTLETUI_UPDATE_PLAYTHROUGHS") or not path.exists():
        FOLDER.mkdir(exist_ok=True)
        path.write_text(text)
        if not os.environ.get("CASTLETUI_UPDATE_PLAYTHROUGHS"):
            pytest.fail(f"{path.name} was missing and has been written: check it in")
    assert text == path.read_text(), f"{path.name} changed: a rule or the edition data changed"
