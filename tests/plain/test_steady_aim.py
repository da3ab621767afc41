"""Catapult Castle in plain lines: a player chooses only the target, and
aims with a steady hand drawn for the game and the shot (no accuracy to
pick, none to fish for by undoing)."""

from __future__ import annotations

import re

import castletui.rules.catapult_castle as g
from castletui.saves.replay import decode_action, replay_states

from tests.plain.reading import CHOICE, choices_in, new_session, play, random_player

AIM_LINE = re.compile(r"\d+\. Aim at (.+?): in it \d+ percent, next door \d+, nowhere \d+$")
STEADY = re.compile(r"Your steady hand: (\d+) percent accurate\.")


def people_aims(session) -> list[tuple[int, g.Aim, object]]:
    """Each person's Aim in the save: its ply, the action and the state before it."""
    states = replay_states(session.save)
    people = set(session.human_seats())
    aims = []
    for ply, entry in enumerate(session.save.log):
        action = decode_action(g, entry.action)
        if entry.seat in people and isinstance(action, g.Aim):
            aims.append((ply, action, states[ply]))
    return aims


def test_a_plain_catapult_game_offers_targets_only_and_aims_with_the_steady_hand():
    session = new_session("catapult-castle", "standard", 2, 1, seed=5)
    output, status, _ = play(session, random_player(3), limit=400)
    assert status == 0
    choice_lines = [line for line in output.splitlines() if CHOICE.match(line)]
    assert "Which?" not in output and not [line for line in choice_lines if "accuracy" in line]
    # One line per tower at each decision: no accuracy to choose among.
    for block in output.split("Your steady hand:")[1:]:
        targets = [AIM_LINE.match(line).group(1) for line in block.splitlines() if AIM_LINE.match(line)]
        assert targets and len(targets) == len(set(targets))
    aims = people_aims(session)
    assert len(aims) >= 3
    for ply, aim, before in aims:
        seat = before.pending[-1].seat
        steady, _, _ = g.steady_choice(g.view(before, seat), seat, aim, session.save.seed, ply)
        assert aim.accuracy == steady.accuracy


def card_then_undo() -> object:
    """Plays the first card there is, then takes it back; then leaves."""
    steps = iter(["Play a card", "first", "undo", None])
    step = [next(steps)]

    def answer(text: str) -> str | None:
        listed = choices_in(text)
        if "press Enter" in text:
            return ""
        if step[0] == "Play a card":
            number = next((n for n, words in listed if words.startswith("Play a card")), None)
            if number is None:  # no card in hand this turn: aim, and look again next turn
                return "1"
            step[0] = next(steps)
            return str(number)
        if step[0] == "first":
            step[0] = next(steps)
            return "1"
        if step[0] == "undo":
            step[0] = next(steps)
            return "undo"
        return None

    return answer


def test_undoing_a_card_and_aiming_again_gives_the_same_hand():
    """P1 plays a card, takes it back and looks again: the hand is as steady as before."""
    session = new_session("catapult-castle", "standard", 1, 1, seed=2)
    output, _, _ = play(session, card_then_undo(), limit=80)
    assert "P1 plays" in output and "Nothing was taken back" not in output
    said = [int(found) for found in STEADY.findall(output.split("P1 plays")[-1])]
    before = int(STEADY.findall(output.split("P1 plays")[0])[-1])
    assert said and set(said) == {before}, output


def test_solo_says_the_hand_above_the_corners_and_aims_from_one():
    session = new_session("catapult-castle", "solo", 1, seed=3)
    output, _, _ = play(session, random_player(1), limit=3)
    lines = output.splitlines()
    corners = next(index for index, line in enumerate(lines) if line.startswith("1. Fire from the"))
    assert STEADY.match(lines[corners - 1])
    assert [line for line in lines if AIM_LINE.match(line)]
