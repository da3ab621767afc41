"""Issue 48 item 2 at a shared table: ``castletui join TABLE --json`` at
two terminals (two processes), each seat played by the example bot at the
other end of its pipes, to the end. Each is asked only its own seat's
decisions, waits for the other's moves, and both see the same end."""

from __future__ import annotations

import threading

from castletui.saves import Player
from castletui.saves.table import identity

from castletui.tables import create_table
from tests.jsonlines.talking import talk


def test_two_terminals_play_a_shared_table_to_its_end(tmp_path):
    tables = tmp_path / "tables"
    tables.mkdir(mode=0o700)  # hands are secret in it: no warning
    table, seat, _ = create_table(
        tables, identity("Ann"), "castlecards", "two-player", [Player("Ann"), Player("Bea")]
    )
    assert seat == 0
    heard = {}

    def plays(name: str, seed: int) -> None:
        heard[name] = talk(tmp_path, ["join", table.path.name, "--as", name, "--json"], seed=seed)

    ann = threading.Thread(target=plays, args=("Ann", 1))
    ann.start()
    plays("Bea", 2)
    ann.join()
    for seat, name in enumerate(("Ann", "Bea")):
        told, status, errors = heard[name]
        assert status == 0, errors
        assert told[0]["type"] == "start" and told[0]["you"] == [seat]
        assert told[-1]["type"] == "end"
        asked = {message["seat"] for message in told if message["type"] in ("decision", "log", "error")}
        assert asked == {seat}
        assert not [message for message in told if message["type"] == "error"]
    assert heard["Ann"][0][-1] == heard["Bea"][0][-1]
