"""Castle Raisers rules helper (``calc``): the Game End score sheet of
castles typed in at a real table, checked against the rulebook's scoring
examples (seeds/000_b1469f6f1c1c5ef1.txt, "Game End: Scoring Examples" and
"Cooperative/Solo Mode: Game End: Scoring Example")."""

from __future__ import annotations

import pytest
from castletui.rules.castle_raisers import scoring
from castletui.rules.castle_raisers.calc import (
    GAME_END,
    CastleEntry,
    game_end_scores,
    parse_token,
    report_lines,
)
from castletui.rules.core import IllegalAction, screen

NAMES = ["Milo", "Howard", "Coco", "Wei"]


def converse(helper: screen.Helper, typed: list[str]) -> list[str]:
    """Answer ``helper``'s questions with ``typed`` in order, as a table would."""
    answers: dict = {}
    typed = list(typed)
    while (question := helper.next_question(answers)) is not None:
        text = typed.pop(0)
        answers[question.key] = question.parse(text or question.default)
    assert not typed, f"answers left over: {typed}"
    return helper.report(answers)


LOCATIONS = ("T1", "T2", "R1", "R2", "L1", "L2", "B_FS", "B_SF", "B_FF")


def castle(
    heights: str,
    wolves: tuple[str, str, str] = ("", "", ""),
    arrows: str = "",
    prestige: str = "0 0 0",
    attack: str = "0 0 0",
    village: dict[str, str] | None = None,
) -> list[str]:
    """One castle as a table answers the helper, one thing a question in the
    scorepad's order: the wall levels of each section, the wolves of each
    region, Arrow tokens, Prestige and Attack tokens of each section, and the
    Village token of each location (blank: empty)."""
    village = village or {}
    return (
        heights.split()
        + list(wolves)
        + [arrows]
        + prestige.split()
        + attack.split()
        + [village.get(location, "") for location in LOCATIONS]
    )


# The four castles of the competitive Scoring Examples, sections forests/sea/farmlands.
MILO = castle(
    # forests 0 wolves vs 5 levels, sea 4 vs 6 with a ladder, farmlands 7 vs 5
    "5 6 5",
    ("", "3 soldier 1 ladder", "7 soldiers"),
    prestige="2 0 9",
    village={
        "T1": "blue green /3",
        "T2": "blue yellow /3",
        "L1": "red empty",
        "B_FF": "yellow prestige /1",
        "B_FS": "red no wolves /10",
        "B_SF": "blue empty /4",
    },
)
# Howard and Coco (boards not shown): 5 enter in the farmlands each, Coco 3 in the sea
HOWARD = castle("3 3 3", ("", "", "8 soldier"))
COCO = castle("3 3 3", ("", "6 archer", "8 soldier"))
# Wei: 3 vs 6, 3 vs 5 and 2 vs 3: no wolf enters
WEI = castle(
    "6 5 3",
    ("3 soldier", "3 vicious", "2 archer"),
    arrows="0",
    prestige="2 3 1",
    attack="2 0 0",
    village={
        "T1": "red attack /2",
        "T2": "blue prestige /2",
        "R1": "yellow red /3",
        "R2": "blue no wolves /5",
        "B_FF": "yellow attack /2",
        "B_FS": "red yellow /3",
        "B_SF": "green prestige /2",
    },
)
EXAMPLE = ["competitive", "Milo, Howard, Coco, Wei", *MILO, *HOWARD, *COCO, *WEI]


