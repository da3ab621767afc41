"""The command line: what each command opens, and its error messages."""

from __future__ import annotations

from castletui.rules import registry

from castletui import cli
from castletui.commands.start import start_from


def start(argv: list[str]):
    return start_from(cli.build_parser().parse_args(argv), registry)


def test_no_command_opens_the_menu():
    assert start([]).kind == "menu"


def test_new_without_players_opens_the_wizard_on_that_game():
    chosen = start(["new", "catapult-castle", "--mode", "table"])
    assert (chosen.kind, chosen.game_id, chosen.new_game["mode"]) == ("wizard", "catapult-castle", "table")


def test_new_with_players_and_bots_starts_straight_away():
    chosen = start(
        ["new", "catapult-castle", "--players", "3", "--bots", "2", "--level", "hard", "--seed", "9"]
    )
    game = chosen.new_game
    assert chosen.kind == "play" and game["seed"] == 9 and game["variant"] == "standard"
    assert [p.name for p in game["players"]] == ["Coco", "Wei", "Milo"]
    assert [(p.kind, p.level) for p in game["players"][1:]] == [("bot", "hard"), ("bot", "hard")]
    assert not game["players"][0].is_bot


def test_names_and_options_are_passed_on():
    chosen = start(
        ["new", "catapult-castle", "--names", "Ada,Bo", "--option", "skilled=true", "--option", "max_stack=4"]
    )
    assert [p.name for p in chosen.new_game["players"]] == ["Ada", "Bo"]
    assert chosen.new_game["options"] == {"skilled": True, "max_stack": 4}


def test_an_unknown_game_is_refused(capsys):
    assert start(["new", "chess"]) == 2
    assert "Unknown game 'chess'" in capsys.readouterr().err


def test_a_wrong_player_count_is_refused(capsys):
    assert start(["new", "catapult-castle", "--variant", "solo", "--players", "2"]) == 2
    assert "is for 1 player, not 2." in capsys.readouterr().err


def test_resume_a_missing_file_is_refused(capsys, tmp_path):
    assert start(["resume", str(tmp_path / "nope.toml")]) == 2
    assert "no save" in capsys.readouterr().err


def test_list_prints_saves_and_games(capsys, tmp_path):
    assert cli.main(["list", "--save-dir", str(tmp_path)]) == 0
    assert "No saved games" in capsys.readouterr().out
    assert cli.main(["list", "--games"]) == 0
    out = capsys.readouterr().out
    assert "catapult-castle" in out and "solo (1)" in out


def test_rules_print_shows_our_own_rules_text(capsys):
    assert cli.main(["rules", "catapult-castle", "--print"]) == 0
    assert "Catapult Castle" in capsys.readouterr().out


def test_bad_option_syntax_says_how(capsys):
    assert start(["new", "catapult-castle", "--option", "skilled"]) == 2
    assert "NAME=VALUE" in capsys.readouterr().err


def test_calc_runs_a_games_helper_on_the_line_prompt(capsys, monkeypatch):
    """`castletui calc GAME HELPER` (issue 12, item 5): questions on stdout,
    answers from stdin, the rules' own report."""
    import io

    monkeypatch.setattr("sys.stdin", io.StringIO(""))
    assert cli.main(["calc", "catapult-castle", "--list"]) == 0
    listed = capsys.readouterr().out
    assert "ranking" in listed and "solo" in listed
    assert cli.main(["calc", "catapult-castle", "solo"]) == 1, "stdin ran out: nothing worked out"
    assert "No more answers" in capsys.readouterr().out


def test_calc_of_an_unknown_game_is_one_line(capsys):
    assert cli.main(["calc", "chess"]) == 2
    error = capsys.readouterr().err
    assert "Unknown game 'chess'" in error and error.count("\n") == 1


def test_a_parser_built_ahead_serves_the_first_command_line_only(monkeypatch, capsys):
    """Issue 45: the host's zygote builds the parser before it forks; the
    session's command line is parsed with it, and any later one with a
    parser of its own."""
    cli.prebuild_parser()
    (ahead,) = cli._prebuilt
    used = []
    real_parse = type(ahead).parse_args

    def parse_args(parser, *args, **kwargs):
        used.append(parser)
        return real_parse(parser, *args, **kwargs)

    monkeypatch.setattr(type(ahead), "parse_args", parse_args)
    assert cli.main(["list", "--games"]) == 0
    assert cli.main(["list", "--games"]) == 0
    capsys.readouterr()
    assert used[0] is ahead
    assert used[1] is not ahead
    assert cli._prebuilt == []
