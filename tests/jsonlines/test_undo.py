"""Issue 48: a JSON-lines reader may undo, with the screen's rules. A small
program at the other end of ``castletui new ... --json``'s pipes asks to
undo before it has moved (refused, with the reason, and asked again),
plays a card, then takes it back (``undone``, the decision asked again at
the ply it had). A program seat that asks to undo is refused: it plays as
a bot does, and a bot's moves stay."""

from __future__ import annotations

import sys

from castletui.jsonlines.protocol import UNDO, chosen
from tests.jsonlines.talking import talk

UNDOER = """
import json, sys

step = 0
for text in sys.stdin:
    message = json.loads(text)
    if message["type"] != "decision":
        continue
    cards = [choice["id"] for choice in message["choices"] if '"type":"PlayCard"' in choice["id"]]
    if step == 0:
        answer = {"undo": True}  # nothing of its own to take back yet
    elif step == 1:
        answer = {"choose": cards[0] if cards else message["choices"][0]["id"]}
    elif step == 2:
        answer = {"undo": True}
    else:
        break
    step += 1
    print(json.dumps(answer), flush=True)
"""


def test_a_program_undoes_its_own_move_and_is_refused_what_may_not_be_undone(tmp_path):
    script = tmp_path / "undoer.py"
    script.write_text(UNDOER)
    arguments = ["new", "catapult-castle", "--players", "2", "--bots", "1", "--seed", "3", "--json"]
    told, status, errors = talk(tmp_path, arguments, bot=[sys.executable, str(script)])
    assert status == 0, errors
    kinds = [message["type"] for message in told if message["type"] in ("decision", "error", "undone")]
    assert kinds[:6] == ["decision", "error", "decision", "decision", "undone", "decision"], kinds
    decisions = [message for message in told if message["type"] == "decision"]
    refusal = next(message for message in told if message["type"] == "error")
    assert refusal["error"].startswith("nothing was taken back: ") and refusal["seat"] == 0
    assert decisions[1] == decisions[0]  # refused: the same decision, nothing played
    undone = next(message for message in told if message["type"] == "undone")
    assert undone["seat"] == 0 and undone["ply"] == decisions[0]["ply"] and undone["message"]
    assert decisions[2]["ply"] == decisions[0]["ply"] + 1  # the card was played
    assert decisions[3] == decisions[0]  # taken back: the same hand, the same steady aim


def test_an_undo_answer_is_read_and_a_muddled_one_refused():
    assert chosen('{"undo": true}', {}) == (UNDO, "")
    assert chosen('{"undo": true, "choose": "x"}', {"x": 1})[0] is None
    assert chosen("{}", {})[1] == 'an answer is {"choose": ID} or {"undo": true}'
    assert chosen('{"undo": false, "choose": "x"}', {"x": 1}) == (1, "")
