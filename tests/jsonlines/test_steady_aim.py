"""Catapult Castle as JSON lines: a seat chooses only the target; each
aim's id carries the accuracy of its steady hand (the action as the save
holds it), which the prompt names."""

from __future__ import annotations

import json
import re

from castletui.saves import Player

from castletui.session import Session
from tests.jsonlines.talking import converse

STEADY = re.compile(r"Your steady hand: (\d+) percent accurate\.")


def test_a_json_catapult_game_offers_one_aim_per_tower_with_the_steady_hand():
    players = [Player("Ann"), Player("Bot", "bot", "normal")]
    session = Session.new("catapult-castle", "standard", players, seed=6)
    finished, bot = converse(session, seed=1)
    assert finished and session.over
    aiming = [message for message in bot.of_type("decision") if STEADY.search(message["prompt"])]
    assert len(aiming) >= 3
    for decision in aiming:
        hand = int(STEADY.search(decision["prompt"]).group(1))
        aims = [json.loads(choice["id"]) for choice in decision["choices"] if '"type":"Aim"' in choice["id"]]
        targets = [(aim["mat"], aim["square"], aim.get("from_mat", -1)) for aim in aims]
        assert aims and len(targets) == len(set(targets))
        assert {aim["accuracy"] for aim in aims} == {hand}
        assert all(
            " percent, next door " in choice["words"]
            for choice in decision["choices"]
            if "Aim" in choice["id"]
        )
    # What was chosen is what the save holds: the same accuracy.
    played = [
        entry.action["accuracy"]
        for entry in session.save.log
        if entry.seat == 0 and entry.action["type"] == "Aim"
    ]
    assert sorted(played) == sorted(
        json.loads(answer)["accuracy"] for answer in bot.answers if '"type":"Aim"' in answer
    )
