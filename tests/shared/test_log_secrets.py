"""Issue 25.3 at a real shared table: a card one terminal picks in secret is
never named in another terminal's log, and taking the pick back tells that
terminal nothing new."""

from __future__ import annotations

import random

from castletui.rules import castlecards as game
from castletui.rules.castlecards.edition import HIDDEN, title
from castletui.rules.castlecards.state import Attack, Confirm, Pick
from castletui.rules.castlecards.text import card_name
from castletui.rules.core import CHANCE

from tests.shared.test_table import deal, mover, seated


def _to_an_attack_pick(sessions) -> tuple:
    """Play on (draws, then each seat's first plain choice) until the seat
    to move may pick a card for a day attack; that seat's session."""
    rng = random.Random(5)
    for _ in range(400):
        deal(sessions)
        playing = mover(sessions)
        legal = playing.legal_actions()
        picks = [a for a in legal if isinstance(a, Pick)]
        step = game.view(playing.state, playing.seat).pending[-1]
        if picks and step.kind == "select" and step.purpose == "attack" and not playing.state.assault.night:
            return playing, picks
        attacks = [a for a in legal if isinstance(a, Attack)]
        others = [a for a in legal if not isinstance(a, (Pick, Confirm))] or legal
        playing.act(attacks[0] if attacks else rng.choice(others))
        for session in sessions:
            session.sync()
    raise AssertionError("no day attack came up")


def test_a_card_picked_for_an_attack_is_named_only_in_the_attackers_log(tmp_path):
    ann, bo = seated(tmp_path)
    attacker, picks = _to_an_attack_pick([ann, bo])
    defender = bo if attacker is ann else ann
    card = picks[0].card
    name = card_name(card)
    attacker.act(picks[0])
    lines, _ = defender.sync()
    told = [line.text for line in lines]
    assert told and not any(name in text or title(card) in text for text in told), told
    # The defender's board shows a face-down card, and the log says as much.
    assert game.view(defender.state, defender.seat).pending[-1].selected == (HIDDEN,)
    assert any("adds a card" in text for text in told)
    # The attacker's own log names it.
    assert title(card) in attacker.log[-1].text
    # Taken back: the defender learns nothing more than that a pick was withdrawn.
    before = [line.text for line in defender.log]
    attacker.undo(attacker.seat)
    lines, rewound = defender.sync()
    assert rewound
    after = [line.text for line in defender.log]
    assert after == before[: len(after)]
    assert not any(title(card) in text for text in after)
    assert defender.to_move() == attacker.seat != CHANCE