def test_competitive_scoring_examples_typed_in():
    """Scoring Examples: forests, no wolves enter for anyone (0 each); farmlands,
    Howard and Coco 5 against Milo's 2 (-10 each, Milo 0); sea, Milo 4, Coco 3,
    Howard and Wei 0 (Milo -10, Coco -5). Milo's Village tokens: /3 = 0 and 3,
    /4 = 4, Prestige /1 = 2 + 9, /10 = 10 + 0, /4 = 4 + 8; Wei's: Attack /2 = 4,
    Prestige /2 = 4, /5 = 5, /3 = 3, Attack /2 = 4 + 0, /3 = 3 + 3, Prestige /2
    = 2 + 6."""
    report = converse(GAME_END, EXAMPLE)
    rows = {line[:28].strip(): line[28:].split() for line in report[1:]}
    assert rows["Wolves entering"] == ["0/4/2", "0/0/5", "0/3/5", "0/0/0"]
    assert rows["Wolf assault: forests"] == ["0", "0", "0", "0"]
    assert rows["Wolf assault: farmlands"] == ["0", "-10", "-10", "0"]
    assert rows["Wolf assault: sea"] == ["-10", "0", "-5", "0"]
    # Milo: 2 + 9 Prestige tokens (22), 6 levels (30), Village 0+3+4+(2+9)+(10+0)+(4+8) = 40
    assert rows["Village: colours"][0] == "3" and rows["Village: empty locations"][0] == "16"
    assert rows["Village: Prestige tokens"][0] == "11" and rows["Village: no wolves enter"][0] == "10"
    # Wei: Attack 4 + 4 + 0, Prestige 4 + 2 + 6, no wolves 5, colours 3 + 3 + 3
    assert rows["Village: Attack tokens"][3] == "8" and rows["Village: Prestige tokens"][3] == "12"
    assert rows["Village: no wolves enter"][3] == "5" and rows["Village: colours"][3] == "9"
    assert rows["Total"] == [str(-10 + 22 + 30 + 40), "5", "0", str(12 + 6 + 30 + 34)]
    # 82 each: the tie goes to the fewer wolves around the castle (Wei 8, Milo 11).
    assert report[-1] == "Winner: Wei (tie on points, broken by fewest wolves around the castle)."


def test_the_helper_scores_with_the_games_own_result():
    """The helper's sheet is the rules' score sheet: the same castles scored by
    ``calculator_result`` give the same lines, totals and winners."""
    entries = [
        CastleEntry(heights=(5, 6, 5), wolves=((0, 0, 0, 0), (3, 1, 0, 0), (7, 0, 0, 0)), prestige=(2, 0, 9)),
        CastleEntry(heights=(3, 3, 3), wolves=((0, 0, 0, 0), (0, 0, 0, 0), (8, 0, 0, 0))),
    ]
    pad = game_end_scores(entries)
    from castletui.rules.castle_raisers.calc import castle_of

    direct = scoring.calculator_result(tuple(castle_of(entry) for entry in entries))
    assert pad.result == direct
    assert pad.entering == ((0, 4, 2), (0, 0, 5)) and pad.target == 0


def test_coop_example_140_does_not_beat_160():
    """Co-op Scoring Example: Coco's farmlands 8 wolves against 4 levels (4
    enter), Wei's sea 4 against 4 with a ladder (all 4 enter): -3 each, -12 per
    player; both Threat cards met, but the team's 140 does not exceed the
    wolves' 160 (2 players): the game is lost. (The rulebook does not show every
    token; Prestige makes up the rest of the 140, as in test_coop.)"""
    typed = [
        "co-operative",
        "Coco, Wei",
        *castle("6 5 4", ("", "", "8 soldier"), prestige="48 0 0"),
        "Towering",
        *castle("4 4 4", ("", "3 soldier 1 ladder", ""), prestige="9 0 0"),
        "Crumbling Foundation",
    ]
    report = converse(GAME_END, typed)
    assert any(line.startswith("Wolves entered") and line.split()[-2:] == ["-12", "-12"] for line in report)
    assert "Threat card Towering (Coco): met" in report
    assert "Threat card Crumbling Foundation (Wei): met" in report
    assert report[-2] == "Team total 140 against the wolves' 160."
    assert report[-1] == "Lost: the team's 140 points do not beat the wolves' 160."


def test_coop_a_threat_card_failed_names_the_player():
    pad = game_end_scores([CastleEntry(heights=(2, 2, 2), threats=("Towering",))], cooperative=True)
    lines = report_lines(pad, ["Coco"])
    assert pad.target == 80 and "Threat card Towering (Coco): NOT met" in lines
    assert lines[-1] == "Lost: a Threat card was not met (Coco: Towering)."


