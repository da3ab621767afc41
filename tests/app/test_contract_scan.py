"""The scan every game's contract test uses (tests/app/contract.py) sees a
menu line matched by its words, and lets a line drawn as it is pass."""

from __future__ import annotations

from tests.app.contract import text_read_not_drawn


def test_the_text_check_sees_a_line_matched_by_its_words():
    assert text_read_not_drawn('ok = line.text == "Build..."\nhead = bar.chosen.text.split(":")[0]') == [1, 2]
    assert text_read_not_drawn('more = f"{bar.lines[0].text} (3 shields)"') == [1]
    assert text_read_not_drawn('row.append_text(line.text)\nsaid = f"{hero.title}: {hero.text}"') == []
