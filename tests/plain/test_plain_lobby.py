"""The lobby in lines (``castletui join --plain`` without a table): a
private table is listed to its invited names only, as in the lobby."""

from __future__ import annotations

from castletui.saves.clock import CLOCK_FILE_VARIABLE
from castletui.saves.table import Table, invited_names

from castletui import saves
from castletui.plain.opening import TableHost, lobby_help, picked_table
from castletui.tables import create_table
from tests.shared.lobby_tables import NOON, at, play_until, seated_table, waiting_for


class Lines:
    """A player's side of the lines: what was said, and no answer but quit."""

    def __init__(self) -> None:
        self.said: list[str] = []

    def say(self, text: str) -> None:
        self.said.append(text)

    def ask(self) -> str:
        return "quit"


def listed_to(directory, who: str, name: str) -> str:
    lines = Lines()
    host = TableHost(who, name, directory, lines.say, lobby_only=True)
    assert picked_table(host, lines) is None
    return "\n".join(lines.said)


def test_a_private_table_is_listed_in_lines_to_its_invited_names_only(tmp_path):
    directory = tmp_path / "tables"
    players = [saves.Player("Ann"), saves.Player("Seat 2")]
    table, _, _ = create_table(
        directory,
        "account:" + "a" * 32,
        "castlecards",
        "two-player",
        players,
        name="Ann",
        invited=invited_names("Bo"),
        accounts=lambda: {"a" * 32: "Ann", "b" * 32: "Bo", "c" * 32: "Cy"},  # the host's players
    )
    assert Table(table.path).read()[1].invited
    assert "1. Castlecards" in listed_to(directory, "account:" + "b" * 32, "Bo")
    shown = listed_to(directory, "account:" + "c" * 32, "Cy")
    assert "Castlecards" not in shown and "No table has a seat for you" in shown


class Typed(Lines):
    """A player who types the given lines, then quits."""

    def __init__(self, *typed: str) -> None:
        super().__init__()
        self.typed = list(typed)

    def ask(self) -> str:
        return self.typed.pop(0) if self.typed else "quit"


def test_the_lobby_in_lines_knows_help_and_plain_on(tmp_path, monkeypatch):
    # README: "plain on (in plain mode) makes castletui start in lines";
    # a newcomer types it at the lobby, the first thing plain mode shows.
    monkeypatch.setenv("CASTLETUI_CONFIG_DIR", str(tmp_path / "config"))
    from castletui import settings

    lines = Typed("help", "plain on")
    host = TableHost("account:" + "a" * 32, "Ann", tmp_path / "tables", lines.say, lobby_only=True)
    assert picked_table(host, lines) is None
    assert set(lobby_help(0)) <= set(lines.said)
    assert settings.load()[0].plain is True


def test_a_new_table_whose_other_seats_are_bots_tells_nobody_how_to_join(tmp_path):
    # "Others take the free seats from their lobby" was said at a table
    # with no free seat (you against a bot).
    from castletui.tables import start_shared_game

    directory = tmp_path / "tables"
    directory.mkdir(mode=0o700)
    told: list[str] = []
    players = [saves.Player("Ann"), saves.Player("Wei", "bot")]
    host = TableHost("account:" + "a" * 32, "Ann", directory, told.append, lobby_only=True)
    start_shared_game(host, game_id="castlecards", variant="two-player", players=players)
    assert host.opened() and told == []
    people = [saves.Player("Ann"), saves.Player("Seat 2")]
    start_shared_game(host, game_id="castlecards", variant="two-player", players=people)
    assert len(told) == 1  # the free seat: how the others take it


def test_a_variant_that_counts_its_players_is_not_told_them_again():
    from castletui.rules import registry

    from castletui.plain.opening import variant_words

    words = [variant_words(v) for v in registry.get("castlecards").INFO.variants]
    assert words == ["2 players", "3-4 players"]  # not "2 players, for 2 players"
    solo = registry.get("catapult-castle").INFO.variant("solo")
    assert variant_words(solo) == f"{solo.title}, {solo.for_players()}"


def test_the_lobby_in_lines_lists_the_games_to_watch_and_watch_n_opens_the_public_view(tmp_path):
    # The screen lobby listed games to watch; the lobby in lines listed none.
    from castletui.plain.opening import Watch, joined
    from tests.shared.lobby_tables import seated_table

    directory = tmp_path / "tables"
    table = seated_table(directory, ["user:ann", "user:bo"], "full")
    lines = Typed("watch 2", "watch 1")
    host = TableHost("user:cy", "", directory, lines.say)
    assert picked_table(host, lines) == Watch(table.path)
    said = "\n".join(lines.said)
    assert "watch 1: Castlecards: ann and bo, a roll or draw next" in said
    assert "Type watch and a number from 1 to 1." in said  # watch 2: no such game
    session = joined(TableHost("user:cy", "", directory, Lines().say), None, None, Typed("watch 1"))
    assert session.watching and session.table.path == table.path  # the public view: no seat, no hand


def test_a_game_watched_in_lines_says_no_seat_of_yours(tmp_path):
    import io

    from castletui.plain.game import PlainGame
    from castletui.plain.opening import joined
    from castletui.plain.talk import Talk
    from tests.plain.reading import Reader
    from tests.shared.lobby_tables import seated_table

    seated_table(tmp_path / "tables", ["user:ann", "user:bo"], "full")
    session = joined(TableHost("user:cy", "", tmp_path / "tables", Lines().say), None, None, Typed("watch 1"))
    output = io.StringIO()
    PlainGame(session, Talk(Reader(output, lambda text: None), output), think_for=None).play()
    said = output.getvalue()
    assert "Type quit to stop watching." in said and "You stopped watching" in said
    assert "your seat" not in said


def test_a_spectators_hand_command_says_they_hold_none(tmp_path):
    # A spectator's seat is the table's public eyes: "hand" said another
    # seat's hand was theirs ("Your hand, 5 cards: 5 hidden cards").
    import io

    from castletui.plain.game import PlainGame
    from castletui.plain.opening import joined
    from castletui.plain.talk import Talk
    from tests.plain.reading import Reader
    from tests.shared.lobby_tables import seated_table

    seated_table(tmp_path / "tables", ["user:ann", "user:bo"], "full")
    session = joined(TableHost("user:cy", "", tmp_path / "tables", Lines().say), None, None, Typed("watch 1"))
    typed = ["hand"]
    output = io.StringIO()
    reader = Reader(output, lambda text: typed.pop(0) if typed else None)
    PlainGame(session, Talk(reader, output), think_for=None).play()
    said = output.getvalue()
    assert "You hold no hand: you are watching." in said and "Your hand" not in said


def test_the_lobby_in_lines_lists_your_turns_first_as_the_screen_lobby_does(tmp_path, monkeypatch):
    """A table waiting for Ann, listed first (newest first, then by name),
    came above the one waiting for Bo's move in Bo's lines."""
    directory, duo = tmp_path / "tables", ["user:ann", "user:bo"]
    clock_file = tmp_path / "now"
    clock_file.write_text(NOON.isoformat())
    monkeypatch.setenv(CLOCK_FILE_VARIABLE, str(clock_file))  # both made at one moment
    play_until(seated_table(directory, duo, "a-theirs", seed=4), duo, waiting_for(0), at(1))
    play_until(seated_table(directory, duo, "b-yours", seed=5), duo, waiting_for(1), at(2))
    numbered = [line for line in listed_to(directory, "user:bo", "bo").splitlines() if line[:1].isdigit()]
    assert [line.rsplit(": ", 1)[1] for line in numbered] == ["bo to play", "ann to play"]