def test_iconoclast_is_asked_since_no_wall_is_typed_tile_by_tile():
    typed = ["solo", "Wei", *castle("3 3 3"), "Iconoclast", "yes"]
    report = converse(GAME_END, typed)
    assert "Threat card Iconoclast (Wei): NOT met" in report
    typed[-1] = "no"
    assert "Threat card Iconoclast (Wei): met" in converse(GAME_END, typed)


@pytest.mark.parametrize(
    ("typed", "token"),
    [
        ("blue green /3", "V-B5"),
        ("Blue Green/3", "V-B5"),
        ("yellow prestige", "V-Y7"),
        ("red no wolves /10", "V-R8"),
        ("green empty", "V-G8"),
        ("V-B6", "V-B6"),
    ],
)
def test_a_village_token_is_typed_by_its_colour_and_condition(typed, token):
    assert parse_token(typed) == token


@pytest.mark.parametrize(
    ("typed", "reason"),
    [
        ("purple wall", "by its colour"),
        ("blue", "A blue Village token scores one of"),
        ("yellow wall /3", "A yellow Village token scores one of"),
    ],
)
def test_a_token_that_is_none_says_which_there_are(typed, reason):
    with pytest.raises(IllegalAction, match=reason):
        parse_token(typed)


def test_a_village_token_held_elsewhere_is_refused_as_it_is_typed():
    """There is one of each token: typed on a second location (of any castle)
    it is refused at once, naming where it is, and asked again."""
    answers: dict = {"mode": "competitive", "names": ("Milo", "Wei")}
    for question_text in MILO:
        question = GAME_END.next_question(answers)
        answers[question.key] = question.parse(question_text or question.default)
    for typed in castle("3 3 3")[:13]:
        question = GAME_END.next_question(answers)
        answers[question.key] = question.parse(typed or question.default)
    question = GAME_END.next_question(answers)
    assert question.key == "p1.village.T1"
    with pytest.raises(
        IllegalAction,
        match="only one blue green /3 token: Milo has it on the first location inside the forests",
    ):
        question.parse("blue green /3")
    assert question.parse("") == "" and question.parse("red attack") == "V-R2"


def test_a_competitive_game_needs_two_players():
    question = GAME_END.next_question({"mode": "competitive"})
    assert question.key == "names"
    with pytest.raises(IllegalAction, match="2 to 4 names"):
        question.parse("Wei")
    assert GAME_END.next_question({"mode": "cooperative"}).parse("Wei") == ("Wei",)


def test_each_question_asks_one_thing_in_the_scorepads_words():
    """Issue 28, item 12: "Highest wall level over the forests, sea and
    farmlands?" read as one number but needed three, and the Village tokens
    were typed as "location=colour condition" pairs with codes (T1 = forests
    1...) the printed board does not show. Each question now asks for one
    number or one token, of one section or one location."""
    answers: dict = {"mode": "competitive", "names": ("Milo", "Wei")}
    prompts = []
    for typed in MILO:
        question = GAME_END.next_question(answers)
        prompts.append(question.prompt)
        answers[question.key] = question.parse(typed or question.default)
    assert prompts[0].startswith("Milo, forests: how many levels has the highest portion of the wall")
    assert prompts[3].startswith("Milo, forests: Wolf tokens still around the castle")
    assert prompts[6] == "Milo: Arrow tokens?"
    assert prompts[7] == "Milo, forests: Prestige tokens placed in that section?"
    assert prompts[12] == "Milo, farmlands: Attack tokens placed in that section?"
    assert prompts[13].startswith("Milo: Village token on the first location inside the forests?")
    assert prompts[-1].startswith("Milo: Village token on the border of the farmlands and the forests?")
    for prompt in prompts:
        assert "=" not in prompt and "T1" not in prompt
        assert "forests, sea and farmlands" not in prompt
    # The answers make Milo's castle of the example.
    question = GAME_END.next_question(answers)
    assert question.key == "p1.heights.0"
