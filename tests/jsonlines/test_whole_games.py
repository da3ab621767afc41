"""Issue 48 items 2 and 4: whole games of every game and variant played
through JSON lines to the end by the example bot (examples/bots/
random_bot.py), in this process: the conversation castletui --json has on
stdin/stdout (tests/jsonlines/test_command.py plays it through real
pipes). Every view told decodes into the game's scene type, the schema's
source; every choice's id is one a save holds."""

from __future__ import annotations

import msgspec
import pytest
from castletui.rules import registry
from castletui.saves import Player

from castletui.jsonlines import protocol, schema
from castletui.session import Session
from tests.jsonlines.talking import converse

CASES = [
    (game_id, variant.name, variant.min_seats)
    for game_id in registry.ids()
    for variant in registry.get(game_id).INFO.variants
]


def new_session(game_id: str, variant: str, seats: int, people: int = 1, seed: int = 5) -> Session:
    """A new game, people first, then bots that play at random (quick);
    not saved to a file (the saves are tested elsewhere, and writing one
    after every move is most of the time of a game on a busy disk)."""
    players = [
        Player(f"P{seat}") if seat < people else Player(f"B{seat}", "bot", "random") for seat in range(seats)
    ]
    return Session.new(game_id, variant, players, seed=seed)


def played_to_the_end(session: Session, seed: int = 0):
    finished, bot = converse(session, seed)
    assert finished and session.over
    start, *_, end = bot.told
    assert start["type"] == "start" and start["protocol"] == protocol.PROTOCOL
    assert start["view_version"] == schema.version(session.save.game)
    assert end["type"] == "end" and end["scores"] == list(session.result().scores)
    assert not bot.of_type("error")
    return bot


@pytest.mark.parametrize("case", CASES, ids=[f"{game}-{variant}" for game, variant, _ in CASES])
def test_a_whole_game_through_json_lines(case):
    game_id, variant, seats = case
    session = new_session(game_id, variant, seats)
    bot = played_to_the_end(session)
    for message in bot.told:  # each line is one of the protocol's messages
        msgspec.convert(message, type=protocol.Message)
    decisions = bot.of_type("decision")
    assert decisions and {message["seat"] for message in decisions} == {0}
    scene = schema.scene_type(game_id)
    for message in decisions:
        msgspec.convert(message["view"], type=scene)  # the view is what its schema describes
        assert all(choice["words"] for choice in message["choices"])
    # Every move the bot chose is in the save, as its id said.
    played = [entry.action for entry in session.save.log if entry.seat == 0]
    chosen = [msgspec.json.decode(ident) for ident in bot.answers]
    assert len(chosen) == len(decisions)
    assert [msgspec.json.encode(action, order="sorted") for action in played] == [
        msgspec.json.encode(action, order="sorted") for action in chosen
    ]


def test_hot_seat_people_are_asked_each_in_turn():
    """Two people at one stream: each decision names its seat, each is
    told the log as that seat may read it."""
    session = new_session("castlecards", "two-player", 2, people=2)
    bot = played_to_the_end(session)
    assert {message["seat"] for message in bot.of_type("decision")} == {0, 1}
    assert bot.told[0]["you"] == [0, 1]
    told = {
        seat: [line for m in bot.of_type("log") if m["seat"] == seat for line in m["lines"]]
        for seat in (0, 1)
    }
    assert told[0] and told[1] and told[0] != told[1]  # each hand is drawn face down for the other
