"""Castlecards' words on screen, from "What players found" (issue 14): counts
agree with their nouns ("1 sword", "danger 1, treasure 1 card"), each
Academy card is listed under what it does (Boiling Oil takes a card off
the swords, Shield Wall adds to the shields), no sentence ends in two full
stops, and the end of a 3-player game names every fallen player whole at
80x24."""

from __future__ import annotations

from types import SimpleNamespace

from castletui.rules import castlecards as game
from castletui.rules.castlecards.edition import CARDS
from castletui.rules.castlecards.queries import Outlook, attack_parts
from castletui.rules.castlecards.state import Attack, Confirm, Pick
from castletui.rules.castlecards.text import card_name, count_words, versus
from msgspec.structs import replace

from castletui.games.castlecards.attack import AttackPanel
from castletui.games.castlecards.piles import Piles
from castletui.screens.result import verdict
from tests.app.castlecards.test_screens import (
    board_text,
    is_reacting,
    new_session,
    parts_fit,
    play_until,
    prompt_text,
)
from tests.app.driving import StillApp, settle
from tests.rules.castlecards.helpers import run, table


def drawn(part, view, width: int, detail: str) -> str:
    part.scene, part.viewer, part.names = game.scene(view, 0), 0, ["Coco", "Wei"]
    return "\n".join(line.text.plain for line in part.lines(width, detail))


def test_counts_agree_with_their_nouns():
    assert count_words(1, "sword", "swords") == "1 sword"
    assert count_words(0, "sword", "swords") == "0 swords"
    assert versus(Outlook(1, 1, 0, False)) == "1 sword vs 1 shield: fails"
    assert versus(Outlook(3, 2, 1, True)) == "3 swords + 1 face down vs 2 shields"


def test_the_last_attack_says_1_sword_not_1_swords():
    session = play_until(new_session(None, 3), lambda s: bool(s.state.assault.outcome))
    view = session.view(0)
    view = replace(view, assault=replace(view.assault, swords=1, shields=1))
    text = drawn(AttackPanel(), view, 80, "roomy")
    assert "1 sword against 1 shield" in text
    assert "1 swords" not in text and "1 shields" not in text


def test_an_open_dungeon_of_danger_1_reads_in_the_singular():
    session = new_session(None, 3)
    view = replace(session.view(0), open_dungeon="dungeon-1-2")
    assert CARDS["dungeon-1-2"].danger == 1 and CARDS["dungeon-1-2"].treasure == 2
    for detail in ("roomy", "wide", "block"):
        text = drawn(Piles(), view, 80, detail)
        assert "danger 1," in text and "1 torches" not in text
    view = replace(view, open_dungeon="dungeon-0-1")
    assert "treasure 1 card" in drawn(Piles(), view, 80, "wide")


def react_with(session, cards: tuple[str, ...]):
    """The defender's view while reacting with ``cards`` (picked, not yet confirmed)."""
    step = session.state.pending[-1]
    state = replace(session.state, pending=(*session.state.pending[:-1], replace(step, selected=cards)))
    return game.view(state, step.seat)


def test_each_academy_card_is_listed_under_what_it_does():
    session = play_until(new_session(None, 4), is_reacting)
    view = react_with(session, ("boiling-oil", "shield-wall", "trap"))
    parts = attack_parts(view)
    attack_cards = [card for _, card, _ in parts.cards]
    assert "boiling-oil" not in attack_cards and "shield-wall" not in attack_cards
    # Boiling Oil takes one unit off the swords, and says which.
    (oil,) = [text for text in parts.against_swords if text.startswith("Boiling Oil")]
    knocked = [card for _, card, out in parts.cards if out]
    assert len(knocked) == 1 and oil == f"Boiling Oil takes {card_name(knocked[0], short=True)}"
    assert "Trap -2" in parts.against_swords
    assert "Shield Wall +2" in parts.shields and not any("Shield" in t for t in parts.against_swords)
    text = drawn(AttackPanel(), view, 48, "block")
    swords_part, shields_part = text.split(" Shields ")
    assert "Boiling Oil" in swords_part and "Trap -2" in swords_part
    assert "Shield Wall +2" in shields_part and "Boiling Oil" not in shields_part


async def test_a_three_player_end_names_every_fallen_player_at_80x24(tmp_path):
    session = play_until(new_session(tmp_path / "g.toml", 11, seats=3), lambda s: False, limit=2000)
    fallen = [session.names[seat] for seat, player in enumerate(session.state.players) if player.out]
    assert session.over and len(fallen) == 2
    app = StillApp(save_dir=tmp_path, session=session)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        await pilot.press("escape")  # the score sheet opens by itself
        await settle(pilot)
        parts_fit(app)
        text = " ".join(board_text(app).split())
        assert f"Fallen: {', '.join(fallen)}." in text
        assert "Decided by the last castle standing. Fallen:" in text
        assert ".." not in board_text(app) and ".." not in prompt_text(app)


def test_the_last_castle_standing_decides_in_one_sentence():
    """Issue 43, item 9: the score sheet read "Decided by the last castle
    standing wins."."""
    state = table(2, hands={0: ["soldiers-red-2", "soldiers-blue-2"], 1: ["trap"]}, walls={1: 0})
    state = run(state, Attack(1, 0), Pick("soldiers-red-2"), Pick("soldiers-blue-2"), Confirm(), Confirm())
    result = game.result(state)
    session = SimpleNamespace(standing=lambda viewer=None: result, names=["Coco", "Milo"])
    assert verdict(session) == "Coco wins! Decided by the last castle standing."
